import Foundation
import PBTestSupport
import Testing

@testable import PBCommandLine
@testable import PBJob

/// The JSON reader's limits and its cost: nesting is bounded, and a long line of values or a
/// large object is read in linear time (each value's column is counted on from the last, and
/// duplicate keys are found in a set, where rescanning the line and the keys made 100,000 dash
/// lengths take 8 s).
@Suite struct JSONReaderLimitTests {
    private func read(_ text: String) throws(JSONReader.Error) -> JSONNode {
        try JSONReader.read(Array(text.utf8))
    }

    @Test func nestingAtTheLimitIsReadAndOneLevelMoreIsNot() throws {
        let depth = JSONReader.maximumDepth
        #expect(depth == 256)
        _ = try read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        let error = try #require(throws: JSONReader.Error.self) {
            try read(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
        }
        #expect(error.message == "nesting deeper than 256 levels")
        #expect(error.position == TextPosition(line: 1, column: depth + 1))
    }

    /// Columns counted on along one line are those counted from its start, characters not bytes.
    @Test func columnsOnALongLineAndTheNext() throws {
        let count = 1000
        let text = "[\"é\", " + Array(repeating: "10", count: count).joined(separator: ", ") + ",\n 7]"
        guard case .array(let elements) = try read(text).value else {
            Issue.record("not an array")
            return
        }
        #expect(elements[0].position == TextPosition(line: 1, column: 2))
        for i in 0..<count {
            // `["é", ` is 6 characters; each `10, ` 4 more.
            #expect(elements[1 + i].position == TextPosition(line: 1, column: 7 + 4 * i))
        }
        #expect(elements[count + 1].position == TextPosition(line: 2, column: 2))
    }

    /// A million dash lengths on one line (the issue's case, 10 times over), then a hundred
    /// thousand keys: each well under a few seconds even in a debug build; quadratic, the first
    /// would rescan 10^12 bytes.
    @Test(.disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
    func aMillionValuesOnOneLineInLinearTime() throws {
        let values = Array(repeating: "0.5", count: 1_000_000).joined(separator: ",")
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            guard case .object(let members) = try read("{\"dash\": [\(values)]}").value,
                case .array(let elements) = members[0].value.value
            else {
                Issue.record("not an object with an array")
                return
            }
            #expect(elements.count == 1_000_000)
            #expect(elements[999_999].position == TextPosition(line: 1, column: 11 + 4 * 999_999))
        }
        #expect(elapsed < .seconds(20))
    }

    @Test(.disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
    func aHundredThousandKeysAndADuplicateAtTheEnd() throws {
        let members = (0..<100_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            guard case .object(let read) = try read("{\(members)}").value else {
                Issue.record("not an object")
                return
            }
            #expect(read.count == 100_000)
        }
        #expect(elapsed < .seconds(20))
        let error = try #require(throws: JSONReader.Error.self) { try read("{\(members), \"k5\": 1}") }
        #expect(error.message == "duplicate key 'k5'")
    }
}
