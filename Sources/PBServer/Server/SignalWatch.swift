import PBSynchronization
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a ``SignalWatch`` is active.
private let isWatching = Atomic<Bool>(false)

/// Catches the given signals from the moment it is created until it is released, so ``wait()`` can block until
/// one arrives; the signals' previous handlers are restored when it is released.
///
/// While a watch is active its signals do not terminate the process: the handler only writes the signal's number
/// to a pipe (PBSynchronization's `SignalPipe`; writing is async-signal-safe), and ``wait()`` reads it. Only one
/// watch may be active at a time. Create it before starting work that a signal should stop, so a signal that comes
/// early is not lost:
///
/// ```swift
/// let signals = try SignalWatch()            // SIGTERM and SIGINT
/// let server = try HTTPServer(configuration: configuration, handler: handler)
/// server.run(until: signals)                 // blocks; returns after a graceful stop
/// ```
public final class SignalWatch: Sendable {
    /// The signals caught.
    public let signals: [Int32]
    /// The pipe; nil only while the watch is being released.
    private let pipe: Locked<SignalPipe?>

    /// Starts catching `signals`.
    ///
    /// - Parameter signals: The signal numbers, `SIGTERM` and `SIGINT` unless given.
    /// - Throws: ``HTTPServerError``: `signalsAlreadyWatched` when another watch is active, `systemCallFailed`
    ///   when the pipe or a handler cannot be set up.
    public init(_ signals: [Int32] = [SIGTERM, SIGINT]) throws(HTTPServerError) {
        guard isWatching.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
        else { throw HTTPServerError(.signalsAlreadyWatched) }
        do {
            pipe = Locked(try SignalPipe(catching: signals))
        } catch {
            isWatching.store(false, ordering: .sequentiallyConsistent)
            throw HTTPServerError(.systemCallFailed(name: error.call, errno: error.errno))
        }
        self.signals = signals
    }

    deinit {
        // The previous handlers are restored before another watch may start.
        pipe.withLock { $0 = nil }
        isWatching.store(false, ordering: .sequentiallyConsistent)
    }

    /// Blocks until one of the signals arrives (or has arrived since the watch began and was not yet waited for),
    /// and returns its number.
    ///
    /// - Returns: The signal number, e.g. `SIGTERM`.
    public func wait() -> Int32 {
        let current = pipe.withLock { $0 }
        return current?.wait() ?? signals.first ?? SIGTERM
    }
}
