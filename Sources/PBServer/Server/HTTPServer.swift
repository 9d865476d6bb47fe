internal import CMicroHTTPD
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd that answers `GET` and `HEAD` with a handler you give.
///
/// Creating a server starts it: it listens on ``Configuration/host`` and ``Configuration/port`` (0 picks a free
/// port: read ``port``) with ``Configuration/threadCount`` threads, each running the handler for one request at
/// a time. Before the handler sees a request the server answers itself:
///
/// - 414 URI Too Long when the request line is over ``Configuration/maximumRequestLineLength`` bytes;
/// - 431 Request Header Fields Too Large when the headers are over ``Configuration/maximumHeaderBytes``, or more
///   than ``Configuration/maximumHeaderFields`` fields;
/// - 400 Bad Request when the request-target holds a control byte or a space (a NUL too), or is not UTF-8;
/// - 405 Method Not Allowed, with `Allow: GET, HEAD`, for any method but `GET` and `HEAD`;
/// - 413 Content Too Large when the request has a body (`Content-Length` other than 0, or `Transfer-Encoding`);
/// - 400 Bad Request when the body's framing is ambiguous: `Transfer-Encoding` with `Content-Length` or in an
///   HTTP/1.0 request, `Content-Length` values that disagree; 501 Not Implemented for a `Transfer-Encoding` other
///   than `chunked` (`gzip`, `identity`, `chunked, identity`).
///
/// It sends these as soon as the headers have arrived and then closes the connection; a handler's responses
/// keep the connection open for the client's next request (HTTP/1.1 keep-alive).
///
/// Every request has deadlines, which a trickle of bytes does not extend: its line and header fields must arrive
/// within ``Configuration/requestHeaderTimeout`` of the connection's opening or the previous response (else 408
/// Request Timeout, or for an idle kept-alive connection a close), and its body within
/// ``Configuration/requestBodyTimeout`` or at ``Configuration/minimumBodyRate``, whichever gives longer (else
/// 400 Bad Request: the body is shorter than it said). A malformed chunk is a 400 (libmicrohttpd's own answer for
/// a bad size line; the body's deadline for a chunk shorter than its size or a chunk line too long to hold). Each
/// thread keeps a place of its share of ``Configuration/connectionLimit`` free by shedding the waiting connection
/// nearest its deadline, so a flood of slow or idle connections cannot keep a well-behaved client out.
///
/// Each thread runs its own libmicrohttpd daemon on the shared listening socket and does everything for its
/// connections itself (callbacks, deadlines, shedding), so none of it needs a lock.
///
/// A `HEAD` request gets the handler's status and headers, `Content-Length` included, and no body. Every request
/// the server answers is logged to ``Configuration/accessLog``. (libmicrohttpd answers malformed requests, and
/// requests far over the limits, itself; those are not logged.)
///
/// ``stop()`` stops gracefully: no new connections, requests in flight finish (up to
/// ``Configuration/drainTimeout``), then the threads end. Releasing the server stops it too.
/// ``runUntilSignalled()`` blocks until `SIGTERM` or `SIGINT` and then stops, for a command-line tool:
///
/// ```swift
/// let server = try HTTPServer(configuration: .init(port: 8080)) { request in
///     request.path == "/healthz" ? .text("ok\n") : .text("not found\n", status: .notFound)
/// }
/// try server.runUntilSignalled()
/// ```
public final class HTTPServer: Sendable {
    /// Answers one request; called on the server's threads, several at once.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The configuration the server started with.
    public let configuration: Configuration
    /// The port the server listens on: ``Configuration/port``, or the one the system picked for port 0.
    public let port: UInt16

    private let context: ServerContext
    /// The listening socket and the threads, until ``stop()``.
    private let running: Locked<Running?>

