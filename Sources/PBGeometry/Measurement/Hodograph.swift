/// The derivative of a Bézier curve of degree at most 3, `w(t) = a t² + b t + c`, with the
/// integrator of its length `∫ |w(t)| dt`: the arc length of the curve.
///
/// Vectors are read as complex numbers `dx + i dy` throughout.
///
/// ## The error bound
///
/// On the real line `|w(t)|² = w(t) w̄(t)`, where `w̄` has the conjugate coefficients, so the
/// speed `|w|` is the restriction of `f(z) = √(w(z) w̄(z))`, analytic except at branch points on
/// the complex roots of `w` and their conjugates. A real root of `w` is a cusp (or a collinear
/// curve turning back): there `w w̄` has a double root, `f` has a kink but is analytic on either
/// side, so the integral is cut there and the root is no singularity of the pieces.
///
/// For a function analytic inside the Bernstein ellipse `E_ρ` (foci ±1, semi-axes summing to
/// `ρ > 1`) and bounded by `M` there, the n-point Gauss–Legendre rule on `[-1, 1]` (n ≥ 2) errs by
///
///     |∫f - Q_n f| ≤ 64 M / (15 (1 - ρ⁻²) ρ²ⁿ)
///
/// (L. N. Trefethen, *Approximation Theory and Approximation Practice*, ch. 19: the Chebyshev
/// coefficients obey `|a_k| ≤ 2 M ρ⁻ᵏ`, the rule is exact below degree 2n and symmetric, and
/// `|∫T_k - Q_n T_k| ≤ 2 + 2 / (k² - 1)` for even `k ≥ 2n`). On a piece `m ± h` of the
/// parameter interval the largest such ellipse passes through the nearest root, mapped by
/// `x = (t - m) / h`; its semi-major axis `A = (|x - 1| + |x + 1|) / 2` gives `ρ = A + √(A² - 1)`,
/// and with `w(m + h x) = α x² + β x + γ`, `M ≤ |α| A² + |β| A + |γ|` (both `w` and `w̄` are
/// bounded so on the ellipse, which is symmetric about the real axis).
///
/// ``integral(from:to:accuracy:lengthLowerBound:)`` uses, on each piece, the smallest order of
/// ``GaussLegendreRules/standard`` whose bound (times `h`) is within the piece's share of the
/// tolerance (shares are proportional to width, so the bounds add up to at most the
/// tolerance). A piece that no order can do is split next to its nearest root, so near-cusps
/// get pieces graded geometrically towards the root. A piece whose speed is so small that
/// `2 h max|w| ≤ share` is taken as it is (any rule with positive weights errs by less).
///
/// ``lengths(of:accuracy:into:)`` measures the whole curves of a path the same way, to the last
/// bit, but in two passes that let the work of neighbouring curves overlap.
///
/// The bound is rigorous in exact arithmetic; in floating point the result also carries the
/// rounding error of the sum, a few units in the last place of the length. A root within
/// `1e-10` times the interval's width of the real line is taken as real: the speed then differs
/// from the kinked one by at most that distance, which changes the length by an amount of the
/// order of its square, far below any accuracy. `Tests/Benchmarks/geometry.py` checks every
/// length against mpmath and scipy for accuracies 1e-3 to 1e-11 on 10,000 curves and on cusps,
/// near-cusps and loops: the worst error is below a fiftieth of the accuracy.
struct Hodograph {
    /// The coefficient of `t²`.
    let a: Vector
    /// The coefficient of `t`.
    let b: Vector
    /// The constant term: the derivative at 0.
    let c: Vector

    /// The derivative of `curve` in power form: `a = 3 (p3 - 3 p2 + 3 p1 - p0)`,
    /// `b = 6 (p2 - 2 p1 + p0)`, `c = 3 (p1 - p0)`.
    init(_ curve: CubicBezier) {
        let d0 = curve.control1 - curve.start
        let d1 = curve.control2 - curve.control1
        let d2 = curve.end - curve.control2
        a = 3 * (d0 - 2 * d1 + d2)
        b = 6 * (d1 - d0)
        c = 3 * d0
    }

