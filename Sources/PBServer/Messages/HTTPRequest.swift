/// An HTTP request as the server hands it to a handler: method, target, version, headers, client address and
/// body.
///
/// Only a `POST` has a body, and only on a server configured to take bodies
/// (``HTTPServer/Configuration/maximumBodyBytes``); the server answers 413 before a handler sees any other
/// request with a body. The target is the raw request-target from the request line, still percent-encoded:
/// `/render.png?progress=0.5`; `path` and `query` split it at the first `?`. Decode the query with
/// ``QueryString``.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, e.g. `GET` (a handler sees `GET`, `HEAD`, and `POST` when the server takes bodies).
    public var method: HTTPMethod
    /// The request-target as sent, percent-encoded, e.g. `/render.png?progress=0.5`.
    public var target: String
    /// The protocol version from the request line, e.g. `HTTP/1.1`.
    public var version: String
    /// The header fields, looked up without regard to case.
    public var headers: HTTPHeaders
    /// The client's IP address in numeric form (`127.0.0.1`, `::1`), or an empty string when unknown.
    public var remoteAddress: String
    /// The body (of a `POST`), complete, or empty.
    public var body: [UInt8]

    /// A request with the given parts.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - target: The raw request-target, e.g. `/badge.svg?title=coverage`.
    ///   - version: The protocol version.
    ///   - headers: The header fields.
    ///   - remoteAddress: The client's numeric IP address, or an empty string.
    ///   - body: The body, or empty.
    public init(
        method: HTTPMethod = .get, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = [:],
        remoteAddress: String = "", body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.remoteAddress = remoteAddress
        self.body = body
    }

    /// The target up to its first `?`, still percent-encoded: `/render.png` for `/render.png?progress=1`.
    ///
    /// - Complexity: O(*n*) in the target's length.
    public var path: String {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
        return String(target[..<mark])
    }

    /// The raw query after the first `?` (`progress=1` for `/render.png?progress=1`; empty for `/x?`), or nil
    /// when the target has no `?`. Decode it with ``QueryString/init(decoding:limits:)``.
    ///
    /// - Complexity: O(*n*) in the target's length.
    public var query: String? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return String(target[target.utf8.index(after: mark)...])
    }
}
