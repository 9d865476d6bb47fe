import PBCommandLine
import Synchronization
import Testing

/// The outcome of one in-process run of the tool.
struct RunResult {
    var exitCode: Int32
    /// Standard output as bytes (images) …
    var outputBytes: [UInt8]
    var error: String
    /// … and as text.
    var output: String { String(decoding: outputBytes, as: UTF8.self) }
}

/// Runs `pbrender` in process with `files` as the only readable files.
func runTool(_ arguments: [String], files: [String: String] = [:]) -> RunResult {
    let output = Mutex<[UInt8]>([])
    let error = Mutex("")
    let context = CommandContext(
        writeOutput: { bytes in output.withLock { $0 += bytes } },
        writeError: { text in error.withLock { $0 += text } },
        readFile: { name throws(CommandLineError) in
            guard let text = files[name] else { throw .usage("cannot read '\(name)': No such file or directory") }
            return Array(text.utf8)
        })
    let code = Tool.run(arguments, context: context)
    return RunResult(exitCode: code, outputBytes: output.withLock { $0 }, error: error.withLock { $0 })
}

/// Expects a usage error (exit code 2) with exactly `message` on standard error and nothing on
/// standard output.
func expectUsageError(
    _ arguments: [String], files: [String: String] = [:], _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = runTool(arguments, files: files)
    #expect(result.exitCode == 2, sourceLocation: sourceLocation)
    #expect(result.error == "pbrender: error: \(message)\n", sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
}
