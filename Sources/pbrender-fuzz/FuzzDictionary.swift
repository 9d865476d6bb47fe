#if FUZZING
    @testable import PBCommandLine
    @testable import PBServer
    @testable import PBJob
    import PBRendering

    /// The dictionary entries derived from the code, so that they follow it as options, tokens
    /// and names are added: the keys of curve files from the option schema (`curve`, `render`),
    /// the subcommands and option names (`arguments`) and the option names as query parameters
    /// (`query`), both for the render job (`job`), the label tokens (`label`), the colour names (`color`) and the timing
    /// function names (`timing`). `.ci/fuzz` writes them next to the hand-written entries of
    /// `Dictionaries/<target>.dict` for each run; `PBRENDER_FUZZ_DICTIONARY=<target>
    /// pbrender-fuzz` prints them.
    enum FuzzDictionary {
        /// The targets with generated entries.
        static let targets = ["curve", "render", "arguments", "query", "serve", "job", "label", "color", "timing"]

        /// The entries for `target`, one libFuzzer dictionary line each, or nil.
        static func generated(for target: String) -> String? {
            let entries: [String]
            switch target {
            case "curve", "render":
                let keys = CurveFile.ownKeys + RenderOptions.schema.compactMap(\.fileKeyName)
                entries = unique(keys).map { "\"\\\"\($0)\\\"\"" }
            case "arguments":
                var words = Tool.commands.map { $0.name } + ["help", "--help", "--version", "-o", "-"]
                for command in Tool.commands { words += flags(of: command) }
                entries = unique(words).map { "\"\($0)\"" } + ["\"\\x00\"", "\"\\x01\""]
            case "query", "serve":
                let names =
                    RenderOptions.schema.map(\.name) + PathSource.schema.map(\.name) + BadgeOptions.schema.map(\.name)
                entries = unique(names).map { "\"\($0)=\"" } + ["\"&\"", "\"%25\"", "\"curve=\""]
            case "job":
                entries = unique(
                    (generated(for: "arguments") ?? "").split(separator: "\n").dropFirst().map(String.init)
                        + (generated(for: "query") ?? "").split(separator: "\n").dropFirst().map(String.init))
            case "label":
                entries = LabelToken.allCases.flatMap { ["\"\($0.placeholder)\"", "\"\($0.rawValue)\""] }
            case "color":
                entries = Color.colorNames.map { "\"\($0)\"" }
            case "timing":
                entries = TimingFunction.names.map { "\"\($0)\"" }
            default:
                return nil
            }
            return "# Generated from the option schema by pbrender-fuzz (PBRENDER_FUZZ_DICTIONARY=\(target)).\n"
                + entries.joined(separator: "\n") + "\n"
        }

        /// The `--name` of each option of `command`.
        static func flags<C: Command>(of command: C.Type) -> [String] {
            command.options.map(\.flag)
        }

        /// `words` without repeats, in their first order.
        static func unique(_ words: [String]) -> [String] {
            var seen: Set<String> = []
            return words.filter { seen.insert($0).inserted }
        }
    }
#endif
