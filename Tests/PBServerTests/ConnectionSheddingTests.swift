import Foundation
import PBServer
import PBTestSupport
import Testing

/// When a thread's share of the connection table fills, each new connection sheds the waiting connection nearest
/// its deadline (never one being answered), so a new client is always accepted while anything can be shed.
@Suite("Connection shedding")
struct ConnectionSheddingTests {
    /// One thread, three connections; deadlines long enough not to matter.
    static func server(limit: Int = 3) throws -> HTTPServer {
        var configuration = testConfiguration(threadCount: 1)
        configuration.connectionLimit = limit
        return try HTTPServer(configuration: configuration) { request in
            request.path == "/big" ? HTTPResponse(body: [UInt8](repeating: 0x7A, count: 32 << 20)) : .text("ok")
        }
    }

    /// Whether the server has ended `socket`'s stream within `seconds` (reading and dropping what it sent).
    static func isClosed(_ socket: Int32, within seconds: Int = 2) -> Bool {
        var wait = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { continue }
            return count == 0 || errno == ECONNRESET
        }
    }

    /// Whether nothing arrives on `socket` for 200 ms (it is still open and unanswered).
    static func isQuiet(_ socket: Int32) -> Bool {
        var wait = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK)) == -1 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    @Test("A full table sheds the idle kept-alive connection first, then the oldest partial request, with 503")
    func shedsNearestDeadline() throws {
        let server = try Self.server()
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        // A: served, then idle (its deadline counts from its response).
        let idle = try TestHTTPClient.connect(port: server.port)
        sockets.append(idle)
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/", keepAlive: true), on: idle)
        #expect(try TestHTTPClient.readOne(from: idle).status == 200)
        usleep(50_000)
        // B: a request whose header never ends (its deadline counts from its connection, after A's response).
        let partial = try TestHTTPClient.connect(port: server.port)
        sockets.append(partial)
        TestHTTPClient.sendAll(Array("GET /b HTTP/1.1\r\nHost: x\r\n".utf8), on: partial)
        usleep(50_000)
        // C fills the table (3 of 3): A, nearest its deadline, is closed to keep a place free, without an answer.
        let third = try TestHTTPClient.connect(port: server.port)
        sockets.append(third)
        #expect(Self.isClosed(idle))
        #expect(Self.isQuiet(partial))
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/", keepAlive: true), on: third)
        #expect(try TestHTTPClient.readOne(from: third).status == 200)
        // D: now B is nearest its deadline (C's restarted with its response): it is told 503 and closed.
        let fourth = try TestHTTPClient.connect(port: server.port)
        sockets.append(fourth)
        let shed = try RawHTTPResponse(raw: TestHTTPClient.readAll(from: partial))
        #expect(shed.status == 503)
        #expect(shed.header("Retry-After") == "1")
        #expect(shed.header("Connection") == "close")
        #expect(shed.bodyText.hasPrefix("The server is at its connection limit"))
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/"), on: fourth)
        #expect(try RawHTTPResponse(raw: TestHTTPClient.readAll(from: fourth)).status == 200)
    }

    @Test("A connection whose response is on its way is never shed; when all are, a new one waits in the queue")
    func neverShedsAnswers() throws {
        let server = try Self.server(limit: 2)
        /// A connection that asks for 32 MB and reads nothing: its response stays on its way (more than the
        /// sockets' buffers hold).
        func stalledReader() throws -> Int32 {
            let socket = try TestHTTPClient.connect(port: server.port)
            TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/big"), on: socket)
            usleep(200_000)
            return socket
        }
        let first = try stalledReader()
        defer { close(first) }
        // B fills the table; nothing else can be shed, so B stays and is served. Once its request ends, B is the
        // only waiting connection in a full table: it is closed to keep a place free.
        let second = try TestHTTPClient.connect(port: server.port)
        defer { close(second) }
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/", keepAlive: true), on: second)
        #expect(try TestHTTPClient.readOne(from: second).status == 200)
        #expect(Self.isClosed(second))
        // C takes that place and stalls too: now both are being answered, and D waits unanswered in the queue.
        let third = try stalledReader()
        defer { close(third) }
        let fourth = try TestHTTPClient.connect(port: server.port)
        defer { close(fourth) }
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/"), on: fourth)
        #expect(Self.isQuiet(fourth))
        // C reads its response and closes: D is accepted and served. A still gets all 32 MB.
        let thirdResponse = try RawHTTPResponse(raw: TestHTTPClient.readAll(from: third))
        #expect(thirdResponse.status == 200 && thirdResponse.body.count == 32 << 20)
        #expect(try RawHTTPResponse(raw: TestHTTPClient.readAll(from: fourth)).status == 200)
        let firstResponse = try RawHTTPResponse(raw: TestHTTPClient.readAll(from: first))
        #expect(firstResponse.status == 200 && firstResponse.body.count == 32 << 20)
    }
}
