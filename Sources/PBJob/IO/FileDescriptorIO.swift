#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing whole files through POSIX calls, with errors that keep the system's
/// reason (`No such file or directory`).
package enum FileDescriptorIO {
    /// The system's description of an `errno` value.
    package static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Opens `path`, retrying when a signal interrupts the call (opening a FIFO waits for the
    /// other end, and a signal may arrive meanwhile).
    ///
    /// - Returns: the descriptor, or -1 with `errno` set. The corresponding C function is `open`.
    package static func openRetrying(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        while true {
            let descriptor = open(path, flags, mode)
            if descriptor >= 0 || errno != EINTR { return descriptor }
        }
    }

    /// Calls `call` again for as long as it fails with `EINTR` (a signal arrived during it): how
    /// `fstat`, `fchmod`, `fchown`, `fsync`, `rename` and `unlink` are called, so a signal never
    /// turns into a failed write.
    ///
    /// - Returns: what the last call returned (-1 with `errno` set on a failure other than
    ///   `EINTR`).
    package static func retryingInterrupted(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// Closes `descriptor`, once: Linux releases the descriptor even when `close` fails with
    /// `EINTR`, so that counts as closed (calling it again could close a descriptor another
    /// thread has just been given).
    ///
    /// - Returns: whether it closed without an error; if not, `errno` says why.
    package static func closeOnce(_ descriptor: Int32) -> Bool {
        close(descriptor) == 0 || errno == EINTR
    }

    /// Reads the whole file at `path`, refusing one larger than `limit` bytes.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the most bytes read (default ``Limits/maximumInputSize``, 8 MiB).
    /// - Throws: ``FileError`` (operation `.read`) when the file is missing, is a directory,
    ///   cannot be read, or holds more than `limit` bytes (`.tooLarge`: a regular file by its
    ///   size, before reading; a device or FIFO such as `/dev/zero` after `limit + 1` bytes).
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    package static func contentsOfFile(_ path: String, limit: Int = Limits.maximumInputSize) throws(FileError)
        -> [UInt8]
    {
        let descriptor = openRetrying(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .reading(path) }
        defer { close(descriptor) }
        return try contents(of: descriptor, subject: .path(path), limit: limit)
    }

    /// Reads all of standard input, to its end, with the same errors as reading a file
    /// (`cannot read standard input: Is a directory` for `< folder`). Call it once: what it
    /// reads is consumed.
    ///
    /// - Parameter limit: the most bytes read (default ``Limits/maximumInputSize``, 8 MiB).
    /// - Throws: ``FileError`` (operation `.read`, subject `.standardInput`); `.tooLarge` past
    ///   `limit`.
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    package static func contentsOfStandardInput(limit: Int = Limits.maximumInputSize) throws(FileError) -> [UInt8] {
        try contents(of: STDIN_FILENO, subject: .standardInput, limit: limit)
    }

    /// Reads `descriptor` to its end, refusing a directory and more than `limit` bytes.
    ///
    /// - Throws: ``FileError`` (operation `.read`) about `subject`; `.tooLarge` when a regular
    ///   file's size, or the bytes read, go past `limit`.
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    package static func contents(of descriptor: Int32, subject: FileError.Subject, limit: Int = Limits.maximumInputSize)
        throws(FileError) -> [UInt8]
    {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(.read, subject, .system(code: errno)) }
        let type = FileType(mode: status.st_mode)
        if type == .directory { throw FileError(.read, subject, .directory) }
        if type == .regular, status.st_size > limit { throw FileError(.read, subject, .tooLarge(limit: limit)) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            // One byte more than the limit allows tells that there is more.
            let wanted = min(buffer.count, limit - bytes.count + 1)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(.read, subject, .system(code: errno))
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            if bytes.count > limit { throw FileError(.read, subject, .tooLarge(limit: limit)) }
        }
    }

    /// Writes all of `bytes` to an open descriptor, retrying short and interrupted writes.
    ///
    /// - Throws: ``FileError`` (operation `.write`) about `subject`.
    /// - Complexity: O(n) in the number of bytes.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, subject: FileError.Subject) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(.write, subject, .system(code: errno))
            }
            offset += count
        }
    }

    /// Whether `descriptor` is open on a terminal. The corresponding C function is `isatty`.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) != 0
    }

    /// Whether standard output is a terminal: `-o -` refuses to write an image there unless
    /// forced, since binary bytes garble the screen.
    package static var standardOutputIsTerminal: Bool { isTerminal(STDOUT_FILENO) }
}
