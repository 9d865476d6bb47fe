import Synchronization

/// What the server's threads share: the handler, the configuration, and counters. Each ``ServerLoop`` holds it,
/// and the server keeps the loops alive until their daemons have stopped.
final class ServerContext: Sendable {
    let handler: HTTPServer.Handler
    let configuration: HTTPServer.Configuration
    /// Requests whose request line has arrived and whose connection has not yet finished with them.
    let inFlight = Atomic<Int>(0)
    /// Set when ``HTTPServer/stop()`` begins: later responses carry `Connection: close`.
    let stopping = Atomic<Bool>(false)
    /// The bytes of request bodies held now, over all requests (at most
    /// ``HTTPServer/Configuration/maximumBodyBytesInAll``).
    let bodyBytesHeld = Atomic<Int>(0)

    init(handler: @escaping HTTPServer.Handler, configuration: HTTPServer.Configuration) {
        self.handler = handler
        self.configuration = configuration
    }

    /// What the server does with a request whose headers have arrived.
    enum Admission {
        /// Hand it to the handler once the request is complete; its body comes as the framing says.
        case admitted(HTTPRequest, MessageFraming)
        /// Answer at once with the server's own 414, 431, 400, 405, 413 or 501, and close the connection.
        case refused(HTTPResponse)
    }

    /// Checks a request whose headers have arrived against the limits, its framing (``MessageFraming``), the
    /// methods and the no-body rule.
    ///
    /// - Parameters:
    ///   - method: The method from the request line.
    ///   - target: The raw request-target bytes.
    ///   - version: The protocol version.
    ///   - headers: The header fields.
    ///   - headerBytes: The header fields' size, counted as name + value + 4 each.
    ///   - remoteAddress: The client's numeric address.
    func admit(
        method: String, target: [UInt8], version: String, headers: HTTPHeaders, headerBytes: Int,
        remoteAddress: String
    ) -> Admission {
        switch check(method: method, target: target, version: version, headers: headers, headerBytes: headerBytes)
        {
        case .success(let framing):
            let request = HTTPRequest(
                method: HTTPMethod(method), target: String(decoding: target, as: UTF8.self), version: version,
                headers: headers, remoteAddress: remoteAddress)
            return .admitted(request, framing)
        case .failure(let refusal):
            return .refused(refusal.response)
        }
    }

    /// The 413 for a body of `length` bytes (nil: more than the limit, by a count that cannot be read).
    static func bodyTooLarge(_ length: Int?, limit: Int) -> HTTPResponse {
        .text(
            "The request body is \(length.map { "\($0) bytes" } ?? "too large"); the limit is \(limit) bytes.\n",
            status: .contentTooLarge)
    }

    /// Takes `count` more bytes of body into the server's total, or answers why not: 503 when the total would
    /// pass ``HTTPServer/Configuration/maximumBodyBytesInAll``. Give the bytes back with ``releaseBodyBytes(_:)``.
    func holdBodyBytes(_ count: Int) -> HTTPResponse? {
        let held = bodyBytesHeld.add(count, ordering: .relaxed).newValue
        guard held <= configuration.maximumBodyBytesInAll else {
            bodyBytesHeld.subtract(count, ordering: .relaxed)
            var response = HTTPResponse.text(
                "The server holds as many request bodies as it may; try again shortly.\n", status: .serviceUnavailable)
            response.headers["Retry-After"] = "1"
            return response
        }
        return nil
    }

    /// Gives back bytes taken by ``holdBodyBytes(_:)``.
    func releaseBodyBytes(_ count: Int) {
        if count > 0 { bodyBytesHeld.subtract(count, ordering: .relaxed) }
    }

