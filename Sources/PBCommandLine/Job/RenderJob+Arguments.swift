import PBJob
import PBRendering

extension RenderJob {
    /// A job from a `pbrender` command line (without the program name), read exactly as the tool
    /// reads it: `render`'s options (the default; `render` first is optional), or `badge` and its
    /// options. Files the options name (`--path ring.json`, `--phases`) are read through `context`.
    ///
    /// ```swift
    /// let job = try RenderJob(arguments: ["--shape", "bar", "--progress", "75%", "--format", "svg"])
    /// ```
    ///
    /// - Throws: the command line's error for anything it would refuse (exit code and message as
    ///   the tool's; usage errors carry the usage line); a usage error for `--help`.
    public init(arguments: [String], context: CommandContext = .system) throws(CommandLineError) {
        var arguments = arguments[...]
        if arguments.first == "badge" {
            arguments.removeFirst()
            do {
                try self.init(badge: Self.parse(Array(arguments), as: BadgeCommand.self), context: context)
            } catch {
                throw error.withUsage(BadgeCommand.usageLine)
            }
        } else {
            if arguments.first == "render" { arguments.removeFirst() }
            do {
                try self.init(
                    render: Self.parse(Array(arguments), as: RenderCommand.self), context: context, offersFrames: true)
            } catch {
                throw error.withUsage(RenderCommand.usageLine)
            }
        }
    }

    /// The options `arguments` give to `command`.
    private static func parse<C: Command>(_ arguments: [String], as command: C.Type) throws(CommandLineError)
        -> [ArgumentParser<C.Options>.Given]
    {
        guard let given = try ArgumentParser(options: C.options, commandName: "pbrender \(C.name)").parse(arguments)
        else { throw CommandLineError.usage("\(option: "help") asks for help, not an image") }
        return given
    }
}
