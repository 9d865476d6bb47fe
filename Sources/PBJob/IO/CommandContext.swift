import PBRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command may touch outside itself: standard output and error, files, and the clock. The
/// real one is ``system``; tests pass one that captures output in memory or reads a clock they set.
public struct CommandContext: Sendable {
    /// Writes bytes to standard output.
    public var writeOutput: @Sendable ([UInt8]) throws(CommandLineError) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Reads a whole file.
    public var readFile: @Sendable (String) throws(CommandLineError) -> [UInt8]
    /// Reads all of standard input.
    public var readStandardInput: @Sendable () throws(CommandLineError) -> [UInt8]
    /// Whether standard error is a terminal (then long runs show a progress line there).
    public var errorIsTerminal = false
    /// Whether standard output is a terminal (then images are not written there unless forced).
    public var outputIsTerminal = false
    /// The clock: the moment a progress from `--start` to `--end` is drawn at when `--now` does
    /// not say (the system's clock unless given).
    public var now: @Sendable () -> Timestamp

    /// Creates a context from its capabilities.
    public init(
        writeOutput: @escaping @Sendable ([UInt8]) throws(CommandLineError) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readFile: @escaping @Sendable (String) throws(CommandLineError) -> [UInt8],
        readStandardInput: @escaping @Sendable () throws(CommandLineError) -> [UInt8] = { [] },
        errorIsTerminal: Bool = false, outputIsTerminal: Bool = false,
        now: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readFile = readFile
        self.readStandardInput = readStandardInput
        self.errorIsTerminal = errorIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.now = now
    }

    /// Standard output and error of the process, and the file system.
    public static let system = CommandContext(
        writeOutput: { bytes throws(CommandLineError) in
            do throws(FileError) {
                try FileDescriptorIO.writeAll(bytes, to: STDOUT_FILENO, subject: .standardOutput)
            } catch {
                throw CommandLineError(error)
            }
        },
        writeError: { text in
            try? FileDescriptorIO.writeAll(Array(text.utf8), to: STDERR_FILENO, subject: .path("standard error"))
        },
        readFile: { path throws(CommandLineError) in
            do throws(FileError) {
                return try FileDescriptorIO.contentsOfFile(path)
            } catch {
                throw CommandLineError(error)
            }
        },
        readStandardInput: { () throws(CommandLineError) in
            do throws(FileError) {
                return try FileDescriptorIO.contentsOfStandardInput()
            } catch {
                throw CommandLineError(error)
            }
        },
        errorIsTerminal: FileDescriptorIO.isTerminal(STDERR_FILENO),
        outputIsTerminal: FileDescriptorIO.standardOutputIsTerminal)

    /// A context that reads only `files` (by name) from memory, has no standard input, drops
    /// what is written, and reads the time `now`: what a request to a server may touch.
    public static func files(_ files: [String: [UInt8]], now: Timestamp = .now) -> CommandContext {
        CommandContext(
            writeOutput: { _ throws(CommandLineError) in throw .failure("nothing is written here") },
            writeError: { _ in },
            readFile: { name throws(CommandLineError) in
                guard let bytes = files[name] else { throw .input("a request reads no files on the server") }
                return bytes
            },
            readStandardInput: { () throws(CommandLineError) in throw .input("a request has no standard input") },
            now: { now })
    }

    /// Writes text to standard output.
    package func print(_ text: String) throws(CommandLineError) {
        try writeOutput(Array(text.utf8))
    }
}
