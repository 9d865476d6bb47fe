extension CubicBezier {
    /// The arc length between parameters `t0 <= t1`, with relative error at most `accuracy`
    /// (for `accuracy` down to about 1e-15, where rounding takes over; it is pinned to
    /// `1e-16...1`, and NaN gives NaN).
    ///
    /// Gauss–Legendre quadrature of the speed, driven by an error *bound* rather than an
    /// estimate: the speed of a cubic is the modulus of its derivative, a complex quadratic
    /// polynomial, whose roots say how fast each rule converges. Each piece of the interval gets
    /// the smallest rule whose bound meets its share of the tolerance; the interval is cut at a
    /// cusp and split towards a near-cusp. The tolerance is `accuracy` times a lower bound of
    /// the length (the polyline through the points at thirds of the piece), so the relative
    /// error is at most `accuracy` even for a closed loop.
    ///
    /// - Complexity: about 20 evaluations of the speed for a typical curve at 1e-9; a near-cusp
    ///   adds work growing with the logarithm of its closeness.
    public func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        guard t1 > t0 else { return 0 }
        let lowerBound = Hodograph.lengthLowerBound(
            point(at: t0), point(at: t0 + (t1 - t0) / 3), point(at: t0 + 2 * (t1 - t0) / 3), point(at: t1))
        return Hodograph(self).integral(from: t0, to: t1, accuracy: accuracy, lengthLowerBound: lowerBound)
    }
}
