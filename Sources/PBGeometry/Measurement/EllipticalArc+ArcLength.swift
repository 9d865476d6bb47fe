extension EllipticalArc {
    /// The arc length between parameters `t0 <= t1`, with relative error at most `accuracy`
    /// (pinned to `1e-16...1`): Gauss–Legendre quadrature of the speed driven by an error
    /// bound, from where the speed's continuation into the complex plane has its branch points
    /// (see `EllipseSpeed`). A very flat ellipse has near-kinks at the ends of its major axis,
    /// which an error estimate can miss; the bound cannot.
    ///
    /// The tolerance is `accuracy` times a lower bound of the length: the larger of the
    /// polyline through the points at thirds of the piece and the least speed, `|Δ| r`, times
    /// the width.
    func boundedArcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        guard t1 > t0 else { return 0 }
        guard let speed = EllipseSpeed(self) else {
            // Infinite or NaN radii or angles: nothing to bound.
            return .nan
        }
        let polyline = Hodograph.lengthLowerBound(
            point(at: t0), point(at: t0 + (t1 - t0) / 3), point(at: t0 + 2 * (t1 - t0) / 3), point(at: t1))
        let lowerBound = max(polyline, speed.scale * speed.ratio * (t1 - t0))
        return speed.length(from: t0, to: t1, accuracy: accuracy, lengthLowerBound: lowerBound)
    }
}
