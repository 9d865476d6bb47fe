/// One request's state between libmicrohttpd's callbacks: created by the URI logger (retained, as the request's
/// `req_cls`), read by the access handler, released by the request-completed callback. libmicrohttpd runs one
/// connection's callbacks on one thread at a time, so it needs no lock.
final class RequestState {
    /// The raw request-target bytes.
    let target: [UInt8]
    /// When the request line arrived, in seconds since 1970 (UTC).
    let secondsSince1970: Int
    /// How far the access handler has got with the request.
    enum Phase {
        /// Not called yet.
        case lineArrived
        /// Called once, with the headers; the request waits for the handler.
        case admitted(HTTPRequest)
        /// A response is queued.
        case answered
    }

    /// How far the access handler has got with the request.
    var phase = Phase.lineArrived
    /// Whether a response to the request has been queued.
    var isAnswered: Bool {
        if case .answered = phase { return true }
        return false
    }

    /// The body received so far (of a `POST`), counted in the server's ``ServerContext/bodyBytesHeld``.
    var body: [UInt8] = []
    /// The answer to a body refused on its way (413, 503), sent when the request is complete.
    var bodyRefusal: HTTPResponse?
    /// The method, version and client address, for the access log.
    var method = ""
    var version = ""
    var remoteAddress = ""

    init(target: [UInt8], secondsSince1970: Int) {
        self.target = target
        self.secondsSince1970 = secondsSince1970
    }
}
