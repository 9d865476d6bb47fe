import PBScene
import PBStyle

/// How a format writes an image beyond the scene itself: the appearance, whether an SVG follows
/// its page, the PNG compression, the picture an animation shows where it is not played, and the
/// values of the format's own options (``ImageFormat/options``).
public struct EncodingSettings: Hashable, Sendable {
    /// The colours raster and PDF output are drawn in (a format that carries both appearances
    /// ignores it).
    public var appearance: Appearance
    /// Whether an SVG's progress follows the CSS custom property `--progress` of its page.
    public var isLive: Bool
    /// How hard pbrender's PNG encoder compresses (formats that read it: ``ImageFormat/readsCompression``).
    public var compression: PNGCompression
    /// The picture an animation shows where it is not played (an APNG's default image).
    public var poster: AnimationPoster
    /// The values of the format's own options, by name; an option left out has its default.
    public var options: [String: FormatOption.Value]

    /// Settings; the defaults are the command line's.
    public init(
        appearance: Appearance = .light, isLive: Bool = false, compression: PNGCompression = .default,
        poster: AnimationPoster = .last, options: [String: FormatOption.Value] = [:]
    ) {
        self.appearance = appearance
        self.isLive = isLive
        self.compression = compression
        self.poster = poster
        self.options = options
    }

    /// The value of `option`: the one given, or its default.
    public func value(of option: FormatOption) -> FormatOption.Value {
        options[option.name] ?? option.defaultValue
    }

    /// The colour `option` gives (its default when the value given is not a colour).
    public func color(of option: FormatOption) -> Color {
        if case .color(let color) = value(of: option) { return color }
        if case .color(let color) = option.defaultValue { return color }
        return .white
    }

    /// Whether `option` is on.
    public func isOn(_ option: FormatOption) -> Bool {
        if case .flag(let isOn) = value(of: option) { return isOn }
        return false
    }
}

/// The picture an animation shows in a viewer that does not play it: an APNG's default image,
/// which need not be one of its frames. The last frame by default, so that a progress
/// animation's fallback shows the value it reaches, not 0 %.
public enum AnimationPoster: Hashable, Sendable {
    /// The first frame.
    case first
    /// The last frame: the final value.
    case last
    /// The indicator at this progress (`0...1`), whichever frames the animation has.
    case progress(Double)
}
