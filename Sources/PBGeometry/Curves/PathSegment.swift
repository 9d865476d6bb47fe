/// One segment of a ``Subpath``, derived from a path's elements: a line, a quadratic or cubic
/// Bézier curve, or an elliptical arc, each with its own start point (where the element before
/// it left the current point), ready to measure and draw.
public enum PathSegment: Hashable, Sendable {
    /// A straight line.
    case line(Line)
    /// A quadratic Bézier curve.
    case quadCurve(QuadraticBezier)
    /// A cubic Bézier curve.
    case curve(CubicBezier)
    /// An arc of an ellipse.
    case arc(EllipticalArc)

    /// The point at parameter 0.
    public var start: Point {
        switch self {
        case .line(let c): c.start
        case .quadCurve(let c): c.start
        case .curve(let c): c.start
        case .arc(let c): c.start
        }
    }

    /// The point at parameter 1.
    public var end: Point {
        switch self {
        case .line(let c): c.end
        case .quadCurve(let c): c.end
        case .curve(let c): c.end
        case .arc(let c): c.end
        }
    }

    /// The element that draws this segment from its start: arcs in centre form.
    public var element: PathElement {
        switch self {
        case .line(let c): .line(to: c.end)
        case .quadCurve(let c): .quadCurve(to: c.end, control: c.control)
        case .curve(let c): .curve(to: c.end, control1: c.control1, control2: c.control2)
        case .arc(let c): .arc(c)
        }
    }

    /// The point at parameter `t` in `0...1`.
    public func point(at t: Double) -> Point {
        switch self {
        case .line(let c): c.point(at: t)
        case .quadCurve(let c): c.point(at: t)
        case .curve(let c): c.point(at: t)
        case .arc(let c): c.point(at: t)
        }
    }

    /// The unit tangent at parameter `t`, or `nil` on a segment that does not move.
    public func tangent(at t: Double) -> Vector? {
        switch self {
        case .line(let c): c.tangent(at: t)
        case .quadCurve(let c): c.tangent(at: t)
        case .curve(let c): c.tangent(at: t)
        case .arc(let c): c.tangent(at: t)
        }
    }

    /// The exact piece between parameters `t0` and `t1`, of the same kind.
    public func subsegment(from t0: Double, to t1: Double) -> PathSegment {
        switch self {
        case .line(let c): .line(c.subsegment(from: t0, to: t1))
        case .quadCurve(let c): .quadCurve(c.subsegment(from: t0, to: t1))
        case .curve(let c): .curve(c.subsegment(from: t0, to: t1))
        case .arc(let c): .arc(c.subsegment(from: t0, to: t1))
        }
    }

    /// The segment traversed backwards.
    public func reversed() -> PathSegment {
        switch self {
        case .line(let c): .line(c.reversed())
        case .quadCurve(let c): .quadCurve(c.reversed())
        case .curve(let c): .curve(c.reversed())
        case .arc(let c): .arc(c.reversed())
        }
    }

    /// The segment mapped by an affine transform.
    public func transformed(by transform: Transform) -> PathSegment {
        switch self {
        case .line(let c): .line(c.transformed(by: transform))
        case .quadCurve(let c): .quadCurve(c.transformed(by: transform))
        case .curve(let c): .curve(c.transformed(by: transform))
        case .arc(let c): .arc(c.transformed(by: transform))
        }
    }

    /// The tightest axis-aligned rectangle containing the segment.
    public var bounds: Rect {
        switch self {
        case .line(let c): c.bounds
        case .quadCurve(let c): c.bounds
        case .curve(let c): c.bounds
        case .arc(let c): c.bounds
        }
    }

    /// The arc length, with relative error at most `accuracy`.
    public func length(accuracy: Double = PathMeasure.defaultAccuracy) -> Double {
        switch self {
        case .line(let c): c.length(accuracy: accuracy)
        case .quadCurve(let c): c.length(accuracy: accuracy)
        case .curve(let c): c.length(accuracy: accuracy)
        case .arc(let c): c.length(accuracy: accuracy)
        }
    }

    /// The parameter at arc length `distance` from the start, given the segment's `length`.
    func parameter(atLength distance: Double, totalLength: Double, accuracy: Double) -> Double {
        switch self {
        case .line(let c): c.parameter(atLength: distance, totalLength: totalLength, accuracy: accuracy)
        case .quadCurve(let c):
            c.parameter(atLength: distance, totalLength: totalLength, accuracy: accuracy)
        case .curve(let c): c.parameter(atLength: distance, totalLength: totalLength, accuracy: accuracy)
        case .arc(let c): c.parameter(atLength: distance, totalLength: totalLength, accuracy: accuracy)
        }
    }
}
