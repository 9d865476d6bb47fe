import PBJob
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
/// number to a pipe (`SignalPipe`). Who reads it depends on how long files stay registered:
/// - For a file written at once (one image: ``StagedFile`` creates, writes and renames it), the
///   thread that creates, renames or removes a file reads the pipe without waiting each time, and
///   when the last file is gone the handlers are removed again and a signal that came meanwhile
///   is acted on. A signal therefore waits for the file operation under way (a write of the image)
///   to end, and no thread is started: one costs a one-image process 0.45 ms of CPU, 8 % of it.
/// - While files stay registered across a long render (frames: ``watch()``, which ``OutputBatch``
///   calls), a watcher thread waits on the pipe and acts at once.
/// Acting on a signal means: taking the registry's lock (so no file is being created or renamed
/// meanwhile), removing every registered file, restoring the signal's default action and sending
/// it to the process again, which ends as it would have without the handler (a shell sees 130 for
/// Ctrl-C). Files are created, renamed and removed while holding the same lock, so none is created
/// or renamed after the sweep. A crash (a trap) or `SIGKILL` still leaves the files.
///
/// A frames run registers a sweep instead of its files (``register(_:)``): a function that
/// removes what the run keeps (staged frames, a staging folder, lock files), called under the
/// registry's lock like the removal of files; and it creates its files and commits them while
/// holding the same lock (``holdingSignals(_:)``), so a signal never lands between creating a
/// file and recording it, nor in the middle of a commit, which then finishes before the process
/// ends.
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
        /// The signal pipe while files are registered (or a watcher reads it), else nil.
        var signals: SignalPipe?
        /// Whether a watcher thread reads ``signals``.
        var isWatched = false
        /// The sweeps of frames runs, by the number ``register(_:)`` gave.
        var sweeps: [Int: Sweep] = [:]
        /// The number the next sweep gets.
        var nextSweep = 0

        /// Acts on a signal that arrived while no watcher reads the pipe; when no file is left,
        /// removes the handlers (a signal that comes later does what it would have done).
        mutating func checkSignals() {
            guard !isWatched, let pipe = signals else { return }
            if let number = pipe.pending() { removeAllAndEnd(by: number) }
            guard files.isEmpty && sweeps.isEmpty else { return }
            pipe.restoreHandlers()
            signals = nil
            if let number = pipe.pending() { SignalPipe.endProcess(by: number) }
        }

        /// Removes every registered file, then ends the process by `signal` (the lock is held by
        /// the caller, so no file is created or renamed in between).
        mutating func removeAllAndEnd(by signal: Int32) -> Never {
            for path in files.keys { unlinkFile(path) }
            files.removeAll()
            for sweep in sweeps.values { sweep() }
            SignalPipe.endProcess(by: signal)
        }

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
            if registry.signals == nil {
                registry.signals = try? SignalPipe(catching: signals, takeover: .defaultOnly)
            }
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
            registry.checkSignals()
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
            registry.checkSignals()
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
            registry.checkSignals()
        }
    }

    /// A function that removes what a frames run keeps until it commits, called with the registry's
    /// lock held when a signal ends the process: it must not call ``TemporaryFiles``.
    typealias Sweep = @Sendable () -> Void

    /// Registers `sweep`, to be called if a signal ends the process before ``unregister(_:)``.
    ///
    /// - Returns: the number that unregisters it.
    static func register(_ sweep: @escaping Sweep) -> Int {
        registry.withLock { registry in
            if registry.signals == nil {
                registry.signals = try? SignalPipe(catching: signals, takeover: .defaultOnly)
            }
            registry.nextSweep += 1
            registry.sweeps[registry.nextSweep] = sweep
            return registry.nextSweep
        }
    }

    /// Unregisters the sweep `number` (once what it would remove is gone or committed).
    static func unregister(_ number: Int) {
        registry.withLock { registry in
            registry.sweeps[number] = nil
            registry.checkSignals()
        }
    }

    /// Runs `body` holding the registry's lock, so that no signal is acted on meanwhile: a signal
    /// that comes during `body` ends the process after it. `body` must not call
    /// ``TemporaryFiles`` (the lock is not recursive).
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    static func holdingSignals<Result: Sendable>(_ body: () throws(FileError) -> Result) throws(FileError) -> Result {
        try registry.withLock { registry throws(FileError) -> Result in
            defer { registry.checkSignals() }
            return try body()
        }
    }

    /// Runs `body` holding the registry's lock (see ``holdingSignals(_:)``), for a `body` that
    /// does not throw.
    static func holdingSignals(_ body: () -> Void) {
        registry.withLock { registry in
            defer { registry.checkSignals() }
            body()
        }
    }

    /// The number of temporary files registered now (for tests).
    static var count: Int { registry.withLock { $0.files.count } }

    /// Starts a watcher thread that acts on a signal at once, for files that stay registered while
    /// work goes on (frames staged through a render); the handlers then stay installed for the life
    /// of the process. Safe to call more than once.
    ///
    /// - Returns: whether a watcher runs (if not, a signal waits for the next file operation).
    @discardableResult
    static func watch() -> Bool {
        registry.withLock { registry in
            guard !registry.isWatched else { return true }
            if registry.signals == nil {
                registry.signals = try? SignalPipe(catching: signals, takeover: .defaultOnly)
            }
            guard let pipe = registry.signals else { return false }
            let watcher = try? PosixThread {
                while let number = pipe.wait() { TemporaryFiles.registry.withLock { $0.removeAllAndEnd(by: number) } }
            }
            watcher?.detach()
            registry.isWatched = watcher != nil
            return registry.isWatched
        }
    }
}
