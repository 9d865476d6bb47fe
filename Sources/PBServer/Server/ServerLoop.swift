internal import CMicroHTTPD
import PBSynchronization
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One of a server's threads: a libmicrohttpd daemon without threads of its own, run by a loop of ours that also
/// keeps every connection's deadline and sheds connections when the thread's share of the table is full.
///
/// **Deadlines.** A request's line and header fields must arrive within
/// ``HTTPServer/Configuration/requestHeaderTimeout`` of the connection's opening or of the previous response's end,
/// and its body within ``HTTPServer/Configuration/bodyTime(forBytes:)`` of the header's end. These are totals:
/// libmicrohttpd's own timeout restarts at every byte, so a client sending a byte every few seconds kept a
/// connection for as long as it liked. When a deadline passes, the loop answers (408 for a header, 400 for a body
/// shorter than it said, nothing to a connection with no request) and shuts the socket down; libmicrohttpd then
/// reads the end of the stream and closes the connection.
///
/// **Shedding.** The loop keeps one place of its share of ``HTTPServer/Configuration/connectionLimit`` free, so
/// that libmicrohttpd keeps accepting: whenever the table is full (a connection has arrived, or a request on a
/// kept-alive connection has ended), it closes the waiting connection (no request yet, or one still arriving)
/// nearest its deadline, answering a request under way with 503 and `Retry-After`. So a flood of idle or trickling
/// connections turns over instead of filling the table, and a new client is accepted at once; connections being
/// answered are never shed, and when all the others are, new connections wait in the listen queue.
///
/// **Why a loop of ours** rather than libmicrohttpd's threads with a reaper thread beside them: everything that
/// touches a connection (libmicrohttpd's callbacks, the deadline checks, the writes and shutdowns that enforce them)
/// runs on this one thread, so a connection cannot be freed, or its socket closed and its number reused, while a
/// deadline is enforced, and the loop can see whether libmicrohttpd has queued an answer of its own before writing
/// one. And with its own threads libmicrohttpd 0.9.75 answers 500 when a chunk-size line outgrows the connection's
/// buffer (a 100 KB chunk extension; `MHD_connection_handle_idle`, state `CONTINUE_SENT`, "internal_poll"); with
/// external polling it stops reading instead, and the body's deadline answers 400.
///
/// `@unchecked Sendable`: the table, the daemon and the deadlines are touched only by the loop's thread while it
/// runs (libmicrohttpd calls back on the thread that runs `MHD_run`), and by the stopping thread once it has joined
/// it; what other threads touch (`quiesceRequested`, `exitRequested`, the wake-up descriptor) is atomic.
final class ServerLoop: @unchecked Sendable {
    /// What every thread shares: the handler, the configuration, the counters.
    let server: ServerContext
    /// The most connections this thread holds.
    let connectionShare: Int
    /// The daemon, once started.
    private var daemon: OpaquePointer?
    /// The thread, once started.
    private var thread: PosixThread?
    /// The epoll set the loop waits on: the daemon's own epoll descriptor and ``wakeDescriptor``.
    private let pollDescriptor: Int32
    /// An eventfd that other threads write to wake the loop.
    private let wakeDescriptor: Int32
    private let quiesceRequested = Atomic<Bool>(false)
    private let exitRequested = Atomic<Bool>(false)
    /// Whether the daemon has stopped accepting connections.
    private var quiesced = false
    /// The open connections, each knowing its index.
    private var connections: [ConnectionState] = []
    /// How many of ``connections`` are closing.
    private var closingCount = 0
    /// When the next deadline may pass (no later than the earliest deadline; nil when none is pending).
    private var nextCheck: ContinuousClock.Instant?
    /// Whether a connection has closed since the daemon last ran: libmicrohttpd takes its listening socket back
    /// into its epoll set (after the table was full) only when it runs, so it must run again at once for the
    /// connections waiting in the listen queue.
    private var connectionFreed = false
    private let clock = ContinuousClock()

    /// The tags of the two descriptors in ``pollDescriptor``.
    private static let daemonTag: UInt64 = 0
    private static let wakeTag: UInt64 = 1

