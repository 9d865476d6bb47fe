/// How an animation's progress follows time: a cubic Bézier easing curve from (0, 0) to (1, 1),
/// as Core Animation's `CAMediaTimingFunction` and CSS's `cubic-bezier()` define it.
///
/// The curve has the control points (0, 0), (``x1``, ``y1``), (``x2``, ``y2``) and (1, 1).
/// ``value(at:)`` takes a time fraction `x` in 0...1, finds the curve parameter `t` with
/// `x(t) = x`, and returns `y(t)`: the same solve-for-x that CSS and Core Animation do.
/// ``x1`` and ``x2`` lie in 0...1, which makes `x(t)` non-decreasing, so every time has its
/// value; ``y1`` and ``y2`` may be any finite numbers (values outside 0...1 overshoot).
///
/// Core Animation's named functions, with their control points:
///
/// | Name | Text | Control points |
/// |---|---|---|
/// | ``linear`` | `linear` | (0, 0, 1, 1) |
/// | ``easeIn`` | `ease-in` | (0.42, 0, 1, 1) |
/// | ``easeOut`` | `ease-out` | (0, 0, 0.58, 1) |
/// | ``easeInEaseOut`` | `ease-in-out` | (0.42, 0, 0.58, 1) |
/// | ``default`` | `default` | (0.25, 0.1, 0.25, 1), CSS's `ease` |
///
/// Two timing functions are equal when their control points are.
public struct TimingFunction: Hashable, Sendable {
    /// The first control point's time coordinate, in 0...1.
    public let x1: Double
    /// The first control point's progress coordinate.
    public let y1: Double
    /// The second control point's time coordinate, in 0...1.
    public let x2: Double
    /// The second control point's progress coordinate.
    public let y2: Double

