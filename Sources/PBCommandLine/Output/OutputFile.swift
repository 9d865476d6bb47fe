import PBJob

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one output file (`-o PATH`) the way its kind of file needs: a regular file replaced
/// atomically, a device or FIFO written through, a symbolic link followed, a directory or an
/// unwritable file refused. ``OutputTarget`` has the rules; ``OutputBatch`` writes frame
/// sequences.
enum OutputFile {
    /// Writes `bytes` to what `path` names.
    ///
    /// On success the file holds exactly `bytes`. On failure nothing is left behind: no
    /// temporary file, and a regular file that was to be replaced is as it was (except one
    /// written in place, see ``OutputTarget``, which a failure half-way leaves short).
    ///
    /// With `durable`, a regular file is flushed to the disk (`fsync`) before it is renamed into
    /// place and its folder after, so that the new file survives a power loss; without it, a
    /// reader still sees the old file or the new one whole, but after a power loss some file
    /// systems can show the old one or an empty one (see ``StagedFile``).
    ///
    /// - Throws: `FileError` (operation `.write`, about `path`): the errors of
    ///   ``OutputTarget/init(_:)`` (a directory, a dangling link, an unwritable file), and of
    ///   creating, writing, flushing and renaming the file, with the system's reason.
    /// - Complexity: O(n) in the number of bytes.
    static func write(_ bytes: [UInt8], to path: String, durable: Bool = false) throws(FileError) {
        let target = try OutputTarget(path)
        switch target.method {
        case .descriptor(let descriptor):
            try FileDescriptorIO.writeAll(bytes, to: descriptor, subject: .path(path))
        case .inPlace:
            try writeInPlace(bytes, to: target, flush: durable)
        case .replace:
            guard let staged = try StagedFile.stage(bytes, for: target, flush: durable) else {
                return try writeInPlace(bytes, to: target, flush: durable)
            }
            try staged.commit(flushingFolder: durable)
        }
    }

    /// Opens the target for writing, truncates it and writes `bytes`; a regular file is
    /// flushed to the disk before it is closed when `flush` is true. Opening a FIFO waits for a
    /// reader.
    ///
    /// - Throws: `FileError` about the target when it cannot be opened, written, flushed or
    ///   closed (the file may then be left short).
    /// - Complexity: O(n) in the number of bytes.
    static func writeInPlace(_ bytes: [UInt8], to target: OutputTarget, flush: Bool) throws(FileError) {
        let descriptor = FileDescriptorIO.openRetrying(target.resolved, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writing(target.path) }
        do throws(FileError) {
            try FileDescriptorIO.writeAll(bytes, to: descriptor, subject: .path(target.path))
            var status = stat()
            if flush && FileDescriptorIO.retryingInterrupted({ fstat(descriptor, &status) }) == 0
                && FileType(mode: status.st_mode) == .regular
            {
                guard FileDescriptorIO.retryingInterrupted({ fsync(descriptor) }) == 0 else {
                    throw .writing(target.path)
                }
            }
        } catch {
            close(descriptor)
            throw error
        }
        guard FileDescriptorIO.closeOnce(descriptor) else { throw .writing(target.path) }
    }
}
