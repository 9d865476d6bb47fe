#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Closed forms the tests compare against, written here from the mathematics and not from the
/// library's code.
enum ReferenceMath {
    /// The exact length of the quadratic Bézier curve `p0, p1, p2` (given as coordinate pairs).
    ///
    /// With `B'(t) = 2 (A t + B)`, `A = p0 - 2 p1 + p2`, `B = p1 - p0`, the length is
    /// `2 ∫₀¹ |A t + B| dt`. Substituting `u = t + (A·B)/|A|²` gives
    /// `|A t + B| = |A| √(u² + k)` with `k = (A×B)² / |A|⁴`, and
    /// `∫ √(u² + k) du = (u √(u² + k) + k asinh(u / √k)) / 2` (`u |u| / 2` when `k = 0`).
    static func quadraticBezierLength(
        _ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double)
    ) -> Double {
        let a = (p0.0 - 2 * p1.0 + p2.0, p0.1 - 2 * p1.1 + p2.1)
        let b = (p1.0 - p0.0, p1.1 - p0.1)
        let aa = a.0 * a.0 + a.1 * a.1
        if aa == 0 {
            // A straight line run at constant speed 2|B|.
            return 2 * (b.0 * b.0 + b.1 * b.1).squareRoot()
        }
        let ab = a.0 * b.0 + a.1 * b.1
        let cross = a.0 * b.1 - a.1 * b.0
        let k = (cross * cross) / (aa * aa)
        let u0 = ab / aa
        let u1 = 1 + u0
        func antiderivative(_ u: Double) -> Double {
            if k == 0 { return u * abs(u) / 2 }
            return (u * (u * u + k).squareRoot() + k * asinh(u / k.squareRoot())) / 2
        }
        return 2 * aa.squareRoot() * (antiderivative(u1) - antiderivative(u0))
    }

    /// The perimeter of an ellipse with semi-axes `a` and `b`, by the arithmetic-geometric mean
    /// (Gauss–Legendre): `P = 2π / AGM(a, b) · (a² - Σₙ 2ⁿ⁻¹ cₙ²)` with `c₀² = a² - b²` and
    /// `cₙ₊₁ = (aₙ - bₙ) / 2`. Converges quadratically; full double precision.
    static func ellipsePerimeter(_ a: Double, _ b: Double) -> Double {
        var (x, y) = (max(a, b), min(a, b))
        var sum = 0.5 * (x * x - y * y)
        var power = 1.0
        for _ in 0..<64 {
            let c = (x - y) / 2
            (x, y) = ((x + y) / 2, (x * y).squareRoot())
            sum += power * c * c
            power *= 2
            if c <= 1e-17 * x { break }
        }
        let a2 = max(a, b) * max(a, b)
        return 2 * Double.pi / x * (a2 - sum)
    }
}
