import PBGeometry

/// How the track and the progress are drawn: widths, caps, joins, dashes and colours.
///
/// The defaults follow `UIProgressView`: progress tint `#007AFF`, track tint `#E5E5EA`, a
/// transparent background, round caps.
public struct ProgressStyle: Hashable, Sendable {
    /// The width of the progress stroke, in points. Default 12.
    public var lineWidth: Double = 12
    /// The width of the track stroke; `nil` (the default) uses ``lineWidth``.
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
    /// The colour of the progress stroke.
    public var progressTintColor: Color = .systemBlue
    /// The colour of the track stroke.
    public var trackTintColor: Color = .systemGray5
    /// A fill for the whole path, under the track (`nil`: no fill, the default).
    public var trackFillColor: Color?
    /// A fill for the trimmed path, under the progress stroke (`nil`: no fill, the default).
    public var progressFillColor: Color?
    /// The colour of the whole canvas, under everything. Default transparent.
    public var backgroundColor: Color = .clear
    /// Whether zero progress still paints the dot a zero-length stroke makes with round or
    /// square caps (as Cairo, Skia and `CAShapeLayer` do). Default `false`: zero draws nothing.
    public var showsZeroProgressDot = false
    /// What progress is a fraction of on a path with several subpaths. Default the whole path.
    public var trimScope: TrimScope = .wholePath

    /// Creates the default style.
    public init() {}

    /// The track's width: ``trackWidth`` or, if unset, ``lineWidth``.
    public var effectiveTrackWidth: Double { trackWidth ?? lineWidth }

    /// The wider of the two strokes: what a shape must leave room for.
    public var widestStroke: Double { max(lineWidth, effectiveTrackWidth) }

    /// The first thing wrong with the style, if anything: widths must be finite and not
    /// negative, the miter limit at least 1, dash lengths finite, not negative and not all zero.
    public var problem: String? {
        if !(lineWidth.isFinite && lineWidth >= 0) {
            return "the line width must be a finite number >= 0, not \(lineWidth)"
        }
        if let trackWidth, !(trackWidth.isFinite && trackWidth >= 0) {
            return "the track width must be a finite number >= 0, not \(trackWidth)"
        }
        if !(miterLimit.isFinite && miterLimit >= 1) {
            return "the miter limit must be a finite number >= 1, not \(miterLimit)"
        }
        if dashPattern.contains(where: { !($0.isFinite && $0 >= 0) }) {
            return "dash lengths must be finite numbers >= 0"
        }
        if !dashPattern.isEmpty && dashPattern.allSatisfy({ $0 == 0 }) {
            return "a dash pattern must have a length above zero"
        }
        if !dashPhase.isFinite { return "the dash phase must be a finite number, not \(dashPhase)" }
        return nil
    }
}
