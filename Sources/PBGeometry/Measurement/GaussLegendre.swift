#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An n-point Gauss–Legendre quadrature rule on `[-1, 1]`, exact for polynomials of degree
/// up to `2n - 1`.
///
/// Nodes and weights are computed once, to full double precision, by Newton's method on the
/// Legendre polynomial `P_n` (three-term recurrence), so no table of constants is typed in.
struct GaussLegendre: Sendable {
    /// The nodes in `(-1, 1)`.
    let nodes: [Double]
    /// The weights, summing to 2.
    let weights: [Double]

    /// The rule of the adaptive integrator for curves without an error bound of their own: the
    /// default `arcLength` of other ``ParametricCurve`` types. pbrender's Bézier curves and
    /// elliptical arcs are measured with error bounds (``GaussLegendreRules``, `EllipseSpeed`).
    static let standard = GaussLegendre(order: 8)

    init(order n: Int) {
        precondition(n >= 1)
        var nodes = [Double](repeating: 0, count: n)
        var weights = [Double](repeating: 0, count: n)
        /// `P_n(x)` and `P_n'(x)`, by the three-term recurrence.
        func legendre(_ x: Double) -> (value: Double, derivative: Double) {
            // p1 = P_k(x), p0 = P_(k-1)(x), up to k = n.
            var (p0, p1) = (1.0, x)
            for k in stride(from: 2, through: n, by: 1) {
                (p0, p1) = (p1, ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k))
            }
            return (p1, Double(n) * (x * p1 - p0) / (x * x - 1))
        }
        for i in 0..<(n + 1) / 2 {
            // Tricomi's initial guess for the i-th root, then Newton: it converges quadratically,
            // so a step this small leaves x exact to rounding.
            var x = cos(Double.pi * (Double(i) + 0.75) / (Double(n) + 0.5))
            for _ in 0..<100 {
                let (value, derivative) = legendre(x)
                let step = value / derivative
                x -= step
                if abs(step) <= 1e-15 { break }
            }
            // The weight from the derivative at the root itself.
            let derivative = legendre(x).derivative
            let weight = 2 / ((1 - x * x) * derivative * derivative)
            nodes[i] = -x
            nodes[n - 1 - i] = x
            weights[i] = weight
            weights[n - 1 - i] = weight
        }
        self.nodes = nodes
        self.weights = weights
    }

    /// `∫ f` over `[a, b]` by this rule.
    @inline(__always)
    func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let (half, middle) = (0.5 * (b - a), 0.5 * (a + b))
        var sum = 0.0
        for i in nodes.indices {
            sum += weights[i] * f(middle + half * nodes[i])
        }
        return sum * half
    }
}
