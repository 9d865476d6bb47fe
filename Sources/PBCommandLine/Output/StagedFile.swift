import PBJob

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A complete temporary file beside its target, waiting to be renamed over it: how a regular
/// file is replaced atomically, so that a reader sees the old file or the new one, never a
/// part, and a failure leaves the old file as it was.
///
/// The temporary file is `.NAME.tmp-XXXXXXXX` (8 random letters and digits) in the folder of
/// the target after following links, so the rename stays on one file system, and is registered
/// with ``TemporaryFiles`` so an interrupted run removes it. It is created with mode `0666`
/// less the umask (what a new file gets), then given the replaced file's permission bits,
/// owner and group (each only where it differs), optionally flushed to the disk with `fsync`,
/// and closed. Frame sequences stage their own way (``SequenceFolder``, ``SequenceRenames``).
///
/// Flushing (`--durable`) is what makes the replacement survive a system crash or power loss:
/// without it, a file system that does not order data before renames (XFS; ext4 mounted
/// `noauto_da_alloc`) can show an empty file after the crash, and the rename itself may be lost
/// (the old file then shows), unless the folder is flushed after it (``commit(flushingFolder:)``).
/// Neither is done by default: for one image it is a quarter of the whole CPU cost of a
/// `pbrender` process (0.38 ms of 5.7 ms on the development machine, ext4; more time waiting on
/// slow disks), and for frames, measured on the shared development VM (ext4, three runs each,
/// 1000 frames), an `fsync` per frame took 32-pixel frames from 0.45-0.64 s to 0.43-3.85 s, and
/// 256-pixel frames from 1.2-2.7 s to 1.4-4.0 s. Readers never see a part of a file either way.
struct StagedFile: Hashable, Sendable {
    /// The temporary file's path.
    let temporary: String
    /// The path it is renamed to: the target after following links.
    let target: String
    /// The target's path as the user gave it (for messages).
    let path: String

    /// Writes `bytes` to a new temporary file beside `target`'s resolved path and prepares it
    /// to replace the file there.
    ///
    /// - Parameters:
    ///   - bytes: the whole new contents.
    ///   - target: a target whose method is ``OutputTarget/Method/replace``.
    ///   - flush: whether to `fsync` the file before closing it.
    /// - Returns: the staged file, or nil when the temporary file could not be given the
    ///   replaced file's owner and group (then nothing is left behind, and the caller writes
    ///   the target in place instead).
    /// - Throws: `FileError` (operation `.write`, about `target.path`) when the temporary file
    ///   cannot be created (a missing or read-only folder: `No such file or directory`,
    ///   `Permission denied`), written (`No space left on device`), flushed or closed. The
    ///   temporary file is removed.
    /// - Complexity: O(n) in the number of bytes.
    static func stage(_ bytes: [UInt8], for target: OutputTarget, flush: Bool) throws(FileError) -> StagedFile? {
        let (descriptor, temporary) = try create(besides: target)
        let staged = StagedFile(temporary: temporary, target: target.resolved, path: target.path)
        do throws(FileError) {
            try FileDescriptorIO.writeAll(bytes, to: descriptor, subject: .path(target.path))
            if let existing = target.existing {
                var status = stat()
                guard FileDescriptorIO.retryingInterrupted({ fstat(descriptor, &status) }) == 0 else {
                    throw .writing(target.path)
                }
                if status.st_uid != existing.owner || status.st_gid != existing.group {
                    guard
                        FileDescriptorIO.retryingInterrupted({ fchown(descriptor, existing.owner, existing.group) })
                            == 0
                    else {
                        close(descriptor)
                        staged.discard()
                        return nil
                    }
                }
                // After a change of owner, and where a new file's mode is not the old one's.
                let isOwned = status.st_uid == existing.owner && status.st_gid == existing.group
                if !isOwned || status.st_mode & 0o777 != existing.permissions {
                    guard FileDescriptorIO.retryingInterrupted({ fchmod(descriptor, existing.permissions) }) == 0
                    else { throw .writing(target.path) }
                }
            }
            guard !flush || FileDescriptorIO.retryingInterrupted({ fsync(descriptor) }) == 0 else {
                throw .writing(target.path)
            }
        } catch {
            close(descriptor)
            staged.discard()
            throw error
        }
        guard FileDescriptorIO.closeOnce(descriptor) else {
            let error = FileError.writing(target.path)
            staged.discard()
            throw error
        }
        return staged
    }

    /// Renames the temporary file over the target, then, with `flushingFolder`, flushes the
    /// target's folder to the disk so that the rename survives a power loss.
    ///
    /// - Throws: `FileError` (operation `.write`, about the target) when the rename fails (the
    ///   temporary file is removed and the target is as it was), or the folder cannot be flushed
    ///   (the file is in place). The corresponding C functions are `rename` and `fsync`.
    func commit(flushingFolder: Bool = false) throws(FileError) {
        guard TemporaryFiles.move(temporary, over: target) else {
            let error = FileError.writing(path)
            discard()
            throw error
        }
        if flushingFolder { try Self.flushFolder(of: target, path: path) }
    }

    /// Flushes the folder of `target` to the disk (its entries: a rename into it).
    ///
    /// - Throws: `FileError` about `path` when the folder cannot be opened or flushed.
    static func flushFolder(of target: String, path: String) throws(FileError) {
        let folder = OutputTarget.directory(of: target)
        let descriptor = FileDescriptorIO.openRetrying(
            folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writing(path) }
        defer { close(descriptor) }
        guard FileDescriptorIO.retryingInterrupted({ fsync(descriptor) }) == 0 else { throw .writing(path) }
    }

    /// Removes the temporary file (the target is untouched).
    func discard() {
        TemporaryFiles.remove(temporary)
    }

    /// The longest file name kept in a temporary file's name; longer ones are replaced by
    /// `pbrender`, so the temporary name stays under the usual limit of 255 bytes.
    static let longestNameKept = 200

    /// Creates a new, empty temporary file for writing beside `target`.
    private static func create(besides target: OutputTarget) throws(FileError) -> (Int32, String) {
        let name = OutputTarget.name(of: target.resolved)
        let stem =
            OutputTarget.directory(of: target.resolved) + "." + (name.utf8.count > longestNameKept ? "pbrender" : name)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            // Eight letters from one random number (one system call): 62^8 < 2^48 names, each drawn from
            // 6 bits of 48 with a bias (64 to 62) that does not matter for a name that must only be new.
            var random = generator.next() as UInt64
            let suffix = String(
                (0..<8).map { _ in
                    defer { random >>= 6 }
                    return letters[Int(random & 63) % letters.count]
                })
            let temporary = stem + ".tmp-" + suffix
            let descriptor = TemporaryFiles.create(temporary, mode: 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            guard errno == EEXIST else { throw .writing(target.path) }
        }
        throw .writing(target.path, code: EEXIST)
    }
}
