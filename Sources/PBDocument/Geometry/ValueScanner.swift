/// Reads the small grammars of SVG attribute values (numbers, lengths, lists, transform
/// functions) from UTF-8 bytes, as SVG's `number` production writes them: an optional sign,
/// digits with an optional fraction, an optional exponent (`-1.5e3`, `.5`, `5.`); numbers may run
/// together where the grammar allows (`1-2`, `.5.5`).
struct ValueScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    mutating func skipSpaces() {
        while let byte = current, Self.isSpace(byte) { index += 1 }
    }

    /// Skips white space, at most one comma, and white space again.
    mutating func skipSeparator() {
        skipSpaces()
        if current == UInt8(ascii: ",") {
            index += 1
            skipSpaces()
        }
    }

    /// Reads a number at the current index, or returns `nil` (leaving the index) when there is
    /// none or it overflows a `Double`.
    mutating func number() -> Double? {
        let start = index
        var end = index
        func digits() -> Int {
            let first = end
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
            return end - first
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
        var count = digits()
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            var exponentEnd = end + 1
            if exponentEnd < bytes.count,
                bytes[exponentEnd] == UInt8(ascii: "+") || bytes[exponentEnd] == UInt8(ascii: "-")
            {
                exponentEnd += 1
            }
            let digitsStart = exponentEnd
            while exponentEnd < bytes.count, bytes[exponentEnd] >= 0x30, bytes[exponentEnd] <= 0x39 { exponentEnd += 1 }
            // `1em` is a number and a unit, not an exponent.
            if exponentEnd > digitsStart { end = exponentEnd }
        }
        guard let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), value.isFinite else {
            return nil
        }
        index = end
        return value
    }

    /// Reads an identifier-like run of letters and `%` (a unit).
    mutating func unit() -> String {
        let start = index
        while let byte = current,
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "%")
        {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads a list of numbers separated by white space and/or one comma each (`points`,
    /// `viewBox`), or `nil` when something else is found.
    mutating func numberList() -> [Double]? {
        var values: [Double] = []
        skipSpaces()
        while !isAtEnd {
            guard let value = number() else { return nil }
            values.append(value)
            skipSeparator()
        }
        // A trailing comma is not allowed.
        if let last = bytes.last(where: { !Self.isSpace($0) }), last == UInt8(ascii: ",") { return nil }
        return values
    }
}
