import Foundation

/// Runs a program to completion, as the tests' oracles and end-to-end suites do: standard input
/// written from its own thread, standard output and standard error read at the same time, so a
/// child that fills one pipe while the test reads the other cannot block both.
public enum ChildProcess {
    /// What a finished child left.
    public struct Outcome: Sendable {
        /// The exit status (or the signal's number when it was killed).
        public var status: Int32
        /// Everything it wrote to standard output.
        public var output: Data
        /// Everything it wrote to standard error.
        public var error: Data

        /// Standard error as text (UTF-8, invalid bytes replaced).
        public var errorText: String { String(decoding: error, as: UTF8.self) }
        /// Standard output as text (UTF-8, invalid bytes replaced).
        public var outputText: String { String(decoding: output, as: UTF8.self) }
    }

    /// A program that exited with a status other than 0, with what it said on standard error.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `executable` with `arguments` in `directory` (the test's own when `nil`), writing
    /// `input` to its standard input (empty when `nil`), and waits for it to exit.
    ///
    /// - Throws: the error of `Process.run()` when it cannot be started.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, in directory: URL? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        try process.run()
        let errorReader = PipeReader(stderr.fileHandleForReading)
        let writer = Thread {
            if let input { stdin.fileHandleForWriting.write(input) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = errorReader.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: output, error: error)
    }

    /// Runs `tool` (a path, or a name found on the `PATH` through `/usr/bin/env`) and returns its
    /// standard output.
    ///
    /// - Throws: ``Failure`` naming the tool and its message when it exits with a status other
    ///   than 0 (or is not installed).
    public static func output(of tool: String, _ arguments: [String], input: Data? = nil) throws -> Data {
        let outcome = try run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, input: input)
        guard outcome.status == 0 else {
            throw Failure(description: "\(tool) failed (exit \(outcome.status)): \(outcome.errorText)")
        }
        return outcome.output
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// Everything the pipe held, once its writer closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
