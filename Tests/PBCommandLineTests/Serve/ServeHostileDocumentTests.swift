import Foundation
import PBTestSupport
import Synchronization
import Testing

/// The tiny `<use>` bomb of issue 31 (a 5,000-segment path drawn 10^4 times, 10.9 KB), sent to
/// `pbrender serve` running in 1 GiB of address space: as a GET URL (`curve=`) and as a POST body,
/// each answered 400 naming the budget within a second, while a client polling `/healthz` every
/// 100 ms is answered every time, and the server's peak memory stays small.
@Suite(.serialized, .disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
struct ServeHostileDocumentTests {
    static var bomb: String {
        let path = #"<path id="p" d="M0 0"# + String(repeating: "h1", count: 5_000) + #""/>"#
        let tree = HostileDocumentTests.useTree(of: "p", fanOut: 10, levels: 4)
        return HostileDocumentTests.svg("<defs>\(path)\(tree.definitions)</defs><use href=\"#\(tree.top)\"/>")
    }

    /// The server's peak resident memory, in KiB (`VmHWM`).
    static func peakKiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(whereSeparator: \.isWhitespace)[1]) }
    }

    @Test func aUseBombIsRefusedAndTheServerKeepsServing() throws {
        let server = try ServeProcess(addressSpaceKiB: 1_048_576)
        defer { server.process.stop() }
        let client = server.client
        let failures = Mutex(0)
        let polls = Mutex(0)
        let done = Atomic(false)
        let monitor = Thread {
            while !done.load(ordering: .relaxed) {
                let status = try? client.request("/healthz").status
                polls.withLock { $0 += 1 }
                if status != 200 { failures.withLock { $0 += 1 } }
                usleep(100_000)
            }
        }
        monitor.start()
        defer { done.store(true, ordering: .relaxed) }
        let bomb = Self.bomb
        let query = "curve=" + (bomb.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        #expect(query.utf8.count < 16_384)
        for _ in 0..<3 {
            let start = Date()
            let get = try client.request("/render.png?progress=0.5&" + query)
            #expect(get.status == 400)
            #expect(get.bodyText.contains("path segments"), "\(get.bodyText)")
            #expect(Date().timeIntervalSince(start) < 1)
            let post = try client.request(
                "/render.png?progress=0.5", method: "POST",
                headers: [("Content-Type", "image/svg+xml"), ("Content-Length", "\(bomb.utf8.count)")], body: bomb)
            #expect(post.status == 400)
            #expect(post.bodyText.contains("the limit is 250,000"), "\(post.bodyText)")
            #expect(Date().timeIntervalSince(start) < 2)
        }
        usleep(500_000)
        done.store(true, ordering: .relaxed)
        #expect(failures.withLock { $0 } == 0)
        #expect(polls.withLock { $0 } >= 3)
        let peak = try #require(Self.peakKiB(of: server.process.process.processIdentifier))
        #expect(peak < 256 << 10, "\(peak) KiB")
    }
}
