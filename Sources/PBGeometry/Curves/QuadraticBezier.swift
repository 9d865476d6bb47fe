/// A quadratic Bézier curve: `(1-t)² p0 + 2(1-t)t p1 + t² p2`.
public struct QuadraticBezier: ParametricCurve {
    /// The start point, `p0`.
    public var start: Point
    /// The control point, `p1`.
    public var control: Point
    /// The end point, `p2`.
    public var end: Point

    /// Creates a quadratic Bézier curve from `start` to `end` pulled towards `control`.
    public init(from start: Point, control: Point, to end: Point) {
        self.start = start
        self.control = control
        self.end = end
    }

    /// The blossom (polar form) `b(u, v)`: `point(at: t) == blossom(t, t)`.
    private func blossom(_ u: Double, _ v: Double) -> Point {
        let (su, sv) = (1 - u, 1 - v)
        let (w0, w1, w2) = (su * sv, su * v + u * sv, u * v)
        return Point(
            x: w0 * start.x + w1 * control.x + w2 * end.x,
            y: w0 * start.y + w1 * control.y + w2 * end.y)
    }

    /// The point at `t`, by the Bernstein form; exact at the end points.
    public func point(at t: Double) -> Point {
        if t == 0 { return start }
        if t == 1 { return end }
        return blossom(t, t)
    }

    /// `2 ((1-t)(p1 - p0) + t (p2 - p1))`.
    public func derivative(at t: Double) -> Vector {
        let (d0, d1) = (control - start, end - control)
        return 2 * ((1 - t) * d0 + t * d1)
    }

    /// The exact piece between `t0` and `t1`, from the blossom: `b(t0,t0), b(t0,t1), b(t1,t1)`.
    public func subsegment(from t0: Double, to t1: Double) -> QuadraticBezier {
        QuadraticBezier(from: point(at: t0), control: blossom(t0, t1), to: point(at: t1))
    }

    /// The curve from `end` to `start`.
    public func reversed() -> QuadraticBezier {
        QuadraticBezier(from: end, control: control, to: start)
    }

    /// The curve with transformed control points.
    public func transformed(by transform: Transform) -> QuadraticBezier {
        QuadraticBezier(
            from: transform.apply(to: start), control: transform.apply(to: control),
            to: transform.apply(to: end))
    }

    /// The same curve as a cubic, by the exact degree elevation `c1 = p0 + 2/3 (p1 - p0)`,
    /// `c2 = p2 + 2/3 (p1 - p2)` (how quadratic curves are handed to Cairo).
    public var cubic: CubicBezier {
        CubicBezier(
            from: start, control1: start + (2.0 / 3.0) * (control - start),
            control2: end + (2.0 / 3.0) * (control - end), to: end)
    }

    /// Bounds from the end points and the extremum where the derivative of x or y vanishes.
    public var bounds: Rect {
        var box = Rect(enclosing: start, end)
        for t in extremaParameters() { box = box.union(point(at: t)) }
        return box
    }

    private func extremaParameters() -> [Double] {
        // x'(t) = 0 at t = (p0 - p1) / (p0 - 2 p1 + p2), per coordinate.
        var result: [Double] = []
        for (p0, p1, p2) in [(start.x, control.x, end.x), (start.y, control.y, end.y)] {
            // Divided by a power of two near the largest, so that 2 p1 cannot overflow.
            let scale = powerOfTwoScale(p0, p1, p2)
            let (a, b, c) = (p0 / scale, p1 / scale, p2 / scale)
            let denominator = a - 2 * b + c
            if denominator != 0 {
                let t = (a - b) / denominator
                if t > 0 && t < 1 { result.append(t) }
            }
        }
        return result
    }
}
