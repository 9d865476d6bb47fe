extension CommandLineError {
    /// The command-line error for a file error: an input error (exit code 2) when an input could
    /// not be read, since the input is what is wrong, and a runtime failure (exit code 1) when an
    /// output could not be written.
    public init(_ error: FileError) {
        self.init(.file(error))
    }
}