    /// Creates the timing function with control points (`x1`, `y1`) and (`x2`, `y2`), as CSS's
    /// `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Parameters:
    ///   - x1: the first control point's time, in 0...1.
    ///   - y1: the first control point's progress, any finite number.
    ///   - x2: the second control point's time, in 0...1.
    ///   - y2: the second control point's progress, any finite number.
    /// - Returns: `nil` when `x1` or `x2` is outside 0...1 or a number is not finite
    ///   (``init(parsing:)`` says which).
    public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
        guard (0...1).contains(x1), (0...1).contains(x2), y1.isFinite, y2.isFinite else { return nil }
        self.init(uncheckedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// Creates a timing function from control points known to be valid.
    init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Progress equal to time: control points (0, 0) and (1, 1).
    public static let linear = TimingFunction(uncheckedX1: 0, y1: 0, x2: 1, y2: 1)
    /// Starts slowly, ends at full speed: control points (0.42, 0) and (1, 1).
    public static let easeIn = TimingFunction(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// Starts at full speed, ends slowly: control points (0, 0) and (0.58, 1).
    public static let easeOut = TimingFunction(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = TimingFunction(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's default (CSS's `ease`): control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = TimingFunction(uncheckedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The named functions with their names in text, in the order help lists them.
    static let named: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInEaseOut),
        ("default", .default),
    ]

    /// The progress at `time`: `y(t)` for the curve parameter `t` with `x(t) = time`.
    ///
    /// `t` is found by Newton's method on `x(t) - time` inside a bracket `[low, high]` that
    /// every step shrinks; a step that would leave the bracket, or that is more than half the
    /// step before last, bisects instead (so the bracket shrinks at least as fast as bisection
    /// every two steps). The residual `x(t) - time` is evaluated in double-double arithmetic
    /// (error-free sums and fused multiply-add products, about 106 bits) on the Bernstein form,
    /// so its sign is right even where `x'(t)` vanishes inside the curve: at the flat point of
    /// `cubic-bezier(1, 0, 0, 1)`, `x - 0.5 = 4(t - 0.5)³`, and a plain `Double` residual
    /// (error about 1e-16) would leave `t`, and the value, wrong by 3e-6. The search stops when
    /// the bracket is narrower than 2⁻⁶⁰ or `t` stops moving (adjacent doubles).
    ///
    /// Accuracy: `t` ends within max(2⁻⁶⁰, one ulp) of a parameter where the double-double
    /// residual changes sign, which is within about (1e-32 / |x‴ / 6|)^(1/3) ≈ 1e-11 of the
    /// exact root even at a flat point (and far closer elsewhere); `y` is well conditioned in
    /// `t` (`|y'| ≤ 3 max(|y1|, |y2 - y1|, |1 - y2|)`). Measured in `TimingFunctionTests`
    /// against exact rational bisection (Python's `fractions`) on hard curves (flat ends, the
    /// flat point of `cubic-bezier(1, 0, 0, 1)`) and against a plain bisection on 100 random
    /// curves with `|y1|, |y2| ≤ 10`: the largest error was below 1e-13, far inside the 1e-7
    /// promised.
    ///
    /// Edge cases: a time at or below 0 gives exactly 0, at or above 1 exactly 1 (times are
    /// clamped, as Core Animation's are); NaN gives NaN. When the curve is the identity
    /// (`x1 == y1` and `x2 == y2`, as ``linear``), the value is `time` itself, exactly.
    ///
    /// - Parameter time: the fraction of the animation's duration that has passed, 0...1.
    /// - Returns: the fraction of the change that has happened (outside 0...1 when a control
    ///   point's `y` is).
    /// - Complexity: O(1): at most 200 iterations, usually 3 to 6.
    public func value(at time: Double) -> Double {
        if time.isNaN { return .nan }
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return time }
        let t = parameter(forTime: time)
        // The Bernstein form, weights first: `3 s² t` and `3 s t²` are at most 4/9 and sum to at
        // most 3/4, so the sum stays finite for any finite y1 and y2. (The power form's
        // coefficients `3 y1` and `3 (y2 - y1) - 3 y1` overflow for control values beyond
        // about 6e307: `cubic-bezier(0, 1e308, 1, -1e308)` gave NaN. Found by fuzzing.)
        let s = 1 - t
        return (3 * s * s * t) * y1 + (3 * s * t * t) * y2 + t * t * t
    }

    /// The curve parameter `t` in 0...1 with `x(t) = time`, for `time` strictly inside 0...1.
    func parameter(forTime time: Double) -> Double {
        let (ax, bx, cx) = Self.coefficients(x1, x2)
        var (low, high) = (0.0, 1.0)
        var t = time
        var (step, stepBefore) = (1.0, 1.0)
        for _ in 0..<200 {
            let residual = xResidual(t, time)
            if residual == 0 { return t }
            if residual < 0 { low = t } else { high = t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            var next = t - residual / slope
            // Also catches a zero slope (an infinite or NaN step).
            if !(next > low && next < high) || 2 * abs(next - t) > abs(stepBefore) {
                next = low + 0.5 * (high - low)
                // The bracket is two adjacent doubles: `t` is one of them.
                if next <= low || next >= high { break }
            }
            (stepBefore, step) = (step, next - t)
            t = next
            if high - low < 0x1p-60 || step == 0 { break }
        }
        return t
    }

    /// `x(t) - time` in double-double arithmetic, rounded to a `Double` (its sign is what the
    /// bracket needs): `3 x1 s² t + 3 x2 s t² + t³ - time` with `s = 1 - t`.
    private func xResidual(_ t: Double, _ time: Double) -> Double {
        let tt = DoubleDouble(t)
        let s = DoubleDouble.sum(1, -t)
        let inner = DoubleDouble.product(3, x2) * s + tt  // 3 x2 s + t
        let outer = DoubleDouble.product(3, x1) * s * s + inner * tt  // 3 x1 s² + t (3 x2 s + t)
        return (outer * tt + DoubleDouble(-time)).value
    }

    /// The power-basis coefficients `(a, b, c)` of one coordinate of the curve, which is
    /// `((a t + b) t + c) t` for control values `p1` and `p2` (and 0 and 1 at the ends).
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    /// The function as CSS writes it, for an SVG's `animation-timing-function`:
    /// `cubic-bezier(0.42,0,1,1)`, each number the shortest text that reads back as exactly
    /// the control point (`0` and `1` without a fraction, an exponent only for very large or
    /// small numbers, as `1e-7`).
    public var cssValue: String {
        "cubic-bezier(" + [x1, y1, x2, y2].map(Self.cssNumber).joined(separator: ",") + ")"
    }

    /// The shortest text CSS reads back as exactly `value`.
    static func cssNumber(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let text = value.description
        guard let e = text.firstIndex(of: "e") else { return text }
        // Swift writes `1e-07`; CSS reads that too, but `1e-7` is how people write it.
        let mantissa = text[..<e]
        var exponent = text[text.index(after: e)...]
        var sign = ""
        if exponent.hasPrefix("-") || exponent.hasPrefix("+") {
            sign = exponent.hasPrefix("-") ? "-" : ""
            exponent = exponent.dropFirst()
        }
        let digits = exponent.drop(while: { $0 == "0" })
        return mantissa + "e" + sign + (digits.isEmpty ? "0" : digits)
    }
}

extension TimingFunction: CustomStringConvertible {
    /// The text that ``init(parsing:)`` reads back as this function: its name (`ease-in`) when
    /// it has one, else ``cssValue``.
    public var description: String {
        Self.named.first(where: { $0.function == self })?.name ?? cssValue
    }
}
