import PBJob

/// The CLI's errors as a server answers them: the same sentences with the options named as query
/// parameters (`OptionNaming.query`: `parameter 'line-width' expects a number >= 0, not 'wide'`).
enum ServeMessage {
    /// A plain-text response with the message and a line break, at the error's HTTP status
    /// (400 for what the request asked, 500 for failures), never stored by caches.
    static func response(for error: CommandLineError) -> HTTPResponse {
        var response = HTTPResponse.text(
            error.message(naming: .query) + "\n", status: HTTPStatus(error.httpStatus))
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
    }
}
