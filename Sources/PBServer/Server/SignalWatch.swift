import PBSynchronization
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the active ``SignalWatch``'s pipe, or -1; read by the signal handler.
private let signalPipe = Atomic<Int32>(-1)

/// Catches the given signals from the moment it is created until it is released, so ``wait()`` can block until
/// one arrives; the signals' previous handlers are restored when it is released.
///
/// While a watch is active its signals do not terminate the process: the handler only writes the signal's number
/// to a pipe (which is async-signal-safe), and ``wait()`` reads it. Only one watch may be active at a time.
/// Create it before starting work that a signal should stop, so a signal that comes early is not lost:
///
/// ```swift
/// let signals = try SignalWatch()            // SIGTERM and SIGINT
/// let server = try HTTPServer(configuration: configuration, handler: handler)
/// server.run(until: signals)                 // blocks; returns after a graceful stop
/// ```
public final class SignalWatch: Sendable {
    /// The signals caught.
    public let signals: [Int32]
    private let readEnd: Int32
    private let writeEnd: Int32
    private let previousActions: Locked<[sigaction]>

    /// Starts catching `signals`.
    ///
    /// - Parameter signals: The signal numbers, `SIGTERM` and `SIGINT` unless given.
    /// - Throws: ``HTTPServerError``: `signalsAlreadyWatched` when another watch is active, `systemCallFailed`
    ///   when the pipe or a handler cannot be set up.
    public init(_ signals: [Int32] = [SIGTERM, SIGINT]) throws(HTTPServerError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw HTTPServerError(.systemCallFailed(name: "pipe", errno: errno))
        }
        // Neither end leaks into child processes; the handler's write end never blocks (the read end does).
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        guard signalPipe.compareExchange(expected: -1, desired: ends[1], ordering: .sequentiallyConsistent).exchanged
        else {
            close(ends[0])
            close(ends[1])
            throw HTTPServerError(.signalsAlreadyWatched)
        }
        var previous: [sigaction] = []
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let savedErrno = errno
                let descriptor = signalPipe.load(ordering: .relaxed)
                if descriptor >= 0 {
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(descriptor, &byte, 1)
                }
                errno = savedErrno
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            guard sigaction(signal, &action, &old) == 0 else {
                let code = errno
                for (index, earlier) in previous.enumerated() {
                    var earlier = earlier
                    sigaction(signals[index], &earlier, nil)
                }
                signalPipe.store(-1, ordering: .sequentiallyConsistent)
                close(ends[0])
                close(ends[1])
                throw HTTPServerError(.systemCallFailed(name: "sigaction(\(signal))", errno: code))
            }
            previous.append(old)
        }
        self.signals = signals
        self.readEnd = ends[0]
        self.writeEnd = ends[1]
        self.previousActions = Locked(previous)
    }

    deinit {
        previousActions.withLock { previous in
            for index in previous.indices {
                sigaction(signals[index], &previous[index], nil)
            }
        }
        signalPipe.store(-1, ordering: .sequentiallyConsistent)
        close(readEnd)
        close(writeEnd)
    }

    /// Blocks until one of the signals arrives (or has arrived since the watch began and was not yet waited for),
    /// and returns its number.
    ///
    /// - Returns: The signal number, e.g. `SIGTERM`.
    public func wait() -> Int32 {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count == 1 { return Int32(byte) }
            if count < 0, errno == EINTR { continue }
            return signals.first ?? SIGTERM
        }
    }
}
