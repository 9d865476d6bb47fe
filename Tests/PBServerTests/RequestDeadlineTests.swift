import Foundation
import PBServer
import PBSynchronization
import PBTestSupport
import Testing

/// The deadlines of a request: its header within `requestHeaderTimeout` of the connection or the previous
/// response, its body within `max(requestBodyTimeout, bytes / minimumBodyRate)`; totals that a trickle of bytes
/// does not extend. Times are checked to within 0.5 s on the late side and 50 ms on the early side.
@Suite("Request deadlines")
struct RequestDeadlineTests {
    /// Header and body deadlines of 1 s, libmicrohttpd's idle timeout 5 s.
    static func configuration(accessLog: AccessLog? = nil) -> HTTPServer.Configuration {
        var configuration = testConfiguration(accessLog: accessLog)
        configuration.requestHeaderTimeout = .seconds(1)
        configuration.requestBodyTimeout = .seconds(1)
        configuration.maximumBodyBytes = 100_000
        return configuration
    }

    static let echo: HTTPServer.Handler = { request in .text("\(request.target) \(request.body.count)") }

    /// Sends `bytes` one at a time every `interval`, reading whatever the server sends meanwhile, until the
    /// server ends the stream or the bytes run out; returns what arrived and when the stream ended (nil if it
    /// did not), counted from the connection.
    static func trickle(
        _ bytes: [UInt8], every interval: Duration, on socket: Int32, from start: ContinuousClock.Instant
    )
        -> (received: [UInt8], closedAfter: Duration?)
    {
        let clock = ContinuousClock()
        var received: [UInt8] = []
        var wait = timeval(tv_sec: 0, tv_usec: Int(interval.components.attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        for byte in bytes {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { received += buffer.prefix(count) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                return (received, start.duration(to: clock.now))
            }
            if send(socket, [byte], 1, Int32(MSG_NOSIGNAL)) != 1 {
                // Reset by the server: read what it sent first.
                received += (try? TestHTTPClient.readAll(from: socket)) ?? []
                return (received, start.duration(to: clock.now))
            }
        }
        return (received, nil)
    }

    @Test("Header bytes trickled after the request line are cut off at 1 s with 408, however steady")
    func tricklingHeaders() throws {
        let server = try HTTPServer(configuration: Self.configuration(), handler: Self.echo)
        let clock = ContinuousClock()
        let start = clock.now
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        TestHTTPClient.sendAll(Array("GET /slow HTTP/1.1\r\nHost: x\r\n".utf8), on: socket)
        let (received, closedAfter) = Self.trickle(
            Array(("X-Slow: " + String(repeating: "a", count: 100)).utf8), every: .milliseconds(100), on: socket,
            from: start)
        let closed = try #require(closedAfter, "still open after 10 s of trickling")
        #expect(closed >= .milliseconds(950) && closed < .milliseconds(1500), "\(closed)")
        let response = try RawHTTPResponse(raw: received)
        #expect(response.statusLine == "HTTP/1.1 408 Request Timeout")
        #expect(response.header("Connection") == "close")
        #expect(response.header("Date") != nil)
        #expect(
            response.bodyText
                == "The request's header fields did not all arrive within 1 s of the connection or the previous "
                + "response.\n")
    }

    @Test("Request-line bytes trickled are cut off at 1 s, without an answer (no request has begun)")
    func tricklingRequestLine() throws {
        let server = try HTTPServer(configuration: Self.configuration(), handler: Self.echo)
        let start = ContinuousClock().now
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        let (received, closedAfter) = Self.trickle(
            Array(("GET /" + String(repeating: "a", count: 100)).utf8), every: .milliseconds(100), on: socket,
            from: start)
        let closed = try #require(closedAfter, "still open after 10 s of trickling")
        #expect(closed >= .milliseconds(950) && closed < .milliseconds(1500), "\(closed)")
        #expect(received.isEmpty, "\(String(decoding: received, as: UTF8.self))")
    }

    @Test("An idle kept-alive connection is closed 1 s after its last response; each request restarts the wait")
    func idleKeepAlive() throws {
        let server = try HTTPServer(configuration: Self.configuration(), handler: Self.echo)
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        let clock = ContinuousClock()
        // Four requests 0.6 s apart: 1.8 s in all, longer than the deadline, which counts from each response.
        for index in 0..<4 {
            if index > 0 { usleep(600_000) }
            TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/\(index)", keepAlive: true), on: socket)
            #expect(try TestHTTPClient.readOne(from: socket).bodyText == "/\(index) 0")
        }
        let lastResponse = clock.now
        var byte: UInt8 = 0
        #expect(recv(socket, &byte, 1, 0) == 0)  // the end of the stream, without an answer
        let idle = lastResponse.duration(to: clock.now)
        #expect(idle >= .milliseconds(950) && idle < .milliseconds(1500), "\(idle)")
    }

    @Test("A body has max(1 s, bytes / rate): 2,000 declared bytes at 1,000 B/s get 2 s, then 400")
    func proportionalBodyDeadline() throws {
        var configuration = Self.configuration()
        configuration.minimumBodyRate = 1000
        let server = try HTTPServer(configuration: configuration, handler: Self.echo)
        let clock = ContinuousClock()
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        TestHTTPClient.sendAll(
            Array("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n".utf8)
                + [UInt8](repeating: 0x61, count: 1000),
            on: socket)
        let start = clock.now
        let response = try RawHTTPResponse(raw: TestHTTPClient.readAll(from: socket))
        let time = start.duration(to: clock.now)
        #expect(response.status == 400)
        #expect(
            response.bodyText
                == "The request body was incomplete at its deadline: 1000 of the 2000 bytes declared arrived within 2 s.\n"
        )
        #expect(time >= .milliseconds(1950) && time < .milliseconds(2500), "\(time)")
    }

