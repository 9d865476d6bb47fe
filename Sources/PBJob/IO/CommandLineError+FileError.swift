extension CommandLineError {
    /// The command-line error for a file error: an input error (exit code 2) when an input could
    /// not be read, since the input is what is wrong, or an output path is a symbolic link that
    /// is not followed (``FileError/Kind/protectedSymbolicLink(owner:folder:)``), and a runtime
    /// failure (exit code 1) when an output could not be written.
    public init(_ error: FileError) {
        if error.operation == .write && error.isInputError {
            self.init(.input(Sentence(error.description)))
        } else {
            self.init(.file(error))
        }
    }
}
