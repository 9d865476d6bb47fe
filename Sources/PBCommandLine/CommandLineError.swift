/// The exit status of `pbrender`.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// A runtime failure: reading or writing a file, the renderer.
    case failure = 1
    /// A usage or input error: a bad option, a malformed file, an invalid value.
    case usageError = 2
}

/// An error that ends a `pbrender` run: one line for standard error and an exit code.
public struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong and where, as one line without the `error:` prefix.
    public var message: String
    /// The exit status the error ends the run with.
    public var exitCode: ExitCode

    /// A usage or input error (exit code 2).
    public static func usage(_ message: String) -> CommandLineError {
        CommandLineError(message: message, exitCode: .usageError)
    }

    /// A runtime failure (exit code 1).
    public static func failure(_ message: String) -> CommandLineError {
        CommandLineError(message: message, exitCode: .failure)
    }

    /// An input error located in a file: `file:line:column: message` (exit code 2).
    static func input(_ message: String, file: String, at position: TextPosition) -> CommandLineError {
        .usage("\(file):\(position): \(message)")
    }

    /// The message.
    public var description: String { message }
}
