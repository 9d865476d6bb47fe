import Foundation
import PBServer
import PBTestSupport
import Testing

/// How a request's body is framed: transfer codings, `Content-Length`, malformed chunks. Each case is answered
/// with its status within a second (the body deadline is 0.5 s here), and none is a 500.
@Suite("Transfer codings and body framing")
struct TransferCodingTests {
    /// Bodies on (up to 1000 bytes), a body deadline of 0.5 s.
    static func server(calls: Counter = Counter()) throws -> HTTPServer {
        var configuration = testConfiguration()
        configuration.maximumBodyBytes = 1000
        configuration.requestBodyTimeout = .milliseconds(500)
        return try HTTPServer(configuration: configuration) { request in
            calls.increment()
            return .text("\(request.body.count)")
        }
    }

    /// Sends `head` (request line and fields, without the blank line) and `body`, and reads to the end of the
    /// stream; returns the response and how long it took.
    static func exchange(_ head: String, body: [UInt8] = [], port: UInt16) throws -> (RawHTTPResponse, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let socket = try TestHTTPClient.connect(port: port, timeoutSeconds: 5)
        defer { close(socket) }
        TestHTTPClient.sendAll(Array((head + "\r\n\r\n").utf8) + body, on: socket)
        let response = try RawHTTPResponse(raw: TestHTTPClient.readAll(from: socket))
        return (response, start.duration(to: clock.now))
    }

    @Test(
        "A transfer coding other than chunked alone is 501 at once, and never reaches the handler",
        arguments: [
            "Transfer-Encoding: gzip", "Transfer-Encoding: identity", "Transfer-Encoding: chunked, identity",
            "Transfer-Encoding: gzip, chunked", "Transfer-Encoding: chunked\r\nTransfer-Encoding: gzip",
            "Transfer-Encoding: x-custom;q=1",
        ])
    func unsupportedCodings(field: String) throws {
        let calls = Counter()
        let server = try Self.server(calls: calls)
        for method in ["POST", "GET"] {
            let (response, time) = try Self.exchange(
                "\(method) /x HTTP/1.1\r\nHost: x\r\n\(field)", body: Array("3\r\nabc\r\n0\r\n\r\n".utf8),
                port: server.port)
            #expect(response.status == 501, "\(method) \(field): \(response)")
            #expect(response.bodyText.hasPrefix("The transfer coding \""), "\(response)")
            #expect(response.header("Connection") == "close")
            #expect(time < .seconds(1))
        }
        #expect(calls.count == 0)
    }

    @Test(
        "Framing that two parties could read differently is 400 at once",
        arguments: [
            (
                "Content-Length: 3\r\nTransfer-Encoding: chunked", "HTTP/1.1",
                "both Content-Length and Transfer-Encoding"
            ),
            (
                "Transfer-Encoding: chunked\r\nContent-Length: 3", "HTTP/1.1",
                "both Content-Length and Transfer-Encoding"
            ),
            ("Transfer-Encoding: chunked", "HTTP/1.0", "not allowed in an HTTP/1.0 request"),
            ("Transfer-Encoding: chunked, chunked", "HTTP/1.1", "must be chunked, once, in one field"),
            ("Transfer-Encoding: ,", "HTTP/1.1", "must be chunked, once, in one field"),
            ("Transfer-Encoding: chunked,", "HTTP/1.1", "must be chunked, once, in one field"),
            ("Transfer-Encoding: chunked ", "HTTP/1.1", "must be chunked, once, in one field"),
            ("Transfer-Encoding: \r\nTransfer-Encoding: chunked", "HTTP/1.1", "must be chunked, once, in one field"),
            ("Content-Length: 3\r\nContent-Length: 4", "HTTP/1.1", "not one decimal length: 3, 4"),
        ])
    func ambiguousFraming(fields: String, version: String, message: String) throws {
        let calls = Counter()
        let server = try Self.server(calls: calls)
        let (response, time) = try Self.exchange(
            "POST /x \(version)\r\nHost: x\r\n\(fields)", body: Array("3\r\nabc\r\n0\r\n\r\n".utf8),
            port: server.port)
        #expect(response.status == 400, "\(response)")
        #expect(response.bodyText.contains(message), "\(response)")
        #expect(time < .seconds(1))
        #expect(calls.count == 0)
    }

    @Test("Content-Length repeated with one value, and chunked in any case, are served")
    func acceptedFraming() throws {
        let server = try Self.server()
        let (repeated, _) = try Self.exchange(
            "POST /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\nContent-Length: 3",
            body: Array("abc".utf8), port: server.port)
        #expect(repeated.status == 200 && repeated.bodyText == "3", "\(repeated)")
        let (listed, _) = try Self.exchange(
            "POST /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3, 3", body: Array("abc".utf8),
            port: server.port)
        // libmicrohttpd refuses a list in one field itself, with 400: also the client's fault, also not a 500.
        #expect(listed.status == 400 || listed.bodyText == "3", "\(listed)")
        let (chunked, _) = try Self.exchange(
            "POST /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding:\tChunked",
            body: Array("3;ext=1\r\nabc\r\n0\r\n\r\n".utf8), port: server.port)
        #expect(chunked.status == 200 && chunked.bodyText == "3", "\(chunked)")
    }

    @Test(
        "A malformed chunk is 400: a bad size line at once; a short chunk or a 100 KB extension at the deadline",
        arguments: [
            ("zz\r\nabc\r\n0\r\n\r\n", false), ("3\r\nabcXX0\r\n\r\n", false), ("-3\r\nabc\r\n0\r\n\r\n", false),
            ("10\r\nabc", true), ("3;" + String(repeating: "e", count: 100_000) + "\r\nabc\r\n0\r\n\r\n", true),
        ])
    func malformedChunks(body: String, atDeadline: Bool) throws {
        let calls = Counter()
        let server = try Self.server(calls: calls)
        let (response, time) = try Self.exchange(
            "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked", body: Array(body.utf8), port: server.port)
        #expect(response.status == 400, "\(response)")
        #expect(time < .seconds(1), "\(time)")
        if atDeadline {
            #expect(time >= .milliseconds(450), "\(time)")
            #expect(response.bodyText.hasPrefix("The chunked request body was incomplete at its deadline"))
        }
        #expect(calls.count == 0)
    }

    @Test("A body shorter than its Content-Length is 400 at its deadline, saying how much arrived")
    func shortBody() throws {
        let server = try Self.server()
        let (response, time) = try Self.exchange(
            "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10", body: Array("abc".utf8), port: server.port)
        #expect(response.status == 400)
        #expect(
            response.bodyText
                == "The request body was incomplete at its deadline: 3 of the 10 bytes declared arrived within 0.5 s.\n"
        )
        #expect(time >= .milliseconds(450) && time < .seconds(1), "\(time)")
    }
}
