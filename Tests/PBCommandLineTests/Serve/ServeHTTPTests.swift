import Foundation
import PBTestSupport
import Synchronization
import Testing

@testable import PBCommandLine
@testable import PBServer

/// Collects access-log lines in memory.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])
    var log: AccessLog { AccessLog { [self] line in lines.withLock { $0.append(line) } } }
    var recorded: [String] { lines.withLock { $0 } }
}

/// `pbrender serve`'s handler on a real HTTP server in process, on a free port.
@Suite("Serve over HTTP, in process")
struct ServeHTTPTests {
    /// A server as `pbrender serve --port 0 --threads 4` starts it, logging to `log`.
    static func start(log: LogRecorder? = nil, cache: String = "16MB") throws -> (HTTPServer, RenderService) {
        var options = ServeCommand.Options()
        options.port = 0
        options.threads = 4
        options.cacheSize = try ByteCount(parsing: cache)
        let service = options.service()
        let server = try HTTPServer(configuration: options.configuration(accessLog: log?.log), handler: service.handler)
        return (server, service)
    }

    @Test("GET, HEAD and If-None-Match over the wire: headers, Content-Length, 304")
    func conditionalAndHead() throws {
        let (server, _) = try Self.start()
        let client = ServeClient(port: server.port)
        let get = try client.request("/badge.svg?title=coverage&progress=0.87")
        #expect(get.status == 200)
        #expect(get.header("Content-Type") == "image/svg+xml")
        #expect(get.header("Content-Length") == "\(get.body.count)")
        #expect(get.header("Cache-Control") == "public, max-age=31536000, immutable")
        let tag = try #require(get.header("ETag"))
        #expect(get.bodyText.contains("aria-label=\"coverage: 87%\""))
        let head = try client.request("/badge.svg?title=coverage&progress=0.87", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("Content-Length") == "\(get.body.count)")
        #expect(head.header("ETag") == tag)
        let cached = try client.request("/badge.svg?title=coverage&progress=0.87", headers: [("If-None-Match", tag)])
        #expect(cached.status == 304 && cached.body.isEmpty)
        #expect(cached.header("ETag") == tag)
        let stale = try client.request("/badge.svg?title=coverage&progress=0.87", headers: [("If-None-Match", "\"0\"")])
        #expect(stale.status == 200 && stale.body == get.body)
    }

    @Test(
        "405 for other methods, 413 for a body over 1 MiB, 414 for a long URL, 431 for long headers, 400 for a long query"
    )
    func protocolErrors() throws {
        let (server, _) = try Self.start()
        let client = ServeClient(port: server.port)
        let put = try client.request("/render.png?progress=1", method: "PUT")
        #expect(put.status == 405 && put.header("Allow") == "GET, HEAD, POST")
        // A POST without a body is 400 (a body is what a POST brings); one past 1 MiB is 413, from its header.
        let post = try client.request("/render.png?progress=1", method: "POST")
        #expect(post.status == 400)
        let huge = try client.request(
            "/render.png?progress=1", method: "POST",
            headers: [("Content-Length", "\(RenderService.maximumBodyBytes + 1)")])
        #expect(huge.status == 413)
        let long = String(repeating: "x", count: 17000)
        #expect(try client.request("/render.png?label=\(long)").status == 414)
        #expect(try client.request("/render.png?progress=1", headers: [("X-Big", long)]).status == 431)
        let query = String(repeating: "a", count: 16385)
        let tooLong = try client.request("/render.png?\(query)")
        #expect(tooLong.status == 400)
        #expect(tooLong.bodyText == "the query is 16385 bytes long; the limit is 16384\n")
        #expect(try client.request("/nowhere").status == 404)
        #expect(try client.request("/healthz").bodyText == "ok\n")
    }

    @Test("Every bad request of the corpus is its 400 on the wire, and the server serves on after them")
    func corpusOverTheWire() throws {
        let (server, _) = try Self.start()
        let client = ServeClient(port: server.port)
        for (target, message) in ServeCorpus.badRequests {
            let response = try client.request(target)
            #expect(response.status == 400, "\(target)")
            #expect(response.bodyText == message + "\n", "\(target)")
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        }
        let good = try client.request("/render.png?progress=0.5")
        #expect(good.status == 200)
        #expect(good.body == runTool(["--progress", "0.5", "-o", "-"]).outputBytes)
    }

    @Test("Many clients at once on kept-alive connections: every answer is the right image")
    func concurrentClients() throws {
        let (server, service) = try Self.start()
        let port = server.port
        // Eight distinct images, each asked for by many clients: the first ones render, the rest hit the cache.
        let targets =
            (0..<8).map { "/render.png?progress=\(Double($0) / 8)&size=48" }
            + ["/badge.svg?title=build&progress=0.5", "/badge.png?title=build&progress=0.5"]
        let expected = targets.map { target in
            RenderService(cacheCapacity: ByteCount(bytes: 0)).respond(to: HTTPRequest(target: target)).body
        }
        let failures = Mutex<[String]>([])
        let answered = Atomic<Int>(0)
        onThreads(24) { thread in
            do {
                let client = ServeClient(port: port)
                let socket = try client.connect()
                defer { close(socket) }
                for round in 0..<10 {
                    let index = (thread + round * 7) % targets.count
                    TestHTTPClient.sendAll(
                        TestHTTPClient.requestBytes("GET", targets[index], keepAlive: true), on: socket)
                    let response = try TestHTTPClient.readOne(from: socket)
                    if response.status != 200 || response.body != expected[index] {
                        failures.withLock { $0.append("thread \(thread) round \(round): \(response.status)") }
                    }
                    answered.add(1, ordering: .relaxed)
                }
            } catch {
                failures.withLock { $0.append("thread \(thread): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(answered.load(ordering: .relaxed) == 240)
        let statistics = service.cache.statistics
        #expect(statistics.hits + statistics.misses == 240)
        #expect(statistics.count == targets.count)
    }

    @Test("One Common Log Format line per request")
    func accessLog() throws {
        let log = LogRecorder()
        let (server, _) = try Self.start(log: log)
        let client = ServeClient(port: server.port)
        _ = try client.request("/render.png?progress=0.5")
        _ = try client.request("/render.png?progress=x")
        _ = try client.request("/render.png?progress=0.5", method: "HEAD")
        server.stop()
        let lines = log.recorded
        #expect(lines.count == 3)
        let pattern =
            #/^127\.0\.0\.1 - - \[\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000\] "(GET|HEAD) (\S+) HTTP/1\.1" (\d{3}) (\d+|-)$/#
        let parsed = lines.compactMap { try? pattern.wholeMatch(in: $0) }
        #expect(parsed.count == 3, "\(lines)")
        #expect(parsed.map { String($0.output.3) } == ["200", "400", "200"])
        #expect(
            parsed.map { String($0.output.2) } == [
                "/render.png?progress=0.5", "/render.png?progress=x", "/render.png?progress=0.5",
            ])
        #expect(parsed[2].output.4 == "-")
    }
}
