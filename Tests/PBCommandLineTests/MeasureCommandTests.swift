import Foundation
import Testing

@Suite struct MeasureCommandTests {
    /// A 3-4-5 triangle: lengths and points are exact by hand.
    static let triangle = ["--path-data", "M 0 0 L 30 0 L 30 40 Z"]

    @Test func printsLengthsAndLocationsAsText() {
        let result = runTool(["measure"] + Self.triangle + ["--at", "0.25", "--at", "0.5", "--at", "2"])
        #expect(result.exitCode == 0)
        #expect(result.error.isEmpty)
        // Perimeter 30 + 40 + 50 = 120; a quarter (30) is the corner (30, 0), where the next
        // segment starts, running down; half (60) is 30 along the vertical side; 2 is pinned to 1.
        #expect(
            result.output == """
                length: 120
                subpath 1: 120 (closed, 3 segments)
                at 0.25: point (30, 0), tangent (0, 1), distance 30
                at 0.5: point (30, 30), tangent (0, 1), distance 60
                at 1: point (0, 0), tangent (-0.6, -0.8), distance 120

                """)
    }

    @Test func printsEveryDigitAsJSON() throws {
        let result = runTool(["measure", "--path-data", "M 0 0 A 50 50 0 0 1 100 0", "--at", "0.5", "--json"])
        #expect(result.exitCode == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        // A half circle of radius 50, clockwise on screen (y down) from (0,0) to (100,0): the
        // midpoint is the top of the circle... y down, clockwise from the left end runs up.
        #expect(json["length"] as? Double == 50 * Double.pi)
        #expect(json["accuracy"] as? Double == 1e-9)
        let at = try #require((json["at"] as? [[String: Any]])?.first)
        let point = try #require(at["point"] as? [Double])
        #expect(abs(point[0] - 50) < 1e-12 && abs(point[1] - -50) < 1e-12)
        let tangent = try #require(at["tangent"] as? [Double])
        #expect(abs(tangent[0] - 1) < 1e-12 && abs(tangent[1]) < 1e-12)
    }

    @Test func countsSubpathsInDrawingOrderWithoutTheMoveGap() {
        let result = runTool(["measure", "--path-data", "M 0 0 H 10 M 100 100 V 130", "--at", "0.5"])
        #expect(
            result.output == """
                length: 40
                subpath 1: 10 (open, 1 segment)
                subpath 2: 30 (open, 1 segment)
                at 0.5: point (100, 110), tangent (0, 1), distance 20

                """)
    }

    @Test func readsCurveFiles() {
        let files = ["c.json": "{\"path\": \"M 0 0 Q 50 0 100 0\"}"]
        let result = runTool(["measure", "--path", "c.json"], files: files)
        #expect(result.output == "length: 100\nsubpath 1: 100 (open, 1 segment)\n")
    }

    @Test func refusesWhatCannotBeMeasured() {
        expectUsageError(["measure", "--path-data", "M 5 5"], "the path has nothing to measure: it has no segments")
        expectUsageError(["measure", "--path-data", ""], "the path has nothing to measure: it has no segments")
        expectUsageError(
            ["measure", "--path-data", "M 5 5 L 5 5", "--at", "0.5"],
            "the path has zero length, so no point lies at a fraction of it")
        expectUsageError(
            ["measure", "--path-data", "M 0 0 L 1e308 0 L -1e308 0"],
            "the path is too large to measure: its length overflows a double")
        expectUsageError(
            ["measure", "--path-data", "M 0 0 H 1", "--at", "inf"],
            "option '--at' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not 'inf'")
        expectUsageError(
            ["measure", "--path-data", "M 0 0 H 1", "--at", "x"],
            "option '--at' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not 'x'")
        expectUsageError(
            ["measure", "--path-data", "M 0 0 H 1", "--accuracy", "0"],
            "option '--accuracy' expects a number from 1e-15 to 0.1, not '0'")
        expectUsageError(
            ["measure"], "give a path with '--path FILE', '--path-data DATA' or '--shape SHAPE'", usage: Usage.measure)
        expectUsageError(
            ["measure", "--path", "a", "--path-data", "M 0 0"],
            "give one of '--path', '--path-data' and '--shape', not '--path' and '--path-data'", usage: Usage.measure)
        expectUsageError(
            ["measure", "--path", "missing.json"], "cannot read 'missing.json': No such file or directory")
    }
}

@Suite struct MeasureOverflowTests {
    @Test func aCurveWhoseLengthOverflowsIsTooLargeNotEmpty() {
        expectUsageError(
            ["measure", "--path-data", "M 0 0 C 1e308 1e308 -1e308 -1e308 1 1"],
            "the path is too large to measure: its length overflows a double")
    }
}
