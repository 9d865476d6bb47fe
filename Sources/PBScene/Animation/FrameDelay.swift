/// How long a frame stays on screen, as an exact fraction of seconds whose terms fit APNG's
/// 16-bit `delay_num` and `delay_den` fields.
///
/// The fraction is kept in lowest terms, so equal delays are equal values.
public struct FrameDelay: Hashable, Sendable {
    /// The numerator, in lowest terms.
    public let numerator: UInt16
    /// The denominator, in lowest terms; never 0.
    public let denominator: UInt16

    /// Creates the delay `numerator / denominator` seconds, reduced to lowest terms.
    ///
    /// - Parameters:
    ///   - numerator: seconds times `denominator`.
    ///   - denominator: the unit, 1/`denominator` seconds.
    /// - Precondition: `denominator > 0`.
    public init(numerator: UInt16, denominator: UInt16) {
        precondition(denominator > 0, "a frame delay's denominator must not be 0")
        let divisor = Self.greatestCommonDivisor(Int(numerator), Int(denominator))
        self.numerator = UInt16(Int(numerator) / divisor)
        self.denominator = UInt16(Int(denominator) / divisor)
    }

    /// The delay in seconds, `numerator / denominator` rounded to the nearest `Double`.
    public var seconds: Double { Double(numerator) / Double(denominator) }

    /// The fraction nearest to `seconds` whose numerator and denominator both fit in 16 bits,
    /// and whether it is exact.
    ///
    /// A `Double` read from decimal text (`0.1`, `2.25`) is not exactly that decimal; the
    /// fraction counts as exact when it is within ``exactnessTolerance`` (1e-10 s) of
    /// `seconds`. Every fraction `p/q` with `q` ≤ 65535 that close is a convergent of the
    /// continued fraction of `seconds` (Legendre: `|x - p/q| < 1/(2q²)`, and 1/(2 · 65535²) ≈
    /// 1.2e-10), so the convergents find it, and it is the simplest one there.
    ///
    /// When no such fraction is that close, the result is the best approximation with both
    /// terms ≤ 65535: the nearer of the last convergent that fits and the largest
    /// semiconvergent after it that fits. Its error is below `1 / Q` seconds for the largest
    /// usable denominator `Q = min(65535, ⌊65535 / seconds⌋)`: under 16 µs for delays up to
    /// a second, under 56 ms for an hour.
    ///
    /// - Parameter seconds: a delay from 0 to 65535 seconds.
    /// - Returns: the delay (nil when `seconds` is not finite or outside 0...65535), and
    ///   `exact`, whether it is within ``exactnessTolerance``.
    /// - Complexity: O(log 65535): at most about 25 continued-fraction terms.
    public static func nearest(toSeconds seconds: Double) -> (delay: FrameDelay, exact: Bool)? {
        guard seconds.isFinite, seconds >= 0, seconds <= Double(UInt16.max) else { return nil }
        let limit = Int(UInt16.max)
        // Convergents p/q of the continued fraction [a0; a1, a2, ...] of `seconds`.
        var (previousP, previousQ) = (1, 0)
        var (p, q) = (Int(seconds.rounded(.down)), 1)
        var remainder = seconds - seconds.rounded(.down)
        while abs(Double(p) / Double(q) - seconds) > exactnessTolerance {
            guard remainder > 0 else { break }
            let inverse = 1 / remainder
            // Any term above 2 × 65535 makes the next convergent too large: cap it (it may be
            // too large for an Int).
            let term = inverse < Double(2 * limit) ? Int(inverse.rounded(.down)) : 2 * limit
            remainder = inverse - inverse.rounded(.down)
            let (nextP, nextQ) = (term * p + previousP, term * q + previousQ)
            if nextP > limit || nextQ > limit {
                // The best fit between p/q and the next convergent: the largest semiconvergent
                // (previous + j × current) whose terms still fit, if it is nearer.
                let j = min(q > 0 ? (limit - previousQ) / q : term, p > 0 ? (limit - previousP) / p : term)
                if j >= 1 {
                    let (semiP, semiQ) = (previousP + j * p, previousQ + j * q)
                    if abs(Double(semiP) / Double(semiQ) - seconds) < abs(Double(p) / Double(q) - seconds) {
                        (p, q) = (semiP, semiQ)
                    }
                }
                break
            }
            (previousP, previousQ, p, q) = (p, q, nextP, nextQ)
        }
        let delay = FrameDelay(numerator: UInt16(p), denominator: UInt16(q))
        return (delay, abs(delay.seconds - seconds) <= exactnessTolerance)
    }

    /// How close a fraction must be to a delay in seconds to count as exactly it: 1e-10 s.
    public static let exactnessTolerance = 1e-10

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}

extension FrameDelay: CustomStringConvertible {
    /// The fraction, e.g. `1/30 s`.
    public var description: String { "\(numerator)/\(denominator) s" }
}
