/// A `pbrender` subcommand: its help and what it does.
protocol Command: Sendable {
    /// The name typed after `pbrender`.
    static var name: String { get }
    /// One line for the tool's list of subcommands and the top of the command's help.
    static var overview: String { get }
    /// The usage line after `USAGE: pbrender `.
    static var usage: String { get }
    /// The options, in the order help lists them (`--help` is added).
    static var options: [OptionSpec] { get }
    /// Paragraphs after the options, or empty.
    static var discussion: String { get }
    /// Runs the command with its parsed options.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError)
}

extension Command {
    /// The options including `--help`.
    static var allOptions: [OptionSpec] {
        options + [OptionSpec(name: "--help", shortName: "-h", help: "Show this help.")]
    }

    /// The whole help text.
    static var help: String {
        HelpFormatter.help(
            overview: overview, usage: "pbrender \(usage)", options: allOptions, discussion: discussion)
    }

    /// Parses the arguments after the command's name and runs it, or prints help.
    static func main(_ arguments: [String], context: CommandContext) throws(CommandLineError) {
        let parsed = try ParsedArguments(arguments, specs: allOptions, commandName: "pbrender \(name)")
        if parsed.has("--help") { return try context.print(help) }
        try run(parsed, context: context)
    }
}
