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
    public func string(_ value: Double) -> String {
        guard let decimals else { return Self.exact(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Values too large to round (beyond 2^53 once scaled) are whole numbers anyway.
        guard abs(scaled) < 9_007_199_254_740_992 else { return Self.exact(value) }
        if scaled == 0 { return "0" }
        var digits = String(Int64(abs(scaled)))
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        let integer = String(digits.dropLast(decimals))
        var fraction = String(digits.suffix(decimals))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (scaled < 0 ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The shortest decimal text that reads back as exactly `value` (the fewest significant
    /// digits), laid out plainly (`0.25`, `1000`) unless an exponent saves three characters or
    /// more (`1e-7`, `1e21`), so the integers people write read back as they wrote them.
    static func exact(_ value: Double) -> String {
        if value == 0 { return "0" }
        // Swift's description is the shortest round-tripping digit string; re-lay it out.
        let text = value.description
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: "e")
        let mantissa = parts[0]
        let exponentShift = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pointIndex = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        var digits = String(mantissa[..<pointIndex]) + mantissa[pointIndex...].dropFirst()
        // The value is 0.digits × 10^pointPosition.
        var pointPosition = mantissa.distance(from: mantissa.startIndex, to: pointIndex) + exponentShift
        while digits.hasPrefix("0") {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0") { digits.removeLast() }
        let plain: String
        if pointPosition <= 0 {
            plain = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            plain = digits + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            plain = digits[..<split] + "." + digits[split...]
        }
        let first = digits.prefix(1)
        let rest = digits.dropFirst()
        let scientific = first + (rest.isEmpty ? "" : "." + rest) + "e" + String(pointPosition - 1)
        return (negative ? "-" : "") + (scientific.count + 3 <= plain.count ? scientific : plain)
    }
}