    /// Starts a server.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen and the limits; loopback, a free port and the defaults unless given.
    ///   - handler: Answers each `GET` and `HEAD` request that passes the server's checks. Wrap it with
    ///     ``ConditionalGET/handler(_:)`` for `ETag`s and 304s.
    /// - Throws: ``HTTPServerError``: a setting out of range, a host that does not resolve, an address the
    ///   server cannot listen on (a port in use, say), or libmicrohttpd missing (it is loaded here, when the
    ///   first server starts, so that a process that serves nothing never loads it).
    public init(configuration: Configuration = Configuration(), handler: @escaping Handler) throws(HTTPServerError) {
        try configuration.validate()
        guard pb_mhd_load() == 1 else {
            throw HTTPServerError(.libraryUnavailable(reason: String(cString: pb_mhd_load_error())))
        }
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let listener = try ListeningSocket(address: address, host: configuration.host, port: configuration.port)
        let context = ServerContext(handler: handler, configuration: configuration)
        var loops: [ServerLoop] = []
        do throws(HTTPServerError) {
            for share in configuration.connectionShares {
                loops.append(try ServerLoop(server: context, connectionShare: share))
                try loops[loops.count - 1].start(listener: listener)
            }
        } catch {
            for loop in loops { loop.finish() }
            throw error
        }
        self.configuration = configuration
        self.context = context
        self.port = listener.port
        self.running = Locked(Running(listener: listener, loops: loops))
    }

    deinit {
        stop()
    }

    /// Whether the server is running (it has not been stopped).
    public var isRunning: Bool {
        running.withLock { $0 != nil }
    }

    /// The requests in flight: their request line has arrived and their response has not yet been sent.
    public var requestsInFlight: Int {
        context.inFlight.load(ordering: .acquiring)
    }

    /// Stops the server gracefully and returns when it has stopped.
    ///
    /// The server stops accepting connections, adds `Connection: close` to the responses it still sends, waits
    /// until the requests in flight have been answered (at most ``Configuration/drainTimeout``), then closes every
    /// connection and ends its threads. A handler that is running is always waited for, however long it takes
    /// (its thread cannot be interrupted); the drain timeout bounds the wait for clients that are slow to send or
    /// to read. Connections that arrive meanwhile wait in the listen queue and are reset when it closes. Calling
    /// it again, from any thread, waits for the first call to finish and does nothing. Never call it from a
    /// handler: it waits for the handler's own thread.
    public func stop() {
        running.withLock { handle in
            guard let stopping = handle.take() else { return }
            context.stopping.store(true, ordering: .sequentiallyConsistent)
            for loop in stopping.loops { loop.quiesce() }
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: configuration.drainTimeout)
            while context.inFlight.load(ordering: .acquiring) > 0, clock.now < deadline {
                var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                nanosleep(&pause, nil)
            }
            for loop in stopping.loops { loop.finish() }
            // `stopping` goes here, and with it the listening socket, closed once no daemon uses it.
        }
    }

    /// Blocks until one of `signals`' signals arrives, then stops the server gracefully (``stop()``).
    ///
    /// - Parameter signals: An active watch, created before the server so an early signal is not lost.
    /// - Returns: The signal that arrived.
    @discardableResult
    public func run(until signals: SignalWatch) -> Int32 {
        let signal = signals.wait()
        stop()
        return signal
    }

    /// Blocks until `SIGTERM` or `SIGINT` arrives, then stops the server gracefully (``stop()``), so a
    /// command-line tool can exit 0. Their previous handlers are restored before it returns.
    ///
    /// - Returns: The signal that arrived.
    /// - Throws: ``HTTPServerError`` when the signals cannot be caught (another ``SignalWatch`` is active).
    @discardableResult
    public func runUntilSignalled() throws(HTTPServerError) -> Int32 {
        let signals = try SignalWatch([SIGTERM, SIGINT])
        return run(until: signals)
    }
}

/// What a running server owns: the socket it listens on and its threads.
struct Running {
    let listener: ListeningSocket
    let loops: [ServerLoop]
}
