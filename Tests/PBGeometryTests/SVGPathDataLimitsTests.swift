import PBGeometry
import Testing

/// Path data beyond the limits is refused at the first byte past them, with a message that
/// names the limit; data at the limits is read.
@Suite("SVG path data: limits")
struct SVGPathDataLimitsTests {
    /// `count` subpaths of one line each: `M x y l 1 1` repeated.
    static func subpaths(_ count: Int) -> String {
        (0..<count).map { "M\($0 % 100) 0l1 1" }.joined(separator: " ")
    }

    /// One subpath of `count` lines.
    static func lines(_ count: Int) -> String {
        "M0 0" + String(repeating: " l1 1", count: count)
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let limits = SVGPathDataLimits.default
        #expect(limits.maximumLength == 4_194_304)
        #expect(limits.maximumSegmentCount == 100_000)
        #expect(limits.maximumSubpathCount == 10_000)
    }

    @Test func lengthAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let limits = SVGPathDataLimits(maximumLength: 16)
        let data = "M 0 0 L 10 10 Z "  // 16 bytes
        #expect(data.utf8.count == 16)
        #expect(try Path(svgPathData: data, limits: limits).elements.count == 3)
        #expect(throws: SVGPathParseError(kind: .dataTooLong(length: 17, limit: 16), offset: 16, line: 1, column: 17)) {
            try Path(svgPathData: data + " ", limits: limits)
        }
    }

    @Test func theDefaultLengthLimit() throws {
        let padding = String(repeating: " ", count: 4_194_304 - 8)
        let data = "M0 0L1 1" + padding
        #expect(try Path(svgPathData: data).elements.count == 2)
        let error = try #require(throws: SVGPathParseError.self) { try Path(svgPathData: data + " ") }
        #expect(error.kind == .dataTooLong(length: 4_194_305, limit: 4_194_304))
        #expect(
            error.description.hasPrefix("the path data is 4194305 bytes long, more than the limit of 4194304 bytes"))
    }

    @Test func segmentsAtTheLimitAreReadAndOneMoreIsNot() throws {
        let path = try Path(svgPathData: Self.lines(100_000))
        #expect(path.elements.count == 100_001)
        let error = try #require(throws: SVGPathParseError.self) { try Path(svgPathData: Self.lines(100_001)) }
        #expect(error.kind == .tooManySegments(limit: 100_000))
        // At the arguments of the 100,001st line: after "M0 0" and 100,000 " l1 1", and "l".
        #expect(error.offset == 4 + 5 * 100_000 + 2)
        #expect(error.description.hasPrefix("the path has more than 100000 segments, the limit at offset"))
    }

    @Test func subpathsAtTheLimitAreReadAndOneMoreIsNot() throws {
        #expect(try Path(svgPathData: Self.subpaths(10_000)).subpaths.count == 10_000)
        let error = try #require(throws: SVGPathParseError.self) { try Path(svgPathData: Self.subpaths(10_001)) }
        #expect(error.kind == .tooManySubpaths(limit: 10_000))
        #expect(error.description.hasPrefix("the path has more than 10000 subpaths, the limit"))
    }

    /// A segment after a close starts a subpath without a move: it counts.
    @Test func subpathsStartedAfterACloseCount() throws {
        let limits = SVGPathDataLimits(maximumSubpathCount: 2)
        #expect(try Path(svgPathData: "M0 0 L1 1 Z L2 2", limits: limits).subpaths.count == 2)
        #expect(throws: SVGPathParseError(kind: .tooManySubpaths(limit: 2), offset: 20, line: 1, column: 21)) {
            try Path(svgPathData: "M0 0 L1 1 Z L2 2 Z L3 3", limits: limits)
        }
    }

    /// Closing lines and each set of a repeated command count as segments.
    @Test func closesAndRepeatsCount() throws {
        let limits = SVGPathDataLimits(maximumSegmentCount: 3)
        #expect(try Path(svgPathData: "M0 0 L1 1 2 2 Z", limits: limits).elements.count == 4)
        #expect(try Path(svgPathData: "M0 0 L1 1 2 2 3 3", limits: limits).elements.count == 4)
        #expect(throws: SVGPathParseError(kind: .tooManySegments(limit: 3), offset: 18, line: 1, column: 19)) {
            try Path(svgPathData: "M0 0 L1 1 2 2 3 3 4 4", limits: limits)
        }
        #expect(throws: SVGPathParseError(kind: .tooManySegments(limit: 3), offset: 17, line: 1, column: 18)) {
            try Path(svgPathData: "M0 0 L1 1 2 2 Z L3 3", limits: limits)
        }
    }

    @Test func unlimitedReadsMore() throws {
        #expect(try Path(svgPathData: Self.subpaths(10_001), limits: .unlimited).subpaths.count == 10_001)
    }
}
