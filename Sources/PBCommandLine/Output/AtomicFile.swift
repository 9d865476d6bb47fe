#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a failure never leaves a partial or clobbered file: the bytes go to a
/// temporary file beside the target, which is renamed over it only once complete.
enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file there only on success.
    ///
    /// - Throws: a runtime failure (exit code 1) naming the path and the system's reason; the
    ///   temporary file is removed and an existing file at `path` is left as it was.
    static func write(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .failure("cannot write '\(path)': it names a directory") }
        var template = Array((directory + "." + name + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw CommandLineError(.system(action: "write", path: path, errno: errno)) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            defer { close(descriptor) }
            try FileDescriptorIO.writeAll(bytes, to: descriptor, name: path)
            // mkstemp makes the file private; give it the permissions a new file would get.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CommandLineError(.system(action: "write", path: path, errno: code))
        }
    }
}