    /// The derivative of `curve`: `a = 0`, `b = 2 (p2 - 2 p1 + p0)`, `c = 2 (p1 - p0)`.
    init(_ curve: QuadraticBezier) {
        let d0 = curve.control - curve.start
        let d1 = curve.end - curve.control
        a = .zero
        b = 2 * (d1 - d0)
        c = 2 * d0
    }

    private init(a: Vector, b: Vector, c: Vector) {
        (self.a, self.b, self.c) = (a, b, c)
    }

    /// At most the length of a curve through `p0`, `p1` and `p2` in turn: the polyline, each
    /// side measured by `max(‖v‖∞, ‖v‖₁ / √2)`, which is at most `‖v‖₂` and within 8 % of it
    /// (and needs no square root). For three points of a quadratic curve at distinct
    /// parameters, zero only when the curve is a point.
    static func lengthLowerBound(_ p0: Point, _ p1: Point, _ p2: Point) -> Double {
        (p1 - p0).lengthLowerBound + (p2 - p1).lengthLowerBound
    }

    /// ``lengthLowerBound(_:_:_:)`` through four points: for four points of a cubic curve at
    /// distinct parameters, zero only when the curve is a point (three are not enough: a cubic
    /// can run out and back through them).
    static func lengthLowerBound(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Double {
        (p1 - p0).lengthLowerBound + (p2 - p1).lengthLowerBound + (p3 - p2).lengthLowerBound
    }

    /// `accuracy` pinned to `1e-16...1`: below 1e-16 rounding takes over (and an unreachable
    /// tolerance would split the interval without end); a relative error of 1 allows anything.
    /// NaN stays NaN.
    private static func pinned(_ accuracy: Double) -> Double {
        accuracy.isNaN ? accuracy : min(max(accuracy, 1e-16), 1)
    }

    // MARK: One interval

    /// `∫ |w(t)| dt` over `[t0, t1]`, with relative error at most `accuracy` when the integral
    /// is at least `lengthLowerBound` (absolute error at most `accuracy * lengthLowerBound`,
    /// plus rounding).
    ///
    /// Accuracies are pinned to `1e-16...1`; a NaN accuracy or bound gives NaN.
    ///
    /// - Complexity: a few dozen evaluations of the speed on a typical curve; a near-cusp adds
    ///   pieces in proportion to the logarithm of its closeness.
    func integral(from t0: Double, to t1: Double, accuracy: Double, lengthLowerBound: Double) -> Double {
        guard t1 > t0, lengthLowerBound != 0 else { return 0 }
        let accuracy = Self.pinned(accuracy)
        guard !accuracy.isNaN, !lengthLowerBound.isNaN else { return .nan }
        let rules = GaussLegendreRules.standard
        let size = self.size
        guard size > 0 else { return 0 }
        guard size.isFinite, lengthLowerBound.isFinite else {
            // Nothing to bound: the highest order, which is NaN or infinite for such input.
            return Piece(self, from: t0, to: t1).evaluate(rule: rules.orders.count - 1, rules)
        }
        if Self.isModerate(size) {
            return unscaledIntegral(from: t0, to: t1, tolerance: accuracy * lengthLowerBound, rules)
        }
        // Coefficients far from 1 are scaled exactly, by a power of two (in two factors, each
        // representable, for subnormal sizes), so that nothing below overflows or underflows.
        let exponent = -Int(size.exponent)
        let (factor0, factor1) = (
            Double(sign: .plus, exponent: exponent / 2, significand: 1),
            Double(sign: .plus, exponent: exponent - exponent / 2, significand: 1)
        )
        func scaled(_ v: Vector) -> Vector { factor1 * (factor0 * v) }
        let tolerance = accuracy * (factor1 * (factor0 * lengthLowerBound))
        let integral = Hodograph(a: scaled(a), b: scaled(b), c: scaled(c))
            .unscaledIntegral(from: t0, to: t1, tolerance: tolerance, rules)
        return integral / factor1 / factor0
    }

    /// The largest magnitude of a coefficient's component.
    private var size: Double { max(abs(a.dx), abs(a.dy), abs(b.dx), abs(b.dy), abs(c.dx), abs(c.dy)) }

    /// Whether coefficients of this size need no scaling: within 2^±200, so that the modulus of
    /// the roots' discriminant, of the order of the fourth power of the size, neither
    /// overflows nor underflows.
    private static func isModerate(_ size: Double) -> Bool { size > 0x1p-200 && size < 0x1p200 }

    /// A root within this distance of the real line, times the width of the interval, is
    /// taken as real.
    private static let realTolerance = 1e-10

    /// ``integral(from:to:accuracy:lengthLowerBound:)`` for coefficients of moderate size.
    private func unscaledIntegral(from t0: Double, to t1: Double, tolerance: Double, _ rules: GaussLegendreRules)
        -> Double
    {
        let roots = Roots(self, realBelow: Self.realTolerance * (t1 - t0))
        // Cut at the real roots inside the interval (at most two, ascending).
        var (total, start) = (0.0, t0)
        func integrate(to end: Double) {
            total += integral(from: start, to: end, tolerance: tolerance * ((end - start) / (t1 - t0)), roots, rules)
            start = end
        }
        if roots.real0 > start && roots.real0 < t1 { integrate(to: roots.real0) }
        if roots.real1 > start && roots.real1 < t1 { integrate(to: roots.real1) }
        integrate(to: t1)
        return total
    }

    /// The deepest split: far below the resolution of `t` near any root a double can represent.
    private static let maximumDepth = 60

    /// The integral over one piece without real roots inside: see the type's documentation.
    private func integral(
        from t0: Double, to t1: Double, tolerance: Double, _ roots: Roots, _ rules: GaussLegendreRules,
        depth: Int = 0
    ) -> Double {
        let piece = Piece(self, from: t0, to: t1)
        let (axis0, axis1) = (piece.axisSquared(through: roots.complex0), piece.axisSquared(through: roots.complex1))
        if let rule = piece.rule(axisSquared: min(axis0, axis1), tolerance: tolerance, rules) {
            return piece.evaluate(rule: rule, rules)
        }
        // A piece too slow to matter, or too deep to split further, is taken as it is; the
        // others are split next to the nearest root.
        let nearest = axis0 <= axis1 ? roots.complex0.dx : roots.complex1.dx
        let split = piece.middle + piece.half * min(max((nearest - piece.middle) * piece.inverseHalf, -0.5), 0.5)
        if piece.speedBound * (t1 - t0) <= tolerance || depth >= Self.maximumDepth || !(split > t0 && split < t1)
            || tolerance < .leastNormalMagnitude
        {
            return piece.evaluate(rule: rules.orders.count - 1, rules)
        }
        let share = tolerance / (t1 - t0)
        return integral(from: t0, to: split, tolerance: share * (split - t0), roots, rules, depth: depth + 1)
            + integral(from: split, to: t1, tolerance: share * (t1 - split), roots, rules, depth: depth + 1)
    }

    // MARK: Many whole curves

    /// The lengths of whole cubic curves, each with relative error at most `accuracy`: for each,
    /// exactly `curve.arcLength(from: 0, to: 1, accuracy: accuracy)`.
    ///
    /// Two passes: the first finds, curve after curve, the order of the rule that measures the
    /// whole curve in one piece, the second evaluates them. The first pass is short and barely
    /// branches, so the square roots and divisions of neighbouring curves overlap instead of
    /// waiting for each other; curves that need cutting or splitting take the general path.
    ///
    /// - Parameters:
    ///   - curves: the curves.
    ///   - accuracy: the bound on the relative error of each length.
    ///   - lengths: where the lengths go, as many as there are curves.
    static func lengths(
        of curves: UnsafeBufferPointer<CubicBezier>, accuracy: Double, into lengths: UnsafeMutableBufferPointer<Double>
    ) {
        precondition(lengths.count == curves.count)
        let rules = GaussLegendreRules.standard
        // The first pass leaves the rule's index in `lengths`, or -1 for the general path.
        for i in curves.indices {
            let curve = curves[i]
            let w = Hodograph(curve)
            let thirds = (curve.point(at: 1.0 / 3), curve.point(at: 2.0 / 3))
            let tolerance = pinned(accuracy) * lengthLowerBound(curve.start, thirds.0, thirds.1, curve.end)
            var rule = -1
            if tolerance > 0, tolerance.isFinite, isModerate(w.size) {
                let roots = Roots(w, realBelow: realTolerance)
                if !(roots.real0 > 0 && roots.real0 < 1) && !(roots.real1 > 0 && roots.real1 < 1) {
                    let piece = Piece(w, from: 0, to: 1)
                    let axisSquared = min(
                        piece.axisSquared(through: roots.complex0), piece.axisSquared(through: roots.complex1))
                    rule = piece.rule(axisSquared: axisSquared, tolerance: tolerance, rules) ?? -1
                }
            }
            lengths[i] = Double(rule)
        }
        for i in curves.indices {
            let rule = Int(lengths[i])
            lengths[i] =
                rule >= 0
                ? Piece(Hodograph(curves[i]), from: 0, to: 1).evaluate(rule: rule, rules)
                : curves[i].arcLength(from: 0, to: 1, accuracy: accuracy)
        }
    }
}

extension Hodograph {
    /// The derivative on the piece `middle ± half` of the parameter interval, in the variable
    /// `x = (t - middle) / half` of `[-1, 1]`: `w(middle + half x) = α x² + β x + γ`.
    struct Piece {
        let middle: Double
        let half: Double
        let alpha: Vector
        let beta: Vector
        let gamma: Vector
        /// `1 / half`.
        let inverseHalf: Double