    /// A loop for one thread, not yet started.
    ///
    /// - Parameters:
    ///   - server: What the threads share.
    ///   - connectionShare: The most connections this thread holds, at least 1.
    /// - Throws: ``HTTPServerError`` (`systemCallFailed`) when the epoll set or the eventfd cannot be made.
    init(server: ServerContext, connectionShare: Int) throws(HTTPServerError) {
        self.server = server
        self.connectionShare = connectionShare
        pollDescriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard pollDescriptor >= 0 else {
            throw HTTPServerError(.systemCallFailed(name: "epoll_create1", errno: errno))
        }
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeDescriptor >= 0, Self.watch(wakeDescriptor, tag: Self.wakeTag, in: pollDescriptor) else {
            let code = errno
            if wakeDescriptor >= 0 { close(wakeDescriptor) }
            close(pollDescriptor)
            throw HTTPServerError(.systemCallFailed(name: "eventfd", errno: code))
        }
    }

    deinit {
        close(wakeDescriptor)
        close(pollDescriptor)
    }

    /// Starts the daemon on `listener` and the thread that runs it.
    ///
    /// - Parameter listener: The listening socket, shared with the other loops.
    /// - Throws: ``HTTPServerError``: `couldNotListen` when libmicrohttpd cannot start a daemon on it,
    ///   `systemCallFailed` when the thread cannot start.
    func start(listener: ListeningSocket) throws(HTTPServerError) {
        let configuration = server.configuration
        errno = 0
        let started = pb_mhd_start_daemon(
            listener.descriptor, UInt32(connectionShare), configuration.connectionTimeoutSeconds,
            configuration.connectionMemoryLimit,
            { context, connection, _, method, version, uploadData, uploadDataSize, requestContext in
                DaemonCallbacks.requestArrived(
                    context: context, connection: connection, method: method, version: version,
                    uploadData: uploadData, uploadDataSize: uploadDataSize, requestContext: requestContext)
            },
            { context, uri, connection in
                DaemonCallbacks.requestLineArrived(context: context, uri: uri, connection: connection)
            },
            { context, connection, requestContext, termination in
                DaemonCallbacks.requestCompleted(
                    context: context, connection: connection, requestContext: requestContext,
                    completed: termination == .REQUEST_TERMINATED_COMPLETED_OK)
            },
            { context, connection, socketContext, code in
                DaemonCallbacks.connectionNotified(
                    context: context, connection: connection, socketContext: socketContext,
                    started: code == .CONNECTION_NOTIFY_STARTED)
            },
            Unmanaged.passUnretained(self).toOpaque())
        guard let started else {
            throw HTTPServerError(
                .couldNotListen(host: configuration.host, port: configuration.port, errno: errno))
        }
        daemon = started
        guard Self.watch(pb_mhd_epoll_fd(started), tag: Self.daemonTag, in: pollDescriptor) else {
            throw HTTPServerError(.systemCallFailed(name: "epoll_ctl", errno: errno))
        }
        do {
            thread = try PosixThread { [self] in run() }
        } catch {
            throw HTTPServerError(.systemCallFailed(name: "pthread_create", errno: error.code))
        }
    }

    /// Asks the loop to stop accepting connections (the ones waiting in the listen queue stay there); returns at
    /// once.
    func quiesce() {
        quiesceRequested.store(true, ordering: .releasing)
        wake()
    }

    /// Ends the loop, then closes every connection and stops the daemon; returns when they are done. A handler
    /// that is running is waited for. Call it once, from another thread, also after a failed ``start(listener:)``.
    func finish() {
        exitRequested.store(true, ordering: .releasing)
        wake()
        thread?.join()
        thread = nil
        guard let daemon else { return }
        // Quiesced, libmicrohttpd leaves the listening socket, which the loops share, to its owner.
        if !quiesced { _ = pb_mhd().pointee.MHD_quiesce_daemon(daemon) }
        pb_mhd().pointee.MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    // MARK: - The loop

    /// Waits for work or a deadline, runs the daemon, enforces the deadlines; until ``finish()``.
    private func run() {
        // libmicrohttpd sends with MSG_NOSIGNAL; this keeps any other write to a closed socket from killing the
        // process, as libmicrohttpd's own threads did.
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, nil)
        var events = [epoll_event](repeating: epoll_event(), count: 2)
        while !exitRequested.load(ordering: .acquiring), let daemon {
            let count = epoll_wait(pollDescriptor, &events, Int32(events.count), waitMilliseconds(daemon))
            if count > 0, events.prefix(Int(count)).contains(where: { $0.data.u64 == Self.wakeTag }) {
                var value: UInt64 = 0
                _ = read(wakeDescriptor, &value, MemoryLayout<UInt64>.size)
            }
            if !quiesced, quiesceRequested.load(ordering: .acquiring) {
                _ = pb_mhd().pointee.MHD_quiesce_daemon(daemon)
                quiesced = true
            }
            if exitRequested.load(ordering: .acquiring) { break }
            // Deadlines first: when one falls with libmicrohttpd's idle timeout (`--timeout` sets both), the
            // client is told why instead of finding the connection closed.
            enforceDeadlines()
            _ = pb_mhd().pointee.MHD_run(daemon)
        }
    }

