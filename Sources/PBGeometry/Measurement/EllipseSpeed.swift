#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The speed of an arc of an ellipse, divided by `|Δ| R`: `g(t) = √(sin²θ + k² cos²θ)` with
/// `θ = phase + Δ t`, where `R >= r` are the ellipse's radii, `k = r / R` and the phase puts
/// the major axis at `θ = π/2` (the rotation of the ellipse does not change lengths). With the
/// integrator of its length, bounded like the speed of a Bézier curve (see `Hodograph`).
///
/// ## The error bound
///
/// `sin²θ + k² cos²θ` vanishes where `tan θ = ±ik`, at `θ = nπ ± iη` with `η = atanh k`: the
/// branch points of `g`, one pair for each `n`, each `π / |Δ|` apart in `t` and `η / |Δ|` off
/// the real axis (so a flat ellipse, `k` small, has near-kinks at its vertices, as a cubic near
/// a cusp). On a piece `m ± h`, the ellipse through the nearest of them (`n` next to
/// `(phase + Δ m) / π`, or a neighbour) bounds the rule's error as for `Hodograph`, with
/// `|g| ≤ √(1 + k²) cosh v` where `|Im θ| ≤ v = |Δ| h √(A² - 1)` on the ellipse of
/// semi-major axis `A`. Since that bound grows with `A`, smaller ellipses are tried too, and
/// the one that needs the fewest nodes is used. A root `η / |Δ|` within `1e-10` times the
/// interval's width of the real line is taken as a kink (`k = 0`), where the interval is cut.
struct EllipseSpeed {
    /// `Δ`, the sweep angle.
    let sweep: Double
    /// The angle `θ` at `t = 0`.
    let phase: Double
    /// `k = r / R`, in `0...1`.
    let ratio: Double
    /// `|Δ| R`, the factor of the speed left out of `g`.
    let scale: Double

    /// The speed of `arc`, if the arc is on an ellipse with finite, positive radii.
    init?(_ arc: EllipticalArc) {
        let (rx, ry) = (arc.radiusX, arc.radiusY)
        guard rx.isFinite, ry.isFinite, max(rx, ry) > 0, arc.sweepRadians.isFinite, arc.startRadians.isFinite
        else { return nil }
        // With θ' = θ + π/2 when ry > rx: rx² sin²θ + ry² cos²θ = ry² sin²θ' + rx² cos²θ'.
        (sweep, phase) = (arc.sweepRadians, arc.startRadians + (ry > rx ? .pi / 2 : 0))
        ratio = min(rx, ry) / max(rx, ry)
        scale = abs(arc.sweepRadians) * max(rx, ry)
    }

    /// `∫ g(t) dt` over `[t0, t1]` times `|Δ| R`: the arc length, with absolute error at most
    /// `accuracy * lengthLowerBound` (plus rounding); accuracies are pinned to `1e-16...1`.
    func length(from t0: Double, to t1: Double, accuracy: Double, lengthLowerBound: Double) -> Double {
        guard t1 > t0, sweep != 0 else { return 0 }
        guard !accuracy.isNaN, !lengthLowerBound.isNaN else { return .nan }
        let rules = GaussLegendreRules.standard
        let tolerance = min(max(accuracy, 1e-16), 1) * lengthLowerBound / scale
        guard tolerance > 0, tolerance.isFinite else {
            return scale * evaluate(from: t0, to: t1, rule: rules.orders.count - 1, rules)
        }
        // The singularities' distance from the real axis in t; below the threshold, kinks.
        let depth = atanh(ratio) / abs(sweep)
        let isKinked = depth <= 1e-10 * (t1 - t0)
        var (total, start) = (0.0, t0)
        if isKinked {
            // Cut at the vertices θ = nπ inside the interval (at most three: |Δ| <= 2π), in
            // increasing t: n runs the other way when the sweep is negative (taken in n's order,
            // the first cut skipped the others, and a clockwise flat ellipse measured 4.14 or
            // 3.92 for 4; found by fuzzing).
            let (first, last) = ((phase + sweep * t0) / .pi, (phase + sweep * t1) / .pi)
            var cuts: [Double] = []
            var n = min(first, last).rounded(.up)
            while n <= max(first, last) {
                cuts.append((n * .pi - phase) / sweep)
                n += 1
            }
            for cut in cuts.sorted() where cut > start && cut < t1 {
                total += integral(
                    from: start, to: cut, tolerance: tolerance * ((cut - start) / (t1 - t0)), depth: .infinity, rules)
                start = cut
            }
        }
        total += integral(
            from: start, to: t1, tolerance: tolerance * ((t1 - start) / (t1 - t0)), depth: isKinked ? .infinity : depth,
            rules)
        return scale * total
    }