        @inline(__always)
        init(_ w: Hodograph, from t0: Double, to t1: Double) {
            (middle, half) = (0.5 * (t0 + t1), 0.5 * (t1 - t0))
            inverseHalf = 1 / half
            alpha = (half * half) * w.a
            beta = half * (2 * middle * w.a + w.b)
            gamma = middle * (middle * w.a + w.b) + w.c
        }

        /// At least the speed `|w|` anywhere on the piece: `|α| + |β| + |γ|`, each by
        /// `|dx| + |dy|`.
        var speedBound: Double { alpha.sizeBound + beta.sizeBound + gamma.sizeBound }

        /// The square of the semi-major axis of the Bernstein ellipse through `root` (as
        /// `(real part, imaginary part)`): with the root at `x + iy` in the piece's variable,
        /// `2A² = 1 + x² + y² + |x + iy - 1| |x + iy + 1|`. Infinite for a root at infinity.
        @inline(__always)
        func axisSquared(through root: Vector) -> Double {
            let (x, y) = ((root.dx - middle) * inverseHalf, root.dy * inverseHalf)
            let foci = (((x - 1) * (x - 1) + y * y) * ((x + 1) * (x + 1) + y * y)).squareRoot()
            return 0.5 * (1 + x * x + y * y + foci)
        }

