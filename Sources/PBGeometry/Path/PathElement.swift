/// One drawing instruction of a ``Path``, as SVG path data and `CGPath` have them: the truth a
/// path stores. Each instruction starts at the current point left by the one before, so no
/// element stores its own start; the ``PathSegment``s measured and drawn are derived from the
/// elements (kurbo's `PathEl` and `PathSeg`).
public enum PathElement: Hashable, Sendable {
    /// Begins a new subpath at the point (SVG's `M`).
    case move(to: Point)
    /// A straight line to the point (SVG's `L`, `H`, `V`).
    case line(to: Point)
    /// A quadratic Bézier curve to the point (SVG's `Q`, `T`).
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve to the point (SVG's `C`, `S`).
    case curve(to: Point, control1: Point, control2: Point)
    /// An elliptical arc in SVG's endpoint parameters (SVG's `A`), kept exactly as given. As SVG
    /// says, it draws nothing when it ends at the current point, and a straight line when a
    /// radius is zero.
    case svgArc(SVGArc)
    /// An elliptical arc in centre form (`addArc`). When its start is not the current point, a
    /// straight line joins the two first, as `CGPath` and `UIBezierPath` draw it.
    indirect case arc(EllipticalArc)
    /// Closes the current subpath with a straight line back to its start (SVG's `Z`).
    case closeSubpath

    /// Where the element leaves the current point; `nil` for ``closeSubpath`` (the current point
    /// is then the start of the subpath).
    public var endPoint: Point? {
        switch self {
        case .move(let point), .line(let point), .quadCurve(let point, _), .curve(let point, _, _): point
        case .svgArc(let arc): arc.end
        case .arc(let arc): arc.end
        case .closeSubpath: nil
        }
    }

    /// Whether every number in the element is finite.
    public var isFinite: Bool {
        switch self {
        case .move(let point), .line(let point): point.isFinite
        case .quadCurve(let point, let control): point.isFinite && control.isFinite
        case .curve(let point, let control1, let control2): point.isFinite && control1.isFinite && control2.isFinite
        case .svgArc(let arc): arc.isFinite
        case .arc(let arc): arc.start.isFinite && arc.end.isFinite && arc.center.isFinite
        case .closeSubpath: true
        }
    }

    /// The element moved by the translation part of `transform` (whose linear part is taken as
    /// the identity): an SVG arc keeps its radii, rotation and flags.
    func translated(by transform: Transform) -> PathElement {
        let move = { (point: Point) in transform.apply(to: point) }
        switch self {
        case .move(let point): return .move(to: move(point))
        case .line(let point): return .line(to: move(point))
        case .quadCurve(let point, let control): return .quadCurve(to: move(point), control: move(control))
        case .curve(let point, let control1, let control2):
            return .curve(to: move(point), control1: move(control1), control2: move(control2))
        case .svgArc(var arc):
            arc.end = move(arc.end)
            return .svgArc(arc)
        case .arc(let arc): return .arc(arc.transformed(by: transform))
        case .closeSubpath: return .closeSubpath
        }
    }
}
