/// What assistive technology is told about an image: the SVG writer's `role`, ARIA values,
/// `<title>` and `<desc>`.
public struct Accessibility: Hashable, Sendable {
    /// The accessible name (an SVG's `<title>`, and its `aria-label` when it is an image, not a
    /// progress indicator); `nil` for the default, "Progress: 37%" for a progress indicator.
    public var title: String?
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
        self.title = title
        self.description = description
        self.percent = percent
        self.valueText = valueText
        self.isDecorative = isDecorative
        self.isProgressIndicator = isProgressIndicator
    }
}
