import PBCommandLine
import PBSynchronization
import Testing

@testable import PBJob

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outcome of one in-process run of the tool.
struct RunResult {
    var exitCode: Int32
    /// Standard output as bytes (images) …
    var outputBytes: [UInt8]
    var error: String
    /// … and as text.
    var output: String { String(decoding: outputBytes, as: UTF8.self) }
}

/// Runs `pbrender` in process with `files` as the only readable files (any other fails to be
/// read as a missing file does).
func runTool(_ arguments: [String], files: [String: String] = [:]) -> RunResult {
    let output = Locked<[UInt8]>([])
    let error = Locked("")
    let context = CommandContext(
        writeOutput: { bytes in output.withLock { $0 += bytes } },
        writeError: { text in error.withLock { $0 += text } },
        readFile: { name throws(CommandLineError) in
            guard let text = files[name] else {
                throw CommandLineError(FileError.reading(name, code: ENOENT))
            }
            return Array(text.utf8)
        })
    let code = Tool.run(arguments, context: context)
    return RunResult(exitCode: code, outputBytes: output.withLock { $0 }, error: error.withLock { $0 })
}

/// Expects a usage or input error (exit code 2) with exactly `message` on standard error,
/// followed by `usage` (the command's usage lines, which usage errors print) when given, and
/// nothing on standard output.
func expectUsageError(
    _ arguments: [String], files: [String: String] = [:], _ message: String, usage: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = runTool(arguments, files: files)
    #expect(result.exitCode == 2, sourceLocation: sourceLocation)
    #expect(
        result.error == "pbrender: error: \(message)\n" + (usage.map { $0 + "\n" } ?? ""),
        sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
}

/// The usage lines each command prints after a usage error, as a user reads them.
enum Usage {
    static let render = """
        USAGE: pbrender [render] [--path FILE | --path-data DATA | --shape SHAPE] --progress P [-o OUT] [options]
               pbrender [render] [...] --frames N [--from A] [--to B] -o PATTERN
          See 'pbrender render --help' for more information.
        """
    static let measure = """
        USAGE: pbrender measure (--path FILE | --path-data DATA | --shape SHAPE) [--at FRACTION ...] [--json] [--accuracy A]
          See 'pbrender measure --help' for more information.
        """
    static let trim = """
        USAGE: pbrender trim (--path FILE | --path-data DATA | --shape SHAPE) [--from A] [--to B] [--offset O] [--each-subpath] [--precision N]
          See 'pbrender trim --help' for more information.
        """
    static let subcommand = """
        USAGE: pbrender <subcommand> [options]
          See 'pbrender --help' for more information.
        """
}
