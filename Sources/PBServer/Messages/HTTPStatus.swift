/// An HTTP response status code such as 200 (RFC 9110 §15).
public struct HTTPStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The three-digit code, e.g. 200.
    public var rawValue: Int

    /// The status with this code.
    ///
    /// - Parameter rawValue: The code; the server sends codes 200–599 and answers 500 for any other.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The status with this code.
    ///
    /// - Parameter code: The code; the server sends codes 200–599 and answers 500 for any other.
    public init(_ code: Int) {
        self.rawValue = code
    }

    /// The code and its reason phrase when known, e.g. `404 Not Found`.
    public var description: String {
        reasonPhrase.isEmpty ? "\(rawValue)" : "\(rawValue) \(reasonPhrase)"
    }

    /// The reason phrase of the statuses named here (`Not Found` for 404), or an empty string.
    public var reasonPhrase: String {
        switch rawValue {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: ""
        }
    }

    /// 200 OK.
    public static let ok = HTTPStatus(200)
    /// 204 No Content.
    public static let noContent = HTTPStatus(204)
    /// 304 Not Modified: the client's cached copy (named by `If-None-Match`) is current.
    public static let notModified = HTTPStatus(304)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(400)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(404)
    /// 405 Method Not Allowed; the response says which methods are in `Allow`.
    public static let methodNotAllowed = HTTPStatus(405)
    /// 408 Request Timeout: the request did not arrive in the time the server gives it.
    public static let requestTimeout = HTTPStatus(408)
    /// 413 Content Too Large: the request has a body, which this server does not accept.
    public static let contentTooLarge = HTTPStatus(413)
    /// 414 URI Too Long: the request line is over the configured limit.
    public static let uriTooLong = HTTPStatus(414)
    /// 431 Request Header Fields Too Large: the headers are over the configured limit.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(431)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(500)
    /// 501 Not Implemented: the request needs something the server does not do, such as a transfer coding.
    public static let notImplemented = HTTPStatus(501)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(503)
}
