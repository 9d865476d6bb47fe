/// An HTTP response: a status, header fields and the body bytes.
///
/// The server computes `Content-Length` from `body` (a `Content-Length` or `Transfer-Encoding` field set here is
/// dropped) and adds `Date`. For a `HEAD` request it sends the same status and headers, `Content-Length`
/// included, and no body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: HTTPStatus
    /// The header fields, sent in order.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// A response with the given parts.
    ///
    /// - Parameters:
    ///   - status: The status code; 200 unless given.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8, with `Content-Type: text/plain; charset=utf-8`.
    ///
    /// - Parameters:
    ///   - text: The body, sent exactly (add a line break yourself if you want one).
    ///   - status: The status code.
    /// - Returns: The response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }
}
