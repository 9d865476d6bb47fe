import Foundation
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has made and not yet renamed or removed, so that an
/// interrupted run (Ctrl-C: `SIGINT`; `SIGTERM`; `SIGHUP`) removes them before it ends, and a
/// failed one removes them even from a folder that was renamed meanwhile.
///
/// The first temporary file installs handlers for those three signals, except any the process
/// ignores (`nohup` makes `SIGHUP` ignored: it stays ignored). A handler only writes the signal's
/// number to a pipe; a watcher thread reads it, takes the registry's lock (so no file is being
/// created or renamed meanwhile), removes every registered file, restores the signal's default
/// action and sends it to the process again, which ends as it would have without the handler
/// (a shell sees 130 for Ctrl-C). Files are created, renamed and removed while holding the same
/// lock, so none is created or renamed after the sweep. A crash (a trap) or `SIGKILL` still
/// leaves the files.
///
/// Each file is created and removed through a descriptor of its folder (`O_PATH`, one per folder
/// while it holds registered files), so that when the folder is renamed or moved away before the
/// file is renamed into place, the rename fails (the target's path is gone) and the file is still
/// removed from wherever the folder went, instead of being left there.
enum TemporaryFiles {
    /// A registered file: its folder's descriptor (-1 when the folder could not be opened: then
    /// the file is reached by its path) and its name in that folder.
    private struct Entry: Sendable {
        var folder: Int32
        var name: String
    }

    /// A folder holding registered files: its path as given, which file of the file system it is,
    /// and how many registered files use its descriptor.
    private struct Folder: Sendable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var users: Int
    }

    /// `open`'s `O_PATH` (Linux; Swift's Glibc module leaves it out): a descriptor that names a folder
    /// for the `…at` calls without needing permission to read it.
    private static let openPath: Int32 = 0o10_000_000

    private struct Registry: Sendable {
        /// The registered files, by path.
        var files: [String: Entry] = [:]
        /// The folders' descriptors, each with what it names.
        var folders: [Int32: Folder] = [:]
        var isWatching = false

        /// A descriptor of the folder at `path` for one more file, or -1: an open one while the
        /// path still names the same folder, else a new one.
        mutating func folderDescriptor(_ path: String) -> Int32 {
            var status = stat()
            guard FileDescriptorIO.retryingInterrupted({ stat(path, &status) }) == 0 else { return -1 }
            let (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
            if let (descriptor, _) = folders.first(where: {
                $0.value.path == path && $0.value.device == device && $0.value.inode == inode
            }) {
                folders[descriptor]?.users += 1
                return descriptor
            }
            let descriptor = FileDescriptorIO.openRetrying(path, TemporaryFiles.openPath | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return -1 }
            folders[descriptor] = Folder(path: path, device: device, inode: inode, users: 1)
            return descriptor
        }

        /// Forgets the file at `path`, closing its folder's descriptor when no file uses it.
        mutating func forget(_ path: String) {
            guard let entry = files.removeValue(forKey: path), entry.folder >= 0 else { return }
            folders[entry.folder]?.users -= 1
            if folders[entry.folder]?.users == 0 {
                close(entry.folder)
                folders[entry.folder] = nil
            }
        }

        /// Removes the file at `path` from its folder, wherever the folder is now.
        func unlinkFile(_ path: String) {
            if let entry = files[path], entry.folder >= 0 {
                _ = FileDescriptorIO.retryingInterrupted({ unlinkat(entry.folder, entry.name, 0) })
            } else {
                _ = FileDescriptorIO.retryingInterrupted({ unlink(path) })
            }
        }
    }

    private static let registry = Locked(Registry())
    /// The signals that remove the temporary files before they end the process.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Creates a new file at `path` (which must not exist) for writing, and registers it.
    ///
    /// - Returns: the descriptor, or -1 with `errno` set (`EEXIST` when `path` exists).
    ///   The corresponding C function is `openat` with `O_CREAT | O_EXCL`.
    static func create(_ path: String, mode: mode_t) -> Int32 {
        let (descriptor, code) = registry.withLock { registry in
            if !registry.isWatching { registry.isWatching = startWatching() }
            let folderPath = OutputTarget.directory(of: path)
            let name = OutputTarget.name(of: path)
            let folder = registry.folderDescriptor(folderPath.isEmpty ? "." : folderPath)
            let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
            let descriptor =
                folder >= 0
                ? FileDescriptorIO.retryingInterrupted({ openat(folder, name, flags, mode) })
                : FileDescriptorIO.openRetrying(path, flags, mode: mode)
            let code = errno
            registry.files[path] = Entry(folder: folder, name: name)
            if descriptor < 0 { registry.forget(path) }
            return (descriptor, code)
        }
        errno = code
        return descriptor
    }

    /// Renames the registered file `path` over `target`, and forgets it.
    ///
    /// - Returns: whether it was renamed; if not, `errno` says why and the file is still
    ///   registered. The corresponding C function is `rename`.
    static func move(_ path: String, over target: String) -> Bool {
        let (renamed, code) = registry.withLock { registry in
            let renamed = FileDescriptorIO.retryingInterrupted({ rename(path, target) }) == 0
            let code = errno
            if renamed { registry.forget(path) }
            return (renamed, code)
        }
        errno = code
        return renamed
    }

    /// Removes the registered file `path` (from its folder, even if the folder was renamed since
    /// the file was created), and forgets it.
    static func remove(_ path: String) {
        registry.withLock { registry in
            registry.unlinkFile(path)
            registry.forget(path)
        }
    }

    /// The number of temporary files registered now (for tests).
    static var count: Int { registry.withLock { $0.files.count } }

    /// Opens the pipe (a ``SignalPipe`` taking over only the signals whose action is the
    /// default) and starts the watcher thread.
    ///
    /// - Returns: whether it worked (if not, interrupted runs leave their temporary files).
    private static func startWatching() -> Bool {
        guard let pipe = try? SignalPipe(catching: signals, takeover: .defaultOnly) else { return false }
        let thread = Thread {
            // The pipe is never released: its handlers stay installed for the life of the process.
            while let number = pipe.wait() { removeAllAndEnd(by: number) }
        }
        thread.name = "pbrender temporary files"
        thread.start()
        return true
    }

    /// Removes every registered file, then ends the process by `signal`, holding the lock so no
    /// file is created or renamed in between.
    private static func removeAllAndEnd(by signal: Int32) {
        registry.withLock { registry in
            for path in registry.files.keys { registry.unlinkFile(path) }
            registry.files.removeAll()
            SignalPipe.endProcess(by: signal)
        }
    }
}