    /// How long to wait: until libmicrohttpd must run again or the next deadline, whichever is sooner; -1 for
    /// as long as it takes.
    private func waitMilliseconds(_ daemon: OpaquePointer) -> Int32 {
        if connectionFreed {
            connectionFreed = false
            return 0
        }
        var wait = pb_mhd_timeout(daemon)
        if let nextCheck {
            let (seconds, attoseconds) = clock.now.duration(to: nextCheck).components
            let ours = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            wait = wait < 0 ? ours : min(wait, ours)
        }
        return Int32(clamping: wait)
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    private static func watch(_ descriptor: Int32, tag: UInt64, in poll: Int32) -> Bool {
        guard descriptor >= 0 else { return false }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = tag
        return epoll_ctl(poll, EPOLL_CTL_ADD, descriptor, &event) == 0
    }

    // MARK: - Connections (called back by libmicrohttpd on the loop's thread)

    /// Records a connection libmicrohttpd has accepted, and sheds one if this thread's share is now full.
    ///
    /// - Complexity: O(1), or O(*n*) in the connections when one is shed.
    func connectionStarted(_ connection: OpaquePointer) -> ConnectionState {
        let state = ConnectionState(
            connection: connection, descriptor: pb_mhd_connection_fd(connection),
            deadline: clock.now.advanced(by: server.configuration.requestHeaderTimeout), index: connections.count)
        connections.append(state)
        schedule(state.deadline)
        shedIfFull(sparing: state)
        return state
    }

    /// Forgets a connection libmicrohttpd has closed.
    func connectionClosed(_ state: ConnectionState) {
        let last = connections.removeLast()
        if last !== state {
            connections[state.index] = last
            last.index = state.index
        }
        if state.phase == .closing { closingCount -= 1 }
        connectionFreed = true
    }

    /// A request line has arrived on the connection.
    func requestLineArrived(on state: ConnectionState) {
        if state.phase == .awaitingRequest { state.phase = .receivingHeaders }
    }

    /// The request's header has arrived and it has a body: `declaredLength` bytes, or chunks (nil).
    func bodyStarted(on state: ConnectionState, declaredLength: Int?) {
        guard state.phase != .closing else { return }
        let now = clock.now
        state.phase = .receivingBody
        state.bodyStart = now
        state.declaredBodyLength = declaredLength
        state.bodyBytesReceived = 0
        state.deadline = now.advanced(by: server.configuration.bodyTime(forBytes: declaredLength ?? 0))
        schedule(state.deadline)
    }

    /// `count` more body bytes have arrived; a chunked body's deadline moves with them.
    func bodyReceived(_ count: Int, on state: ConnectionState) {
        state.bodyBytesReceived += count
        guard state.phase == .receivingBody, state.declaredBodyLength == nil else { return }
        state.deadline = state.bodyStart.advanced(by: server.configuration.bodyTime(forBytes: state.bodyBytesReceived))
    }

    /// The request is complete or refused: it is answered, with no deadline.
    func answering(on state: ConnectionState) {
        if state.phase != .closing { state.phase = .answering }
    }

    /// The request is over: when its response was sent (`completed`), a kept-alive connection waits for the next
    /// request's header from now; otherwise libmicrohttpd is closing the connection, which is then neither
    /// shed nor given a deadline.
    func requestCompleted(on state: ConnectionState, completed: Bool) {
        guard state.phase != .closing else { return }
        guard completed else {
            state.phase = .closing
            closingCount += 1
            return
        }
        state.phase = .awaitingRequest
        state.deadline = clock.now.advanced(by: server.configuration.requestHeaderTimeout)
        schedule(state.deadline)
        shedIfFull(sparing: nil)
    }

    // MARK: - Deadlines and shedding

    private func schedule(_ deadline: ContinuousClock.Instant) {
        if let nextCheck, nextCheck <= deadline { return }
        nextCheck = deadline
    }

    /// Closes every waiting connection past its deadline, and finds the next deadline.
    ///
    /// - Complexity: O(*n*) in the connections when a deadline may have passed, O(1) otherwise.
    private func enforceDeadlines() {
        let now = clock.now
        guard let due = nextCheck, due <= now else { return }
        nextCheck = nil
        for state in connections where state.isWaiting {
            if state.deadline <= now {
                closeWaiting(state, shed: false)
            } else {
                schedule(state.deadline)
            }
        }
    }

    /// When the table is full, closes the waiting connection nearest its deadline, other than `spared` (a
    /// connection just accepted), if there is one: so one place stays free for the next connection.
    ///
    /// - Complexity: O(1) when the table has room, O(*n*) in the connections when it is full.
    private func shedIfFull(sparing spared: ConnectionState?) {
        guard connections.count - closingCount >= connectionShare else { return }
        var victim: ConnectionState?
        for state in connections where state !== spared && state.isWaiting {
            if let chosen = victim, chosen.deadline <= state.deadline { continue }
            victim = state
        }
        if let victim { closeWaiting(victim, shed: true) }
    }

    /// Answers a waiting connection (unless it has no request yet, or libmicrohttpd has queued an answer of its
    /// own) and shuts its socket down, so that libmicrohttpd reads the end of the stream and closes it.
    private func closeWaiting(_ state: ConnectionState, shed: Bool) {
        if let response = closingResponse(for: state, shed: shed),
            pb_mhd_queued_status(state.connection) == 0
        {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let bytes = response.closingWireBytes(secondsSince1970: Int(now.tv_sec))
            // The socket is libmicrohttpd's and non-blocking; a client that does not read loses the answer.
            _ = bytes.withUnsafeBytes { send(state.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            state.closingAnswer = (response.status.rawValue, response.body.count)
        }
        // Both directions, so that epoll reports a hang-up, on which libmicrohttpd closes the connection whatever
        // its state (even with its buffer full of an over-long chunk line, when it has stopped reading). The
        // socket stays libmicrohttpd's to close: it is open until the connection's close is notified.
        shutdown(state.descriptor, Int32(SHUT_RDWR))
        state.phase = .closing
        closingCount += 1
    }

    /// What a connection closed mid-request is told: 503 when shed, 408 for a header, 400 for a body; nothing
    /// when no request has begun.
    private func closingResponse(for state: ConnectionState, shed: Bool) -> HTTPResponse? {
        let configuration = server.configuration
        if shed {
            guard state.phase != .awaitingRequest else { return nil }
            var response = HTTPResponse.text(
                "The server is at its connection limit and closed this request, the waiting one nearest its "
                    + "deadline, to make room; try again.\n", status: .serviceUnavailable)
            response.headers["Retry-After"] = "1"
            return response
        }
        switch state.phase {
        case .receivingHeaders:
            return .text(
                "The request's header fields did not all arrive within "
                    + "\(Self.seconds(configuration.requestHeaderTimeout)) of the connection or the previous "
                    + "response.\n", status: .requestTimeout)
        case .receivingBody:
            let rate = configuration.minimumBodyRate
            if let length = state.declaredBodyLength {
                return .text(
                    "The request body was incomplete at its deadline: \(state.bodyBytesReceived) of the \(length) "
                        + "bytes declared arrived within \(Self.seconds(configuration.bodyTime(forBytes: length))).\n",
                    status: .badRequest)
            }
            return .text(
                "The chunked request body was incomplete at its deadline: a chunk is shorter than its size, or the "
                    + "body is slower than \(rate) bytes a second after the first "
                    + "\(Self.seconds(configuration.requestBodyTimeout)) (\(state.bodyBytesReceived) bytes arrived).\n",
                status: .badRequest)
        case .awaitingRequest, .answering, .closing:
            return nil
        }
    }

    /// `2.5 s`: a duration in seconds, to the millisecond.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { return "\(seconds) s" }
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction) s"
    }
}
