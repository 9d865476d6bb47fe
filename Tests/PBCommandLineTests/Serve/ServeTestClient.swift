import Foundation
import PBTestSupport
import Synchronization
import Testing

/// ``TestHTTPClient`` bound to one `pbrender serve`'s port (or nginx's), asking for `host`.
struct ServeClient {
    let port: UInt16
    var host = "127.0.0.1"

    /// A connected socket, with send and receive timeouts.
    func connect(timeoutSeconds: Int = 30) throws -> Int32 {
        try TestHTTPClient.connect(port: port, timeoutSeconds: timeoutSeconds)
    }

    /// One request (with `body`, sent as it is: give its `Content-Length` in `headers`) on its own
    /// connection, read by its `Content-Length` or chunks.
    func request(_ target: String, method: String = "GET", headers: [(String, String)] = [], body: String = "")
        throws -> RawHTTPResponse
    {
        let descriptor = try connect()
        defer { close(descriptor) }
        TestHTTPClient.sendAll(
            TestHTTPClient.requestBytes(method, target, headers: headers, body: body, host: host), on: descriptor)
        return try TestHTTPClient.readOne(from: descriptor, bodiless: method == "HEAD")
    }

    /// Raw bytes sent as they are; everything read until the server closes, as text.
    func exchange(_ bytes: [UInt8]) throws -> String {
        let descriptor = try connect()
        defer { close(descriptor) }
        TestHTTPClient.sendAll(bytes, on: descriptor)
        return String(decoding: (try? TestHTTPClient.readAll(from: descriptor)) ?? [], as: UTF8.self)
    }
}

/// A port no one listens on now: bound to port 0, read back, closed.
func freePort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    guard bound else { throw TestClientError(message: "cannot bind a free port: errno \(errno)") }
    return UInt16(bigEndian: address.sin_port)
}

/// Runs `body` on `count` threads at once and waits for them all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    group.wait()
}

/// Percent-encodes a query value (everything but unreserved characters).
func queryEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
