/// Byte-level helpers for the ASCII parts of HTTP: case folding, hexadecimal digits.
enum ASCII {
    /// `byte` with `A`–`Z` mapped to `a`–`z`; every other byte unchanged.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `a` and `b` are equal when ASCII letters are compared without case (RFC 9110 field names).
    ///
    /// - Complexity: O(*n*) in the shorter string's UTF-8 length.
    static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case let (x?, y?) where lowercased(x) == lowercased(y): continue
            default: return false
            }
        }
    }

    /// The value of a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The lower-case hexadecimal digit for a value 0–15.
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
