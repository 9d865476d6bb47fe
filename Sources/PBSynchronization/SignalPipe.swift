import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the pipe each signal number is routed to (-1: none), one slot per signal
/// number below ``SignalPipe/signalLimit``, read by the signal handler.
///
/// `nonisolated(unsafe)`: the pointer itself never changes; the slots are atomics.
private nonisolated(unsafe) let routes: UnsafeMutablePointer<Atomic<Int32>> = {
    let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: Int(SignalPipe.signalLimit))
    for index in 0..<Int(SignalPipe.signalLimit) { (slots + index).initialize(to: Atomic(-1)) }
    return slots
}()

/// The self-pipe trick for POSIX signals: catches some signals from the moment it is created
/// until it is released, so that ``wait()`` (on any thread) can block until one arrives; the
/// signals' previous handlers are restored when it is released.
///
/// The handler only writes the signal's number to a pipe (which is async-signal-safe; it saves
/// and restores `errno`, and never blocks), and ``wait()`` reads it, outside the signal context,
/// where anything may be done. Signals that arrive before anyone waits are kept in the pipe, in
/// order. Pipes may be stacked: a newer pipe catching a signal takes it over until it is
/// released, then the older one has it again (release them in the reverse order of creation).
///
/// ```swift
/// let signals = try SignalPipe(catching: [SIGTERM, SIGINT])
/// // … start work that a signal should stop …
/// let number = signals.wait()            // blocks until SIGTERM or SIGINT
/// ```
public final class SignalPipe: Sendable {
    /// Which signals a pipe takes over.
    public enum Takeover: Sendable {
        /// Every signal it is given, whatever its action was.
        case all
        /// Only those whose action is the default one: a signal the process ignores (`nohup`
        /// makes `SIGHUP` ignored) or that another handler catches is left alone.
        case defaultOnly
    }

    /// The signal numbers this type can catch are below this one (65, glibc's `NSIG`).
    public static let signalLimit: Int32 = 65

    /// The signals caught: those given, less those that ``Takeover/defaultOnly`` left alone.
    public let signals: [Int32]
    private let readEnd: Int32
    private let writeEnd: Int32
    /// Each caught signal's previous action and previous route, restored on release.
    private let previous: Locked<[(signal: Int32, action: sigaction, route: Int32)]>

    /// Opens the pipe and installs the handlers.
    ///
    /// - Parameters:
    ///   - signals: The signal numbers (each from 1 to 64).
    ///   - takeover: Which of them to take over: all (the default), or only those whose action
    ///     is the default one.
    /// - Throws: ``SignalPipeError`` when the pipe cannot be opened, a signal number is out of
    ///   range, or a handler cannot be installed (every handler installed so far is restored).
    ///   The corresponding C functions are `pipe` and `sigaction`.
    /// - Complexity: O(*n*) in the number of signals.
    public init(catching signals: [Int32], takeover: Takeover = .all) throws(SignalPipeError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SignalPipeError(call: "pipe", errno: errno) }
        // Neither end leaks into child processes; the handler's write end never blocks (the read end does).
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        var installed: [(signal: Int32, action: sigaction, route: Int32)] = []
        func undo() {
            for earlier in installed.reversed() {
                var action = earlier.action
                sigaction(earlier.signal, &action, nil)
                routes[Int(earlier.signal)].store(earlier.route, ordering: .sequentiallyConsistent)
            }
            close(ends[0])
            close(ends[1])
        }
        for signal in signals {
            guard signal > 0, signal < Self.signalLimit else {
                undo()
                throw SignalPipeError(call: "sigaction(\(signal))", errno: EINVAL)
            }
            if takeover == .defaultOnly {
                var current = sigaction()
                guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
                    continue  // Ignored (SIG_IGN) or handled by someone else: leave it.
                }
            }
            let route = routes[Int(signal)].exchange(ends[1], ordering: .sequentiallyConsistent)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let savedErrno = errno
                if number > 0, number < SignalPipe.signalLimit {
                    let descriptor = routes[Int(number)].load(ordering: .relaxed)
                    if descriptor >= 0 {
                        var byte = UInt8(truncatingIfNeeded: number)
                        _ = write(descriptor, &byte, 1)
                    }
                }
                errno = savedErrno
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            guard sigaction(signal, &action, &old) == 0 else {
                let code = errno
                routes[Int(signal)].store(route, ordering: .sequentiallyConsistent)
                undo()
                throw SignalPipeError(call: "sigaction(\(signal))", errno: code)
            }
            installed.append((signal, old, route))
        }
        self.signals = installed.map(\.signal)
        self.readEnd = ends[0]
        self.writeEnd = ends[1]
        self.previous = Locked(installed)
    }

    deinit {
        restoreHandlers()
        close(readEnd)
        close(writeEnd)
    }

    /// Gives the signals back to their previous handlers now, instead of when the pipe is released;
    /// what arrived until then can still be read (``pending()``). Calling it again does nothing.
    ///
    /// The corresponding C function is `sigaction`.
    public func restoreHandlers() {
        previous.withLock { previous in
            for index in previous.indices.reversed() {
                sigaction(previous[index].signal, &previous[index].action, nil)
                routes[Int(previous[index].signal)].store(previous[index].route, ordering: .sequentiallyConsistent)
            }
            previous.removeAll()
        }
    }

    /// Blocks until one of the signals arrives (or has arrived since the pipe was opened and was
    /// not yet waited for), and returns its number.
    ///
    /// - Returns: The signal number, e.g. `SIGTERM`, or nil if the pipe cannot be read (`errno`
    ///   says why).
    public func wait() -> Int32? {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count == 1 { return Int32(byte) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// The first signal that has arrived and was not yet waited for, without blocking; nil when
    /// none has.
    ///
    /// The corresponding C functions are `poll` (with no timeout) and `read`.
    public func pending() -> Int32? {
        var request = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, 0) == 1, request.revents & Int16(POLLIN) != 0 else { return nil }
        return wait()
    }

    /// Restores `signal`'s default action and sends it to this process, which then ends as it
    /// would have without any handler (a shell sees 130 for `SIGINT`); should it not end (the
    /// signal blocked in every thread), it exits with 128 + `signal` after 0.2 seconds.
    ///
    /// The corresponding C functions are `sigaction` (with `SIG_DFL`), `kill` and `_exit`.
    ///
    /// - Parameter signal: The signal number.
    public static func endProcess(by signal: Int32) -> Never {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = nil  // SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        kill(getpid(), signal)
        usleep(200_000)
        _exit(128 + signal)
    }
}
