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
