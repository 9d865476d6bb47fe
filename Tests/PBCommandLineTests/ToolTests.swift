import Testing

@testable import PBCommandLine

@Suite struct ToolTests {
    @Test("'help help' says how to ask for help and lists the subcommands")
    func helpOfHelp() {
        let result = runTool(["help", "help"])
        #expect(result.exitCode == 0 && result.error.isEmpty)
        #expect(result.output.contains("USAGE: pbrender help [SUBCOMMAND]\n       pbrender SUBCOMMAND --help\n"))
        #expect(result.output.hasSuffix("SUBCOMMANDS: render, measure, trim, badge, serve\n"))
    }

    @Test func printsHelpInTheFixedLayout() {
        let result = runTool(["--help"])
        #expect(result.exitCode == 0)
        let help = result.output
        // Overview, usage, the default command's options by section, then the tool's own.
        let headings = help.split(separator: "\n").filter { $0.first?.isUppercase == true }.map {
            String($0.prefix { $0 != ":" })
        }
        #expect(
            headings == [
                "OVERVIEW", "USAGE", "INPUT", "PROGRESS", "PROGRESS SOURCES", "ANIMATION", "OUTPUT", "FORMATS",
                "CANVAS AND SHAPE", "SVG DOCUMENTS", "STROKE", "COLOURS", "LABEL", "WEB AND ACCESSIBILITY", "HELP",
                "SUBCOMMANDS",
                "EXAMPLES", "EXIT CODES",
            ])
        #expect(
            help.hasPrefix(
                """
                OVERVIEW: Render progress images: a path, a progress and a style make a PNG,
                          SVG, PDF, WebP or GIF, or an animated SVG, APNG, WebP or GIF.

                USAGE: pbrender [render] [--path FILE | --path-data DATA | --shape SHAPE] --progress P [-o OUT] [options]
                       pbrender [render] [...] --frames N [--from A] [--to B] -o PATTERN
                       pbrender <subcommand> [options]

                INPUT:
                  --path FILE               An SVG document (its shapes, in document order) or a

                """))
        // The options are rendering's, listed as `pbrender help render` lists them.
        let options = Self.section(of: help, from: "INPUT:", to: "HELP:")
        #expect(options.contains("\n  --progress P              How far along the path the progress runs\n"))
        #expect(options == Self.section(of: runTool(["help", "render"]).output, from: "INPUT:", to: "HELP:"))
        #expect(
            help.hasSuffix(
                """

                HELP:
                  -h, --help                Show this help.
                  --version                 Show the version.

                SUBCOMMANDS:
                  render                    Draw a track and the progress along a path as a PNG,
                                            SVG, PDF, WebP or GIF image or an animation (the
                                            default command).
                  measure                   Print the length of a path and of each subpath, and
                                            points and tangents along it.
                  trim                      Print the part of a path between two fractions of
                                            its length, as SVG path data.
                  badge                     Draw a shields-style badge: a title, a small
                                            progress bar and the value (PNG, SVG, PDF, WebP or
                                            GIF).
                  serve                     Serve progress images and badges by URL over HTTP
                                            (behind nginx or any proxy).

                  See 'pbrender help <subcommand>' for the options and semantics of each.

                EXAMPLES:
                  pbrender --progress 0.5 -o ring.png                 # a ring, half done
                  pbrender --shape bar --progress 75% -o bar.png      # a UIProgressView bar
                  pbrender measure --path Examples/curve.json --at 0.5

                EXIT CODES: 0 success, 1 runtime failure (I/O, Cairo), 2 usage or input error.

                """))
        #expect(runTool([]).output == help)
    }

    /// The lines of `text` from the one starting with `start` up to the one starting with `end`.
    static func section(of text: String, from start: String, to end: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
            let last = lines[first...].firstIndex(where: { $0.hasPrefix(end) })
        else { return "" }
        return lines[first..<last].joined(separator: "\n")
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
            #expect(viaFlag.output.contains("\nINPUT:\n  --path FILE "))
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
        expectUsageError(["mesure"], "unknown subcommand 'mesure' (did you mean 'measure'?)", usage: Usage.subcommand)
        expectUsageError(["help", "trm"], "unknown subcommand 'trm' (did you mean 'trim'?)", usage: Usage.subcommand)
    }
}
