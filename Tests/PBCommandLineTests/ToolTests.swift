import Testing

@testable import PBCommandLine

@Suite struct ToolTests {
    @Test func printsHelpInTheFixedLayout() {
        let result = runTool(["--help"])
        #expect(result.exitCode == 0)
        #expect(
            result.output == """
                OVERVIEW: Render progress images: a path, a progress value and a style make a PNG, SVG or PDF.

                USAGE: pbrender [render] [--path FILE | --shape SHAPE] --progress P [-o OUT] [options]
                       pbrender <subcommand> [options]

                SUBCOMMANDS:
                  render                    Draw a track and the progress along a path as a PNG,
                                            SVG or PDF (the default command).
                  measure                   Print the length of a path and of each subpath, and
                                            points and tangents along it.
                  trim                      Print the part of a path between two fractions of
                                            its length, as SVG path data.

                  See 'pbrender help <subcommand>' for the options of each.

                OPTIONS:
                  --version                 Show the version.
                  -h, --help                Show this help.

                EXAMPLES:
                  pbrender --progress 0.5 -o ring.png                 # a ring, half done
                  pbrender --shape bar --progress 75% -o bar.png      # a UIProgressView bar
                  pbrender measure --path Examples/curve.json --at 0.5

                EXIT CODES: 0 success, 1 runtime failure (I/O, Cairo), 2 usage or input error.

                """)
        #expect(runTool([]).output == result.output)
    }

    @Test func printsEachCommandsHelp() {
        for name in ["render", "measure", "trim"] {
            let viaFlag = runTool([name, "--help"])
            let viaHelp = runTool(["help", name])
            #expect(viaFlag.exitCode == 0 && viaHelp.exitCode == 0)
            #expect(viaFlag.output == viaHelp.output)
            #expect(viaFlag.output.hasPrefix("OVERVIEW: "))
            #expect(
                viaFlag.output.contains("\nUSAGE: pbrender \(name) ")
                    || viaFlag.output.contains("\nUSAGE: pbrender [\(name)] "))
            #expect(viaFlag.output.contains("\nOPTIONS:\n  --path FILE "))
            #expect(viaFlag.output.contains("EXAMPLES:\n  pbrender "))
            #expect(viaFlag.output.contains("  -h, --help                Show this help.\n"))
        }
    }

    @Test func helpLinesFitEightyColumns() {
        for arguments in [["--help"], ["render", "--help"], ["measure", "--help"], ["trim", "--help"]] {
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
