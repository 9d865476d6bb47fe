import Testing

/// Issue 20's rules as the command line tells them: the library's errors and warnings, named as
/// options.
@Suite struct ValueRulesCommandTests {
    @Test(arguments: [
        (["--progress", "150%"], "pbrender: warning: option '--progress' is 1.5 (150%), above 1: drawn as 1\n"),
        (["--progress", "-0.2"], "pbrender: warning: option '--progress' is -0.2 (-20%), below 0: drawn as 0\n"),
        (
            ["--values", "0.6,0.7"],
            "pbrender: warning: option '--values' end at 1.3, past the end of the path (1): drawn up to 1, "
                + "the last values cut\n"
        ),
        (
            ["--bytes", "12/10"],
            "pbrender: warning: 12 bytes received is more than the 10 expected: drawn as complete\n"
        ),
        (
            ["--progress", "150"],
            "pbrender: warning: a progress of 150 is above 1 and is drawn as 1 (did you mean '--progress 150%'?)\n"
        ),
        (["--bytes", "0/0"], ""),
        (["--progress", "0.5"], ""),
    ])
    func pinsAreWarnedOnce(arguments: [String], expected: String) {
        let result = runTool(arguments + ["-o", "-", "--format", "svg"])
        #expect(result.exitCode == 0)
        #expect(result.error == expected)
    }

    @Test func countsAndSignsAreErrors() {
        expectUsageError(
            ["--values", "0.2,0.3", "--value-colors", "#F00,#0F0,#00F", "-o", "-", "--format", "svg"],
            "option '--value-colors' gives 3 colours and option '--values' 2 values: they go one to one, so give as many"
        )
        expectUsageError(
            ["--values", "0.2,-0.3", "-o", "-", "--format", "svg"],
            "option '--values' must be a list of numbers >= 0 (each value is a share of the path), not -0.3")
        let curve = ##"{"path": "M 0 0 L 100 0", "values": [0.2, 0.3], "valueColors": ["#F00"]}"##
        expectUsageError(
            ["--path", "c.json", "-o", "-", "--format", "svg"], files: ["c.json": curve],
            "option '--value-colors' gives 1 colour and option '--values' 2 values: they go one to one, so give as many"
        )
    }

    @Test func aLabelMadeToFitIsWarned() {
        let result = runTool([
            "--shape", "bar", "--width", "120", "--progress", "0.5", "--label",
            "A very long label that does not fit {percent}", "--label-position", "trailing", "-o", "-", "--format",
            "svg",
        ])
        #expect(result.exitCode == 0)
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.first == "pbrender: warning: the label does not fit at 12 points and is drawn at 8")
        #expect(
            lines.last?.hasPrefix(
                "pbrender: warning: the label 'A very long label that does not fit 50%' does not fit even at the "
                    + "smallest size and is shortened to 'A very") == true)
        #expect(result.output.contains("…</text>"))
    }
}
