import Testing

@Suite struct TrimCommandTests {
    @Test(arguments: [
        // A 100-long line: fractions are tenths of it.
        (["--path-data", "M 0 0 H 100", "--from", "0.25", "--to", "0.75"], "M 25,0 L 75,0"),
        // Pinned to 0...1.
        (["--path-data", "M 0 0 H 100", "--from", "-1", "--to", "0.5"], "M 0,0 L 50,0"),
        // Kept whole: unchanged, closed stays closed.
        (["--path-data", "M 0 0 H 10 V 10 Z"], "M 0,0 L 10,0 L 10,10 Z"),
        // from >= to keeps nothing.
        (["--path-data", "M 0 0 H 100", "--from", "0.5", "--to", "0.5"], ""),
        // A square of side 100 from 0.9 (on the left side going up, 40 from the end) through
        // the seam to 0.1 (30 along... 0.2 of 400 = 80 along the top): one piece.
        (
            ["--path-data", "M 0 0 H 100 V 100 H 0 Z", "--from", "0", "--to", "0.25", "--offset", "0.875"],
            "M 0,50 L 0,0 L 50,0"
        ),
        // The same fractions of each subpath.
        (["--path-data", "M 0 0 H 100 M 0 10 H 10", "--to", "0.5", "--each-subpath"], "M 0,0 L 50,0 M 0,10 L 5,10"),
        // Of the whole path: half of 110 is 55, all in the first subpath.
        (["--path-data", "M 0 0 H 100 M 0 10 H 10", "--to", "0.5"], "M 0,0 L 55,0"),
        // Curves are split exactly: half of the symmetric quadratic from (0,0) to (100,0) via (50,100).
        (["--path-data", "M 0 0 Q 50 100 100 0", "--to", "0.5"], "M 0,0 Q 25,50 50,50"),
    ])
    func printsTheKeptPartAsPathData(arguments: [String], expected: String) {
        let result = runTool(["trim"] + arguments)
        #expect(result.exitCode == 0)
        #expect(result.error.isEmpty)
        #expect(result.output == expected + "\n")
    }

    @Test func refusesBadInput() {
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1", "--from", "nan"],
            "option '--from' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not 'nan'")
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1", "--form", "0"], "unknown option '--form' (did you mean '--from'?)",
            usage: Usage.trim)
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1", "--to"], "option '--to' needs a value (--to B)", usage: Usage.trim)
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1", "--to", "1", "--to", "1"], "option '--to' is given more than once",
            usage: Usage.trim)
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1", "--each-subpath=yes"], "option '--each-subpath' takes no value",
            usage: Usage.trim)
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1", "extra"], "unexpected argument 'extra'", usage: Usage.trim)
        expectUsageError(
            ["trim", "--path-data", "M 0 0 H 1 Z 3"],
            "option '--path-data': invalid path data: unexpected '3', expected a command letter or a number at offset 12 (line 1, column 13)"
        )
    }

    @Test func acceptsValuesAfterEqualsAndNegativeNumbers() {
        let result = runTool(["trim", "--path-data=M 0 0 H 100", "--from=0.5", "--offset", "-0.25"])
        #expect(result.output == "M 25,0 L 75,0\n")
    }
}
