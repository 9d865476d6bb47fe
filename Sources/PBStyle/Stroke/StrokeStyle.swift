/// How a path is stroked, as SwiftUI's `StrokeStyle`: width, caps, joins, miter limit and dashes.
public struct StrokeStyle: Hashable, Sendable {
    /// The width of the stroke, in points.
    public var lineWidth: Double
    /// How open ends are drawn; on a trimmed layer, the trimmed ends get the caps.
    public var lineCap: LineCap
    /// How corners are drawn.
    public var lineJoin: LineJoin
    /// The longest miter, as a multiple of the line width, before a corner is bevelled.
    public var miterLimit: Double
    /// Alternating dash and gap lengths in points, laid along the whole path (empty: solid). On
    /// a trimmed layer the pattern stays where it lies on the whole path.
    public var dash: [Double]
    /// How far into the dash pattern the path starts, in points.
    public var dashPhase: Double

    /// Creates a stroke style; the defaults are `CAShapeLayer`'s but for the round cap.
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .round, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// How far a cap reaches past an end point along the path.
    package var capExtension: Double { lineCap == .butt ? 0 : lineWidth / 2 }
}
