import PBGeometry
import PBStyle

/// How a progress indicator looks: the strokes, caps, joins and dashes of its track and
/// progress, and what they are painted with.
///
/// The defaults follow `UIProgressView`: progress tint `#007AFF`, track tint `#E5E5EA`, a
/// transparent background; and round caps. The line width defaults to the shape's (4 points for
/// a bar, as `UIProgressView`; 12 otherwise).
public struct ProgressStyle: Hashable, Sendable {
    /// The width of the progress stroke, in points; `nil` (the default) uses the shape's default.
    public var lineWidth: Double?
    /// The width of the track stroke; `nil` (the default) uses the progress's width.
    public var trackWidth: Double?
    /// How the stroke ends are drawn; caps sit on the trimmed ends of the progress. Default round.
    public var lineCap: LineCap = .round
    /// How corners are drawn. Default miter, as `CAShapeLayer`.
    public var lineJoin: LineJoin = .miter
    /// The longest miter, as a multiple of the line width, before it is bevelled. Default 10.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths in points, laid along the whole path (empty: solid).
    /// Progress reveals the track's dash pattern; the dashes do not move as progress grows.
    public var dashPattern: [Double] = []
    /// How far into the dash pattern the path starts, in points.
    public var dashPhase: Double = 0
    /// The colour of the progress stroke, unless ``progressGradient``, ``progressValueColors`` or
    /// ``valueColors`` say otherwise.
    public var progressTintColor: Color = .systemBlue
    /// Colours along the path for the progress, instead of ``progressTintColor``: they stay
    /// where they are on the path as progress grows.
    public var progressGradient: PathGradient?
    /// A progress colour chosen by the progress value (red to green), instead of
    /// ``progressTintColor``.
    public var progressValueColors: ValueColors?
    /// The colours of several values laid end to end, in order, one a value (a layout of several
    /// values refuses another count, naming both; one value takes the progress tint). Empty (the default): ``defaultValueColors``, which repeat
    /// when there are more values than they.
    public var valueColors: [Color] = []
    /// The colour of the track stroke, unless ``trackGradient`` says otherwise.
    public var trackTintColor: Color = .systemGray5
    /// Colours along the path for the track, instead of ``trackTintColor``.
    public var trackGradient: PathGradient?
    /// A fill for the whole path, under the track (`nil`: no fill, the default).
    public var trackFillColor: Color?
    /// A fill for the progress, under its stroke (`nil`: no fill, the default). On a built-in
    /// ring or gauge it fills the pie wedge from the centre to the progress arc; on other paths,
    /// the trimmed path itself.
    public var progressFillColor: Color?
    /// The colour of the whole canvas, under everything. Default transparent.
    public var backgroundColor: Color = .clear
    /// The progress tint in dark appearance; `nil` (the default) for the tint's dark variant
    /// (`Color.darkVariant`: a system colour's dark twin, any other colour itself).
    public var darkProgressTintColor: Color?
    /// The track tint in dark appearance; `nil` for the tint's dark variant.
    public var darkTrackTintColor: Color?
    /// The canvas colour in dark appearance; `nil` for the background's dark variant.
    public var darkBackgroundColor: Color?
    /// Whether zero progress still paints the dot a zero-length stroke makes with round or
    /// square caps (as Cairo, Skia and `CAShapeLayer` do). Default `false`: zero draws nothing.
    public var showsZeroProgressDot = false
    /// When a drawing's elements are filled with their own fills (an SVG document's), under the
    /// strokes. Default never.
    public var elementFills: ElementFills = .none
    /// What progress is a fraction of on a path with several subpaths. Default the whole path.
    public var trimScope: TrimScope = .wholePath

    /// The colours of several values when ``valueColors`` is empty: the system blue, green,
    /// orange, red, purple and teal, in that order.
    public static let defaultValueColors: [Color] = [
        .systemBlue, .systemGreen, .systemOrange, .systemRed, .systemPurple, .systemTeal,
    ]

    /// Creates the default style.
    public init() {}

    /// The style with the fixed colours of `appearance` (`Color.resolved(for:)`): in light
    /// appearance each dynamic colour's light appearance; in dark, each colour replaced by its
    /// dark colour (the ones set here, or else `Color.darkVariant`), the colours of gradients
    /// and value colours by their dark variants. Only dynamic (system) colours change: a colour
    /// given as a value (`white`, `#FFFFFF`, `#007AFF`) is the same in both.
    public func resolved(for appearance: Appearance) -> ProgressStyle {
        var style = self
        let isDark = appearance == .dark
        func pick(_ given: Color?, _ color: Color) -> Color {
            ((isDark ? given : nil) ?? color).resolved(for: appearance)
        }
        style.progressTintColor = pick(darkProgressTintColor, progressTintColor)
        style.trackTintColor = pick(darkTrackTintColor, trackTintColor)
        style.backgroundColor = pick(darkBackgroundColor, backgroundColor)
        style.trackFillColor = trackFillColor?.resolved(for: appearance)
        style.progressFillColor = progressFillColor?.resolved(for: appearance)
        style.progressGradient = progressGradient?.resolved(for: appearance)
        style.trackGradient = trackGradient?.resolved(for: appearance)
        style.progressValueColors = progressValueColors?.resolved(for: appearance)
        style.valueColors = (valueColors.isEmpty ? Self.defaultValueColors : valueColors).map {
            $0.resolved(for: appearance)
        }
        return style
    }

    /// The stroke of the progress, `lineWidth` wide unless the style sets one.
    public func progressStroke(defaultWidth: Double) -> StrokeStyle {
        StrokeStyle(
            lineWidth: lineWidth ?? defaultWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            dash: dashPattern, dashPhase: dashPhase)
    }

    /// The stroke of the track: ``trackWidth`` wide, or as wide as the progress.
    public func trackStroke(defaultWidth: Double) -> StrokeStyle {
        var stroke = progressStroke(defaultWidth: defaultWidth)
        stroke.lineWidth = trackWidth ?? stroke.lineWidth
        return stroke
    }

    /// The wider of the two strokes: what a shape must leave room for.
    public func widestStroke(defaultWidth: Double) -> Double {
        max(progressStroke(defaultWidth: defaultWidth).lineWidth, trackStroke(defaultWidth: defaultWidth).lineWidth)
    }

    /// Checks every value: widths finite and not negative, the miter limit at least 1, dash
    /// lengths finite, not negative and not all zero, the dash phase finite.
    ///
    /// - Throws: ``RenderError`` (`.invalidValue`) naming the first value at fault.
    public func validate() throws(RenderError) {
        try progressStroke(defaultWidth: 0).validate(naming: "lineWidth")
        if let trackWidth { try trackStroke(defaultWidth: trackWidth).validate(naming: "trackWidth") }
    }
}
