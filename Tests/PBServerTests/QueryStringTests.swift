import PBServer
import Testing

@Suite("QueryString")
struct QueryStringTests {
    typealias Parameter = QueryString.Parameter

    static func pairs(_ raw: String) throws -> [String] {
        try QueryString(decoding: raw).parameters.map { "\($0.name)=\($0.value)" }
    }

    @Test("Decodes %XX and + in names and values, in order, keeping repeats")
    func decodes() throws {
        let query = try QueryString(decoding: "a=1&b=%20x+y&a=2&na%6De=%E2%9C%93&c=d=e")
        #expect(
            query.parameters == [
                Parameter(name: "a", value: "1"), Parameter(name: "b", value: " x y"),
                Parameter(name: "a", value: "2"), Parameter(name: "name", value: "✓"),
                Parameter(name: "c", value: "d=e"),
            ])
        #expect(query["a"] == "1")
        #expect(query.values(named: "a") == ["1", "2"])
        #expect(query["missing"] == nil)
        #expect(query.values(named: "missing") == [])
    }

    @Test(
        "Edge cases: empty pieces are skipped, no = means an empty value, %2B is a plus, hex is any case",
        arguments: [
            ("", [String]()), ("&&", []), ("a", ["a="]), ("a=", ["a="]), ("=x", ["=x"]), ("=", ["="]),
            ("&a=1&&b&", ["a=1", "b="]), ("p=%2B%2b+", ["p=++ "]), ("x=%25", ["x=%"]), ("x=%3d", ["x=="]),
            ("x=%26&y", ["x=&", "y="]), ("s=%F0%9F%98%80", ["s=😀"]), ("t=%C2%80%20~", ["t=\u{80} ~"]),
            ("raw=é", ["raw=é"]),
        ])
    func edgeCases(raw: String, expected: [String]) throws {
        #expect(try Self.pairs(raw) == expected)
    }

    @Test(
        "A bad % escape is an error at the %'s offset, quoting the escape",
        arguments: [
            ("a=%G1", 2, "%G1"), ("a=%1", 2, "%1"), ("a=%", 2, "%"), ("abc=1&x%zz=2", 7, "%zz"),
            ("a=%2&b=1", 2, "%2"), ("a=%%41", 2, "%%4"), ("a=1%", 3, "%"),
        ])
    func badEscape(raw: String, offset: Int, shown: String) {
        #expect(throws: QueryStringError(kind: .badPercentEscape(shown), offset: offset)) {
            try QueryString(decoding: raw)
        }
    }

    @Test(
        "Invalid UTF-8 after decoding is an error at the offset of the escape that begins the bad sequence",
        arguments: [
            ("a=%C3%28", 2, 0xC3),  // a lead byte followed by ASCII
            ("a=%E2%82", 2, 0xE2),  // truncated three-byte sequence
            ("a=%ED%A0%80", 2, 0xED),  // surrogate U+D800
            ("a=%F4%90%80%80", 2, 0xF4),  // U+110000, above the last code point
            ("a=%C0%AF", 2, 0xC0),  // overlong "/"
            ("a=%E0%80%AF", 2, 0xE0),  // overlong three-byte "/"
            ("a=%80", 2, 0x80),  // stray continuation byte
            ("a=x%FF", 3, 0xFF),  // never valid
            ("k=ok&%C3%A9t%E9=1", 12, 0xE9),  // "ét" then a lone Latin-1 é, in a name
            ("a=%E2%9C%93%E2", 11, 0xE2),  // a valid ✓, then a truncated sequence
        ])
    func invalidUTF8(raw: String, offset: Int, byte: UInt8) {
        #expect(throws: QueryStringError(kind: .invalidUTF8(byte: byte), offset: offset)) {
            try QueryString(decoding: raw)
        }
    }

    @Test(
        "A control character in a value is an error naming the parameter, at the offset of its escape or byte",
        arguments: [
            ("progress=0.5%00abc", "progress", 12, 0x00),  // would read as 0.5 where a C string ends at the NUL
            ("progress=0.5%001", "progress", 12, 0x00),
            ("a=1&label=x%09y", "label", 11, 0x09),  // a tab: labels and titles are one line of text
            ("title=%0A", "title", 6, 0x0A), ("v=%0D", "v", 2, 0x0D), ("v=%1F", "v", 2, 0x1F),
            ("v=%7F", "v", 2, 0x7F), ("v=x+%1B[0m", "v", 4, 0x1B),
        ])
    func controlCharacterInValue(raw: String, name: String, offset: Int, byte: UInt8) {
        #expect(
            throws: QueryStringError(
                kind: .controlCharacter(parameter: name, inName: false, byte: byte), offset: offset)
        ) {
            try QueryString(decoding: raw)
        }
    }

    @Test("Raw control bytes are errors too; so is a control character in a name")
    func controlCharacterRawAndInName() {
        #expect(throws: QueryStringError(kind: .controlCharacter(parameter: "p", inName: false, byte: 0), offset: 5)) {
            try QueryString(decodingBytes: Array("p=0.5".utf8) + [0x00] + Array("1".utf8))
        }
        #expect(
            throws: QueryStringError(kind: .controlCharacter(parameter: "a\u{0}b", inName: true, byte: 0), offset: 1)
        ) {
            try QueryString(decoding: "a%00b=1")
        }
        #expect(
            QueryStringError(kind: .controlCharacter(parameter: "progress", inName: false, byte: 0), offset: 12)
                .description
                == "parameter 'progress' holds the control character U+0000 at offset 12 of the query; values are "
                + "text without control characters")
        #expect(
            QueryStringError(kind: .controlCharacter(parameter: "a\u{1}", inName: true, byte: 1), offset: 1)
                .description
                == "a parameter name holds the control character U+0001 at offset 1 of the query; values are text "
                + "without control characters")
    }

    @Test("A multi-line parameter may hold tab, line feed and carriage return, and no other control character")
    func multilineParameters() throws {
        let limits = QueryString.Limits(multilineParameters: ["curve"])
        let query = try QueryString(decoding: "curve=%7B%0D%0A%09%22v%22%3A1%7D&x=1", limits: limits)
        #expect(query["curve"] == "{\r\n\t\"v\":1}")
        #expect(
            throws: QueryStringError(kind: .controlCharacter(parameter: "curve", inName: false, byte: 0), offset: 7)
        ) {
            try QueryString(decoding: "curve=x%00", limits: limits)
        }
        #expect(
            throws: QueryStringError(kind: .controlCharacter(parameter: "x", inName: false, byte: 0x0A), offset: 10)
        ) {
            try QueryString(decoding: "curve=1&x=%0A", limits: limits)
        }
    }

    @Test("Raw bytes that are not UTF-8 are reported at their own offset")
    func rawInvalidBytes() {
        #expect(throws: QueryStringError(kind: .invalidUTF8(byte: 0xFF), offset: 4)) {
            try QueryString(decodingBytes: Array("ab=c".utf8) + [0xFF])
        }
    }

    @Test("Limits on length and on the number of parameters")
    func limits() throws {
        let limits = QueryString.Limits(maximumLength: 10, maximumParameterCount: 2)
        #expect(try QueryString(decoding: "a=1&b=2&&&", limits: limits).parameters.count == 2)
        #expect(throws: QueryStringError(kind: .tooLong(length: 11, limit: 10), offset: 10)) {
            try QueryString(decoding: "a=1&b=2&c=3", limits: limits)
        }
        #expect(throws: QueryStringError(kind: .tooManyParameters(limit: 2), offset: 8)) {
            try QueryString(decoding: "a=1&b=2&c", limits: limits)
        }
        #expect(QueryString.Limits.default == QueryString.Limits(maximumLength: 8192, maximumParameterCount: 100))
    }

    @Test("Error messages say what is wrong and where")
    func messages() {
        #expect(
            QueryStringError(kind: .badPercentEscape("%G1"), offset: 7).description
                == "bad percent escape \"%G1\" at offset 7 of the query: \"%\" must be followed by two hexadecimal digits"
        )
        #expect(
            QueryStringError(kind: .invalidUTF8(byte: 0xC3), offset: 2).description
                == "invalid UTF-8 at offset 2 of the query: byte 0xC3 does not begin a well-formed UTF-8 sequence")
        #expect(
            QueryStringError(kind: .tooLong(length: 9000, limit: 8192), offset: 8192).description
                == "the query is 9000 bytes long; the limit is 8192")
        #expect(
            QueryStringError(kind: .tooManyParameters(limit: 100), offset: 812).description
                == "the query has more than 100 parameters (the next one starts at offset 812)")
    }

    @Test("Short byte sequences decode exactly when the standard library's UTF-8 validation accepts them")
    func agreesWithTheStandardLibrary() throws {
        for first in 0x80...0xFF {
            for second in [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                for third in [0x80, 0xBF, 0x41] {
                    let bytes = [UInt8(first), UInt8(second), UInt8(third), 0x80, 0x80]
                    for length in 1...bytes.count {
                        let slice = Array(bytes.prefix(length))
                        let raw =
                            "v="
                            + slice.map { ($0 < 16 ? "%0" : "%") + String($0, radix: 16, uppercase: true) }.joined()
                        let valid = String(validating: slice, as: UTF8.self) != nil
                        let decoded = try? QueryString(decoding: raw)
                        #expect((decoded != nil) == valid, "\(raw)")
                        if let decoded { #expect(Array(decoded["v"]?.utf8 ?? "".utf8) == slice) }
                    }
                }
            }
        }
    }
}
