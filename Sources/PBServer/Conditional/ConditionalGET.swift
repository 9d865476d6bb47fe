/// Strong `ETag`s and `If-None-Match` (RFC 9110 §13.1.2): answers a client whose cached copy is current with
/// 304 Not Modified and no body.
///
/// Wrap a handler with ``handler(_:)``, or call ``apply(to:for:)`` on one response. Only `GET` and `HEAD`
/// requests answered 200 are touched. A response without an `ETag` gets the strong tag of its body
/// (``EntityTag/init(hashing:)``); a response that already has one keeps it (so a cache can store the tag with
/// the bytes and skip hashing). When the request's `If-None-Match` lists that tag (weak comparison, any number
/// of `If-None-Match` fields and comma-separated members) or is `*`, the answer is 304 with the same `ETag`,
/// `Cache-Control`, `Vary` and other headers, minus the `Content-*` ones (except `Content-Location`), and no body;
/// its `Content-Length` is the 200's body length (RFC 9110 §8.6 allows exactly that value, and libmicrohttpd
/// always sends one).
public enum ConditionalGET {
    /// A handler that runs `handler` and then applies ``apply(to:for:)`` to its response.
    ///
    /// - Parameter handler: The handler to wrap.
    /// - Returns: The wrapped handler.
    public static func handler(_ handler: @escaping HTTPServer.Handler) -> HTTPServer.Handler {
        { request in apply(to: handler(request), for: request) }
    }

    /// `response` with an `ETag`, or the 304 that replaces it when `request`'s `If-None-Match` matches.
    ///
    /// - Parameters:
    ///   - response: The handler's response.
    ///   - request: The request it answers.
    /// - Returns: `response` unchanged (not 200, or not `GET`/`HEAD`), `response` with an `ETag`, or a 304.
    /// - Complexity: O(*n*) in the body's length when the tag is computed, plus the headers' length.
    public static func apply(to response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        guard response.status == .ok, request.method == .get || request.method == .head else { return response }
        var tagged = response
        let tag: EntityTag
        if let existing = response.headers["ETag"], let parsed = parseList(existing).tags.first {
            tag = parsed
        } else {
            tag = EntityTag(hashing: response.body)
            tagged.headers["ETag"] = tag.headerValue
        }
        guard ifNoneMatch(request, matches: tag) else { return tagged }
        var notModified = HTTPResponse(status: .notModified, headers: tagged.headers)
        for field in tagged.headers where isContentField(field.name) {
            notModified.headers.remove(field.name)
        }
        notModified.headers["Content-Length"] = "\(response.body.count)"
        return notModified
    }

    /// Whether `request`'s `If-None-Match` fields name `tag` (weak comparison) or are `*`.
    ///
    /// Members that are not entity tags are skipped; a request without the field matches nothing.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - tag: The current representation's tag.
    /// - Returns: Whether the client's copy is current, so a `GET` or `HEAD` may be answered 304.
    /// - Complexity: O(*n*) in the fields' length.
    public static func ifNoneMatch(_ request: HTTPRequest, matches tag: EntityTag) -> Bool {
        for value in request.headers.values(for: "If-None-Match") {
            let list = parseList(value)
            if list.any || list.tags.contains(where: { $0.weaklyMatches(tag) }) { return true }
        }
        return false
    }

    /// The members of an `If-None-Match` (or `ETag`) field value: `*`, or entity tags separated by commas.
    ///
    /// Parsed left to right, because an entity tag may itself contain a comma; a member that is not a tag is
    /// skipped up to the next comma.
    static func parseList(_ value: String) -> (any: Bool, tags: [EntityTag]) {
        let bytes = Array(value.utf8)
        var tags: [EntityTag] = []
        var index = 0
        func skipSpaceAndCommas() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x2C {
                index += 1
            }
        }
        skipSpaceAndCommas()
        if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
            var rest = index + 1
            while rest < bytes.count, bytes[rest] == 0x20 || bytes[rest] == 0x09 { rest += 1 }
            if rest == bytes.count { return (true, []) }
        }
        while index < bytes.count {
            var weak = false
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "W"), bytes[index + 1] == UInt8(ascii: "/") {
                weak = true
                index += 2
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                let start = index + 1
                var end = start
                while end < bytes.count, EntityTag.isTagCharacter(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
                    let tag = EntityTag(String(decoding: bytes[start..<end], as: UTF8.self), weak: weak)
                {
                    tags.append(tag)
                    index = end + 1
                    skipSpaceAndCommas()
                    continue
                }
            }
            while index < bytes.count, bytes[index] != 0x2C { index += 1 }
            skipSpaceAndCommas()
        }
        return (false, tags)
    }

    /// Whether a header describes the content itself and so is left out of a 304 (`Content-Type`,
    /// `Content-Length`, `Content-Encoding`, …; `Content-Location` is kept).
    static func isContentField(_ name: String) -> Bool {
        name.utf8.count > 8 && ASCII.equalsIgnoringCase(String(name.prefix(8)), "content-")
            && !ASCII.equalsIgnoringCase(name, "content-location")
    }
}
