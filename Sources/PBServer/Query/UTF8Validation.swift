/// Finds the first byte of bytes that are not well-formed UTF-8.
enum UTF8Validation {
    /// The index of the first byte that does not begin a well-formed UTF-8 sequence, or nil when all of
    /// `bytes` is UTF-8.
    ///
    /// Well-formed means Table 3-7 of the Unicode Standard (§3.9): no stray continuation bytes, no truncated
    /// sequences, no overlong forms (C0, C1, E0 80–9F, F0 80–8F), no surrogates (ED A0–BF), nothing above
    /// U+10FFFF (F4 90–BF, F5–FF).
    ///
    /// - Complexity: O(*n*).
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            default: return index
            }
            guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return index }
            for continuation in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[continuation]) {
                return index
            }
            index += length
        }
        return nil
    }
}
