/// Why a query string could not be decoded, and where.
public struct QueryStringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// A `%` not followed by two hexadecimal digits; the associated text is the `%` and up to two bytes after
        /// it, e.g. `%G1` or `%2`.
        case badPercentEscape(String)
        /// After decoding, the byte shown does not begin a well-formed UTF-8 sequence (a stray continuation byte,
        /// a truncated, overlong or surrogate sequence, or a code point above U+10FFFF).
        case invalidUTF8(byte: UInt8)
        /// The raw query is longer than the limit, in bytes.
        case tooLong(length: Int, limit: Int)
        /// The query has more parameters than the limit.
        case tooManyParameters(limit: Int)
        /// After decoding, a name (`inName`) or the value of `parameter` holds a control character (U+0000–U+001F
        /// or U+007F) it may not; `parameter` is the name itself, decoded, when `inName`.
        case controlCharacter(parameter: String, inName: Bool, byte: UInt8)
    }

    /// What is wrong.
    public var kind: Kind
    /// The byte offset into the raw query (after the `?`): of the bad `%`, of the escape or byte that begins the
    /// invalid UTF-8 or is the control character, of the first parameter over the count limit, or the length limit itself.
    public var offset: Int

    /// An error of this kind at this offset.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - offset: The byte offset into the raw query.
    public init(kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The problem in one line, e.g. `bad percent escape "%G1" at offset 7 of the query: "%" must be followed by
    /// two hexadecimal digits`.
    public var description: String {
        switch kind {
        case .badPercentEscape(let text):
            "bad percent escape \"\(text)\" at offset \(offset) of the query: \"%\" must be followed by two "
                + "hexadecimal digits"
        case .invalidUTF8(let byte):
            "invalid UTF-8 at offset \(offset) of the query: byte 0x\(hex(byte)) does not begin a well-formed "
                + "UTF-8 sequence"
        case .tooLong(let length, let limit):
            "the query is \(length) bytes long; the limit is \(limit)"
        case .tooManyParameters(let limit):
            "the query has more than \(limit) parameters (the next one starts at offset \(offset))"
        case .controlCharacter(let parameter, let inName, let byte):
            (inName ? "a parameter name" : "parameter '\(parameter)'")
                + " holds the control character U+00\(hex(byte)) at offset \(offset) of the query; values are "
                + "text without control characters"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        String(decoding: [ASCII.hexDigit(byte >> 4), ASCII.hexDigit(byte & 0xF)], as: UTF8.self).uppercased()
    }
}
