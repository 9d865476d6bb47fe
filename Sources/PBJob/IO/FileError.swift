#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read or written: what was being done, to which file, and why.
///
/// The description is one line in the words `cp` and `cat` use, with the system's own reason
/// where the system refused: `cannot write 'x.png': Permission denied`,
/// `cannot read standard input: Is a directory`, `frame 2 ('f-2.png'): it is a directory`.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether the file was being read or written.
    public enum Operation: Hashable, Sendable {
        /// Reading an input.
        case read
        /// Writing an output.
        case write
    }

    /// The file the error is about.
    public enum Subject: Hashable, Sendable {
        /// A file named by a path, as the user gave it.
        case path(String)
        /// The process's standard input.
        case standardInput
        /// The process's standard output (`-o -`).
        case standardOutput
        /// Frame `index` of a sequence, written to `path`.
        case frame(Int, path: String)
    }

    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The system refused; `code` is the `errno` value (kept even when unknown to this code).
        case system(code: Int32)
        /// The path names a directory (directly, through a symbolic link, or with a trailing `/`).
        case directory
        /// The path is a symbolic link (or a chain of them) whose final target does not exist;
        /// `destination` is the text of the last link.
        case danglingSymbolicLink(destination: String)
        /// A frame sequence was to write a file that is not a regular file (a device, a FIFO,
        /// a socket or a standard stream): frames are staged and renamed, which such files
        /// cannot be.
        case notRegularFile(FileType)
        /// The path is a symbolic link (or reaches one) in the sticky, world-writable `folder`
        /// (like `/tmp`), owned by `owner`, who is neither this user nor the folder's owner: the
        /// kernel does not follow such a link (`fs.protected_symlinks`), and neither does
        /// pbrender, which would otherwise replace whatever file another user points it at.
        case protectedSymbolicLink(owner: uid_t, folder: String)
        /// An input holds more than `limit` bytes (the limit on inputs, 8 MiB): read no further,
        /// so that `/dev/zero` or a huge file cannot take all memory.
        case tooLarge(limit: Int)
    }

    /// Whether the file was being read or written.
    public var operation: Operation
    /// The file.
    public var subject: Subject
    /// What went wrong.
    public var kind: Kind

    /// Creates an error.
    public init(_ operation: Operation, _ subject: Subject, _ kind: Kind) {
        self.operation = operation
        self.subject = subject
        self.kind = kind
    }

    /// An error writing `path` for the reason in `errno` now.
    public static func writing(_ path: String, code: Int32 = errno) -> FileError {
        FileError(.write, .path(path), .system(code: code))
    }

    /// An error reading `path` for the reason in `errno` now.
    public static func reading(_ path: String, code: Int32 = errno) -> FileError {
        FileError(.read, .path(path), .system(code: code))
    }

    /// The same error, about frame `index` of a sequence.
    public func aboutFrame(_ index: Int) -> FileError {
        guard case .path(let path) = subject else { return self }
        return FileError(operation, .frame(index, path: path), kind)
    }

    /// The reason alone: "Permission denied", "it is a directory".
    public var reason: String {
        switch kind {
        case .system(let code): FileDescriptorIO.reason(code)
        case .directory: "it is a directory"
        case .danglingSymbolicLink(let destination):
            "it is a symbolic link to '\(destination)', which does not exist"
        case .notRegularFile(let type):
            "it is \(type), and frames are written to regular files only"
        case .tooLarge(let limit):
            "it is larger than the limit of \(Limits.byteCount(limit)) for an input"
        case .protectedSymbolicLink(let owner, let folder):
            "it is a symbolic link that user \(owner) made in the sticky, world-writable folder '\(folder)': only links of yours or of the folder's owner are followed there (fs.protected_symlinks)"
        }
    }

    /// Whether the error is in what the user asked (exit code 2): reading an input, or an
    /// output path through a link that is not followed; writing otherwise fails at run time (1).
    public var isInputError: Bool {
        if operation == .read { return true }
        if case .protectedSymbolicLink = kind { return true }
        return false
    }

    /// The whole message, one line without the `error:` prefix.
    public var description: String {
        let verb = operation == .read ? "read" : "write"
        switch subject {
        case .path(let path): return "cannot \(verb) '\(path)': \(reason)"
        case .standardInput: return "cannot \(verb) standard input: \(reason)"
        case .standardOutput: return "cannot \(verb) standard output: \(reason)"
        case .frame(let index, let path): return "frame \(index) ('\(path)'): \(reason)"
        }
    }
}
