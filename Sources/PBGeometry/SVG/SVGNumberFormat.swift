/// How numbers are written in SVG: in the shortest decimal form that reads back as the same
/// double, or rounded to a number of decimal places; either way without trailing zeros, and
/// plainly (`0.25`, `1000`) unless an exponent saves three characters or more (`1e-7`, `1e21`).
public struct SVGNumberFormat: Hashable, Sendable {
    /// The decimal places numbers are rounded to, or `nil` for exact numbers.
    public var decimals: Int?

    /// A format rounding to `decimals` places (0 to 17), or exact for `nil`.
    public init(decimals: Int? = nil) {
        self.decimals = decimals.map { min(max($0, 0), 17) }
    }

    /// The text of `value`: `80`, not `80.000` nor `79.99999999999999` with three decimals.
    ///
    /// - Complexity: O(1): digits from integer arithmetic, written as bytes (a rewritten
    ///   document writes several numbers a frame).
    public func string(_ value: Double) -> String {
        guard let decimals else { return Self.exact(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Values too large to round (beyond 2^53 once scaled) are whole numbers anyway.
        guard abs(scaled) < 9_007_199_254_740_992 else { return Self.exact(value) }
        if scaled == 0 { return "0" }
        var rest = UInt64(abs(scaled))
        var fractionDigits = decimals
        while fractionDigits > 0, rest % 10 == 0 {
            rest /= 10
            fractionDigits -= 1
        }
        // Right to left: the fraction's digits (zeros where the value has fewer), its point, then
        // the integer's digits (at least one) and the sign.
        var reversed: [UInt8] = []
        reversed.reserveCapacity(fractionDigits + 20)
        for _ in 0..<fractionDigits {
            reversed.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        if fractionDigits > 0 { reversed.append(UInt8(ascii: ".")) }
        repeat {
            reversed.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if scaled < 0 { reversed.append(UInt8(ascii: "-")) }
        return String(decoding: reversed.reversed(), as: UTF8.self)
    }

    /// The shortest decimal text that reads back as exactly `value` (the fewest significant
    /// digits), laid out plainly (`0.25`, `1000`) unless an exponent saves three characters or
    /// more (`1e-7`, `1e21`), so the integers people write read back as they wrote them.
    static func exact(_ value: Double) -> String {
        if value == 0 { return "0" }
        guard value.isFinite else { return value.description }
        // Swift's description is the shortest round-tripping digit string (`1.25e-07`); its
        // digits are re-laid out.
        var digits: [UInt8] = []
        // The value is 0.digits × 10^pointPosition.
        var pointPosition = 0
        var seenPoint = false
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in value.description.utf8 {
            switch byte {
            case UInt8(ascii: "-") where inExponent: exponentSign = -1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): continue
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            default:
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                    if !seenPoint { pointPosition += 1 }
                }
            }
        }
        pointPosition += exponentSign * exponent
        var first = 0
        while digits[first] == UInt8(ascii: "0") {
            first += 1
            pointPosition -= 1
        }
        var end = digits.count
        while digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
        let significant = digits[first..<end]
        let zero = UInt8(ascii: "0")
        var plain: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        if pointPosition <= 0 {
            plain += [zero, UInt8(ascii: ".")] + repeatElement(zero, count: -pointPosition) + significant
        } else if pointPosition >= significant.count {
            plain += significant + repeatElement(zero, count: pointPosition - significant.count)
        } else {
            let split = significant.startIndex + pointPosition
            plain += significant[..<split] + [UInt8(ascii: ".")] + significant[split...]
        }
        var scientific: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        scientific.append(significant[significant.startIndex])
        if significant.count > 1 { scientific += [UInt8(ascii: ".")] + significant.dropFirst() }
        scientific += Array("e\(pointPosition - 1)".utf8)
        return String(decoding: scientific.count + 3 <= plain.count ? scientific : plain, as: UTF8.self)
    }
}
