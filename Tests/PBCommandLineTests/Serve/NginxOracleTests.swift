import Foundation
import PBTestSupport
import Synchronization
import Testing

/// Debian's nginx with its own configuration (`/etc/nginx`, copied under a temporary prefix) and the shipped site
/// (`Examples/nginx/sites-available/pbrender`), set up by the recipe of `Examples/nginx/README.md`, on loopback, in
/// front of `pbrender serve` as a process: responses, caching and errors through the proxy. The test starts and stops
/// both; nothing runs as the system's service or writes outside the prefix.
@Suite("nginx in front of pbrender serve")
struct NginxOracleTests {
    static let nginx = URL(fileURLWithPath: "/usr/sbin/nginx")
    /// Debian's configuration folder, copied for each nginx the tests start.
    static let debianConfiguration = URL(fileURLWithPath: "/etc/nginx")
    /// The host name the README's recipe gives the site.
    static let siteName = "progress.example.org"

    /// The shell commands of the README's recipe blocks (those that set up the shipped site), in order: the `sudo`
    /// lines but the package install and the reload (the test starts nginx itself).
    static func recipe(ownPort: Bool) throws -> [String] {
        let readme = try String(
            contentsOf: EndToEndTests.root.appendingPathComponent("Examples/nginx/README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            .filter { $0.contains("/etc/nginx/sites-available/pbrender") }
        #expect(blocks.count == 2, "the recipe and its own-port variant in Examples/nginx/README.md")
        return blocks.prefix(ownPort ? 2 : 1).flatMap { $0.split(separator: "\n").map(String.init) }
            .filter { $0.hasPrefix("sudo ") && !$0.contains("apt-get") && !$0.contains("systemctl reload") }
    }

    /// nginx running Debian's configuration plus the shipped site, pointed at `upstreams`, on a free loopback port,
    /// with everything it writes in a temporary directory.
    final class Proxy {
        let directory: URL
        let port: UInt16
        let process: TestProcess
        /// The `Host` the site answers on ``port``: its name, or any with a port of its own.
        let host: String

        convenience init(upstream: UInt16) throws {
            try self.init(upstreams: [upstream])
        }

        /// nginx with one `server` line per port of `upstreams` in the shipped upstream block; with `ownPort`, the
        /// recipe's second block gives the site an address and port of its own, else it shares Debian's default
        /// site's.
        init(upstreams: [UInt16], ownPort: Bool = false) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-nginx-\(UUID())")
            let etc = directory.appendingPathComponent("etc/nginx")
            try FileManager.default.createDirectory(
                at: etc.deletingLastPathComponent(), withIntermediateDirectories: true)
            // nginx's workers run as www-data when started by root: they must reach the cache below.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            try FileManager.default.copyItem(at: NginxOracleTests.debianConfiguration, to: etc)
            // The stock site is enabled by a symbolic link to /etc/nginx: point it at the copy.
            let defaultLink = etc.appendingPathComponent("sites-enabled/default")
            try FileManager.default.removeItem(at: defaultLink)
            try FileManager.default.createSymbolicLink(
                atPath: defaultLink.path, withDestinationPath: "../sites-available/default")
            port = try freePort()
            host = ownPort ? "127.0.0.1" : NginxOracleTests.siteName
            let path = directory.path
            // Debian's nginx.conf, its paths under the prefix, and the temporary files nginx would keep in
            // /var/lib/nginx there too.
            try Self.edit(
                etc.appendingPathComponent("nginx.conf"),
                [
                    ("/etc/nginx/", etc.path + "/"), ("pid /run/nginx.pid;", "pid \(path)/nginx.pid;"),
                    ("error_log /var/log/nginx/error.log;", "error_log \(path)/error.log;"),
                    ("access_log /var/log/nginx/access.log;", "access_log \(path)/access.log;"),
                    (
                        "http {\n",
                        "http {\n"
                            + ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
                                "\t\($0)_temp_path \(path)/\($0);\n"
                            }.joined()
                    ),
                ], everyOccurrence: ["/etc/nginx/"])
            // Debian's default site on the loopback port (no IPv6: loopback only).
            let site = ownPort ? try freePort() : port
            try Self.edit(
                etc.appendingPathComponent("sites-available/default"),
                [
                    ("listen 80 default_server;", "listen 127.0.0.1:\(site) default_server;"),
                    ("\tlisten [::]:80 default_server;\n", ""),
                ])
            // The README's recipe, run as written but on the copy.
            for command in try NginxOracleTests.recipe(ownPort: ownPort) {
                let line = command.replacingOccurrences(of: "sudo ", with: "")
                    .replacingOccurrences(of: "/etc/nginx", with: etc.path)
                let result = try ChildProcess.run(
                    URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: EndToEndTests.root)
                #expect(result.status == 0, "\(line): \(result.errorText)")
            }
            let shipped = etc.appendingPathComponent("sites-available/pbrender")
            var edits = [
                (
                    "    server 127.0.0.1:8080 max_fails=3 fail_timeout=10s;\n",
                    upstreams.map { "    server 127.0.0.1:\($0) max_fails=3 fail_timeout=10s;\n" }.joined()
                ),
                ("/var/lib/nginx/pbrender", directory.appendingPathComponent("cache").path),
            ]
            edits +=
                ownPort
                ? [("listen 127.0.0.1:8081;", "listen 127.0.0.1:\(port);")]
                : [("listen 80;", "listen 127.0.0.1:\(port);"), ("    listen [::]:80;\n", "")]
            try Self.edit(shipped, edits)
            process = try TestProcess(
                NginxOracleTests.nginx,
                [
                    "-p", path, "-e", "\(path)/error.log", "-c", etc.appendingPathComponent("nginx.conf").path, "-g",
                    "daemon off;",
                ])
            let deadline = Date().addingTimeInterval(20)
            while (try? ServeClient(port: port).connect(timeoutSeconds: 1)).map({ close($0) }) == nil {
                guard Date() < deadline, process.process.isRunning else {
                    let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8))
                    throw TestClientError(message: "nginx did not start: \(process.standardError) \(log ?? "")")
                }
                usleep(10000)
            }
        }

        /// Applies each edit to the file at `url`; each must apply exactly once (those in `everyOccurrence` at least
        /// once), so the files cannot drift from what is tested.
        static func edit(_ url: URL, _ edits: [(String, String)], everyOccurrence: Set<String> = []) throws {
            let original = try String(contentsOf: url, encoding: .utf8)
            var text = original
            for (from, to) in edits {
                let count = original.components(separatedBy: from).count - 1
                #expect(
                    everyOccurrence.contains(from) ? count >= 1 : count == 1,
                    "'\(from)' in \(url.lastPathComponent): \(count) times")
                text = text.replacingOccurrences(of: from, with: to)
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        /// A client of the shipped site.
        var client: ServeClient { ServeClient(port: port, host: host) }

        /// nginx's error log so far.
        var errorLog: String {
            (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        }

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
        // The builder page comes through, with its own type and policy; its URLs are relative.
        let builder = try proxy.client.request("/")
        #expect(builder.status == 200 && builder.header("Content-Type") == "text/html; charset=utf-8")
        #expect(builder.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
        #expect(builder.bodyText.contains("fetch(wanted.path + \"?\" + wanted.query"))
        // Debian's default site still answers every other name on the same port, from /var/www/html.
        let other = ServeClient(port: proxy.port, host: "localhost")
        for path in ["/", target] {
            let response = try other.request(path)
            #expect(
                response.header("X-Cache-Status") == nil && !response.bodyText.contains("no such resource"), "\(path)")
        }
        #expect(try other.request(target).status == 404)

        #expect(proxy.stop() == 0)
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(2000))")
        // nginx asked pbrender once for the cached image (and once directly): two lines for it.
        let lines = server.process.standardError.split(separator: "\n").filter { $0.contains("\"GET \(target) ") }
        #expect(lines.count == 2)
    }

    /// `date` in RFC 3339, to the second, in UTC.
    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The `max-age` of a response's `Cache-Control`, when it has one.
    static func maxAge(_ response: RawHTTPResponse) -> Int? {
        guard let value = response.header("Cache-Control"), let range = value.range(of: "max-age=") else { return nil }
        return Int(value[range.upperBound...].prefix { $0.isNumber })
    }

    @Test("Images drawn from the clock: kept for their max-age (a day at most), then asked again, never served past it")
    func timeDriven() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.nginx.path), "nginx: bash .ci/install-deps")
        let server = try ServeProcess()
        defer { server.process.stop() }
        let proxy = try Proxy(upstream: server.port)
        defer { _ = proxy.stop() }
        let now = Date()
        // Before its start a schedule draws 0 until its first step, a week away: a day, the most.
        let week = 7 * 86_400.0
        let later =
            "/render.png?size=64&start=\(Self.rfc3339(now + week))&end=\(Self.rfc3339(now + 2 * week))"
        let first = try proxy.client.request(later)
        #expect(first.status == 200 && first.header("X-Cache-Status") == "MISS", "\(first.bodyText.prefix(200))")
        #expect(first.header("Cache-Control") == "public, max-age=86400")
        let again = try proxy.client.request(later)
        #expect(again.header("X-Cache-Status") == "HIT" && again.body == first.body)

        // A countdown in minutes reads "2 minutes left" down to 89.5 s left: from 95 to 96 s, for 5 or 6 more
        // seconds, less the moment the server reads its clock after the test (up to 5 s on a loaded machine). nginx
        // keeps it that long, and not longer. nginx's clock cannot be set from here: the test waits it out (7.2 s
        // at most).
        let end = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 96).rounded(.down))
        let countdown = "/render.png?size=96&label=remaining&end=\(Self.rfc3339(end))"
        let fresh = try proxy.client.request(countdown)
        let received = Date()
        let age = try #require(Self.maxAge(fresh))
        #expect(
            fresh.header("X-Cache-Status") == "MISS" && (1...6).contains(age), "\(fresh.header("Cache-Control") ?? "")")
        #expect(try proxy.client.request(countdown).header("X-Cache-Status") == "HIT")
        Thread.sleep(until: received.addingTimeInterval(Double(age) + 1.2))
        let refetched = try proxy.client.request(countdown)
        #expect(refetched.status == 200 && refetched.header("X-Cache-Status") == "EXPIRED")
        #expect(refetched.body != fresh.body)
        #expect(refetched.body == (try server.client.request(countdown)).body)
        #expect(proxy.stop() == 0)
        #expect(server.process.stop() == 0)
        // nginx asked pbrender for the countdown twice, the test once.
        let lines = server.process.standardError.split(separator: "\n").filter {
            $0.contains("\"GET /render.png?size=96")
        }
        #expect(lines.count == 3)
    }

    @Test("The recipe's address and port of its own: the site answers any name there")
    func ownPort() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.nginx.path), "nginx: bash .ci/install-deps")
        let server = try ServeProcess()
        defer { server.process.stop() }
        let proxy = try Proxy(upstreams: [server.port], ownPort: true)
        defer { _ = proxy.stop() }
        let target = "/badge.svg?title=coverage&progress=0.87"
        let direct = try server.client.request(target)
        for (index, host) in ["127.0.0.1", "cdn-origin.example"].enumerated() {
            let response = try ServeClient(port: proxy.port, host: host).request(target)
            #expect(response.status == 200 && response.body == direct.body)
            #expect(response.header("X-Cache-Status") == (index == 0 ? "MISS" : "HIT"))
        }
        #expect(proxy.stop() == 0)
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
        let log = proxy.errorLog
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
        let host = proxy.host
        let answered = Atomic<Int>(0)
        let errors = Mutex<[String]>([])
        let perThread = 200
        let victim = second.process.process.processIdentifier
        onThreads(2) { thread in
            for index in 0..<perThread {
                // Every URL new: each request reaches an instance (nothing is served from nginx's cache).
                let target = "/render.png?size=48&progress=0.\(thread)\(1000 + index)"
                do {
                    let response = try ServeClient(port: port, host: host).request(target)
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
