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
/// - 413 Content Too Large when the request has a body (`Content-Length` other than 0, or `Transfer-Encoding`).
///
/// It sends these as soon as the headers have arrived and then closes the connection; a handler's responses
/// keep the connection open for the client's next request (HTTP/1.1 keep-alive).
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
    private let daemon: Locked<DaemonHandle?>

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
        let context = ServerContext(handler: handler, configuration: configuration)
        let unretained = Unmanaged.passUnretained(context).toOpaque()
        errno = 0
        let started = address.withSockaddr { sockaddr in
            pb_mhd_start_daemon(
                address.isIPv6 ? 1 : 0, sockaddr, UInt32(configuration.threadCount),
                UInt32(configuration.connectionLimit), configuration.connectionTimeoutSeconds,
                configuration.connectionMemoryLimit,
                { context, connection, _, method, version, uploadData, uploadDataSize, requestContext in
                    DaemonCallbacks.requestArrived(
                        context: context, connection: connection, method: method, version: version,
                        uploadData: uploadData, uploadDataSize: uploadDataSize, requestContext: requestContext)
                },
                { context, uri, _ in DaemonCallbacks.requestLineArrived(context: context, uri: uri) },
                { context, _, requestContext, _ in
                    DaemonCallbacks.requestCompleted(context: context, requestContext: requestContext)
                },
                unretained)
        }
        guard let started else {
            throw HTTPServerError(
                .couldNotListen(host: configuration.host, port: configuration.port, errno: errno))
        }
        self.configuration = configuration
        self.context = context
        self.port = pb_mhd_bound_port(started)
        self.daemon = Locked(DaemonHandle(pointer: started))
    }

    deinit {
        stop()
    }

    /// Whether the server is running (it has not been stopped).
    public var isRunning: Bool {
        daemon.withLock { $0 != nil }
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
        daemon.withLock { handle in
            guard let stopping = handle.take() else { return }
            context.stopping.store(true, ordering: .sequentiallyConsistent)
            let listener = pb_mhd().pointee.MHD_quiesce_daemon(stopping.pointer)
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: configuration.drainTimeout)
            while context.inFlight.load(ordering: .acquiring) > 0, clock.now < deadline {
                var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                nanosleep(&pause, nil)
            }
            pb_mhd().pointee.MHD_stop_daemon(stopping.pointer)
            if listener >= 0 { close(listener) }
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

/// The libmicrohttpd daemon a server owns.
struct DaemonHandle {
    let pointer: OpaquePointer
}
