/// An elliptical arc in SVG's endpoint parameters, as the `A` command of path data writes it:
/// the end point, the ellipse's radii and rotation, and the two flags that pick one of the four
/// arcs through the points. The start is the current point of the path it is drawn in (or the
/// point given to ``EllipticalArc/init(from:_:)``).
///
/// A path keeps these parameters exactly as given, so path data read and written again is the
/// same text; ``EllipticalArc`` is the centre form it is measured and drawn in, and
/// ``init(_:)`` converts back (as kurbo's `SvgArc` and `Arc::from_svg_arc`).
public struct SVGArc: Hashable, Sendable {
    /// The end point.
    public var end: Point
    /// The x radius as given (SVG's `rx`; negative values are taken as their magnitudes).
    public var radiusX: Double
    /// The y radius as given (SVG's `ry`).
    public var radiusY: Double
    /// The rotation of the ellipse's x axis from the x axis of the coordinate system.
    public var xAxisRotation: Angle
    /// SVG's large-arc-flag: whether the arc spans more than half of the ellipse.
    public var isLargeArc: Bool
    /// SVG's sweep-flag: whether the arc runs in the direction of increasing angle, clockwise on
    /// screen (y points down).
    public var isClockwise: Bool

    /// Creates the parameters of an `A` command.
    public init(
        to end: Point, radiusX: Double, radiusY: Double, xAxisRotation: Angle = .zero, isLargeArc: Bool,
        isClockwise: Bool
    ) {
        self.end = end
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.xAxisRotation = xAxisRotation
        self.isLargeArc = isLargeArc
        self.isClockwise = isClockwise
    }

    /// The endpoint parameters of a centre-form arc: its end, the radii and rotation of its
    /// ellipse, and the flags of its sweep. Drawn from the arc's ``EllipticalArc/start``, they
    /// describe the same arc (its centre found again to within rounding), except a whole
    /// ellipse, which ends where it starts: SVG draws nothing for that, so write it as two arcs.
    public init(_ arc: EllipticalArc) {
        self.init(
            to: arc.end, radiusX: arc.radiusX, radiusY: arc.radiusY, xAxisRotation: arc.xAxisRotation,
            isLargeArc: arc.isLargeArc, isClockwise: arc.isClockwise)
    }

    /// Whether every number is finite.
    public var isFinite: Bool {
        end.isFinite && radiusX.isFinite && radiusY.isFinite && xAxisRotation.isFinite
    }
}
