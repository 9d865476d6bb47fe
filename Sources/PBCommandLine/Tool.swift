import PBJob
import PBRendering

/// The `pbrender` command line: dispatches to a subcommand, prints help and errors, and turns
/// every outcome into an exit code. The executable is a thin wrapper around ``run(_:context:)``.
public enum Tool {
    /// The version `--version` prints.
    public static let version = "0.2.0"

    /// The subcommands, in the order help lists them (render, the default, first).
    static let commands: [any Command.Type] = [
        RenderCommand.self, MeasureCommand.self, TrimCommand.self, BadgeCommand.self, ServeCommand.self,
    ]

    /// Runs `pbrender` with `arguments` (without the program name).
    ///
    /// - Returns: the exit code: 0 on success, 1 on a runtime failure, 2 on a usage or input
    ///   error. Errors are printed to standard error as one line, `pbrender: error: …`, followed
    ///   for usage errors by the command's usage line.
    public static func run(_ arguments: [String], context: CommandContext = .system) -> Int32 {
        do {
            try dispatch(arguments, context: context)
            return ExitCode.success.rawValue
        } catch {
            context.writeError("pbrender: error: \(error.message)\n" + (error.usage.map { $0 + "\n" } ?? ""))
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
            if name == "help" { return try context.print(helpHelp) }
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
        let hint = NameSuggestion.hint(for: name, among: commands.map { $0.name })
        throw CommandLineError(
            .usage("unknown subcommand '\(name)'\(hint)"),
            usage: "USAGE: pbrender <subcommand> [options]\n  See 'pbrender --help' for more information.")
    }

    /// What `pbrender help help` prints: how to ask for help.
    static var helpHelp: String {
        let names = commands.map { $0.name }.joined(separator: ", ")
        return "Print the help of pbrender or of one of its subcommands: what it does,\n"
            + "its options with their defaults, and its exit codes.\n\n"
            + "USAGE: pbrender help [SUBCOMMAND]\n       pbrender SUBCOMMAND --help\n\n"
            + "SUBCOMMANDS: \(names)\n"
    }

    /// The tool's help: rendering is the default command, so its options come first, then the
    /// subcommands.
    static var help: String {
        var out = HelpFormatter.help(
            overview: "Render progress images: a path, a progress and a style make a "
                + "\(ImageFormat.list(ImageFormat.stillFormats, displayNames: true)), or an animated "
                + "\(ImageFormat.list(ImageFormat.animatedFormats, displayNames: true)).",
            usage: "pbrender \(RenderCommand.usage)\n       pbrender <subcommand> [options]",
            options: RenderCommand.options, discussion: "")
        out += "  --version                 Show the version.\n"
        out += "\nSUBCOMMANDS:\n"
        out += HelpFormatter.table(commands.map { ($0.name, $0.overview) })
        out += """

              See 'pbrender help <subcommand>' for the options and semantics of each.

            EXAMPLES:
              pbrender --progress 0.5 -o ring.png                 # a ring, half done
              pbrender --shape bar --progress 75% -o bar.png      # a UIProgressView bar
              pbrender measure --path Examples/curve.json --at 0.5

            EXIT CODES: 0 success, 1 runtime failure (I/O, Cairo), 2 usage or input error.

            """
        return out
    }
}
