/// A finite double as the shortest decimal that reads back as it (Swift's `description`, the same
/// digits ICU formats), scaled and rounded in decimal: how en_US_POSIX numbers are written without
/// loading ICU, with exactly ICU's results (`0.145` scaled by 100 is `14.5`, never `14.499999…`).
struct ShortestDecimal: Hashable, Sendable {
    /// The significant digits, most significant first, without leading zeros (empty for zero).
    var digits: [UInt8]
    /// The power of ten of the last digit: the value is `digits × 10^exponent`.
    var exponent: Int

    /// How a value halfway between two results is rounded.
    enum HalfRule: Hashable, Sendable {
        /// Away from zero (`0.125` to two decimals is `0.13`): ICU's `rounding-mode-half-up`.
        case awayFromZero
        /// To the even neighbour (`0.125` is `0.12`): ICU's default, `rounding-mode-half-even`.
        case toEven
    }

    /// The shortest decimal of `value`'s magnitude (the sign is dropped).
    ///
    /// - Precondition: `value` is finite.
    init(_ value: Double) {
        precondition(value.isFinite, "a finite value")
        // `description` is the shortest round-trip form: "0.145", "1e-09", "1.5e+16", "42.0".
        let text = value.magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        var exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        var digits: [UInt8] = []
        var seenPoint = false
        for character in parts[0].utf8 {
            if character == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                digits.append(character - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            }
        }
        while digits.first == 0 { digits.removeFirst() }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The value times `10^power`, exactly.
    func scaled(byPowerOfTen power: Int) -> ShortestDecimal {
        var scaled = self
        if !digits.isEmpty { scaled.exponent += power }
        return scaled
    }

    /// The value rounded to `maximumFractionDigits` decimals by `rule`, written with ASCII digits,
    /// no grouping and no trailing zeros beyond `minimumFractionDigits`: `(integer, fraction)`, the
    /// fraction without its point (empty when there are no decimals).
    ///
    /// - Complexity: O(*n*) in the number of digits written.
    func rounded(
        maximumFractionDigits: Int, minimumFractionDigits: Int = 0, rule: HalfRule
    ) -> (integer: String, fraction: String) {
        // The digits kept, as a count of units of 10^-maximumFractionDigits; `cut` digits are kept,
        // padded with zeros when the value has fewer decimals than that.
        let cut = digits.count + exponent + maximumFractionDigits
        var kept = Array(digits.prefix(max(0, cut)))
        if cut > digits.count { kept += repeatElement(0, count: cut - digits.count) }
        // The first digit dropped decides, the rest break a tie; below the cut by more than a digit,
        // the first dropped is a zero.
        if cut >= 0, cut < digits.count {
            let first = digits[cut]
            let rest = digits[(cut + 1)...].contains { $0 != 0 }
            let roundsUp: Bool
            switch (first, rule) {
            case (6..., _), (5, .awayFromZero): roundsUp = true
            case (5, .toEven): roundsUp = rest || (kept.last ?? 0) % 2 == 1
            default: roundsUp = false
            }
            if roundsUp { Self.increment(&kept) }
        }
        // Split units into integer and fraction digits.
        while kept.count <= maximumFractionDigits { kept.insert(0, at: 0) }
        let integerDigits = kept.prefix(kept.count - maximumFractionDigits)
        var fractionDigits = Array(kept.suffix(maximumFractionDigits))
        while fractionDigits.count > minimumFractionDigits, fractionDigits.last == 0 { fractionDigits.removeLast() }
        let integer = integerDigits.drop { $0 == 0 }
        return (
            integer.isEmpty ? "0" : String(decoding: integer.map { $0 + UInt8(ascii: "0") }, as: UTF8.self),
            String(decoding: fractionDigits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        )
    }

    /// Adds one to the last digit, carrying.
    private static func increment(_ digits: inout [UInt8]) {
        if digits.isEmpty { digits = [0] }
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
    }
}