    /// The integral of `g` over one piece without a kink inside, whose singularities are
    /// `depth` off the real axis: see the type's documentation.
    private func integral(
        from t0: Double, to t1: Double, tolerance: Double, depth: Double, _ rules: GaussLegendreRules, level: Int = 0
    ) -> Double {
        let (middle, half) = (0.5 * (t0 + t1), 0.5 * (t1 - t0))
        // The nearest singularity (in the sense of the ellipses) is at the vertex nearest to
        // the middle or at one of its neighbours.
        let nearestVertex = ((phase + sweep * middle) / .pi).rounded()
        var (axisSquared, nearest) = (Double.infinity, middle)
        for n in [nearestVertex - 1, nearestVertex, nearestVertex + 1] {
            let x = ((n * .pi - phase) / sweep - middle) / half
            let y = depth / half
            let foci = (((x - 1) * (x - 1) + y * y) * ((x + 1) * (x + 1) + y * y)).squareRoot()
            let candidate = 0.5 * (1 + x * x + y * y + foci)
            if candidate < axisSquared { (axisSquared, nearest) = (candidate, x) }
        }
        // The bound grows like cosh(|Δ| h √(A² - 1)): try the ellipse through the singularity
        // and smaller ones, and keep the cheapest rule.
        var best: Int?
        for reach in [Double.infinity, 8, 4, 2, 1, 0.5] {
            let width = reach / (abs(sweep) * half)
            let candidate = min(axisSquared, 1 + width * width, 1e12)
            guard candidate > 1 else { continue }
            let bound = (1 + ratio * ratio).squareRoot() * cosh(abs(sweep) * half * (candidate - 1).squareRoot())
            if let rule = rules.rule(half: half, bound: bound, axisSquared: candidate, tolerance: tolerance) {
                best = min(best ?? rule, rule)
            }
        }
        if let best { return evaluate(from: t0, to: t1, rule: best, rules) }
        // A piece too small to matter (g <= 1), or too deep to split, is taken as it is; the
        // others are split next to the nearest singularity.
        let split = middle + half * min(max(nearest, -0.5), 0.5)
        if 2 * half <= tolerance || level >= 60 || !(split > t0 && split < t1) || tolerance < .leastNormalMagnitude {
            return evaluate(from: t0, to: t1, rule: rules.orders.count - 1, rules)
        }
        let share = tolerance / (t1 - t0)
        return integral(from: t0, to: split, tolerance: share * (split - t0), depth: depth, rules, level: level + 1)
            + integral(from: split, to: t1, tolerance: share * (t1 - split), depth: depth, rules, level: level + 1)
    }

    /// `∫ g` over `[t0, t1]` by the rule numbered `rule` of `rules`.
    private func evaluate(from t0: Double, to t1: Double, rule: Int, _ rules: GaussLegendreRules) -> Double {
        let (middle, half) = (0.5 * (t0 + t1), 0.5 * (t1 - t0))
        func g(_ t: Double) -> Double {
            let θ = phase + sweep * t
            let (s, c) = (sin(θ), cos(θ))
            return (s * s + ratio * ratio * (c * c)).squareRoot()
        }
        var sum = rules.middleWeights[rule] * g(middle)
        for i in rules.offsets[rule]..<rules.offsets[rule + 1] {
            let x = rules.nodes[i]
            sum += rules.weights[i] * (g(middle - half * x) + g(middle + half * x))
        }
        return half * sum
    }
}
