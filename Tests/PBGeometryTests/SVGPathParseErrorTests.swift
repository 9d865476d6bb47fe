import PBGeometry
import Testing

/// Malformed path data: what went wrong and exactly where (byte offset, line, column).
@Suite("SVG path data: errors")
struct SVGPathParseErrorTests {
    typealias Kind = SVGPathParseError.Kind

    /// Malformed data, the error's kind, and its offset (UTF-8 bytes, 0-based), line and column
    /// (1-based), counted by hand.
    static let malformedCases: [(data: String, kind: Kind, offset: Int, line: Int, column: Int)] = [
        ("L 10 10", .missingMoveTo(found: "L"), 0, 1, 1),
        ("10 10", .missingMoveTo(found: "1"), 0, 1, 1),
        ("  \n x", .missingMoveTo(found: "x"), 4, 2, 2),
        ("é", .missingMoveTo(found: "é"), 0, 1, 1),
        ("m", .expectedNumber(command: "m"), 1, 1, 2),
        ("M 10", .expectedNumber(command: "M"), 4, 1, 5),
        ("M 10 10 L 20", .expectedNumber(command: "L"), 12, 1, 13),
        ("M 10 10 L 20 Z", .expectedNumber(command: "L"), 13, 1, 14),
        ("M 0 0 L 1 2,", .expectedNumber(command: "L"), 12, 1, 13),  // a trailing comma
        ("M 0 0 L ,1 2", .expectedNumber(command: "L"), 8, 1, 9),  // a comma before the first argument
        ("M 0 0 L 1,,2", .expectedNumber(command: "L"), 10, 1, 11),  // two commas
        ("M 0 0 L 1 2 3", .expectedNumber(command: "L"), 13, 1, 14),  // an odd number of coordinates
        ("M 0 0 L . 5", .expectedNumber(command: "L"), 8, 1, 9),
        ("M 0 0 L - 5", .expectedNumber(command: "L"), 8, 1, 9),
        ("M 0 0 L 1e5e5 0", .expectedNumber(command: "L"), 11, 1, 12),
        ("M 0 0 c 1 2 3 4 5", .expectedNumber(command: "c"), 17, 1, 18),
        ("M 0 0 A 10 10 0 1 1", .expectedNumber(command: "A"), 19, 1, 20),
        ("M 10 10 X 20", .unexpectedCharacter("X"), 8, 1, 9),
        ("M 0 0 Z 5 5", .unexpectedCharacter("5"), 8, 1, 9),
        ("M 0 0 L1 2 #", .unexpectedCharacter("#"), 11, 1, 12),
        ("M 0 0 L 1 2 é", .unexpectedCharacter("é"), 12, 1, 13),
        ("M 0 0 L é", .expectedNumber(command: "L"), 8, 1, 9),
        ("M 0 0\n  😀 L 1 1", .unexpectedCharacter("😀"), 8, 2, 3),
        ("M 0 0 L 1e 5", .missingExponentDigits, 9, 1, 10),
        ("M 0 0 L 1e+ 5", .missingExponentDigits, 9, 1, 10),
        ("M 0 0 L 1E", .missingExponentDigits, 9, 1, 10),
        ("M 1e400 0", .numberOutOfRange, 2, 1, 3),
        ("M 0 -1e999999999", .numberOutOfRange, 4, 1, 5),
        // Numbers in range that make a point out of range (found by fuzzing): relative
        // coordinates, and control points reflected through the current point.
        ("M 1e308 0 l 1e308 0", .pointOutOfRange, 12, 1, 13),
        ("M 1e308 1 h 1e308", .pointOutOfRange, 12, 1, 13),
        ("M 0 1e308 v 1e308", .pointOutOfRange, 12, 1, 13),
        ("M 0 0 a 1 1 0 0 0 -1e308 0 l 1 1 a 1 1 0 0 0 -1e308 0", .pointOutOfRange, 35, 1, 36),
        ("M 0 0 C 0 0 0 -1e308 0 1e308 S 1 1 2 2", .pointOutOfRange, 31, 1, 32),
        ("M1 0T4 0Q1 1 2-1e308T4 0", .pointOutOfRange, 21, 1, 22),
        ("M 0 0 l 1e308 0 1e308 0", .pointOutOfRange, 16, 1, 17),
        ("M 0 0 A 10 10 0 2 1 5 5", .expectedFlag(command: "A"), 16, 1, 17),
        ("M 0 0 a 10 10 0 1", .expectedFlag(command: "a"), 17, 1, 18),
        ("M 0 0 a 10 10 0 1 -1 5 5", .expectedFlag(command: "a"), 18, 1, 19),
        ("M 0 0 A 10 10 0 1,,0 5 5", .expectedFlag(command: "A"), 18, 1, 19),
        // Several lines: LF, CR LF and a lone CR each end a line.
        ("M 0 0\nL 10 10\nL 20 x", .expectedNumber(command: "L"), 19, 3, 6),
        ("M 0 0\r\nL 10 10\r\nQ 1", .expectedNumber(command: "Q"), 19, 3, 4),
        ("M 0 0\rL 1 1\r?", .unexpectedCharacter("?"), 12, 3, 1),
        ("M 0 0\n\n\nL 1 1\n\tH", .expectedNumber(command: "H"), 16, 5, 3),
        ("M 0 0\r\n\r\nZ\n  W", .unexpectedCharacter("W"), 13, 4, 3),
    ]

    @Test("Malformed data reports the first error with its kind and location", arguments: malformedCases)
    func malformed(data: String, kind: Kind, offset: Int, line: Int, column: Int) throws {
        let error = try #require(throws: SVGPathParseError.self) { try Path(svgPathData: data) }
        #expect(error.kind == kind)
        #expect(error.offset == offset)
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error == SVGPathParseError(kind: kind, offset: offset, line: line, column: column))
    }

    @Test("Each error reads as one sentence that says what and where")
    func descriptions() throws {
        let error = try #require(throws: SVGPathParseError.self) { try Path(svgPathData: "M 10 10 L 20") }
        #expect(error.description == "expected a number for the 'L' command at offset 12 (line 1, column 13)")
        let missing = SVGPathParseError(kind: .missingMoveTo(found: "\0"), offset: 0, line: 1, column: 1)
        #expect(missing.reason.contains("the end of the data"))
        for (data, _, _, _, _) in Self.malformedCases {
            do {
                let path = try Path(svgPathData: data)
                Issue.record("\(data) read as \(path.svgPathData)")
            } catch {
                #expect(
                    error.description
                        == "\(error.reason) at offset \(error.offset) (line \(error.line), column \(error.column))")
                #expect(!error.reason.isEmpty)
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