        /// The index of the smallest rule of `rules` whose error bound is within `tolerance`
        /// when the speed is analytic inside the ellipse of semi-major axis `√axisSquared`, or
        /// `nil` when none is: there `|w| ≤ M = |α| A² + |β| A + |γ|`. The axis is capped at
        /// 10⁶, where the bound is far below any tolerance.
        @inline(__always)
        func rule(axisSquared: Double, tolerance: Double, _ rules: GaussLegendreRules) -> Int? {
            let axisSquared = min(axisSquared, 1e12)
            guard axisSquared > 1 else { return nil }
            let bound = alpha.sizeBound * axisSquared + beta.sizeBound * axisSquared.squareRoot() + gamma.sizeBound
            return rules.rule(half: half, bound: bound, axisSquared: axisSquared, tolerance: tolerance)
        }

        /// `half * Σ wᵢ |α xᵢ² + β xᵢ + γ|` by the rule numbered `rule`, pairing each node `x`
        /// with `-x`: the even part `α x² + γ` plus or minus the odd part `β x`.
        @inline(__always)
        func evaluate(rule: Int, _ rules: GaussLegendreRules) -> Double {
            let range = rules.offsets[rule]..<rules.offsets[rule + 1]
            // The two moduli of each pair at once.
            var sums = SIMD2<Double>(repeating: 0)
            rules.nodes.withUnsafeBufferPointer { nodes in
                rules.weights.withUnsafeBufferPointer { weights in
                    for i in range {
                        let x = nodes[i]
                        let (evenX, evenY) = ((x * x) * alpha.dx + gamma.dx, (x * x) * alpha.dy + gamma.dy)
                        let (oddX, oddY) = (x * beta.dx, x * beta.dy)
                        let dx = SIMD2(evenX + oddX, evenX - oddX)
                        let dy = SIMD2(evenY + oddY, evenY - oddY)
                        sums += weights[i] * (dx * dx + dy * dy).squareRoot()
                    }
                }
            }
            return half * (sums.sum() + rules.middleWeights[rule] * gamma.modulus)
        }
    }

