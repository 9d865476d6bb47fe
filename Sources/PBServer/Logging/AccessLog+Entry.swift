extension AccessLog {
    /// One request as the access log records it.
    public struct Entry: Sendable, Hashable {
        /// The client's numeric IP address, or an empty string (logged as `-`).
        public var remoteAddress: String
        /// When the request arrived, in seconds since 1970-01-01 00:00:00 UTC.
        public var secondsSince1970: Int
        /// The request method, e.g. `GET`.
        public var method: String
        /// The raw request-target, e.g. `/x?y`.
        public var target: String
        /// The protocol version, e.g. `HTTP/1.1`.
        public var version: String
        /// The response status code.
        public var status: Int
        /// The body bytes sent (0 for `HEAD` and 304).
        public var bodyBytes: Int

        /// An entry with the given facts.
        ///
        /// - Parameters:
        ///   - remoteAddress: The client's numeric IP address, or an empty string.
        ///   - secondsSince1970: When the request arrived, in seconds since the Unix epoch (UTC).
        ///   - method: The request method.
        ///   - target: The raw request-target.
        ///   - version: The protocol version.
        ///   - status: The response status code.
        ///   - bodyBytes: The body bytes sent.
        public init(
            remoteAddress: String, secondsSince1970: Int, method: String, target: String, version: String,
            status: Int, bodyBytes: Int
        ) {
            self.remoteAddress = remoteAddress
            self.secondsSince1970 = secondsSince1970
            self.method = method
            self.target = target
            self.version = version
            self.status = status
            self.bodyBytes = bodyBytes
        }
    }
}
