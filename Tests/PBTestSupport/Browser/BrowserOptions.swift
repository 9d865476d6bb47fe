/// How a ``Browser`` shows a batch: the colour scheme and motion preference the page's media
/// queries see.
///
/// Both are set through the DevTools protocol (`Emulation.setEmulatedMedia`) per batch, so one
/// Chromium renders light and dark batches alike; the colour scheme reaches SVG documents shown
/// as `<img>` as well as inline content (a `@media (prefers-color-scheme: dark)` rule inside an
/// SVG image matches in a dark batch, as with Chromium's `--force-dark-mode`). The emulated
/// motion preference does not reach SVG images (checked with Chromium 156), so batches with
/// reduced motion go to a second Chromium started with `--force-prefers-reduced-motion`.
public struct BrowserOptions: Hashable, Sendable {
    /// The colour scheme the page prefers: what `prefers-color-scheme` matches.
    public enum Appearance: String, CaseIterable, Hashable, Sendable {
        /// `prefers-color-scheme: light`.
        case light
        /// `prefers-color-scheme: dark`, as `--force-dark-mode` gives.
        case dark
    }

    /// The colour scheme the page prefers. Default light.
    public var appearance: Appearance
    /// Whether the page prefers reduced motion (`prefers-reduced-motion: reduce`). Default `false`
    /// (`no-preference`).
    public var reducesMotion: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - appearance: The colour scheme the page prefers.
    ///   - reducesMotion: Whether `prefers-reduced-motion: reduce` matches.
    public init(appearance: Appearance = .light, reducesMotion: Bool = false) {
        self.appearance = appearance
        self.reducesMotion = reducesMotion
    }

    /// Light, with motion: the default.
    public static let light = BrowserOptions()
    /// Dark, with motion.
    public static let dark = BrowserOptions(appearance: .dark)
}
