/// A cubic Bézier curve: `(1-t)³ p0 + 3(1-t)²t p1 + 3(1-t)t² p2 + t³ p3`.
public struct CubicBezier: ParametricCurve {
    /// The start point, `p0`.
    public var start: Point
    /// The first control point, `p1`, which sets the direction of departure.
    public var control1: Point
    /// The second control point, `p2`, which sets the direction of arrival.
    public var control2: Point
    /// The end point, `p3`.
    public var end: Point

    /// Creates a cubic Bézier curve from `start` to `end` with two control points.
    public init(from start: Point, control1: Point, control2: Point, to end: Point) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

    /// The blossom (polar form) `b(u, v, w)`: `point(at: t) == blossom(t, t, t)`.
    private func blossom(_ u: Double, _ v: Double, _ w: Double) -> Point {
        let (su, sv, sw) = (1 - u, 1 - v, 1 - w)
        let w0 = su * sv * sw
        let w1 = u * sv * sw + su * v * sw + su * sv * w
        let w2 = u * v * sw + u * sv * w + su * v * w
        let w3 = u * v * w
        return Point(
            x: w0 * start.x + w1 * control1.x + w2 * control2.x + w3 * end.x,
            y: w0 * start.y + w1 * control1.y + w2 * control2.y + w3 * end.y)
    }

    /// The point at `t`, by the Bernstein form; exact at the end points.
    public func point(at t: Double) -> Point {
        if t == 0 { return start }
        if t == 1 { return end }
        return blossom(t, t, t)
    }

    /// `3 ((1-t)² (p1 - p0) + 2 (1-t) t (p2 - p1) + t² (p3 - p2))`.
    @inline(__always)
    public func derivative(at t: Double) -> Vector {
        let (d0, d1, d2) = (control1 - start, control2 - control1, end - control2)
        let s = 1 - t
        return 3 * ((s * s) * d0 + (2 * s * t) * d1 + (t * t) * d2)
    }

    /// The exact piece between `t0` and `t1`, from the blossom:
    /// `b(t0,t0,t0), b(t0,t0,t1), b(t0,t1,t1), b(t1,t1,t1)` (de Casteljau on both sides at once).
    public func subsegment(from t0: Double, to t1: Double) -> CubicBezier {
        CubicBezier(
            from: point(at: t0), control1: blossom(t0, t0, t1), control2: blossom(t0, t1, t1),
            to: point(at: t1))
    }

    /// The curve from `end` to `start`.
    public func reversed() -> CubicBezier {
        CubicBezier(from: end, control1: control2, control2: control1, to: start)
    }

    /// The curve with transformed control points.
    public func transformed(by transform: Transform) -> CubicBezier {
        CubicBezier(
            from: transform.apply(to: start), control1: transform.apply(to: control1),
            control2: transform.apply(to: control2), to: transform.apply(to: end))
    }

    /// Bounds from the end points and the extrema where the derivative of x or y vanishes.
    public var bounds: Rect {
        var box = Rect(enclosing: start, end)
        for t in extremaParameters() { box = box.union(point(at: t)) }
        return box
    }

    private func extremaParameters() -> [Double] {
        var result: [Double] = []
        for (p0, p1, p2, p3) in [
            (start.x, control1.x, control2.x, end.x), (start.y, control1.y, control2.y, end.y),
        ] {
            // The derivative / 3 is a t² + b t + c, here of the coordinates divided by a power of two near
            // their largest (the roots do not change, and nothing overflows: 3 x 1e308 would).
            let scale = powerOfTwoScale(p0, p1, p2, p3)
            let (q0, q1, q2, q3) = (p0 / scale, p1 / scale, p2 / scale, p3 / scale)
            let a = -q0 + 3 * q1 - 3 * q2 + q3
            let b = 2 * (q0 - 2 * q1 + q2)
            let c = q1 - q0
            for t in quadraticRoots(a, b, c) where t > 0 && t < 1 { result.append(t) }
        }
        return result
    }
}

/// The power of two at or just below the largest magnitude of the values (1 when they are all zero
/// or not finite): dividing by it is exact, and brings every value into -2 < v < 2.
func powerOfTwoScale(_ a: Double, _ b: Double, _ c: Double, _ d: Double = 0) -> Double {
    // Four fixed arguments, not a variadic list: bounds are computed for every segment, and a list
    // would allocate each time.
    func finite(_ value: Double) -> Double { value.isFinite ? value.magnitude : 0 }
    let largest = max(finite(a), finite(b), finite(c), finite(d))
    guard largest > 0 else { return 1 }
    return Double(sign: .plus, exponent: largest.exponent, significand: 1)
}

/// The real roots of `a x² + b x + c`, computed without cancellation; a linear equation when
/// `a` is (relatively) zero.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    if abs(a) <= 1e-12 * scale {
        return b == 0 ? [] : [-c / b]
    }
    let discriminant = b * b - 4 * a * c
    if discriminant < 0 { return [] }
    let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
    var roots = [q / a]
    if q != 0 { roots.append(c / q) }
    return roots
}