    /// The handler's response to an admitted request, made safe to send.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        Self.sanitized(handler(request))
    }

    /// The server's own answer to a request it does not pass on, or the framing of one it does.
    private func check(method: String, target: [UInt8], version: String, headers: HTTPHeaders, headerBytes: Int)
        -> Result<MessageFraming, Refusal>
    {
        let lineLength = method.utf8.count + 1 + target.count + 1 + version.utf8.count
        if lineLength > configuration.maximumRequestLineLength {
            return .refuse(
                "The request line is \(lineLength) bytes long; the limit is "
                    + "\(configuration.maximumRequestLineLength).\n", status: .uriTooLong)
        }
        if headerBytes > configuration.maximumHeaderBytes {
            return .refuse(
                "The request header fields are \(headerBytes) bytes long; the limit is "
                    + "\(configuration.maximumHeaderBytes).\n", status: .requestHeaderFieldsTooLarge)
        }
        if headers.count > configuration.maximumHeaderFields {
            return .refuse(
                "The request has \(headers.count) header fields; the limit is "
                    + "\(configuration.maximumHeaderFields).\n", status: .requestHeaderFieldsTooLarge)
        }
        if let offset = target.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) {
            // RFC 9112 §3.2: no whitespace or control characters in a request-target (nginx answers 400 too).
            return .refuse(
                "The request target contains a control character or space (byte 0x"
                    + String(target[offset], radix: 16, uppercase: true).leftPadded(to: 2)
                    + " at offset \(offset)); percent-encode it.\n", status: .badRequest)
        }
        guard String(validating: target, as: UTF8.self) != nil else {
            return .refuse("The request target is not valid UTF-8.\n", status: .badRequest)
        }
        // The framing before the method: a message whose end is ambiguous is refused as such (400, 501).
        let framing: MessageFraming
        do {
            framing = try MessageFraming(headers: headers, version: version)
        } catch {
            return .failure(Refusal(error.response))
        }
        let takesBodies = configuration.maximumBodyBytes > 0
        let allowed = [HTTPMethod.get, .head] + (takesBodies ? [.post] : [])
        guard allowed.contains(HTTPMethod(method)) else {
            let names = allowed.map(\.rawValue)
            var response = HTTPResponse.text(
                "Only \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1]) are allowed.\n",
                status: .methodNotAllowed)
            response.headers["Allow"] = names.joined(separator: ", ")
            return .failure(Refusal(response))
        }
        guard method == HTTPMethod.post.rawValue else {
            guard framing == .none || framing == .length(0) else {
                return .refuse("Requests with a body are not accepted.\n", status: .contentTooLarge)
            }
            return .success(framing)
        }
        if case .length(let declaredLength) = framing, declaredLength > configuration.maximumBodyBytes {
            return .failure(
                Refusal(
                    Self.bodyTooLarge(
                        declaredLength == Int.max ? nil : declaredLength, limit: configuration.maximumBodyBytes)))
        }
        return .success(framing)
    }

    /// The server's own answer to a request, as a failure of admission.
    struct Refusal: Error {
        let response: HTTPResponse

        init(_ response: HTTPResponse) {
            self.response = response
        }
    }

    /// `response` with the fields the server computes itself removed (`Content-Length`, unless a 304 names a
    /// valid one; `Transfer-Encoding`), or a 500 when the handler's status or a field cannot be sent.
    static func sanitized(_ response: HTTPResponse) -> HTTPResponse {
        guard (200...599).contains(response.status.rawValue) else {
            return .text(
                "The handler answered with status \(response.status.rawValue).\n", status: .internalServerError)
        }
        var response = response
        // The server computes Content-Length, except that a 304 may name the 200's (see DaemonCallbacks.queue).
        if response.status != .notModified || response.headers["Content-Length"].flatMap({ UInt64($0) }) == nil {
            response.headers.remove("Content-Length")
        }
        response.headers.remove("Transfer-Encoding")
        for field in response.headers where !isValidField(field) {
            return .text("The handler answered with an invalid header field.\n", status: .internalServerError)
        }
        return response
    }

    /// Whether a field can be sent: a non-empty token as the name, no CR, LF or NUL in the value.
    static func isValidField(_ field: HTTPHeaders.Field) -> Bool {
        !field.name.isEmpty && field.name.utf8.allSatisfy(isTokenByte)
            && !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    /// `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension Result where Failure == ServerContext.Refusal {
    /// A refusal with a plain-text `message`.
    fileprivate static func refuse(_ message: String, status: HTTPStatus) -> Self {
        .failure(ServerContext.Refusal(.text(message, status: status)))
    }
}

extension String {
    /// The string with `0`s in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
