import Foundation
import PBTestSupport
import Synchronization
import Testing

/// Debian's nginx with `Examples/nginx/pbrender.conf` on loopback, in front of `pbrender serve` as a
/// process: responses, caching and errors through the proxy. The test starts and stops both.
@Suite("nginx in front of pbrender serve")
struct NginxOracleTests {
    static let nginx = URL(fileURLWithPath: "/usr/sbin/nginx")

    /// nginx running the shipped configuration, pointed at `upstream`, on a free loopback port, with
    /// everything it writes in a temporary directory.
    final class Proxy {
        let directory: URL
        let port: UInt16
        let process: TestProcess

        convenience init(upstream: UInt16) throws {
            try self.init(upstreams: [upstream])
        }

        /// nginx with one `server` line per port of `upstreams` in the shipped upstream block.
        init(upstreams: [UInt16]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-nginx-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // nginx's workers run as nobody when started by root: they must reach the cache below.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            port = try freePort()
            let shipped = try String(
                contentsOf: EndToEndTests.root.appendingPathComponent("Examples/nginx/pbrender.conf"), encoding: .utf8)
            let edits = [
                ("listen 80;", "listen 127.0.0.1:\(port);"),
                (
                    "    server 127.0.0.1:8080 max_fails=3 fail_timeout=10s;\n",
                    upstreams.map { "    server 127.0.0.1:\($0) max_fails=3 fail_timeout=10s;\n" }.joined()
                ),
                ("/var/cache/nginx/pbrender", directory.appendingPathComponent("cache").path),
            ]
            var site = shipped
            for (from, to) in edits {
                // Each edit applies exactly once, so the shipped file cannot drift from what is tested.
                #expect(shipped.components(separatedBy: from).count == 2, "'\(from)' in pbrender.conf")
                site = site.replacingOccurrences(of: from, with: to)
            }
            let path = directory.path
            let main = """
                worker_processes 1;
                pid \(path)/nginx.pid;
                error_log \(path)/error.log warn;
                events { worker_connections 256; }
                http {
                    access_log \(path)/access.log;
                    client_body_temp_path \(path)/client_body;
                    proxy_temp_path \(path)/proxy;
                    fastcgi_temp_path \(path)/fastcgi;
                    uwsgi_temp_path \(path)/uwsgi;
                    scgi_temp_path \(path)/scgi;
                    include \(path)/pbrender.conf;
                }

                """
            try site.write(to: directory.appendingPathComponent("pbrender.conf"), atomically: true, encoding: .utf8)
            try main.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            process = try TestProcess(
                NginxOracleTests.nginx,
                ["-p", path, "-e", "\(path)/error.log", "-c", "\(path)/nginx.conf", "-g", "daemon off;"])
            let deadline = Date().addingTimeInterval(20)
            while (try? ServeClient(port: port).connect(timeoutSeconds: 1)).map({ close($0) }) == nil {
                guard Date() < deadline, process.process.isRunning else {
                    let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8))
                    throw TestClientError(message: "nginx did not start: \(process.standardError) \(log ?? "")")
                }
                usleep(10000)
            }
        }

        var client: ServeClient { ServeClient(port: port) }

        /// Stops nginx (SIGQUIT: graceful) and removes its directory.
        func stop() -> Int32? {
            let status = process.stop(SIGQUIT)
            try? FileManager.default.removeItem(at: directory)
            return status
        }
    }

    @Test("Through nginx: the same images, a second request a cache hit, errors passed on and never cached")
    func throughNginx() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.nginx.path), "nginx: bash .ci/install-deps")
        let server = try ServeProcess()
        defer { server.process.stop() }
        let proxy = try Proxy(upstream: server.port)
        defer { _ = proxy.stop() }

        let target = "/render.png?progress=0.5&size=64"
        let direct = try server.client.request(target)
        let first = try proxy.client.request(target)
        #expect(first.status == 200)
        #expect(first.header("X-Cache-Status") == "MISS")
        #expect(first.body == direct.body)
        #expect(first.header("Content-Type") == "image/png")
        #expect(first.header("ETag") == direct.header("ETag"))
        #expect(first.header("Cache-Control") == "public, max-age=31536000, immutable")
        let second = try proxy.client.request(target)
        #expect(second.header("X-Cache-Status") == "HIT")
        #expect(second.body == direct.body)
        // HEAD and conditional requests are answered from nginx's cache too.
        let head = try proxy.client.request(target, method: "HEAD")
        #expect(head.status == 200 && head.header("X-Cache-Status") == "HIT")
        let tag = try #require(first.header("ETag"))
        let notModified = try proxy.client.request(target, headers: [("If-None-Match", tag)])
        #expect(notModified.status == 304)

        // SVG is compressed for clients that take gzip, and only for them.
        let badge = "/badge.svg?title=coverage&progress=0.87"
        let plain = try proxy.client.request(badge)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.body == (try server.client.request(badge)).body)
        let gzipped = try proxy.client.request(badge, headers: [("Accept-Encoding", "gzip")])
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary") == "Accept-Encoding")
        #expect(gzipped.body.count < plain.body.count)
        #expect(try Self.gunzip(gzipped.body) == plain.body)

        // Errors: pbrender's status and message, through nginx, and not cached.
        for (target, message) in ServeCorpus.badRequests.prefix(6) {
            for _ in 0..<2 {
                let response = try proxy.client.request(target)
                #expect(response.status == 400 && response.bodyText == message + "\n", "\(target)")
                #expect(response.header("X-Cache-Status") != "HIT")
            }
        }
        #expect(try proxy.client.request("/nowhere").status == 404)
        #expect(try proxy.client.request("/render.png?progress=1", method: "PUT").status == 405)
        // A POST's body passes through nginx to pbrender, and its answer is never a cache hit.
        let document = try String(
            contentsOf: EndToEndTests.root.appendingPathComponent("Examples/check.svg"), encoding: .utf8)
        let post = { (client: ServeClient) in
            try client.request(
                "/render.png?progress=0.6", method: "POST",
                headers: [("Content-Type", "image/svg+xml"), ("Content-Length", "\(document.utf8.count)")],
                body: document)
        }
        let directPost = try post(ServeClient(port: server.port))
        #expect(directPost.status == 200 && !directPost.body.isEmpty)
        for _ in 0..<2 {
            let proxied = try post(proxy.client)
            #expect(proxied.status == 200 && proxied.body == directPost.body)
            #expect(proxied.header("X-Cache-Status") != "HIT")
        }
        #expect(try proxy.client.request("/healthz").bodyText == "ok\n")

        #expect(proxy.stop() == 0)
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(2000))")
        // nginx asked pbrender once for the cached image (and once directly): two lines for it.
        let lines = server.process.standardError.split(separator: "\n").filter { $0.contains("\"GET \(target) ") }
        #expect(lines.count == 2)
    }

    /// A `/render.svg` target whose query is exactly `length` bytes: SVG path data percent-encoded as Python's
    /// `urllib.parse.quote` writes it (`%20` for each space), the last number padded with zeros.
    static func pathDataTarget(queryLength length: Int) -> String {
        var query = "progress=0.5&path-data=M%200%200"
        var index = 0
        while length - query.utf8.count >= 12 + 25 {
            query += "%20L%20\(index % 7 + 1)%20\(index % 5)"
            index += 1
        }
        let last = "%20L%201%200."
        query += last + String(repeating: "0", count: max(1, length - query.utf8.count - last.utf8.count))
        return "/render.svg?" + query
    }

    @Test("Through nginx, the 10.9 KB <use> bomb is a 400 as a URL and as a POST body, and the server keeps serving")
    func useBombThroughNginx() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.nginx.path), "nginx: bash .ci/install-deps")
        let server = try ServeProcess(addressSpaceKiB: 1_048_576)
        defer { server.process.stop() }
        let proxy = try Proxy(upstream: server.port)
        defer { _ = proxy.stop() }
        let bomb = ServeHostileDocumentTests.bomb
        let query = "curve=" + (bomb.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        for _ in 0..<2 {
            let get = try proxy.client.request("/render.png?progress=0.5&" + query)
            #expect(get.status == 400 && get.bodyText.contains("path segments"), "\(get.status) \(get.bodyText)")
            let post = try proxy.client.request(
                "/render.png?progress=0.5", method: "POST",
                headers: [("Content-Type", "image/svg+xml"), ("Content-Length", "\(bomb.utf8.count)")], body: bomb)
            #expect(post.status == 400 && post.bodyText.contains("path segments"), "\(post.status) \(post.bodyText)")
            #expect(try proxy.client.request("/healthz").status == 200)
        }
        #expect(proxy.stop() == 0)
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(2000))")
    }

    @Test("Every URL the server accepts passes through nginx, up to its 16 KiB query; longer ones are its 400 or 414")
    func longURLs() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.nginx.path), "nginx: bash .ci/install-deps")
        let server = try ServeProcess()
        defer { server.process.stop() }
        let proxy = try Proxy(upstream: server.port)
        defer { _ = proxy.stop() }
        let limit = 16384
        // Every 8 bytes from 3 to 4.5 KiB too: with the default 4 KiB buffer, a key that fits it but leaves too
        // little room for the response's headers was a 502 (a URL of 3,498 bytes here), a longer one not cached.
        let dense = Array(stride(from: 3072, to: 4608, by: 8))
        for length in Array(stride(from: 1024, to: limit, by: 1024)) + dense + [limit - 1, limit] {
            let target = Self.pathDataTarget(queryLength: length)
            #expect(target.utf8.count == length + "/render.svg?".utf8.count)
            let direct = try server.client.request(target)
            #expect(direct.status == 200, "\(length): \(direct.bodyText.prefix(200))")
            let first = try proxy.client.request(target)
            #expect(first.status == 200 && first.body == direct.body, "\(length): \(first.status)")
            let second = try proxy.client.request(target)
            #expect(second.status == 200 && second.header("X-Cache-Status") == "HIT", "\(length)")
        }
        let over = try proxy.client.request(Self.pathDataTarget(queryLength: limit + 1))
        #expect(over.status == 400 && over.bodyText == "the query is \(limit + 1) bytes long; the limit is \(limit)\n")
        // A request line past the server's 16 KiB + 64: its 414, passed on.
        #expect(try proxy.client.request(Self.pathDataTarget(queryLength: limit + 100)).status == 414)
        let log = try String(contentsOf: proxy.directory.appendingPathComponent("error.log"), encoding: .utf8)
        #expect(!log.contains("too big header") && !log.contains("not enough for cache key"), "\(log.suffix(2000))")
    }

    @Test(
        "Two instances behind the shipped config, one killed by SIGKILL under load: no client sees an error",
        .disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
    func scaleOut() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.nginx.path), "nginx: bash .ci/install-deps")
        let first = try ServeProcess()
        defer { first.process.stop() }
        let second = try ServeProcess()
        defer { second.process.stop(SIGKILL) }
        let proxy = try Proxy(upstreams: [first.port, second.port])
        defer { _ = proxy.stop() }
        let port = proxy.port
        let answered = Atomic<Int>(0)
        let errors = Mutex<[String]>([])
        let perThread = 200
        let victim = second.process.process.processIdentifier
        onThreads(2) { thread in
            for index in 0..<perThread {
                // Every URL new: each request reaches an instance (nothing is served from nginx's cache).
                let target = "/render.png?size=48&progress=0.\(thread)\(1000 + index)"
                do {
                    let response = try ServeClient(port: port).request(target)
                    if response.status != 200 || response.header("X-Cache-Status") != "MISS" {
                        errors.withLock { $0.append("\(target): \(response.status)") }
                    }
                } catch {
                    errors.withLock { $0.append("\(target): \(error)") }
                }
                if answered.add(1, ordering: .relaxed).newValue == perThread / 2 {
                    kill(victim, SIGKILL)
                }
            }
        }
        #expect(errors.withLock { $0 } == [])
        #expect(answered.load(ordering: .relaxed) == 2 * perThread)
        #expect(!second.process.process.isRunning)
        // Both served before the kill; the survivor the rest.
        func served(_ server: ServeProcess) -> Int {
            server.process.standardError.split(separator: "\n").filter { $0.contains("\"GET /render.png") }.count
        }
        #expect(served(second) > 0)
        #expect(served(first) >= perThread)
        #expect(proxy.stop() == 0)
        #expect(first.process.stop() == 0)
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        Array(try ChildProcess.output(of: "gzip", ["-dc"], input: Data(bytes)))
    }
}