    /// The roots of `w` (complex coefficients), sorted into real ones (cuts) and complex ones
    /// (singularities of the speed). Missing roots are at infinity: a real one at `+infinity`,
    /// a complex one at `(0, +infinity)`.
    struct Roots {
        var real0 = Double.infinity
        var real1 = Double.infinity
        /// A complex root as `(real part, imaginary part)`.
        var complex0 = Vector(dx: 0, dy: .infinity)
        var complex1 = Vector(dx: 0, dy: .infinity)

        /// The roots, by the cancellation-free formula `q = -(b ± √(b² - 4ac)) / 2` (the sign
        /// that makes `|q|` largest), `t = q / a` and `t = c / q`; those with an imaginary part of
        /// at most `realBelow` are taken as real.
        @inline(__always)
        init(_ w: Hodograph, realBelow: Double) {
            let (a, b, c) = (w.a, w.b, w.c)
            let discriminant = b.complexSquare - 4 * a.complexTimes(c)
            let root = discriminant.complexSquareRoot
            let q = -0.5 * (b + Double(signOf: b.dot(root), magnitudeOf: 1) * root)
            if a != .zero { add(q.complexDivided(by: a), realBelow: realBelow) }
            if q != .zero { add(c.complexDivided(by: q), realBelow: realBelow) }
        }

        /// Files the root `t` (skipped when not finite).
        @inline(__always)
        private mutating func add(_ t: Vector, realBelow: Double) {
            guard t.dx.isFinite, t.dy.isFinite else { return }
            if abs(t.dy) > realBelow {
                if complex0.dy.isFinite { complex1 = t } else { complex0 = t }
            } else if t.dx < real0 {
                (real0, real1) = (t.dx, real0)
            } else {
                real1 = t.dx
            }
        }
    }
}

extension Vector {
    /// `√(dx² + dy²)`, without the care of ``length`` for overflow and underflow: for the hot
    /// loops of measuring, on values of moderate size.
    @inline(__always)
    var modulus: Double { (dx * dx + dy * dy).squareRoot() }

    /// `|dx| + |dy|`: at least the length, at most √2 times it.
    @inline(__always)
    fileprivate var sizeBound: Double { abs(dx) + abs(dy) }

    /// At most the length and within 8 % of it: `max(|dx|, |dy|, (|dx| + |dy|) / √2)`.
    @inline(__always)
    fileprivate var lengthLowerBound: Double {
        let (x, y) = (abs(dx), abs(dy))
        return max(max(x, y), (x + y) * 0.707_106_781_186_547_5)
    }

    /// The complex square `(dx + i dy)²`.
    @inline(__always)
    fileprivate var complexSquare: Vector { Vector(dx: dx * dx - dy * dy, dy: 2 * dx * dy) }

    /// The complex product.
    @inline(__always)
    fileprivate func complexTimes(_ other: Vector) -> Vector {
        Vector(dx: dx * other.dx - dy * other.dy, dy: dx * other.dy + dy * other.dx)
    }

    /// The complex quotient (the divisor is not zero).
    @inline(__always)
    fileprivate func complexDivided(by other: Vector) -> Vector {
        let scale = 1 / other.lengthSquared
        return Vector(
            dx: (dx * other.dx + dy * other.dy) * scale, dy: (dy * other.dx - dx * other.dy) * scale)
    }

    /// A complex square root (either one: the root formula picks its sign), computed without
    /// branching on the signs of the parts.
    @inline(__always)
    fileprivate var complexSquareRoot: Vector {
        // With t = √((|z| + |dx|) / 2) and u = dy / (2t), (t + iu)² = z when dx >= 0 and
        // (u + it)² = z when dx < 0.
        let t = (0.5 * (modulus + abs(dx))).squareRoot()
        guard t > 0 else { return .zero }
        let u = dy / (2 * t)
        return dx >= 0 ? Vector(dx: t, dy: u) : Vector(dx: u, dy: t)
    }
}
