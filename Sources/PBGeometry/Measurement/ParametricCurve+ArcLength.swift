extension ParametricCurve {
    /// `∫ |derivative(at: t)| dt` over `[t0, t1]` with relative error at most `accuracy`, for
    /// curves without a measure of their own (pbrender's lines, arcs and Béziers all have one;
    /// this serves other conforming types).
    ///
    /// Adaptive Gauss–Legendre quadrature with an error *estimate*: each interval is integrated
    /// whole and as two halves; when the two disagree by more than the interval's share of the
    /// tolerance, both halves are refined. The disagreement estimates the error of the
    /// whole-interval value, and the halves' sum that is returned is far more accurate still, so
    /// the estimate holds with a wide margin for a smooth speed; it can be fooled where the speed
    /// has a kink and the two values agree by chance.
    func integrateSpeed(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        guard t1 > t0 else { return 0 }
        let rule = GaussLegendre.standard
        let speed = { (t: Double) -> Double in
            let d = self.derivative(at: t)
            return (d.dx * d.dx + d.dy * d.dy).squareRoot()
        }
        let whole = rule.integrate(from: t0, to: t1, speed)
        // The tolerance is relative to the length; a chord-based floor keeps it meaningful
        // when the first estimate is poor, and a zero-length curve ends at once.
        let scale = max(whole, point(at: t0).distance(to: point(at: t1)))
        guard scale > 0, scale.isFinite else { return scale.isFinite ? 0 : whole }
        return refine(t0, t1, whole: whole, tolerance: accuracy * scale, depth: 0, rule: rule, speed)
    }

    private func refine(
        _ a: Double, _ b: Double, whole: Double, tolerance: Double, depth: Int, rule: GaussLegendre,
        _ speed: (Double) -> Double
    ) -> Double {
        let middle = 0.5 * (a + b)
        let left = rule.integrate(from: a, to: middle, speed)
        let right = rule.integrate(from: middle, to: b, speed)
        let sum = left + right
        if abs(sum - whole) <= tolerance || depth >= 48 || !(middle > a && middle < b) {
            return sum
        }
        return refine(a, middle, whole: left, tolerance: tolerance / 2, depth: depth + 1, rule: rule, speed)
            + refine(middle, b, whole: right, tolerance: tolerance / 2, depth: depth + 1, rule: rule, speed)
    }

    /// The parameter `t` at which the arc length from the start is `distance`: the inverse arc
    /// length, with the length at the returned `t` within `accuracy * length()` of `distance`.
    ///
    /// Distances are pinned to `0...length()`. Newton's method on the arc length, safeguarded by
    /// bisection, so a cusp or a zero speed cannot throw it off.
    ///
    /// - Parameters:
    ///   - distance: the arc length from ``start``.
    ///   - accuracy: the bound on the relative error; defaults to ``PathMeasure/defaultAccuracy``.
    public func parameter(atLength distance: Double, accuracy: Double = PathMeasure.defaultAccuracy)
        -> Double
    {
        parameter(atLength: distance, totalLength: length(accuracy: accuracy), accuracy: accuracy)
    }

    /// ``parameter(atLength:accuracy:)`` with the curve's length already known.
    func parameter(atLength distance: Double, totalLength: Double, accuracy: Double) -> Double {
        guard distance > 0, totalLength > 0 else { return 0 }
        guard distance < totalLength else { return 1 }
        let tolerance = accuracy * totalLength
        // Each step's integral gets a tighter share so the sum of steps stays within tolerance.
        let stepAccuracy = accuracy / 16
        var (low, high) = (0.0, 1.0)
        var t = distance / totalLength
        var lengthAtT = arcLength(from: 0, to: t, accuracy: stepAccuracy)
        for _ in 0..<100 {
            let error = lengthAtT - distance
            if abs(error) <= tolerance { return t }
            if error > 0 { high = t } else { low = t }
            let speed = derivative(at: t).length
            var next = speed > 0 ? t - error / speed : .nan
            if !(next > low && next < high) { next = 0.5 * (low + high) }
            if next == t { return t }
            lengthAtT +=
                next > t
                ? arcLength(from: t, to: next, accuracy: stepAccuracy)
                : -arcLength(from: next, to: t, accuracy: stepAccuracy)
            t = next
        }
        return t
    }
}
