import Foundation
import PBSynchronization
import Synchronization

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
    /// The write end of the pipe the signal handler writes to (-1 before the watcher starts).
    private static let signalPipe = Atomic<Int32>(-1)
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

    /// Opens the pipe, starts the watcher thread and installs the handlers.
    ///
    /// - Returns: whether it worked (if not, interrupted runs leave their temporary files).
    private static func startWatching() -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipe.store(ends[1], ordering: .sequentiallyConsistent)
        let reader = ends[0]
        let thread = Thread {
            var number: Int32 = 0
            while true {
                let count = read(reader, &number, MemoryLayout<Int32>.size)
                if count == MemoryLayout<Int32>.size { removeAllAndEnd(by: number) }
                if count < 0 && errno != EINTR { return }
            }
        }
        thread.name = "pbrender temporary files"
        thread.start()
        for signal in signals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
                continue  // Ignored (SIG_IGN) or handled by someone else: leave it.
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var number = number
                _ = write(TemporaryFiles.signalPipe.load(ordering: .relaxed), &number, MemoryLayout<Int32>.size)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return true
    }

    /// Removes every registered file, then ends the process by `signal`, holding the lock so no
    /// file is created or renamed in between.
    private static func removeAllAndEnd(by signal: Int32) {
        registry.withLock { registry in
            for path in registry.paths { unlink(path) }
            registry.paths.removeAll()
            var action = sigaction()
            action.__sigaction_handler.sa_handler = nil  // SIG_DFL
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
            kill(getpid(), signal)
            // The signal ends the process; should it not (blocked everywhere), end anyway.
            usleep(200_000)
            _exit(128 + signal)
        }
    }
}
