import PBJob

/// A `pbrender` subcommand: its options, its help, and what it does.
protocol Command: Sendable {
    /// The typed value its options fill in.
    associatedtype Options: Sendable

    /// The name typed after `pbrender`.
    static var name: String { get }
    /// One line for the tool's list of subcommands and the top of the command's help.
    static var overview: String { get }
    /// The usage line after `USAGE: pbrender `.
    static var usage: String { get }
    /// The options, declared once.
    static var options: [Option<Options>] { get }
    /// Paragraphs after the options, or empty.
    static var discussion: String { get }
    /// Runs the command with the options given, in order.
    static func run(_ given: [ArgumentParser<Options>.Given], context: CommandContext) throws(CommandLineError)
}

extension Command {
    /// The whole help text.
    static var help: String {
        HelpFormatter.help(
            overview: overview, usage: "pbrender \(usage)", options: options, discussion: discussion
        )
    }

    /// The usage line shown after a usage error.
    static var usageLine: String {
        "USAGE: pbrender \(usage)\n  See 'pbrender \(name) --help' for more information."
    }

    /// Parses the arguments after the command's name and runs it, or prints help.
    ///
    /// - Throws: the command's errors; usage errors carry the usage line.
    static func main(_ arguments: [String], context: CommandContext) throws(CommandLineError) {
        do {
            guard let given = try ArgumentParser(options: options, commandName: "pbrender \(name)").parse(arguments)
            else { return try context.print(help) }
            try run(given, context: context)
        } catch {
            throw error.withUsage(usageLine)
        }
    }

    /// The options given, applied in order to `options`.
    static func apply(_ given: [ArgumentParser<Options>.Given], to options: inout Options) throws(CommandLineError) {
        for item in given { try item.apply(to: &options) }
    }
}
