import Foundation
import PBTestSupport
import Synchronization
import Testing

/// `pbrender serve` as a process: the built binary, on a free port, stopped by signals.
@Suite("pbrender serve, as a process")
struct ServeProcessTests {
    /// The bytes the binary writes to a file for `arguments` (which end with `-o NAME`).
    static func cliFile(_ arguments: [String], name: String) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-serve-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try EndToEndTests.run(arguments + ["-o", name], in: directory)
        #expect(outcome.status == 0, "\(outcome.error)")
        return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test("Answers with the bytes the binary writes to a file, for renders and badges")
    func sameBytesAsTheBinary() throws {
        let server = try ServeProcess()
        defer { server.process.stop() }
        let client = server.client
        let ring = try client.request("/render.png?progress=0.5&size=64")
        #expect(ring.status == 200)
        #expect(ring.body == (try Self.cliFile(["--progress", "0.5", "--size", "64"], name: "ring.png")))
        let bar = try client.request("/render.svg?shape=bar&progress=0.3&label=percent")
        #expect(
            bar.body
                == (try Self.cliFile(["--shape", "bar", "--progress", "0.3", "--label", "percent"], name: "b.svg")))
        let badge = try client.request("/badge.png?title=coverage&progress=0.87&scale=2")
        #expect(
            badge.body
                == (try Self.cliFile(
                    ["badge", "--title", "coverage", "--progress", "0.87", "--scale", "2"], name: "c.png")))
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(3000))")
    }

    @Test("Bad requests are 400s with their messages, and the process serves on after them")
    func badRequests() throws {
        // Idle connections closed after 2 s: the malformed requests below that libmicrohttpd waits on end soon.
        let server = try ServeProcess(["--timeout", "2"])
        defer { server.process.stop() }
        for (target, message) in ServeCorpus.badRequests {
            let response = try server.client.request(target)
            #expect(response.status == 400 && response.bodyText == message + "\n", "\(target)")
        }
        // Malformed HTTP too: libmicrohttpd's own refusals, then a good request.
        _ = try? server.client.exchange(Array("GARBAGE\r\n\r\n".utf8))
        _ = try? server.client.exchange(
            Array("GET /render.png?progress=0.5 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabcde".utf8))
        // A request line that never completes: the connection is closed after the 2 s timeout.
        let start = Date()
        _ = try? server.client.exchange([0, 1, 2, 255, 13, 10, 13, 10])
        #expect(Date().timeIntervalSince(start) < 6)
        #expect(try server.client.request("/render.png?progress=0.5").status == 200)
        #expect(try server.client.request("/healthz").bodyText == "ok\n")
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(3000))")
    }

    @Test("Many clients at once")
    func concurrentClients() throws {
        let server = try ServeProcess()
        defer { server.process.stop() }
        let port = server.port
        let expected = try server.client.request("/badge.svg?title=load&progress=0.5").body
        let failures = Atomic<Int>(0)
        onThreads(16) { thread in
            for round in 0..<8 {
                let target =
                    round % 2 == 0 ? "/badge.svg?title=load&progress=0.5" : "/render.png?progress=0.\(thread)\(round)"
                guard let response = try? ServeClient(port: port).request(target), response.status == 200,
                    round % 2 == 1 || response.body == expected
                else {
                    failures.add(1, ordering: .relaxed)
                    continue
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(3000))")
        // One log line per request: 1 + 16 x 8.
        let lines = server.process.standardError.split(separator: "\n").filter { $0.hasPrefix("127.0.0.1 - - [") }
        #expect(lines.count == 129)
    }

    @Test(
        "SIGTERM lets the request in flight finish, then the process exits 0",
        .disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)), arguments: [SIGTERM, SIGINT])
    func gracefulStop(signal: Int32) throws {
        let server = try ServeProcess(["--max-pixels", "20000000"])
        defer { server.process.stop(SIGKILL) }
        // An animated PNG of 121 frames of 256 x 256: long enough to be in flight when the signal comes.
        let target = "/render.apng?animate-to=1&duration=4&fps=30&size=256"
        let socket = try server.client.connect()
        defer { close(socket) }
        TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", target), on: socket)
        usleep(300_000)
        let status = server.process.stop(signal)
        let response = try TestHTTPClient.readOne(from: socket)
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "\(response.body.count)")
        #expect(Array(response.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(status == 0)
        let error = server.process.standardError
        #expect(error.contains("\"GET \(target) HTTP/1.1\" 200 \(response.body.count)"))
        #expect(error.hasSuffix("pbrender: stopped on \(signal == SIGINT ? "SIGINT" : "SIGTERM")\n"))
    }

    @Test(
        "Memory one request frees is reused by the next: few page faults a request",
        .disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
    func pagesAreKept() throws {
        let server = try ServeProcess()
        defer { server.process.stop() }
        let socket = try server.client.connect()
        defer { close(socket) }
        func render(_ index: Int) throws {
            let target = "/render.png?shape=ring&size=256&progress=\(Double(index) / 400)"
            TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", target, keepAlive: true), on: socket)
            #expect(try TestHTTPClient.readOne(from: socket).status == 200)
        }
        /// Minor page faults of the server so far (field 10 of /proc/PID/stat).
        func faults() throws -> Int {
            let stat = try String(
                contentsOfFile: "/proc/\(server.process.process.processIdentifier)/stat", encoding: .utf8)
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            return try #require(Int(fields[7]))
        }
        // The faults come once the heap holds cached images among the freed buffers: after some 50 requests.
        for index in 0..<100 { try render(index) }
        let before = try faults()
        for index in 100..<250 { try render(index) }
        // Each render allocates about 800 KB (the PNG encoder's compressor and buffers): without the
        // allocator settings of `serve`, about 200 page faults a request; with them, 2 or 3.
        let perRequest = Double(try faults() - before) / 150
        #expect(perRequest < 20, "\(perRequest) page faults a request")
    }

    @Test("A NUL or control character in a value is a 400 naming the parameter, never the picture of what precedes it")
    func controlCharacters() throws {
        let server = try ServeProcess()
        defer { server.process.stop() }
        for (target, name, code, offset) in [
            ("/render.svg?progress=0.5%00abc", "progress", "00", 12),
            ("/render.svg?progress=0.5%001", "progress", "00", 12),
            ("/render.png?size=64&progress=0.5%0A", "progress", "0A", 20),
            ("/badge.svg?progress=0.5&title=a%09b", "title", "09", 20),
        ] {
            let response = try server.client.request(target)
            #expect(response.status == 400, "\(target)")
            #expect(
                response.bodyText
                    == "parameter '\(name)' holds the control character U+00\(code) at offset \(offset) of the query; "
                    + "values are text without control characters\n")
        }
        // A literal NUL in the request line: a 400 too, not a target cut at the NUL.
        let literal = try server.client.exchange(
            Array("GET /render.svg?progress=0.5".utf8) + [0]
                + Array("abc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        #expect(literal.hasPrefix("HTTP/1.1 400 "))
        // Multi-line parameters (a curve file's JSON, SVG path data) may hold line breaks and tabs.
        let path = try server.client.request("/render.svg?progress=0.5&path-data=M%200%200%0A%09H%2080")
        #expect(path.status == 200)
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(3000))")
    }

    @Test(
        "Oversized requests are answered (400, 414, 431), logged in capped lines, leave RSS flat; SIGTERM stops at once",
        .disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
    func oversizedRequests() throws {
        let server = try ServeProcess()
        defer { server.process.stop(SIGKILL) }
        let client = server.client
        let manyParameters = "/render.svg?" + Array(repeating: "a=1", count: 4000).joined(separator: "&")
        let ampersands = "/render.svg?" + String(repeating: "&", count: 16_400)
        let long = "/render.svg?" + String(repeating: "x", count: 30_000)
        let headers = Array(repeating: ("a", ""), count: 4000)
        func exchangeAll() throws {
            #expect(try client.request(manyParameters).bodyText.hasPrefix("the query has more than 100 parameters"))
            #expect(try client.request(ampersands).bodyText == "the query is 16400 bytes long; the limit is 16384\n")
            #expect(try client.request(long).status == 414)
            #expect(try client.request("/healthz", headers: headers).status == 431)
        }
        /// The server's resident set, in KiB.
        func residentKiB() throws -> Int {
            let status = try String(
                contentsOfFile: "/proc/\(server.process.process.processIdentifier)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try #require(Int(line.split(separator: " ")[1]))
        }
        for _ in 0..<100 { try exchangeAll() }
        let before = try residentKiB()
        for _ in 0..<400 { try exchangeAll() }
        let after = try residentKiB()
        // 1,600 more oversized requests: no connection, pool or request state kept (measured: +0 KiB).
        #expect(after - before < 1024, "RSS \(before) KiB, then \(after) KiB")
        #expect(try client.request("/healthz").bodyText == "ok\n")
        let start = ContinuousClock.now
        #expect(server.process.stop() == 0)
        #expect(ContinuousClock.now - start < .seconds(1))
        // The 414's line carries 2,048 bytes of the 30 KB target and the number cut.
        let lines = server.process.standardError.split(separator: "\n").filter { $0.contains("\" 414 ") }
        #expect(lines.count == 500)
        let longLine = try #require(lines.first { $0.contains("xxx...[+") })
        #expect(longLine.contains("...[+\(long.utf8.count - 2048) bytes] HTTP/1.1\" 414 "))
        #expect(lines.allSatisfy { $0.utf8.count < 2200 })
    }

    @Test("A port in use is a failure (exit 1) that says so; a bad option is a usage error (exit 2)")
    func startupErrors() throws {
        let server = try ServeProcess()
        defer { server.process.stop() }
        let taken = try EndToEndTests.run(["serve", "--port", "\(server.port)"])
        #expect(taken.status == 1)
        #expect(
            taken.error == "pbrender: error: cannot listen on 127.0.0.1 port \(server.port): Address already in use\n")
        let bad = try EndToEndTests.run(["serve", "--port", "70000"])
        #expect(bad.status == 2)
        #expect(
            bad.error.hasPrefix("pbrender: error: option '--port' expects a port number from 0 to 65535, not '70000'\n")
        )
        let size = try EndToEndTests.run(["serve", "--cache-size", "64XB"])
        #expect(size.status == 2)
        #expect(size.error.hasPrefix("pbrender: error: option '--cache-size': "))
    }
}
