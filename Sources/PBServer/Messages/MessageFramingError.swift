/// Why a request's framing is refused: the status to answer (400 Bad Request or 501 Not Implemented) and a
/// one-line message for the response body.
struct MessageFramingError: Error, Equatable {
    /// 400 or 501.
    let status: HTTPStatus
    /// What is wrong, in one line ending with a period.
    let message: String

    init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The response that refuses the request.
    var response: HTTPResponse {
        .text(message + "\n", status: status)
    }
}
