extension CommandLineError {
    /// The command-line error for a file error: a usage error (exit code 2) when an input
    /// could not be read, since the input is what is wrong, and a runtime failure (exit code
    /// 1) when an output could not be written. The message is the file error's description.
    init(_ error: FileError) {
        self = error.operation == .read ? .usage(error.description) : .failure(error.description)
    }
}
