import Foundation
import PBServer
import PBSynchronization
import PBTestSupport
import Synchronization
import Testing

@Suite("HTTPServer")
struct HTTPServerTests {
    /// A handler that answers with an image-like body and the headers the real routes will send.
    static let imageHandler: HTTPServer.Handler = { _ in
        HTTPResponse(
            headers: [
                "Content-Type": "image/png", "Cache-Control": "public, max-age=31536000, immutable",
                "X-Test": "yes",
            ], body: [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
    }

    @Test("Passes the handler's status, headers and body through, with Content-Length and Date")
    func passesResponseThrough() throws {
        let server = try HTTPServer(configuration: testConfiguration(), handler: Self.imageHandler)
        let response = try TestHTTPClient.request("/render.png?progress=0.5", port: server.port)
        #expect(response.statusLine == "HTTP/1.1 200 OK")
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(response.header("x-test") == "yes")
        #expect(response.header("Content-Length") == "6")
        #expect(response.header("Date") != nil)
        #expect(response.body == [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
    }

    @Test("Reports the port the system picked for port 0, and that it is running")
    func picksAFreePort() throws {
        let server = try HTTPServer(configuration: testConfiguration()) { _ in .text("ok") }
        #expect(server.port != 0)
        #expect(server.isRunning)
        server.stop()
        #expect(!server.isRunning)
        #expect(throws: TestClientError.self) { try TestHTTPClient.connect(port: server.port) }
    }

    @Test("A port in use is an error that names the address and the reason")
    func portInUse() throws {
        let first = try HTTPServer(configuration: testConfiguration()) { _ in .text("ok") }
        var configuration = testConfiguration()
        configuration.port = first.port
        #expect {
            _ = try HTTPServer(configuration: configuration) { _ in .text("ok") }
        } throws: { error in
            guard let error = error as? HTTPServerError,
                case .couldNotListen(let host, let port, let code) = error.kind
            else { return false }
            return host == "127.0.0.1" && port == first.port && code == EADDRINUSE
                && error.description.contains("Address already in use")
        }
    }

    @Test("Settings out of range are rejected by name")
    func invalidConfiguration() {
        var configuration = testConfiguration()
        configuration.threadCount = 0
        #expect(
            throws: HTTPServerError(
                .invalidConfiguration(setting: "threadCount", reason: "0 is not between 1 and 1024"))
        ) {
            _ = try HTTPServer(configuration: configuration) { _ in .text("ok") }
        }
        configuration = testConfiguration()
        configuration.host = "no-such-host.invalid"
        #expect {
            _ = try HTTPServer(configuration: configuration) { _ in .text("ok") }
        } throws: { error in
            guard let error = error as? HTTPServerError, case .hostNotFound(let host, _) = error.kind else {
                return false
            }
            return host == "no-such-host.invalid"
        }
    }

    @Test("Listens on IPv6 loopback and reports the client's IPv6 address")
    func ipv6() throws {
        var configuration = testConfiguration()
        configuration.host = "::1"
        let server = try HTTPServer(configuration: configuration) { request in .text(request.remoteAddress) }
        let socket = try TestHTTPClient.connectIPv6(port: server.port)
        defer { close(socket) }
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/"), on: socket)
        #expect(try RawHTTPResponse(raw: TestHTTPClient.readAll(from: socket)).bodyText == "::1")
    }

    @Test("The handler sees method, raw target, path, query and headers by any case")
    func handlerSeesTheRequest() throws {
        let server = try HTTPServer(configuration: testConfiguration()) { request in
            let fields = [
                request.method.rawValue, request.target, request.path, request.query ?? "<nil>",
                request.headers["x-custom"] ?? "<nil>", request.headers.values(for: "X-Multi").joined(separator: ","),
                request.version, request.remoteAddress,
            ]
            return .text(fields.joined(separator: "|"))
        }
        let response = try TestHTTPClient.request(
            "/a/b%20c?x=1&y=%20+z", port: server.port,
            headers: [("X-CUSTOM", "hello"), ("x-multi", "1"), ("X-Multi", "2")])
        #expect(response.bodyText == "GET|/a/b%20c?x=1&y=%20+z|/a/b%20c|x=1&y=%20+z|hello|1,2|HTTP/1.1|127.0.0.1")
        let noQuery = try TestHTTPClient.request("/plain", port: server.port)
        #expect(noQuery.bodyText.hasPrefix("GET|/plain|/plain|<nil>|<nil>||"))
    }

    @Test("HEAD gets the GET's status and headers, Content-Length included, and no body")
    func head() throws {
        let server = try HTTPServer(configuration: testConfiguration(), handler: Self.imageHandler)
        let get = try TestHTTPClient.request("GET", "/x", port: server.port)
        let head = try TestHTTPClient.request("HEAD", "/x", port: server.port)
        #expect(head.statusLine == get.statusLine)
        #expect(head.header("Content-Length") == "6")
        #expect(head.body.isEmpty)
        let withoutDate = { (response: RawHTTPResponse) in
            response.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" }
        }
        #expect(withoutDate(head) == withoutDate(get))
    }

    @Test(
        "Other methods are 405 with Allow: GET, HEAD, and never reach the handler",
        arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "BREW", "get"])
    func otherMethods(method: String) throws {
        let calls = Counter()
        let server = try HTTPServer(configuration: testConfiguration()) { _ in
            calls.increment()
            return .text("handled")
        }
        let response = try TestHTTPClient.request(method, "/x", port: server.port)
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(calls.count == 0)
    }

    @Test("Without bodies (the default), a POST is 405; a GET with a body is 413; neither reaches the handler")
    func requestBodies() throws {
        let calls = Counter()
        let server = try HTTPServer(configuration: testConfiguration()) { _ in
            calls.increment()
            return .text("handled")
        }
        let post = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Content-Length", "3")], body: "abc")
        #expect(post.status == 405)
        let get = try TestHTTPClient.request(
            "GET", "/x", port: server.port, headers: [("Content-Length", "3")], body: "abc")
        #expect(get.status == 413)
        let chunked = try TestHTTPClient.request(
            "GET", "/x", port: server.port, headers: [("Transfer-Encoding", "chunked")], body: "3\r\nabc\r\n0\r\n\r\n")
        #expect(chunked.status == 413)
        let empty = try TestHTTPClient.request("GET", "/x", port: server.port, headers: [("Content-Length", "0")])
        #expect(empty.status == 200)
        #expect(calls.count == 1)
    }

    @Test("With bodies on, a POST's body reaches the handler whole, with Content-Length or chunked")
    func postBodies() throws {
        var configuration = testConfiguration()
        configuration.maximumBodyBytes = 100
        let server = try HTTPServer(configuration: configuration) { request in
            .text("\(request.method.rawValue) \(request.body.count) \(String(decoding: request.body, as: UTF8.self))")
        }
        let sized = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Content-Length", "3")], body: "abc")
        #expect(sized.status == 200)
        #expect(sized.bodyText == "POST 3 abc")
        let chunked = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Transfer-Encoding", "chunked")],
            body: "3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n")
        #expect(chunked.bodyText == "POST 7 abcdefg")
        let atLimit = String(repeating: "x", count: 100)
        let full = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Content-Length", "100")], body: atLimit)
        #expect(full.bodyText == "POST 100 \(atLimit)")
        let empty = try TestHTTPClient.request("POST", "/x", port: server.port, headers: [("Content-Length", "0")])
        #expect(empty.bodyText == "POST 0 ")
        let put = try TestHTTPClient.request("PUT", "/x", port: server.port)
        #expect(put.status == 405)
        #expect(put.header("Allow") == "GET, HEAD, POST")
    }

    @Test("A body over the limit is 413, declared or chunked, and never reaches the handler; nothing stays held")
    func bodyLimit() throws {
        var configuration = testConfiguration()
        configuration.maximumBodyBytes = 100
        let calls = Counter()
        let server = try HTTPServer(configuration: configuration) { _ in
            calls.increment()
            return .text("handled")
        }
        let declared = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Content-Length", "101")],
            body: String(repeating: "x", count: 101))
        #expect(declared.status == 413)
        #expect(declared.bodyText == "The request body is 101 bytes; the limit is 100 bytes.\n")
        let chunks = String(repeating: "32\r\n" + String(repeating: "y", count: 50) + "\r\n", count: 3) + "0\r\n\r\n"
        let chunked = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Transfer-Encoding", "chunked")], body: chunks)
        #expect(chunked.status == 413)
        #expect(chunked.bodyText == "The request body is too large; the limit is 100 bytes.\n")
        #expect(calls.count == 0)
        // What the refused bodies took is given back: the whole budget is free for a body at the limit.
        let allowed = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Content-Length", "100")],
            body: String(repeating: "z", count: 100))
        #expect(allowed.status == 200)
    }

    @Test("Bodies held at once are bounded: one past the total is 503 with Retry-After")
    func bodiesInAll() throws {
        var configuration = testConfiguration()
        (configuration.maximumBodyBytes, configuration.maximumBodyBytesInAll) = (10, 10)
        let server = try HTTPServer(configuration: configuration) { request in .text("\(request.body.count)") }
        // Two chunked requests: the first holds 6 bytes while it waits for its last chunk; the second's 6
        // bytes would make 12.
        let first = try TestHTTPClient.connect(port: server.port)
        defer { close(first) }
        TestHTTPClient.sendAll(
            Array("POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n".utf8), on: first)
        usleep(300_000)
        let second = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Transfer-Encoding", "chunked")],
            body: "6\r\nabcdef\r\n0\r\n\r\n")
        #expect(second.status == 503)
        #expect(second.header("Retry-After") == "1")
        TestHTTPClient.sendAll(Array("0\r\n\r\n".utf8), on: first)
        let answer = try TestHTTPClient.readOne(from: first)
        #expect(answer.status == 200 && answer.bodyText == "6")
        // Held bytes are given back when a request completes.
        let third = try TestHTTPClient.request(
            "POST", "/x", port: server.port, headers: [("Content-Length", "10")], body: "0123456789")
        #expect(third.status == 200 && third.bodyText == "10")
    }

    @Test("A request line at the limit is served; one byte over is 414; far over is 414 too")
    func requestLineLimit() throws {
        let limit = 1024
        let server = try HTTPServer(configuration: testConfiguration(maximumRequestLineLength: limit)) { _ in
            .text("ok")
        }
        // "GET " + target + " HTTP/1.1" is the target's length plus 13.
        let atLimit = "/" + String(repeating: "a", count: limit - 13 - 1)
        #expect(try TestHTTPClient.request(atLimit, port: server.port).status == 200)
        let over = try TestHTTPClient.request(atLimit + "a", port: server.port)
        #expect(over.status == 414)
        #expect(over.bodyText == "The request line is 1025 bytes long; the limit is 1024.\n")
        let farOver = try TestHTTPClient.request("/" + String(repeating: "a", count: 200_000), port: server.port)
        #expect(farOver.status == 414)
        #expect(eventually { server.requestsInFlight == 0 })
    }

    @Test("Header fields at the limit are served; one byte over is 431; far over is 431 too")
    func headerLimit() throws {
        let limit = 1024
        let server = try HTTPServer(configuration: testConfiguration(maximumHeaderBytes: limit)) { _ in .text("ok") }
        // Host: 127.0.0.1 (17 bytes counted), Connection: close (19), X-Pad: … (9 + n).
        let atLimit = String(repeating: "p", count: limit - 17 - 19 - 9)
        #expect(try TestHTTPClient.request("/", port: server.port, headers: [("X-Pad", atLimit)]).status == 200)
        let over = try TestHTTPClient.request("/", port: server.port, headers: [("X-Pad", atLimit + "p")])
        #expect(over.status == 431)
        #expect(over.bodyText == "The request header fields are 1025 bytes long; the limit is 1024.\n")
        let farOver = try TestHTTPClient.request(
            "/", port: server.port, headers: [("X-Pad", String(repeating: "p", count: 200_000))])
        #expect(farOver.status == 431)
        #expect(eventually { server.requestsInFlight == 0 })
    }

    @Test("A request-target that is not UTF-8 is 400")
    func nonUTF8Target() throws {
        let server = try HTTPServer(configuration: testConfiguration()) { _ in .text("ok") }
        var request = Array("GET /a".utf8) + [0xFF, 0xFE]
        request += Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        let response = try TestHTTPClient.exchange(request, port: server.port)
        #expect(response.status == 400)
        #expect(try TestHTTPClient.request("/a%FF", port: server.port).status == 200)
    }

    @Test("A literal control byte or space in the target is 400, a NUL too (it does not cut the target short)")
    func controlBytesInTarget() throws {
        let calls = Counter()
        let server = try HTTPServer(configuration: testConfiguration()) { _ in
            calls.increment()
            return .text("handled")
        }
        for (target, byte, offset) in [
            (Array("/render.svg?progress=0.5".utf8) + [0] + Array("abc".utf8), "00", 24),
            (Array("/a".utf8) + [0] + Array("?&&&&&&&&".utf8), "00", 2), (Array("/a\tb".utf8), "09", 2),
            (Array("/a b".utf8), "20", 2), (Array("/x?y=".utf8) + [0x7F], "7F", 5), (Array("/\u{1B}".utf8), "1B", 1),
        ] {
            let request = Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            let response = try TestHTTPClient.exchange(request, port: server.port)
            #expect(response.status == 400, "\(target)")
            #expect(
                response.bodyText
                    == "The request target contains a control character or space (byte 0x\(byte) at offset "
                    + "\(offset)); percent-encode it.\n")
        }
        #expect(calls.count == 0)
        #expect(try TestHTTPClient.request("/a%00b%20c", port: server.port).bodyText == "handled")
    }

    /// `pbrender serve`'s limits: a 16 KiB query's request line, 16 KiB of header fields.
    static let serveLimits = (requestLine: 16384 + 64, headers: 16384)

    @Test(
        "Every request line up to the limit reaches the handler, whatever its query's shape; past it, 414",
        arguments: ["&", "a&", "a=1&", "p"])
    func requestLinesOfEverySize(piece: String) throws {
        let server = try HTTPServer(
            configuration: testConfiguration(maximumRequestLineLength: Self.serveLimits.requestLine)
        ) { request in .text("\(request.target.utf8.count)") }
        // "GET " + target + " HTTP/1.1": the target's length plus 13.
        let limit = Self.serveLimits.requestLine - 13
        let lengths = Array(stride(from: 1024, to: limit, by: 1024)) + [limit - 1, limit]
        for length in lengths {
            let target = "/x?" + String(String(repeating: piece, count: length / piece.count + 1).prefix(length - 3))
            let response = try TestHTTPClient.request(target, port: server.port)
            #expect(response.status == 200 && response.bodyText == "\(length)", "\(length) bytes of \(piece)")
        }
        for length in [limit + 1, limit + 2, 30_000] {
            let target = "/x?" + String(String(repeating: piece, count: length / piece.count + 1).prefix(length - 3))
            let response = try TestHTTPClient.request(target, port: server.port)
            #expect(response.status == 414, "\(length) bytes of \(piece)")
            #expect(
                response.bodyText
                    == "The request line is \(length + 13) bytes long; the limit is \(Self.serveLimits.requestLine).\n")
        }
        // Past the connection's memory pool (about 58 KiB): libmicrohttpd's own 414, at once.
        for length in [100_000, 250_000, 1_000_000] {
            let target = "/x?" + String(String(repeating: piece, count: length / piece.count + 1).prefix(length - 3))
            #expect(try TestHTTPClient.request(target, port: server.port).status == 414, "\(length) bytes")
        }
        #expect(eventually { server.requestsInFlight == 0 })
        let clock = ContinuousClock()
        #expect(clock.measure { server.stop() } < .seconds(1))
    }

    @Test("Up to 100 header fields reach the handler; one more is our 431, far more libmicrohttpd's")
    func headerFieldCount() throws {
        let server = try HTTPServer(
            configuration: testConfiguration(
                maximumRequestLineLength: Self.serveLimits.requestLine, maximumHeaderBytes: Self.serveLimits.headers)
        ) { request in .text("\(request.headers.count)") }
        // Host and Connection are two of the fields.
        func fields(_ count: Int) -> [(String, String)] { Array(repeating: ("a", ""), count: count) }
        let atLimit = try TestHTTPClient.request("/", port: server.port, headers: fields(98))
        #expect(atLimit.status == 200 && atLimit.bodyText == "100")
        let over = try TestHTTPClient.request("/", port: server.port, headers: fields(99))
        #expect(over.status == 431 && over.bodyText == "The request has 101 header fields; the limit is 100.\n")
        // Past the records the memory pool has room for, libmicrohttpd answers 431 itself.
        for count in [100, 101, 500, 3000, 20_000, 100_000] {
            #expect(try TestHTTPClient.request("/", port: server.port, headers: fields(count)).status == 431)
        }
        #expect(eventually { server.requestsInFlight == 0 })
        let clock = ContinuousClock()
        #expect(clock.measure { server.stop() } < .seconds(1))
    }

    @Test("With the field count unbounded, header fields up to the byte limit reach the handler, however many")
    func headersOfEveryShape() throws {
        let limit = Self.serveLimits.headers
        let server = try HTTPServer(
            configuration: testConfiguration(
                maximumRequestLineLength: Self.serveLimits.requestLine, maximumHeaderBytes: limit,
                maximumHeaderFields: 100_000)
        ) { request in .text("\(request.headers.count)") }
        // Host: 127.0.0.1 counts 17 bytes and Connection: close 19; each "a: " field 1 + 0 + 4.
        func fields(_ count: Int) -> [(String, String)] { Array(repeating: ("a", ""), count: count) }
        let most = (limit - 17 - 19) / 5
        let atLimit = try TestHTTPClient.request("/", port: server.port, headers: fields(most))
        #expect(atLimit.status == 200 && atLimit.bodyText == "\(most + 2)")
        for count in [most + 1, 4000, 5000] {
            let response = try TestHTTPClient.request("/", port: server.port, headers: fields(count))
            #expect(response.status == 431, "\(count) fields")
        }
        for count in [20_000, 100_000] {
            #expect(try TestHTTPClient.request("/", port: server.port, headers: fields(count)).status == 431)
        }
        #expect(eventually { server.requestsInFlight == 0 })
        let clock = ContinuousClock()
        #expect(clock.measure { server.stop() } < .seconds(1))
    }

    @Test("A handler's Content-Length is replaced by the real one; a bad field or status becomes a 500")
    func sanitizesHandlerResponses() throws {
        let server = try HTTPServer(configuration: testConfiguration()) { request in
            switch request.path {
            case "/length": HTTPResponse(headers: ["Content-Length": "999"], body: Array("four".utf8))
            case "/field": HTTPResponse(headers: ["X-Bad": "a\r\nInjected: yes"], body: Array("x".utf8))
            case "/name": HTTPResponse(headers: ["Bad Name": "x"])
            default: HTTPResponse(status: HTTPStatus(99))
            }
        }
        let length = try TestHTTPClient.request("/length", port: server.port)
        #expect(length.headerValues("Content-Length") == ["4"])
        #expect(length.bodyText == "four")
        let field = try TestHTTPClient.request("/field", port: server.port)
        #expect(field.status == 500)
        #expect(field.header("Injected") == nil)
        #expect(try TestHTTPClient.request("/name", port: server.port).status == 500)
        #expect(try TestHTTPClient.request("/status", port: server.port).status == 500)
    }

    @Test("Serves with a single thread")
    func singleThread() throws {
        let server = try HTTPServer(configuration: testConfiguration(threadCount: 1)) { request in .text(request.target)
        }
        for index in 0..<5 {
            #expect(try TestHTTPClient.request("/\(index)", port: server.port).bodyText == "/\(index)")
        }
    }

    @Test("200 requests from 20 threads at once are all answered, each with its own body")
    func concurrentClients() throws {
        let log = LineRecorder()
        let server = try HTTPServer(configuration: testConfiguration(accessLog: log.log)) { request in
            usleep(200)
            return .text("echo " + request.target)
        }
        let failures = Locked<[String]>([])
        onThreads(20) { thread in
            for index in 0..<10 {
                let target = "/t/\(thread)/\(index)"
                do {
                    let response = try TestHTTPClient.request(target, port: server.port)
                    if response.status != 200 || response.bodyText != "echo " + target
                        || response.header("Content-Length") != "\(("echo " + target).utf8.count)"
                    {
                        failures.withLock { $0.append("\(target): \(response)") }
                    }
                } catch {
                    failures.withLock { $0.append("\(target): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(log.lines.count == 200)
        #expect(eventually { server.requestsInFlight == 0 })
    }

    @Test("Several requests on one kept-alive connection are answered in turn")
    func keepAlive() throws {
        let server = try HTTPServer(configuration: testConfiguration()) { request in .text(request.target) }
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        for target in ["/one", "/two", "/three"] {
            TestHTTPClient.sendAll(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), on: socket)
            let response = try TestHTTPClient.readOne(from: socket)
            #expect(response.status == 200)
            #expect(response.bodyText == target)
            #expect(response.header("Connection") == nil)
        }
    }

    @Test("stop() lets a slow request in flight finish, then refuses connections")
    func gracefulStop() throws {
        let started = Atomic<Bool>(false)
        let server = try HTTPServer(configuration: testConfiguration()) { request in
            if request.path == "/slow" {
                started.store(true, ordering: .sequentiallyConsistent)
                usleep(500_000)
                return .text("slow done")
            }
            return .text("fast")
        }
        let port = server.port
        let result = Locked<Result<RawHTTPResponse, any Error>?>(nil)
        let client = Thread {
            let response = Result { try TestHTTPClient.request("/slow", port: port) }
            result.withLock { $0 = response }
        }
        client.start()
        #expect(eventually { started.load(ordering: .sequentiallyConsistent) })
        let clock = ContinuousClock()
        let stopTime = clock.measure { server.stop() }
        #expect(eventually { result.withLock { $0 } != nil })
        let response = try #require(result.withLock { $0 }).get()
        #expect(response.status == 200)
        #expect(response.bodyText == "slow done")
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(stopTime > .milliseconds(200))
        #expect(stopTime < .seconds(4))
        #expect(server.requestsInFlight == 0)
        #expect(throws: TestClientError.self) { try TestHTTPClient.connect(port: port) }
    }

    @Test("stop() waits at most the drain timeout for a client that never finishes its request")
    func drainTimeout() throws {
        var configuration = testConfiguration()
        configuration.drainTimeout = .milliseconds(300)
        let server = try HTTPServer(configuration: configuration) { _ in .text("ok") }
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        TestHTTPClient.sendAll(Array("GET /x HTTP/1.1\r\nHost: x\r\n".utf8), on: socket)
        #expect(eventually { server.requestsInFlight == 1 })
        let stopTime = ContinuousClock().measure { server.stop() }
        #expect(stopTime >= .milliseconds(300))
        #expect(stopTime < .seconds(2))
        #expect(server.requestsInFlight == 0)
    }

    @Test("stop() with nothing in flight returns promptly, and again is a no-op")
    func promptStop() throws {
        let server = try HTTPServer(configuration: testConfiguration()) { _ in .text("ok") }
        _ = try TestHTTPClient.request("/", port: server.port)
        let clock = ContinuousClock()
        #expect(clock.measure { server.stop() } < .seconds(1))
        server.stop()
        #expect(!server.isRunning)
    }

    @Test("Each answered request is one Common Log Format line")
    func accessLog() throws {
        let log = LineRecorder()
        let server = try HTTPServer(configuration: testConfiguration(accessLog: log.log), handler: Self.imageHandler)
        _ = try TestHTTPClient.request("/x?y", port: server.port)
        _ = try TestHTTPClient.request("HEAD", "/x?y", port: server.port)
        _ = try TestHTTPClient.request("POST", "/p", port: server.port)
        let lines = log.lines
        try #require(lines.count == 3)
        let pattern = #/^127\.0\.0\.1 - - \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d \+0000\] "(.*)" (\d{3}) (\S+)$/#
        let parsed = try lines.map { line in
            let match = try #require(try pattern.wholeMatch(in: line), "\(line)")
            return "\(match.1) \(match.2) \(match.3)"
        }
        let postBytes = "Only GET and HEAD are allowed.\n".utf8.count
        #expect(parsed == ["GET /x?y HTTP/1.1 200 6", "HEAD /x?y HTTP/1.1 200 -", "POST /p HTTP/1.1 405 \(postBytes)"])
    }
}
