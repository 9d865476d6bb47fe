import Foundation
import Testing

/// A response as read off the wire by ``TestHTTPClient``: status line, header fields in order, body.
public struct RawHTTPResponse: CustomStringConvertible, Sendable {
    /// The bytes received (for a chunked body: the header block and the decoded body).
    public let raw: [UInt8]
    /// The status line, e.g. `HTTP/1.1 200 OK`.
    public let statusLine: String
    /// The status code from the status line.
    public let status: Int
    /// The header fields in order, as sent.
    public let headers: [(name: String, value: String)]
    /// The bytes after the blank line that ends the headers.
    public let body: [UInt8]

    /// Splits `raw` into status line, header fields and body; fails the test when there is no header block.
    public init(raw: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: terminator) }) else {
            Issue.record(
                "no end of headers in \(raw.count) bytes: \(String(decoding: raw, as: UTF8.self))",
                sourceLocation: sourceLocation)
            throw TestClientError(message: "no end of headers")
        }
        self.init(head: raw[..<end], body: Array(raw[(end + 4)...]))
    }

    /// A response of the header block `head` (without its blank line) and the decoded `body`.
    init(head: ArraySlice<UInt8>, body: [UInt8]) {
        raw = Array(head) + Array("\r\n\r\n".utf8) + body
        var lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        status = parts.count >= 2 ? Int(parts[1]) ?? -1 : -1
        headers = lines.map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let value = line[colon...].dropFirst().trimmingCharacters(in: .whitespaces)
            return (String(line[..<colon]), value)
        }
        self.body = body
    }

    /// The first value of a header field, looked up without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header field, looked up without regard to case.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    public var description: String { String(decoding: raw.prefix(2000), as: UTF8.self) }
}

/// A failure of the test client itself (cannot connect, timed out).
public struct TestClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    public var description: String { message }

    /// A failure saying `message`.
    public init(message: String) {
        self.message = message
    }
}

/// A small HTTP/1.1 client on POSIX sockets for the server's and `pbrender serve`'s tests: it sends raw
/// bytes, so a test can send any request line, any headers and any method, and reads either everything
/// until the server closes the connection or one response on a kept-alive one.
public enum TestHTTPClient {
    /// Connects a TCP socket to 127.0.0.1:`port`, with send and receive timeouts.
    public static func connect(port: UInt16, timeoutSeconds: Int = 30) throws -> Int32 {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw TestClientError(message: "socket: \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            close(socketDescriptor)
            throw TestClientError(message: "connect to port \(port): errno \(code)")
        }
        return socketDescriptor
    }

    /// Writes all of `bytes`; stops quietly when the server has closed (it may answer early and close).
    public static func sendAll(_ bytes: [UInt8], on socketDescriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(
                    socketDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset,
                    Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Reads until end of file (or a reset after some bytes arrived).
    public static func readAll(from socketDescriptor: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
            } else if count == 0 {
                return received
            } else if errno == EINTR {
                continue
            } else if errno == ECONNRESET, !received.isEmpty {
                return received
            } else {
                throw TestClientError(message: "recv: errno \(errno) after \(received.count) bytes")
            }
        }
    }

    /// Reads one response, leaving the connection open: the header block, then the body by its
    /// `Content-Length` or its chunks (none for a `HEAD` request, `bodiless`, or a 304).
    public static func readOne(from socketDescriptor: Int32, bodiless: Bool = false) throws -> RawHTTPResponse {
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            head.append(try readByte(from: socketDescriptor, "connection ended after \(head.count) bytes of headers"))
        }
        let parsed = RawHTTPResponse(head: head.dropLast(4), body: [])
        if bodiless || parsed.status == 304 { return parsed }
        if parsed.header("Transfer-Encoding")?.lowercased() == "chunked" {
            return RawHTTPResponse(head: head.dropLast(4), body: try readChunks(from: socketDescriptor))
        }
        let length = Int(parsed.header("Content-Length") ?? "0") ?? 0
        return RawHTTPResponse(head: head.dropLast(4), body: try read(length, from: socketDescriptor))
    }

    /// A chunked body (RFC 9112 §7.1): hexadecimal sizes, each chunk, a zero size, the (empty) trailer.
    static func readChunks(from socketDescriptor: Int32) throws -> [UInt8] {
        func line() throws -> String {
            var bytes: [UInt8] = []
            while !bytes.suffix(2).elementsEqual("\r\n".utf8) {
                bytes.append(try readByte(from: socketDescriptor, "chunked body ended"))
            }
            return String(decoding: bytes.dropLast(2), as: UTF8.self)
        }
        var body: [UInt8] = []
        while true {
            let sizeText = try line().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText, radix: 16) else { throw TestClientError(message: "bad chunk size") }
            if size == 0 {
                while try !line().isEmpty {}
                return body
            }
            body += try read(size, from: socketDescriptor)
            _ = try line()
        }
    }

    /// Exactly `count` bytes.
    static func read(_ count: Int, from socketDescriptor: Int32) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let received = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { recv(socketDescriptor, $0 + filled, count - filled, 0) } ?? -1
            }
            guard received > 0 else {
                throw TestClientError(message: "connection ended with \(count - filled) bytes of body to come")
            }
            filled += received
        }
        return bytes
    }

    /// One byte, or an error saying `ended`.
    private static func readByte(from socketDescriptor: Int32, _ ended: @autoclosure () -> String) throws -> UInt8 {
        var byte: UInt8 = 0
        guard recv(socketDescriptor, &byte, 1, 0) == 1 else { throw TestClientError(message: ended()) }
        return byte
    }

    /// Connects a TCP socket to [::1]:`port`, with a receive timeout.
    public static func connectIPv6(port: UInt16) throws -> Int32 {
        let socketDescriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw TestClientError(message: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard status == 0 else {
            close(socketDescriptor)
            throw TestClientError(message: "connect to [::1]:\(port): errno \(errno)")
        }
        return socketDescriptor
    }

    /// Sends `request` as it is and returns the parsed response.
    public static func exchange(_ request: [UInt8], port: UInt16) throws -> RawHTTPResponse {
        let socketDescriptor = try connect(port: port)
        defer { close(socketDescriptor) }
        sendAll(request, on: socketDescriptor)
        return try RawHTTPResponse(raw: readAll(from: socketDescriptor))
    }

    /// Sends a `GET` for `target`, with `Host`, `Connection: close` and `headers`.
    public static func request(_ target: String, port: UInt16, headers: [(String, String)] = []) throws
        -> RawHTTPResponse
    {
        try request("GET", target, port: port, headers: headers)
    }

    /// Sends a request built from its parts, with `Host` and `Connection: close` first.
    public static func request(
        _ method: String, _ target: String, port: UInt16, headers: [(String, String)] = [],
        body: String = ""
    ) throws -> RawHTTPResponse {
        try exchange(requestBytes(method, target, headers: headers, body: body), port: port)
    }

    /// The bytes of a request: request line, `Host` (`host`), `Connection: close` (unless
    /// `keepAlive`), `headers`, a blank line, `body`.
    public static func requestBytes(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: String = "",
        keepAlive: Bool = false, host: String = "127.0.0.1"
    ) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        if !keepAlive { text += "Connection: close\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n" + body
        return Array(text.utf8)
    }
}
