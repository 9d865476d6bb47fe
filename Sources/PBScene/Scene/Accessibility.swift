/// What assistive technology is told about an image: the SVG writer's `role`, ARIA values,
/// `<title>` and `<desc>`.
public struct Accessibility: Hashable, Sendable {
    /// The accessible name (an SVG's `<title>`, and its `aria-label` when it is an image, not a
    /// progress indicator); `nil` for the default, "Progress: 37%" for a progress indicator.
    ///
    /// A progress indicator's default title is formatted when it is read (by the SVG writer), not
    /// when the scene is laid out: a PNG or PDF never shows it, and formatting a number through
    /// Foundation's format styles loads ICU's locale data, about half a millisecond of a process
    /// that draws one ring.
    public var title: String? {
        get { givenTitle ?? progressTitle?.text }
        set { givenTitle = newValue }
    }
    /// The title set, if any.
    private var givenTitle: String?
    /// The default title of a progress indicator, formatted when read.
    var progressTitle: ProgressTitle?
    /// A longer description (an SVG's `<desc>`), if any.
    public var description: String?
    /// The progress in percent (`aria-valuenow`), or `nil` when it is indeterminate or the image
    /// is no progress indicator.
    public var percent: Double?
    /// The progress as text, when a label says it (`aria-valuetext`).
    public var valueText: String?
    /// Whether the image is decoration only: hidden from assistive technology, with no title.
    public var isDecorative: Bool
    /// Whether the image is a progress indicator (`role="progressbar"`) rather than a picture
    /// (`role="img"`).
    public var isProgressIndicator: Bool

    /// Accessibility for a progress indicator by default.
    public init(
        title: String? = nil, description: String? = nil, percent: Double? = nil, valueText: String? = nil,
        isDecorative: Bool = false, isProgressIndicator: Bool = true
    ) {
        self.givenTitle = title
        self.description = description
        self.percent = percent
        self.valueText = valueText
        self.isDecorative = isDecorative
        self.isProgressIndicator = isProgressIndicator
    }
}

/// A progress indicator's default accessible name, kept as the facts until it is read: "In
/// progress" while indeterminate; else, in an English locale (and without a label, whose locale
/// it is), "Progress: 42.36%", and in any other language the percent alone in that locale
/// ("42,36 %" in French), since pbrender carries no translations. The number is
/// ``ProgressTextFormatter/precisePercent(_:)`` of `percent / 100`, the very value the SVG writer
/// gives `aria-valuenow` (``ProgressTextFormatter/accessibilityPercent(_:)``), so the two always
/// agree.
struct ProgressTitle: Hashable, Sendable {
    /// The progress in percent, or `nil` when it is indeterminate ("In progress").
    var percent: Double?
    /// The formatter of the label, whose locale the title follows; `nil` for the default one.
    var formatter: ProgressTextFormatter?

    /// The title.
    var text: String {
        let formatter = formatter ?? ProgressTextFormatter()
        guard let percent else { return "In progress" }
        let number = formatter.precisePercent(min(max(percent, 0), 100) / 100)
        return formatter.isEnglish ? "Progress: \(number)" : number
    }
}
