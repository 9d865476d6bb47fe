/// How a request's body is delimited (RFC 9112 §6): no body, a declared length, or chunks.
///
/// The server reads the framing from the header fields before anything of the body, and refuses at once what it
/// cannot frame safely (``MessageFramingError``): a request whose framing two parties could read differently is
/// how requests are smuggled past a proxy.
enum MessageFraming: Equatable {
    /// No `Content-Length` or `Transfer-Encoding`: the request has no body.
    case none
    /// `Content-Length`: exactly this many bytes (`Int.max` for a length too large to represent).
    case length(Int)
    /// `Transfer-Encoding: chunked`: chunks until a zero-size chunk; the size is not known in advance.
    case chunked

    /// The framing the header fields give a request.
    ///
    /// - `Transfer-Encoding` must be `chunked`, alone: a coding the server does not implement (`gzip`,
    ///   `identity`, `gzip, chunked`, `chunked, identity`) is 501 Not Implemented (RFC 9112 §6.1); anything else
    ///   but one field that is exactly `chunked` (an empty list, `chunked` twice, `chunked,`, a trailing space) is
    ///   400, because libmicrohttpd would not read it as chunked.
    /// - `Transfer-Encoding` with `Content-Length`, or in an HTTP/1.0 request, is 400 (RFC 9112 §6.1 and §6.3):
    ///   the body's end would be ambiguous.
    /// - Several `Content-Length` values must agree (`5, 5` is 5); values that differ or are not decimal digits
    ///   are 400 (RFC 9112 §6.3).
    ///
    /// - Parameters:
    ///   - headers: The request's header fields (field values of the same name are read as one list).
    ///   - version: The request's protocol version, e.g. `HTTP/1.1`.
    /// - Throws: ``MessageFramingError`` with the status (400 or 501) and a one-line message.
    /// - Complexity: O(*n*) in the size of the two fields' values.
    init(headers: HTTPHeaders, version: String) throws(MessageFramingError) {
        let codings = Self.listElements(headers.values(for: "Transfer-Encoding"))
        let lengths = Self.listElements(headers.values(for: "Content-Length"))
        if headers.contains("Transfer-Encoding") {
            guard version != "HTTP/1.0" else {
                throw MessageFramingError(.badRequest, "Transfer-Encoding is not allowed in an HTTP/1.0 request.")
            }
            guard !headers.contains("Content-Length") else {
                throw MessageFramingError(
                    .badRequest, "The request has both Content-Length and Transfer-Encoding; send only one.")
            }
            if let unsupported = codings.first(where: { Self.lowercased($0) != "chunked" }) {
                throw MessageFramingError(
                    .notImplemented,
                    "The transfer coding \"\(Self.shortened(unsupported))\" is not supported; send the body with "
                        + "Content-Length or Transfer-Encoding: chunked alone.")
            }
            // Exactly as libmicrohttpd reads it (the first field's value, compared whole), or it would frame the
            // body differently: it takes `chunked ` (a trailing space), `chunked,`, or an empty field before
            // `chunked`, for a body that ends when the connection does.
            let fields = headers.values(for: "Transfer-Encoding")
            guard fields.count == 1, Self.lowercased(Substring(fields[0])) == "chunked" else {
                throw MessageFramingError(
                    .badRequest,
                    "Transfer-Encoding must be chunked, once, in one field, not \""
                        + "\(Self.shortened(fields.joined(separator: "\", \"")))\".")
            }
            self = .chunked
            return
        }
        guard headers.contains("Content-Length") else {
            self = .none
            return
        }
        guard let first = lengths.first, lengths.allSatisfy({ $0 == first }),
            !first.isEmpty, first.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else {
            throw MessageFramingError(
                .badRequest,
                "The Content-Length fields are not one decimal length: \(Self.shortened(lengths.joined(separator: ", ")))."
            )
        }
        self = .length(Int(first) ?? Int.max)
    }

    /// The elements of a comma-separated field list (RFC 9110 §5.6.1), spaces and tabs around each removed, empty
    /// ones dropped.
    static func listElements(_ values: [String]) -> [Substring] {
        values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { element in
                let isSpace = { (character: Character) in character == " " || character == "\t" }
                let start = element.firstIndex { !isSpace($0) } ?? element.endIndex
                let end = element.lastIndex { !isSpace($0) }.map(element.index(after:)) ?? start
                return element[start..<max(start, end)]
            }
            .filter { !$0.isEmpty }
    }

    /// `text` in ASCII lower case.
    private static func lowercased(_ text: Substring) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// At most 64 bytes of `text`, for a message that quotes what the client sent.
    private static func shortened(_ text: some StringProtocol) -> String {
        text.utf8.count <= 64 ? String(text) : String(decoding: text.utf8.prefix(64), as: UTF8.self) + "…"
    }
}
