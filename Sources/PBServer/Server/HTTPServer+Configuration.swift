#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServer {
    /// Where an ``HTTPServer`` listens and the limits it enforces.
    public struct Configuration: Sendable {
        /// The address to listen on: a numeric IPv4 or IPv6 address, or a name the resolver knows (the first
        /// address it gives is used). `127.0.0.1` unless set: loopback only.
        public var host: String
        /// The TCP port; 0 lets the system pick a free one (read it back from ``HTTPServer/port``).
        public var port: UInt16
        /// How many threads accept connections, parse requests and run the handler, 1–1024. Each thread runs one
        /// handler at a time, so this is also the number of requests handled at once. The number of online
        /// processors unless set.
        public var threadCount: Int
        /// The most connections open at once, 1–1,000,000, shared out equally between the threads (each thread
        /// at least one). Each thread keeps one place of its share free: whenever its table is full (a connection
        /// has arrived, or a request on a kept-alive connection has ended), it closes the connection nearest its
        /// deadline among those waiting for a request or still receiving one (see ``requestHeaderTimeout``):
        /// silently when no request has begun, with 503 and `Retry-After` otherwise. So a flood of slow or idle
        /// connections turns over and cannot keep a new client out. Connections whose requests are being answered
        /// are never shed; when all the others are, further connections wait in the listen queue until one closes.
        public var connectionLimit: Int
        /// How long a connection may go with nothing received or sent before the server closes it (a client that
        /// stops reading its response, say); whole seconds, rounded up, at least 1 second, at most a day. Requests
        /// themselves are bounded by ``requestHeaderTimeout`` and ``requestBodyTimeout``, which a trickle of bytes
        /// does not restart.
        public var connectionTimeout: Duration
        /// The time a client has to send a request's line and header fields, counted from the connection's opening
        /// or, on a kept-alive connection, from the end of the previous response: a total, not an idle time, so
        /// a byte every few seconds does not extend it. When it passes the connection is closed, with
        /// 408 Request Timeout if the request line had arrived and without an answer otherwise (an idle kept-alive
        /// connection closes then). 10 seconds unless set; more than 0, at most a day.
        public var requestHeaderTimeout: Duration
        /// The least time a request body has to arrive, counted from the end of its header: a body of *n* bytes
        /// has `max(requestBodyTimeout, n / minimumBodyRate)`; a chunked one, whose size is not declared, the
        /// same for the bytes it has sent so far, so it must keep up ``minimumBodyRate`` on average once this has
        /// passed. A body still incomplete at its deadline is answered 400 Bad Request (it is shorter than it
        /// said) and the connection closed. 10 seconds unless set; more than 0, at most a day.
        public var requestBodyTimeout: Duration
        /// The slowest average rate, in bytes a second, at which a request body may arrive once
        /// ``requestBodyTimeout`` has passed; 1–1,073,741,824, 65,536 (64 KiB/s) unless set. A 1 MiB body has 16 s.
        public var minimumBodyRate: Int
        /// The most bytes in the request line (`GET /target HTTP/1.1`, without the line break), 16–1,048,576;
        /// a longer one is answered 414 URI Too Long.
        public var maximumRequestLineLength: Int
        /// The most bytes in the header fields, each counted as `Name: value` and a line break (name + value + 4),
        /// 16–1,048,576; more is answered 431 Request Header Fields Too Large.
        public var maximumHeaderBytes: Int
        /// The most header fields, 1–100,000; more is answered 431 Request Header Fields Too Large. 100 by
        /// default, as Apache's `LimitRequestFields` and Python's `http.server`: libmicrohttpd keeps a record of
        /// every field in the connection's memory pool, which it zeroes after every request, so this bounds what a
        /// kept-alive connection holds and costs (about 58 KiB a connection at `pbrender serve`'s limits).
        public var maximumHeaderFields: Int
        /// How long ``HTTPServer/stop()`` waits for requests in flight to finish before closing their
        /// connections anyway.
        public var drainTimeout: Duration
        /// Where each request is logged, or nil for no log. ``AccessLog/standardError`` unless set.
        public var accessLog: AccessLog?
        /// The most bytes in a `POST` request's body, 0–67,108,864; 0 (the default) takes no bodies, and
        /// answers `POST` 405 Method Not Allowed. A larger body is answered 413 Content Too Large, at once when
        /// its `Content-Length` says so, or when a chunked body grows past it. A `GET` or `HEAD` with a body is
        /// answered 413 whatever this says.
        public var maximumBodyBytes: Int
        /// The most bytes of request bodies held at once, over all requests, at least ``maximumBodyBytes``: a
        /// body that would take the total past it is answered 503 Service Unavailable (with `Retry-After`), so
        /// that a thousand slow uploads cannot hold a thousand bodies. 64 MiB unless set.
        public var maximumBodyBytesInAll: Int

        /// A configuration with the given settings.
        ///
        /// - Parameters:
        ///   - host: The address to listen on.
        ///   - port: The TCP port, or 0 for any free one.
        ///   - threadCount: The number of server threads; nil for the number of online processors.
        ///   - connectionLimit: The most connections open at once.
        ///   - connectionTimeout: How long a connection may go with nothing received or sent.
        ///   - maximumRequestLineLength: The most bytes in the request line.
        ///   - maximumHeaderBytes: The most bytes in the header fields.
        ///   - maximumHeaderFields: The most header fields.
        ///   - drainTimeout: How long ``HTTPServer/stop()`` waits for requests in flight.
        ///   - accessLog: Where requests are logged, or nil.
        ///   - maximumBodyBytes: The most bytes in a `POST` body; 0 for no bodies.
        ///   - maximumBodyBytesInAll: The most bytes of bodies held at once.
        ///   - requestHeaderTimeout: The time a request's line and header fields have to arrive.
        ///   - requestBodyTimeout: The least time a request body has to arrive.
        ///   - minimumBodyRate: The slowest average rate of a body after `requestBodyTimeout`, in bytes a second.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, threadCount: Int? = nil, connectionLimit: Int = 1024,
            connectionTimeout: Duration = .seconds(10), maximumRequestLineLength: Int = 8192,
            maximumHeaderBytes: Int = 16384, maximumHeaderFields: Int = 100, drainTimeout: Duration = .seconds(10),
            accessLog: AccessLog? = .standardError, maximumBodyBytes: Int = 0, maximumBodyBytesInAll: Int = 64 << 20,
            requestHeaderTimeout: Duration = .seconds(10), requestBodyTimeout: Duration = .seconds(10),
            minimumBodyRate: Int = 65_536
        ) {
            self.host = host
            self.port = port
            self.threadCount = threadCount ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            self.connectionLimit = connectionLimit
            self.connectionTimeout = connectionTimeout
            self.maximumRequestLineLength = maximumRequestLineLength
            self.maximumHeaderBytes = maximumHeaderBytes
            self.maximumHeaderFields = maximumHeaderFields
            self.drainTimeout = drainTimeout
            self.accessLog = accessLog
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumBodyBytesInAll = maximumBodyBytesInAll
            self.requestHeaderTimeout = requestHeaderTimeout
            self.requestBodyTimeout = requestBodyTimeout
            self.minimumBodyRate = minimumBodyRate
        }

        /// Throws when a setting is out of range.
        func validate() throws(HTTPServerError) {
            func invalid(_ setting: String, _ reason: String) -> HTTPServerError {
                HTTPServerError(.invalidConfiguration(setting: setting, reason: reason))
            }
            guard (1...1024).contains(threadCount) else {
                throw invalid("threadCount", "\(threadCount) is not between 1 and 1024")
            }
            guard (1...1_000_000).contains(connectionLimit) else {
                throw invalid("connectionLimit", "\(connectionLimit) is not between 1 and 1000000")
            }
            for (setting, value) in [
                ("connectionTimeout", connectionTimeout), ("requestHeaderTimeout", requestHeaderTimeout),
                ("requestBodyTimeout", requestBodyTimeout),
            ] where value <= .zero || value > .seconds(86_400) {
                throw invalid(setting, "\(value) is not more than 0 s and at most a day")
            }
            guard (1...(1 << 30)).contains(minimumBodyRate) else {
                throw invalid("minimumBodyRate", "\(minimumBodyRate) is not between 1 and 1073741824")
            }
            guard (16...1_048_576).contains(maximumRequestLineLength) else {
                throw invalid("maximumRequestLineLength", "\(maximumRequestLineLength) is not between 16 and 1048576")
            }
            guard (16...1_048_576).contains(maximumHeaderBytes) else {
                throw invalid("maximumHeaderBytes", "\(maximumHeaderBytes) is not between 16 and 1048576")
            }
            guard (1...100_000).contains(maximumHeaderFields) else {
                throw invalid("maximumHeaderFields", "\(maximumHeaderFields) is not between 1 and 100000")
            }
            guard drainTimeout >= .zero else { throw invalid("drainTimeout", "\(drainTimeout) is negative") }
            guard (0...(64 << 20)).contains(maximumBodyBytes) else {
                throw invalid("maximumBodyBytes", "\(maximumBodyBytes) is not between 0 and 67108864")
            }
            guard maximumBodyBytesInAll >= maximumBodyBytes else {
                throw invalid(
                    "maximumBodyBytesInAll",
                    "\(maximumBodyBytesInAll) is less than maximumBodyBytes (\(maximumBodyBytes))")
            }
        }

        /// ``connectionTimeout`` in whole seconds, rounded up.
        var connectionTimeoutSeconds: UInt32 {
            let (seconds, attoseconds) = connectionTimeout.components
            return UInt32(clamping: seconds + (attoseconds > 0 ? 1 : 0))
        }

        /// Each thread's share of ``connectionLimit``: equal parts, the first threads taking one more when it does
        /// not divide, and at least 1 each.
        var connectionShares: [Int] {
            (0..<threadCount).map { thread in
                max(1, connectionLimit / threadCount + (thread < connectionLimit % threadCount ? 1 : 0))
            }
        }

        /// The time a body of `bytes` bytes has to arrive after the header:
        /// `max(requestBodyTimeout, bytes / minimumBodyRate)`.
        ///
        /// - Parameter bytes: The body's declared length, or for a chunked body the bytes that have arrived.
        /// - Returns: The time, to the nanosecond.
        func bodyTime(forBytes bytes: Int) -> Duration {
            let (seconds, remainder) = max(0, bytes).quotientAndRemainder(dividingBy: minimumBodyRate)
            let proportional = Duration.seconds(seconds) + .nanoseconds(remainder * 1_000_000_000 / minimumBodyRate)
            return max(requestBodyTimeout, proportional)
        }

        /// The memory pool libmicrohttpd gives each connection, in bytes: room for every request within the
        /// limits, so that our own checks answer 414 and 431 exactly.
        ///
        /// The pool holds the request line and the header lines (read buffer), a 64-byte record per header
        /// field (at most ``maximumHeaderFields`` of them, and at most one per 5 counted bytes: `a:` and a line
        /// break count 1 + 0 + 4), and the response's header block; the query is not split into records (see
        /// `pb_mhd_hide_query` in the shim). A request past even that is answered 414 or 431 by libmicrohttpd, or
        /// its connection closed. libmicrohttpd zeroes the whole pool after each request on a kept-alive
        /// connection, so this is also what an idle kept-alive connection holds resident, and memory written per
        /// request: about 58 KiB at `pbrender serve`'s limits (264 KiB when the field count was bounded by the
        /// bytes alone, which cost 0.4 M instructions of zeroing per request).
        var connectionMemoryLimit: Int {
            maximumRequestLineLength + maximumHeaderBytes + 64 * (min(maximumHeaderFields, maximumHeaderBytes / 5) + 1)
                + 16384 + 4096
        }
    }
}
