/// A strict JSON reader (RFC 8259) that reports the line and column of every value and of the
/// first error, which Foundation's `JSONSerialization` does not.
///
/// Numbers that overflow a `Double`, duplicate keys, invalid UTF-8 and nesting deeper than
/// ``maximumDepth`` are errors, never crashes.
package struct JSONReader {
    /// Why a text is not valid JSON, and where.
    package struct Error: Swift.Error, Hashable, Sendable {
        package var message: String
        package var position: TextPosition
    }

    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// A column counted once: the characters of the current line before `columnOffset`, so that
    /// the next position counts on from there instead of from the line's start (a long line of
    /// many values is read in linear time, not quadratic).
    private var columnOffset = 0
    private var columnCount = 0

    /// Reads a whole document.
    package static func read(_ bytes: [UInt8]) throws(Error) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3; reader.lineStart = 3 }
        if let bad = firstInvalidUTF8(bytes) {
            throw reader.error("the file is not valid UTF-8 (byte \(bad))", at: reader.position(ofOffset: bad))
        }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Error) -> JSONNode {
        let start = advancePosition()
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return JSONNode(value: .object(try object(depth: depth)), position: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return JSONNode(value: .array(try array(depth: depth)), position: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try number(), position: start)
        default:
            for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                return JSONNode(value: value, position: start)
            }
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func object(depth: Int) throws(Error) -> [JSONMember] {
        index += 1  // {
        var members: [JSONMember] = []
        // The keys seen, to find a duplicate in O(1) (a linear scan made large objects quadratic).
        var keys: Set<String> = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return members }
        while true {
            skipWhitespace()
            let keyPosition = advancePosition()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a key in double quotes")
            }
            let key = try string()
            guard keys.insert(key).inserted else {
                throw error("duplicate key '\(key)'", at: keyPosition)
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw error("unexpected \(describeCurrent()), expected ':' after the key '\(key)'")
            }
            skipWhitespace()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: try value(depth: depth + 1)))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return members }
            throw error("unexpected \(describeCurrent()), expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(Error) -> [JSONNode] {
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return elements }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return elements }
            throw error("unexpected \(describeCurrent()), expected ',' or ']' in an array")
        }
    }

    private mutating func string() throws(Error) -> String {
        let start = index
        index += 1  // "
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) { scalars += String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0..<0x20:
                throw error("a control character (U+\(hex(UInt32(byte)))) must be escaped in a string")
            default:
                index += 1
            }
        }
        throw error("unterminated string", at: position(ofOffset: start))
    }

    private mutating func escape() throws(Error) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes[index...].starts(with: "\\u".utf8) else {
                    throw error("unpaired surrogate \\u\(hex(high))")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate \\u\(hex(high))") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate \\u\(hex(high))") }
            return scalar
        default:
            index -= 1
            throw error("invalid escape '\\\(describeCurrent(quoted: false))' in a string")
        }
    }

    private mutating func hexQuad() throws(Error) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw error("expected four hexadecimal digits after '\\u'")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func number() throws(Error) -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number must not start with '0'") }
        } else {
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is out of range", at: position(ofOffset: start))
        }
        return .number(value, text: text)
    }

    // MARK: Scanning

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The current position; strings never span lines, so only whitespace moves `line`. Counts
    /// the characters from the last position asked for on this line (O(1) amortized: `index`
    /// only moves forward).
    private mutating func advancePosition() -> TextPosition {
        if columnOffset < lineStart || columnOffset > index { (columnOffset, columnCount) = (lineStart, 0) }
        columnCount += columnCount(from: columnOffset, to: index)
        columnOffset = index
        return TextPosition(line: line, column: columnCount + 1)
    }

    /// The current position, counted from the line's start (for errors, which end the read).
    private var currentPosition: TextPosition {
        TextPosition(line: line, column: columnCount(from: lineStart, to: index) + 1)
    }

    private func position(ofOffset offset: Int) -> TextPosition {
        var (line, start) = (1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { (line, start) = (line + 1, i + 1) }
        return TextPosition(line: line, column: columnCount(from: start, to: offset) + 1)
    }

    /// The number of characters (UTF-8 lead bytes) in `start..<end`.
    private func columnCount(from start: Int, to end: Int) -> Int {
        var count = 0
        for i in start..<min(end, bytes.count) where bytes[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private func describeCurrent(quoted: Bool = true) -> String {
        guard index < bytes.count else { return "end of file" }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[index..<end], as: UTF8.self)
        return quoted ? "'\(character)'" : character
    }

    private func error(_ message: String, at position: TextPosition? = nil) -> Error {
        Error(message: message, position: position ?? currentPosition)
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
