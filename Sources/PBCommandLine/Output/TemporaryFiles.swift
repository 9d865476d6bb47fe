import Foundation
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has made and not yet renamed or removed, so that an
/// interrupted run (Ctrl-C: `SIGINT`; `SIGTERM`; `SIGHUP`) removes them before it ends.
///
/// The first temporary file installs handlers for those three signals, except any the process
/// ignores (`nohup` makes `SIGHUP` ignored: it stays ignored). A handler only writes the signal's
/// number to a pipe; a watcher thread reads it, takes the registry's lock (so no file is being
/// created or renamed meanwhile), removes every registered file, restores the signal's default
/// action and sends it to the process again, which ends as it would have without the handler
/// (a shell sees 130 for Ctrl-C). Files are created, renamed and removed while holding the same
/// lock, so none is created or renamed after the sweep. A crash (a trap) or `SIGKILL` still
/// leaves the files.
enum TemporaryFiles {
    private struct Registry: Sendable {
        var paths: Set<String> = []
        var isWatching = false
    }

    private static let registry = Locked(Registry())
    /// The signals that remove the temporary files before they end the process.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Creates a new file at `path` (which must not exist) for writing, and registers it.
    ///
    /// - Returns: the descriptor, or -1 with `errno` set (`EEXIST` when `path` exists).
    ///   The corresponding C function is `open` with `O_CREAT | O_EXCL`.
    static func create(_ path: String, mode: mode_t) -> Int32 {
        let (descriptor, code) = registry.withLock { registry in
            if !registry.isWatching { registry.isWatching = startWatching() }
            let descriptor = FileDescriptorIO.openRetrying(
                path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: mode)
            if descriptor >= 0 { registry.paths.insert(path) }
            return (descriptor, errno)
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
            if renamed { registry.paths.remove(path) }
            return (renamed, errno)
        }
        errno = code
        return renamed
    }

    /// Removes the registered file `path`, and forgets it.
    static func remove(_ path: String) {
        registry.withLock { registry in
            _ = FileDescriptorIO.retryingInterrupted({ unlink(path) })
            registry.paths.remove(path)
        }
    }

    /// The number of temporary files registered now (for tests).
    static var count: Int { registry.withLock { $0.paths.count } }

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
            for path in registry.paths { unlink(path) }
            registry.paths.removeAll()
            SignalPipe.endProcess(by: signal)
        }
    }
}
