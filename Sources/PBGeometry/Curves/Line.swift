/// A straight segment from ``start`` to ``end``.
public struct Line: ParametricCurve {
    /// The first end point.
    public var start: Point
    /// The second end point.
    public var end: Point

    /// Creates a line from `start` to `end`.
    public init(from start: Point, to end: Point) {
        self.start = start
        self.end = end
    }

    /// `start + t * (end - start)`.
    public func point(at t: Double) -> Point {
        if t == 0 { return start }
        return start.interpolated(to: end, at: t)
    }

    /// The point at arc length `distance` from ``start``: `start + distance * direction`, so a
    /// horizontal or vertical line cut at a round distance gives round coordinates. Exactly
    /// ``end`` when `distance` is the line's length.
    public func point(atDistance distance: Double) -> Point {
        let delta = end - start
        let length = delta.length
        guard distance != 0, length > 0 else { return start }
        if distance == length { return end }
        return start + distance * Vector(dx: delta.dx / length, dy: delta.dy / length)
    }

    /// `end - start`, whatever `t`.
    public func derivative(at t: Double) -> Vector { end - start }

    /// The line between the points at `t0` and `t1`.
    public func subsegment(from t0: Double, to t1: Double) -> Line {
        Line(from: point(at: t0), to: point(at: t1))
    }

    /// The line from `end` to `start`.
    public func reversed() -> Line { Line(from: end, to: start) }

    /// The line between the transformed end points.
    public func transformed(by transform: Transform) -> Line {
        Line(from: transform.apply(to: start), to: transform.apply(to: end))
    }

    /// The rectangle spanned by the two end points.
    public var bounds: Rect { Rect(enclosing: start, end) }

    /// The exact length `|end - start| * (t1 - t0)`; `accuracy` is not needed.
    public func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        (end - start).length * (t1 - t0)
    }
}
