import Testing

@testable import PBCommandLine
@testable import PBJob

@Suite struct JSONReaderTests {
    private func read(_ text: String) throws(JSONReader.Error) -> JSONNode {
        try JSONReader.read(Array(text.utf8))
    }

    @Test func readsNestedValuesWithPositions() throws {
        let root = try read("{\n  \"a\": [1, -2.5e3, true, null],\n  \"b\": \"x\\u00e9\\n\"\n}")
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyPosition == TextPosition(line: 2, column: 3))
        #expect(members[0].value.position == TextPosition(line: 2, column: 8))
        guard case .array(let elements) = members[0].value.value else { Issue.record("not an array"); return }
        guard case .number(let value, let text) = elements[1].value else { Issue.record("not a number"); return }
        #expect(value == -2500 && text == "-2.5e3")
        #expect(elements[1].position == TextPosition(line: 2, column: 12))
        guard case .string(let string) = members[1].value.value else { Issue.record("not a string"); return }
        #expect(string == "xé\n")
    }

    @Test func readsSurrogatePairs() throws {
        guard case .string(let string) = try read("\"\\ud83d\\ude00\"").value else {
            Issue.record("not a string")
            return
        }
        #expect(string == "😀")
    }

    @Test(arguments: [
        ("", "unexpected end of file, expected a value", 1, 1),
        ("{\"a\": 1,}", "unexpected '}', expected a key in double quotes", 1, 9),
        ("{\"a\" 1}", "unexpected '1', expected ':' after the key 'a'", 1, 6),
        ("[1 2]", "unexpected '2', expected ',' or ']' in an array", 1, 4),
        ("{\"a\": 1, \"a\": 2}", "duplicate key 'a'", 1, 10),
        ("\n  \"abc", "unterminated string", 2, 3),
        ("\"a\tb\"", "a control character (U+0009) must be escaped in a string", 1, 3),
        ("\"\\x\"", "invalid escape '\\x' in a string", 1, 3),
        ("\"\\ud800\"", "unpaired surrogate \\uD800", 1, 8),
        ("01", "a number must not start with '0'", 1, 2),
        ("1.", "expected a digit after '.'", 1, 3),
        ("-", "expected a digit in the number", 1, 2),
        ("1e+", "expected a digit in the exponent", 1, 4),
        ("[1e400]", "the number 1e400 is out of range", 1, 2),
        ("{} x", "unexpected 'x' after the JSON value", 1, 4),
        ("tru", "unexpected 't', expected a value", 1, 1),
        ("NaN", "unexpected 'N', expected a value", 1, 1),
        ("[\"é\", ?]", "unexpected '?', expected a value", 1, 7),
    ])
    func reportsErrorsWithPositions(text: String, message: String, line: Int, column: Int) {
        #expect(throws: JSONReader.Error(message: message, position: TextPosition(line: line, column: column))) {
            try read(text)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(
            throws: JSONReader.Error(
                message: "the file is not valid UTF-8 (byte 7)", position: .init(line: 1, column: 8))
        ) {
            try JSONReader.read(Array("{\"a\": \"".utf8) + [0xFF] + Array("\"}".utf8))
        }
    }

    @Test func refusesDeepNestingInsteadOfCrashing() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReader.Error.self) { try read(deep) }
    }
}
