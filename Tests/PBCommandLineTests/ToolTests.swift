import Testing

@testable import PBCommandLine

@Suite struct ToolTests {
    @Test func printsHelpInTheFixedLayout() {
        let result = runTool(["--help"])
        #expect(result.exitCode == 0)
        #expect(
            result.output == """
                OVERVIEW: Render progress images: a path, a progress value and a style make a PNG, SVG or PDF.

                USAGE: pbrender <subcommand> [options]

                SUBCOMMANDS:
                  measure                   Print the length of a path and of each subpath, and
                                            points and tangents along it.
                  trim                      Print the part of a path between two fractions of
                                            its length, as SVG path data.

                  See 'pbrender help <subcommand>' for the options of each.

                OPTIONS:
                  --version                 Show the version.
                  -h, --help                Show this help.

                EXIT CODES: 0 success, 1 runtime failure (I/O), 2 usage or input error.

                """)
        #expect(runTool([]).output == result.output)
    }

    @Test func printsEachCommandsHelp() {
        for name in ["measure", "trim"] {
            let viaFlag = runTool([name, "--help"])
            let viaHelp = runTool(["help", name])
            #expect(viaFlag.exitCode == 0 && viaHelp.exitCode == 0)
            #expect(viaFlag.output == viaHelp.output)
            #expect(viaFlag.output.hasPrefix("OVERVIEW: "))
            #expect(viaFlag.output.contains("\nUSAGE: pbrender \(name) "))
            #expect(viaFlag.output.contains("\nOPTIONS:\n  --path FILE "))
            #expect(viaFlag.output.contains("  -h, --help                Show this help.\n"))
        }
    }

    @Test func helpLinesFitEightyColumns() {
        for arguments in [["--help"], ["measure", "--help"], ["trim", "--help"]] {
            for line in runTool(arguments).output.split(separator: "\n") where !line.hasPrefix("USAGE") {
                #expect(line.count <= 100, "\(line)")
            }
        }
    }

    @Test func printsTheVersion() {
        #expect(runTool(["--version"]).output == "pbrender \(Tool.version)\n")
    }

    @Test func suggestsTheNearestSubcommand() {
        expectUsageError(["mesure"], "unknown subcommand 'mesure' (did you mean 'measure'?); see 'pbrender --help'")
        expectUsageError(["help", "trm"], "unknown subcommand 'trm' (did you mean 'trim'?); see 'pbrender --help'")
    }
}
