/// A number as the unevaluated sum of two doubles, `high + low` with `|low| ≤ ulp(high) / 2`:
/// about 106 bits of precision, for residuals whose sign a plain `Double` gets wrong.
///
/// Sums use Knuth's error-free TwoSum, products Dekker's TwoProduct through a fused
/// multiply-add (`addingProduct`); the operations are the accurate ones of Hida, Li and
/// Bailey's double-double library (relative error about 2⁻¹⁰⁴ each).
struct DoubleDouble {
    var high: Double
    var low: Double

    init(_ value: Double) {
        high = value
        low = 0
    }

    private init(high: Double, low: Double) {
        self.high = high
        self.low = low
    }

    /// The double nearest the value.
    var value: Double { high + low }

    /// `a + b` exactly (TwoSum).
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(high: s, low: (a - (s - bb)) + (b - bb))
    }

    /// `a × b` exactly (TwoProduct with a fused multiply-add).
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(high: p, low: (-p).addingProduct(a, b))
    }

    /// `a + b` when `|a| ≥ |b|` (FastTwoSum): renormalises a pair.
    private static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(high: s, low: b - (s - a))
    }

    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        var s = sum(a.high, b.high)
        let t = sum(a.low, b.low)
        s.low += t.high
        s = quickSum(s.high, s.low)
        s.low += t.low
        return quickSum(s.high, s.low)
    }

    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        var p = product(a.high, b.high)
        p.low += a.high * b.low + a.low * b.high
        return quickSum(p.high, p.low)
    }
}
