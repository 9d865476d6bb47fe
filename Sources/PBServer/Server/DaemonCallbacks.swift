internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The bodies of the callbacks libmicrohttpd calls on a ``ServerLoop``'s thread (their `context` is the loop). They
/// are plain functions in a library file, never closures in top-level code (those would be main-actor isolated and
/// trap on a foreign thread).
enum DaemonCallbacks {
    /// The connection callback: a connection has started (its ``ConnectionState``, retained, becomes its socket
    /// context) or closed (the state is released).
    static func connectionNotified(
        context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
        socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, started: Bool
    ) {
        guard let context, let connection, let socketContext else { return }
        let loop = Unmanaged<ServerLoop>.fromOpaque(context).takeUnretainedValue()
        if started {
            socketContext.pointee = Unmanaged.passRetained(loop.connectionStarted(connection)).toOpaque()
        } else if let address = socketContext.pointee {
            socketContext.pointee = nil
            let state = Unmanaged<ConnectionState>.fromOpaque(address)
            loop.connectionClosed(state.takeUnretainedValue())
            state.release()
        }
    }

    /// The ``ConnectionState`` of a connection, from its socket context.
    static func connectionState(of connection: OpaquePointer) -> ConnectionState? {
        pb_mhd_socket_context(connection).map { Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The URI logger: called once per request when its request line has arrived. Counts the request in flight
    /// and returns its retained ``RequestState``, which becomes `*req_cls`.
    static func requestLineArrived(
        context: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?
    ) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        let loop = Unmanaged<ServerLoop>.fromOpaque(context).takeUnretainedValue()
        loop.server.inFlight.add(1, ordering: .relaxed)
        if let connection, let connectionState = connectionState(of: connection) {
            loop.requestLineArrived(on: connectionState)
        }
        var target: [UInt8] = []
        if let uri {
            // Every byte of the target, a literal NUL too; then libmicrohttpd is kept from splitting the query
            // into records nothing reads (see the shim).
            let length = pb_mhd_raw_target_length(uri)
            target = uri.withMemoryRebound(to: UInt8.self, capacity: length) {
                Array(UnsafeBufferPointer(start: $0, count: length))
            }
            pb_mhd_hide_query(uri, length)
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let state = RequestState(target: target, secondsSince1970: Int(now.tv_sec))
        return Unmanaged.passRetained(state).toOpaque()
    }

    /// The access handler. On the first call (headers complete) it refuses at once what the server does not pass
    /// on; an admitted request is answered by the handler on the last call, when libmicrohttpd has the whole
    /// request (answering on the first call would make it close the connection). The calls between bring a
    /// `POST`'s body, piece by piece, refused with 413 once it passes the limit (or 503 once the server holds
    /// too many bodies) when it has all arrived, the rest of it read and discarded; after an answer, body data is
    /// discarded. The connection's deadline follows along: the body's from the header's end, none once the
    /// request is answered. A connection the loop has closed (its deadline passed while data was on its way) is
    /// answered no further.
    static func requestArrived(
        context: UnsafeMutableRawPointer?, connection: OpaquePointer?, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>?,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result {
        guard let context, let connection, let requestContext, let stateAddress = requestContext.pointee,
            let connectionState = connectionState(of: connection)
        else {
            return .NO
        }
        let loop = Unmanaged<ServerLoop>.fromOpaque(context).takeUnretainedValue()
        let server = loop.server
        let state = Unmanaged<RequestState>.fromOpaque(stateAddress).takeUnretainedValue()
        guard connectionState.phase != .closing else {
            uploadDataSize?.pointee = 0
            return .NO
        }
        switch state.phase {
        case .lineArrived:
            state.method = method.map { String(cString: $0) } ?? ""
            state.version = version.map { String(cString: $0) } ?? ""
            state.remoteAddress = SocketAddress.numericHost(of: pb_mhd_client_address(connection))
            let (headers, headerBytes) = requestHeaders(of: connection)
            switch server.admit(
                method: state.method, target: state.target, version: state.version, headers: headers,
                headerBytes: headerBytes, remoteAddress: state.remoteAddress)
            {
            case .admitted(let request, .length(let length)) where length > 0:
                state.phase = .admitted(request)
                loop.bodyStarted(on: connectionState, declaredLength: length)
                return .YES
            case .admitted(let request, .chunked):
                state.phase = .admitted(request)
                loop.bodyStarted(on: connectionState, declaredLength: nil)
                return .YES
            case .admitted(let request, _):
                state.phase = .admitted(request)
                loop.answering(on: connectionState)
                return .YES
            case .refused(let response):
                loop.answering(on: connectionState)
                return respond(response, to: state, on: connection, server: server)
            }
        case .admitted(var request):
            if let uploadDataSize, uploadDataSize.pointee != 0 {
                let count = uploadDataSize.pointee
                uploadDataSize.pointee = 0
                loop.bodyReceived(count, on: connectionState)
                guard state.bodyRefusal == nil else { return .YES }  // The rest of a refused body is discarded.
                let limit = server.configuration.maximumBodyBytes
                if state.body.count + count > limit {
                    state.bodyRefusal = ServerContext.bodyTooLarge(nil, limit: limit)
                } else if let refusal = server.holdBodyBytes(count) {
                    state.bodyRefusal = refusal
                } else if let uploadData {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                        state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                    return .YES
                }
                server.releaseBodyBytes(state.body.count)
                state.body = []
                return .YES
            }
            loop.answering(on: connectionState)
            // libmicrohttpd takes a response only before the body or once it has all arrived: a refusal made
            // on the way is sent now.
            if let refusal = state.bodyRefusal { return respond(refusal, to: state, on: connection, server: server) }
            request.body = state.body
            return respond(server.answer(request), to: state, on: connection, server: server)
        case .answered:
            uploadDataSize?.pointee = 0
            return .YES
        }
    }

    /// Logs and queues the answer to a request.
    static func respond(
        _ response: HTTPResponse, to state: RequestState, on connection: OpaquePointer, server: ServerContext
    ) -> MHD_Result {
        state.phase = .answered
        var response = response
        if server.stopping.load(ordering: .relaxed) { response.headers["Connection"] = "close" }
        if let log = server.configuration.accessLog {
            log.record(
                AccessLog.Entry(
                    remoteAddress: state.remoteAddress, secondsSince1970: state.secondsSince1970,
                    method: state.method, target: String(decoding: state.target, as: UTF8.self),
                    version: state.version, status: response.status.rawValue,
                    bodyBytes: state.method == HTTPMethod.head.rawValue ? 0 : response.body.count))
        }
        return queue(response, on: connection, headersOnly: state.method == HTTPMethod.head.rawValue)
    }

    /// The request-completed callback: logs an answer the loop wrote itself (a deadline or shedding), releases the
    /// request's state, counts it out of flight, and starts the connection's wait for its next request (when the
    /// response was `completed`; otherwise libmicrohttpd is closing the connection).
    static func requestCompleted(
        context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, completed: Bool
    ) {
        guard let context else { return }
        let loop = Unmanaged<ServerLoop>.fromOpaque(context).takeUnretainedValue()
        let server = loop.server
        let connectionState = connection.flatMap(connectionState(of:))
        if let requestContext, let stateAddress = requestContext.pointee {
            requestContext.pointee = nil
            let state = Unmanaged<RequestState>.fromOpaque(stateAddress)
            let request = state.takeUnretainedValue()
            if let answer = connectionState?.closingAnswer, !request.isAnswered,
                let log = server.configuration.accessLog
            {
                let address =
                    request.remoteAddress.isEmpty
                    ? connection.map { SocketAddress.numericHost(of: pb_mhd_client_address($0)) } ?? ""
                    : request.remoteAddress
                log.record(
                    AccessLog.Entry(
                        remoteAddress: address, secondsSince1970: request.secondsSince1970,
                        method: request.method.isEmpty ? "-" : request.method,
                        target: String(decoding: request.target, as: UTF8.self),
                        version: request.version.isEmpty ? "-" : request.version, status: answer.status,
                        bodyBytes: answer.bodyBytes))
            }
            server.releaseBodyBytes(request.body.count)
            state.release()
            server.inFlight.subtract(1, ordering: .releasing)
        }
        if let connectionState { loop.requestCompleted(on: connectionState, completed: completed) }
    }

    /// The request's header fields and their size (name + value + 4 each).
    static func requestHeaders(of connection: OpaquePointer) -> (HTTPHeaders, Int) {
        var collected = (HTTPHeaders(), 0)
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = pb_mhd().pointee.MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { collector, _, key, keySize, value, valueSize in
                    guard let collector else { return .NO }
                    let fields = collector.assumingMemoryBound(to: (HTTPHeaders, Int).self)
                    let name = key.map { DaemonCallbacks.text(UnsafeRawPointer($0), keySize) } ?? ""
                    let value = value.map { DaemonCallbacks.text(UnsafeRawPointer($0), valueSize) } ?? ""
                    fields.pointee.0.add(name: name, value: value)
                    fields.pointee.1 += keySize + valueSize + 4
                    return .YES
                }, pointer)
        }
        return collected
    }

    /// Text from bytes, with invalid UTF-8 repaired (header values may hold Latin-1 `obs-text`).
    static func text(_ start: UnsafeRawPointer, _ count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Hands `response` to libmicrohttpd (which copies the body) to send on `connection`.
    ///
    /// The reply to `HEAD` (`headersOnly`) and a 304 carry no body, but libmicrohttpd still sends the size of the
    /// response object as `Content-Length`; they get a bodiless response object of the right size: the body's for
    /// `HEAD`, and for a 304 the size its own `Content-Length` field names (the 200's length, which RFC 9110 §8.6
    /// allows; ``ConditionalGET`` sets it), or 0 when it names none.
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer, headersOnly: Bool = false)
        -> MHD_Result
    {
        var headers = response.headers
        let created: OpaquePointer?
        if headersOnly, response.status != .notModified {
            created = pb_mhd_create_headers_only_response(UInt64(response.body.count))
        } else if response.status == .notModified {
            let length = headers["Content-Length"].flatMap { UInt64($0) } ?? 0
            headers.remove("Content-Length")
            created = pb_mhd_create_headers_only_response(length)
        } else {
            created = response.body.withUnsafeBytes { body in
                pb_mhd().pointee.MHD_create_response_from_buffer(
                    body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return .NO }
        defer { pb_mhd().pointee.MHD_destroy_response(created) }
        for field in headers where pb_mhd().pointee.MHD_add_response_header(created, field.name, field.value) != .YES {
            let error = HTTPResponse.text("The response header fields are invalid.\n", status: .internalServerError)
            return queue(error, on: connection, headersOnly: headersOnly)
        }
        return pb_mhd().pointee.MHD_queue_response(connection, UInt32(response.status.rawValue), created)
    }
}
