/// A decoded URL query string: ordered name–value pairs, from `a=1&b=%20x+y`.
///
/// Decoding follows the `application/x-www-form-urlencoded` rules of the WHATWG URL standard, but strictly:
/// the query splits at `&` (empty pieces are skipped), each piece at its first `=` (a piece without `=` has an
/// empty value), `+` becomes a space and `%XX` the byte `0xXX`, and the bytes of every name and value must then
/// be UTF-8 without control characters (U+0000–U+001F and U+007F; a value of one of
/// ``Limits/multilineParameters`` may hold tab, line feed and carriage return). Where WHATWG keeps a malformed `%` as it is and replaces bad UTF-8 with U+FFFD, this throws a
/// ``QueryStringError`` that says what is wrong and at which byte offset of the raw query. Names are
/// case-sensitive and may repeat.
public struct QueryString: Sendable, Hashable {
    /// One decoded `name=value` pair.
    public struct Parameter: Sendable, Hashable {
        /// The decoded name.
        public var name: String
        /// The decoded value (empty for a piece with no `=`).
        public var value: String

        /// A parameter with the given name and value.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - value: The value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The parameters in the order they appear.
    public var parameters: [Parameter]

    /// A query string holding these parameters.
    ///
    /// - Parameter parameters: The parameters, in order.
    public init(parameters: [Parameter] = []) {
        self.parameters = parameters
    }

    /// Decodes a raw query (the part of a target after `?`, e.g. ``HTTPRequest/query``).
    ///
    /// - Parameters:
    ///   - raw: The raw query, without the `?`.
    ///   - limits: The largest query accepted.
    /// - Throws: ``QueryStringError``: a bad `%` escape, invalid UTF-8 or a control character after decoding
    ///   (naming the parameter), a query longer than
    ///   `limits.maximumLength` bytes or with more than `limits.maximumParameterCount` parameters.
    /// - Complexity: O(*n*) in the raw query's length.
    public init(decoding raw: String, limits: Limits = .default) throws(QueryStringError) {
        try self.init(decodingBytes: Array(raw.utf8), limits: limits)
    }

    /// Decodes a raw query given as bytes, which need not be UTF-8 (invalid bytes are reported, not repaired).
    ///
    /// - Parameters:
    ///   - bytes: The raw query, without the `?`.
    ///   - limits: The largest query accepted.
    /// - Throws: ``QueryStringError``, as ``init(decoding:limits:)``.
    /// - Complexity: O(*n*) in the number of bytes.
    public init(decodingBytes bytes: [UInt8], limits: Limits = .default) throws(QueryStringError) {
        guard bytes.count <= limits.maximumLength else {
            throw QueryStringError(
                kind: .tooLong(length: bytes.count, limit: limits.maximumLength), offset: limits.maximumLength)
        }
        var parameters: [Parameter] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                guard parameters.count < limits.maximumParameterCount else {
                    throw QueryStringError(
                        kind: .tooManyParameters(limit: limits.maximumParameterCount), offset: start)
                }
                var equals = start
                while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try Self.decodeComponent(bytes, start..<equals, of: nil, allowing: [])
                let allowed = limits.multilineParameters.contains(name) ? Self.lineWhitespace : []
                let value =
                    equals < end ? try Self.decodeComponent(bytes, (equals + 1)..<end, of: name, allowing: allowed) : ""
                parameters.append(Parameter(name: name, value: value))
            }
            start = end + 1
        }
        self.parameters = parameters
    }

    /// The value of the first parameter with this name, or nil.
    ///
    /// - Parameter name: The decoded name, compared exactly.
    /// - Complexity: O(*n*) in the number of parameters.
    public subscript(name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The values of every parameter with this name, in order.
    ///
    /// - Parameter name: The decoded name, compared exactly.
    /// - Returns: The values; empty when the name does not occur.
    /// - Complexity: O(*n*) in the number of parameters.
    public func values(named name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    /// Tab, line feed and carriage return: the control characters a multi-line parameter may hold.
    static let lineWhitespace: Set<UInt8> = [0x09, 0x0A, 0x0D]

    /// Decodes `+` and `%XX` in `bytes[range]` and checks the result is UTF-8 without control characters
    /// (U+0000–U+001F, U+007F) other than `allowed`.
    ///
    /// - Parameters:
    ///   - parameter: The decoded name when `range` is its value; nil when `range` is a name.
    static func decodeComponent(
        _ bytes: [UInt8], _ range: Range<Int>, of parameter: String?, allowing allowed: Set<UInt8>
    ) throws(QueryStringError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(0x20)
                index += 1
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = ASCII.hexValue(bytes[index + 1]),
                    let low = ASCII.hexValue(bytes[index + 2])
                else {
                    let shown = bytes[index..<min(index + 3, range.upperBound)]
                    throw QueryStringError(
                        kind: .badPercentEscape(String(decoding: shown, as: UTF8.self)), offset: index)
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: decoded) {
            throw QueryStringError(
                kind: .invalidUTF8(byte: decoded[bad]), offset: rawOffset(of: bad, in: bytes, range))
        }
        if let bad = decoded.firstIndex(where: { ($0 < 0x20 || $0 == 0x7F) && !allowed.contains($0) }) {
            let name = parameter ?? String(decoding: decoded, as: UTF8.self)
            throw QueryStringError(
                kind: .controlCharacter(parameter: name, inName: parameter == nil, byte: decoded[bad]),
                offset: rawOffset(of: bad, in: bytes, range))
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The offset in the raw bytes of the escape or byte that decoded to byte `decodedIndex` of `range`.
    static func rawOffset(of decodedIndex: Int, in bytes: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound
        var produced = 0
        while index < range.upperBound, produced < decodedIndex {
            index += bytes[index] == UInt8(ascii: "%") ? 3 : 1
            produced += 1
        }
        return index
    }
}
