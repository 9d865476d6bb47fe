/// A curve segment evaluated over the parameter range `0...1`: the capability shared by
/// ``Line``, ``QuadraticBezier``, ``CubicBezier`` and ``EllipticalArc``.
///
/// Measuring (arc length and its inverse) is built on these requirements; see
/// `ParametricCurve+ArcLength.swift`.
public protocol ParametricCurve: Hashable, Sendable {
    /// The point at parameter 0, exactly.
    var start: Point { get }
    /// The point at parameter 1, exactly.
    var end: Point { get }
    /// The point at parameter `t` in `0...1`; exactly ``start`` at 0 and ``end`` at 1.
    func point(at t: Double) -> Point
    /// The derivative with respect to the parameter at `t`.
    func derivative(at t: Double) -> Vector
    /// The part of the curve between parameters `t0` and `t1`, as a curve of the same kind
    /// (an exact split, not an approximation). When `t0 > t1` the part runs backwards.
    func subsegment(from t0: Double, to t1: Double) -> Self
    /// The same curve traversed from ``end`` to ``start``.
    func reversed() -> Self
    /// The curve mapped by an affine transform (exactly: Béziers map their control points,
    /// arcs map their ellipse).
    func transformed(by transform: Transform) -> Self
    /// The tightest axis-aligned rectangle containing the curve (not just its control points).
    var bounds: Rect { get }
    /// The arc length between parameters `t0 <= t1`, with relative error at most `accuracy`.
    ///
    /// Curves with a closed form (lines, circular arcs) return it; Bézier curves and elliptical
    /// arcs integrate their speed `|derivative(at:)|` by Gauss–Legendre quadrature driven by a
    /// proven error bound (see ``CubicBezier/arcLength(from:to:accuracy:)``). Other conforming
    /// types get the default: adaptive Gauss–Legendre quadrature with an error estimate.
    func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double
}

extension ParametricCurve {
    /// The default: integrates the speed numerically.
    public func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        integrateSpeed(from: t0, to: t1, accuracy: accuracy)
    }

    /// The arc length of the whole curve, with relative error at most `accuracy`.
    ///
    /// - Parameter accuracy: the bound on the relative error; defaults to
    ///   ``PathMeasure/defaultAccuracy`` (1e-9).
    /// - Complexity: constant for lines and circular arcs; otherwise proportional to the number
    ///   of quadrature intervals, which grows like the log of `1 / accuracy`.
    public func length(accuracy: Double = PathMeasure.defaultAccuracy) -> Double {
        arcLength(from: 0, to: 1, accuracy: accuracy)
    }

    /// The unit tangent (direction of travel) at parameter `t`, or `nil` on a curve that does
    /// not move at all.
    ///
    /// Where the derivative vanishes (a cusp, or a control point on an end point) the direction
    /// is taken from the limit of the curve's direction of travel as it approaches `t`.
    public func tangent(at t: Double) -> Vector? {
        if let direction = derivative(at: t).normalized { return direction }
        // The derivative vanishes at `t`: look a tiny step along the curve, on the side that
        // stays inside 0...1, for the limiting direction.
        for step in [1e-7, 1e-5, 1e-3] {
            let before = point(at: Swift.max(0, t - step))
            let after = point(at: Swift.min(1, t + step))
            if let direction = (after - before).normalized { return direction }
        }
        return (end - start).normalized
    }
}
