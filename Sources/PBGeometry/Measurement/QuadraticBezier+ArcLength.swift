extension QuadraticBezier {
    /// The arc length between parameters `t0 <= t1`, with relative error at most `accuracy`
    /// (for `accuracy` down to about 1e-15, where rounding takes over; it is pinned to
    /// `1e-16...1`, and NaN gives NaN).
    ///
    /// Gauss–Legendre quadrature of the speed driven by an error bound, as for
    /// ``CubicBezier/arcLength(from:to:accuracy:)``; the tolerance is `accuracy` times the
    /// length of the polyline through the ends and the middle of the piece.
    public func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        guard t1 > t0 else { return 0 }
        let lowerBound = Hodograph.lengthLowerBound(point(at: t0), point(at: 0.5 * (t0 + t1)), point(at: t1))
        return Hodograph(self).integral(from: t0, to: t1, accuracy: accuracy, lengthLowerBound: lowerBound)
    }
}
