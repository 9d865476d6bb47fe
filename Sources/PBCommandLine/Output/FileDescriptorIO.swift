#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing whole files through POSIX calls, with errors that keep the system's
/// reason (`No such file or directory`).
enum FileDescriptorIO {
    /// The system's description of `errno`.
    static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Reads the whole file at `path`.
    ///
    /// - Throws: an input error (exit code 2: the input is wrong) when the file is missing, is a
    ///   directory or cannot be read.
    static func readFile(_ path: String) throws(CommandLineError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CommandLineError(.system(action: "read", path: path, errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw CommandLineError(.system(action: "read", path: path, errno: EISDIR))
        }
        return try readAll(from: descriptor, name: path)
    }

    /// Reads an open descriptor to its end.
    ///
    /// - Throws: an input error naming `name` when reading fails.
    static func readAll(from descriptor: Int32, name: String) throws(CommandLineError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandLineError(.system(action: "read", path: name, errno: errno))
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// Writes all of `bytes` to an open descriptor.
    ///
    /// - Throws: a runtime failure (exit code 1) naming `name`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(CommandLineError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandLineError(.system(action: "write", path: name, errno: errno))
            }
            offset += count
        }
    }
}
