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
        /// The most connections open at once, at least 1; further connections wait in the listen queue until one
        /// closes (an idle one closes after ``connectionTimeout``).
        public var connectionLimit: Int
        /// How long a connection may be idle (between requests, or mid-request sending nothing) before the server
        /// closes it; whole seconds, rounded up, at least 1 second.
        public var connectionTimeout: Duration
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
        ///   - connectionTimeout: How long a connection may be idle.
        ///   - maximumRequestLineLength: The most bytes in the request line.
        ///   - maximumHeaderBytes: The most bytes in the header fields.
        ///   - maximumHeaderFields: The most header fields.
        ///   - drainTimeout: How long ``HTTPServer/stop()`` waits for requests in flight.
        ///   - accessLog: Where requests are logged, or nil.
        ///   - maximumBodyBytes: The most bytes in a `POST` body; 0 for no bodies.
        ///   - maximumBodyBytesInAll: The most bytes of bodies held at once.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, threadCount: Int? = nil, connectionLimit: Int = 1024,
            connectionTimeout: Duration = .seconds(10), maximumRequestLineLength: Int = 8192,
            maximumHeaderBytes: Int = 16384, maximumHeaderFields: Int = 100, drainTimeout: Duration = .seconds(10),
            accessLog: AccessLog? = .standardError, maximumBodyBytes: Int = 0, maximumBodyBytesInAll: Int = 64 << 20
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
            guard connectionTimeout > .zero, connectionTimeout <= .seconds(86_400) else {
                throw invalid("connectionTimeout", "\(connectionTimeout) is not more than 0 s and at most a day")
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
