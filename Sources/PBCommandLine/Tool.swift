/// The `pbrender` command line: dispatches to a subcommand, prints help and errors, and turns
/// every outcome into an exit code. The executable is a thin wrapper around ``run(_:context:)``.
public enum Tool {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    static let commands: [any Command.Type] = [RenderCommand.self, MeasureCommand.self, TrimCommand.self]

    /// Runs `pbrender` with `arguments` (without the program name).
    ///
    /// - Returns: the exit code: 0 on success, 1 on a runtime failure, 2 on a usage or input
    ///   error. Errors are printed to standard error as one line, `pbrender: error: …`.
    public static func run(_ arguments: [String], context: CommandContext = .system) -> Int32 {
        do {
            try dispatch(arguments, context: context)
            return ExitCode.success.rawValue
        } catch {
            context.writeError("pbrender: error: \(error.message)\n")
            return error.exitCode.rawValue
        }
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) throws(CommandLineError) {
        guard let first = arguments.first else { return try context.print(help) }
        switch first {
        case "-h", "--help":
            return try context.print(help)
        case "--version":
            return try context.print("pbrender \(version)\n")
        case "help":
            guard let name = arguments.dropFirst().first else { return try context.print(help) }
            return try context.print(command(named: name).help)
        case let option where option.hasPrefix("-"):
            // Options without a subcommand: the main job, rendering.
            try RenderCommand.main(arguments, context: context)
        default:
            try command(named: first).main(Array(arguments.dropFirst()), context: context)
        }
    }

    private static func command(named name: String) throws(CommandLineError) -> any Command.Type {
        if let command = commands.first(where: { $0.name == name }) { return command }
        let hint = didYouMean(name, among: commands.map { $0.name })
        throw .usage("unknown subcommand '\(name)'\(hint); see 'pbrender --help'")
    }

    /// The tool's help.
    static var help: String {
        var out = """
            OVERVIEW: Render progress images: a path, a progress value and a style make a PNG, SVG or PDF.

            USAGE: pbrender [render] [--path FILE | --shape SHAPE] --progress P [-o OUT] [options]
                   pbrender <subcommand> [options]

            SUBCOMMANDS:

            """
        out += HelpFormatter.table(commands.map { ($0.name, $0.overview) })
        out += """

              See 'pbrender help <subcommand>' for the options of each.

            OPTIONS:

            """
        out += HelpFormatter.table([("--version", "Show the version."), ("-h, --help", "Show this help.")])
        out += """

            EXAMPLES:
              pbrender --progress 0.5 -o ring.png                 # a ring, half done
              pbrender --shape bar --progress 75% -o bar.png      # a UIProgressView bar
              pbrender measure --path Examples/curve.json --at 0.5

            EXIT CODES: 0 success, 1 runtime failure (I/O, Cairo), 2 usage or input error.

            """
        return out
    }
}
