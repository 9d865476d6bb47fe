import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// The steps every staged frame file ends with, whichever way its sequence is staged
/// (``SequenceFolder``, ``SequenceRenames``): its permission bits, a flush when asked, and a
/// close, with the file removed when any step fails.
enum StagedFrameFile {
    /// Runs `write` on the open file `descriptor`, then flushes it (when `flushes`) and closes
    /// it. When `write`, the flush or the close fails, the file is closed and `discard` removes
    /// it before the error is thrown. `write` returns `false` when it has closed and disposed of
    /// the file itself (nothing more is done then).
    ///
    /// - Throws: `write`'s error, or a `FileError` about `subject` from `fsync` or `close`.
    static func finish(
        _ descriptor: Int32, subject: FileError.Subject, flushes: Bool, discard: () -> Void,
        write: () throws(FileError) -> Bool
    ) throws(FileError) {
        do throws(FileError) {
            guard try write() else { return }
            guard !flushes || FileDescriptorIO.retryingInterrupted({ fsync(descriptor) }) == 0 else {
                throw FileError(.write, subject, .system(code: errno))
            }
        } catch {
            close(descriptor)
            discard()
            throw error
        }
        guard FileDescriptorIO.closeOnce(descriptor) else {
            let error = FileError(.write, subject, .system(code: errno))
            discard()
            throw error
        }
    }

    /// Gives the file `descriptor` the permission bits `wanted` when a new file's `current` ones differ.
    ///
    /// - Throws: a `FileError` about `subject` from `fchmod`.
    static func setPermissions(_ descriptor: Int32, to wanted: mode_t, from current: mode_t, subject: FileError.Subject)
        throws(FileError)
    {
        guard wanted != current else { return }
        guard FileDescriptorIO.retryingInterrupted({ fchmod(descriptor, wanted) }) == 0 else {
            throw FileError(.write, subject, .system(code: errno))
        }
    }
}