    @Test("A chunked body that keeps up the rate is served, though it takes longer than the 1 s floor")
    func chunkedBodyAtPace() throws {
        var configuration = Self.configuration()
        configuration.minimumBodyRate = 1000
        let server = try HTTPServer(configuration: configuration, handler: Self.echo)
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        TestHTTPClient.sendAll(
            Array("POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8),
            on: socket)
        // 8 chunks of 250 bytes, one every 200 ms: 1,250 bytes a second for 1.6 s.
        for _ in 0..<8 {
            TestHTTPClient.sendAll(
                Array("FA\r\n".utf8) + [UInt8](repeating: 0x62, count: 250) + Array("\r\n".utf8), on: socket)
            usleep(200_000)
        }
        TestHTTPClient.sendAll(Array("0\r\n\r\n".utf8), on: socket)
        let response = try RawHTTPResponse(raw: TestHTTPClient.readAll(from: socket))
        #expect(response.status == 200 && response.bodyText == "/p 2000", "\(response)")
    }

    @Test("A chunked body that falls behind the rate after the floor is 400")
    func chunkedBodyTooSlow() throws {
        var configuration = Self.configuration()
        configuration.minimumBodyRate = 1000
        let server = try HTTPServer(configuration: configuration, handler: Self.echo)
        let clock = ContinuousClock()
        let socket = try TestHTTPClient.connect(port: server.port)
        defer { close(socket) }
        TestHTTPClient.sendAll(
            Array("POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1F4\r\n".utf8)
                + [UInt8](repeating: 0x62, count: 500) + Array("\r\n".utf8), on: socket)
        let start = clock.now
        // 500 bytes at 1,000 B/s buy 0.5 s, less than the 1 s floor: the deadline is 1 s; 10 bytes every 100 ms
        // (100 B/s) do not keep up.
        var received: [UInt8] = []
        var wait = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        while start.duration(to: clock.now) < .seconds(5) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { received += buffer.prefix(count) }
            if count == 0 { break }
            TestHTTPClient.sendAll(Array("A\r\n0123456789\r\n".utf8), on: socket)
        }
        let time = start.duration(to: clock.now)
        let response = try RawHTTPResponse(raw: received)
        #expect(response.status == 400)
        #expect(response.bodyText.hasPrefix("The chunked request body was incomplete at its deadline"))
        #expect(time >= .milliseconds(950) && time < .milliseconds(1600), "\(time)")
    }

    @Test("A request cut off at its deadline is logged with what is known of it")
    func loggedTimeouts() throws {
        let log = LineRecorder()
        let server = try HTTPServer(configuration: Self.configuration(accessLog: log.log), handler: Self.echo)
        let headers = try TestHTTPClient.connect(port: server.port)
        defer { close(headers) }
        TestHTTPClient.sendAll(Array("GET /h HTTP/1.1\r\nHost: x\r\n".utf8), on: headers)
        let body = try TestHTTPClient.connect(port: server.port)
        defer { close(body) }
        TestHTTPClient.sendAll(Array("POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab".utf8), on: body)
        #expect(try RawHTTPResponse(raw: TestHTTPClient.readAll(from: headers)).status == 408)
        #expect(try RawHTTPResponse(raw: TestHTTPClient.readAll(from: body)).status == 400)
        #expect(eventually { log.lines.count == 2 })
        let requests = log.lines.map { line in line.split(separator: "\"")[1] + line.split(separator: "\"")[2] }
            .sorted()
        #expect(requests == ["- /h - 408 102", "POST /b HTTP/1.1 400 95"])
        #expect(eventually { server.requestsInFlight == 0 })
    }

    @Test(
        "Deadlines out of range are rejected by name",
        arguments: [
            ("requestHeaderTimeout", Duration.zero, 65_536), ("requestBodyTimeout", .seconds(86_401), 65_536),
            ("minimumBodyRate", .seconds(1), 0),
        ])
    func invalidDeadlines(setting: String, duration: Duration, rate: Int) {
        var configuration = testConfiguration()
        switch setting {
        case "requestHeaderTimeout": configuration.requestHeaderTimeout = duration
        case "requestBodyTimeout": configuration.requestBodyTimeout = duration
        default: configuration.minimumBodyRate = rate
        }
        #expect {
            _ = try HTTPServer(configuration: configuration) { _ in .text("ok") }
        } throws: { error in
            guard let error = error as? HTTPServerError, case .invalidConfiguration(let named, _) = error.kind else {
                return false
            }
            return named == setting
        }
    }
}
