import Foundation
import Testing

/// A response as read off the wire by ``TestHTTPClient``: everything the server sent, split at the first blank
/// line.
struct RawHTTPResponse: CustomStringConvertible {
    /// Every byte received, until the server closed the connection.
    let raw: [UInt8]
    /// The status line, e.g. `HTTP/1.1 200 OK`.
    let statusLine: String
    /// The status code from the status line.
    let status: Int
    /// The header fields in order, as sent.
    let headers: [(name: String, value: String)]
    /// The bytes after the blank line that ends the headers.
    let body: [UInt8]

    /// Splits `raw` into status line, header fields and body; fails the test when there is no header block.
    init(raw: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.raw = raw
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: terminator) }) else {
            Issue.record(
                "no end of headers in \(raw.count) bytes: \(String(decoding: raw, as: UTF8.self))",
                sourceLocation: sourceLocation)
            throw TestClientError(message: "no end of headers")
        }
        let head = String(decoding: raw[..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        status = parts.count >= 2 ? Int(parts[1]) ?? -1 : -1
        headers = lines.map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let value = line[colon...].dropFirst().trimmingCharacters(in: .whitespaces)
            return (String(line[..<colon]), value)
        }
        body = Array(raw[(end + 4)...])
    }

    /// The first value of a header field, looked up without regard to case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header field, looked up without regard to case.
    func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body as UTF-8 text.
    var bodyText: String { String(decoding: body, as: UTF8.self) }

    var description: String { String(decoding: raw.prefix(2000), as: UTF8.self) }
}

/// A failure of the test client itself (cannot connect, timed out).
struct TestClientError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A small HTTP client on POSIX sockets for the tests: it sends raw bytes, so a test can send any request
/// line, any headers and any method, and reads everything until the server closes the connection.
enum TestHTTPClient {
    /// Connects a TCP socket to 127.0.0.1:`port`, with send and receive timeouts.
    static func connect(port: UInt16, timeoutSeconds: Int = 10) throws -> Int32 {
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
    static func sendAll(_ bytes: [UInt8], on socketDescriptor: Int32) {
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
    static func readAll(from socketDescriptor: Int32) throws -> [UInt8] {
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

    /// Reads one response whose body length is its `Content-Length`, leaving the connection open.
    static func readOne(from socketDescriptor: Int32) throws -> RawHTTPResponse {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while !received.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            guard recv(socketDescriptor, &byte, 1, 0) == 1 else {
                throw TestClientError(message: "connection ended after \(received.count) bytes of headers")
            }
            received.append(byte)
        }
        let head = try RawHTTPResponse(raw: received)
        var remaining = Int(head.header("Content-Length") ?? "0") ?? 0
        while remaining > 0 {
            guard recv(socketDescriptor, &byte, 1, 0) == 1 else {
                throw TestClientError(message: "connection ended with \(remaining) bytes of body to come")
            }
            received.append(byte)
            remaining -= 1
        }
        return try RawHTTPResponse(raw: received)
    }

    /// Connects a TCP socket to [::1]:`port`, with a receive timeout.
    static func connectIPv6(port: UInt16) throws -> Int32 {
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
    static func exchange(_ request: [UInt8], port: UInt16) throws -> RawHTTPResponse {
        let socketDescriptor = try connect(port: port)
        defer { close(socketDescriptor) }
        sendAll(request, on: socketDescriptor)
        return try RawHTTPResponse(raw: readAll(from: socketDescriptor))
    }

    /// Sends a `GET` for `target`, with `Host`, `Connection: close` and `headers`.
    static func request(_ target: String, port: UInt16, headers: [(String, String)] = []) throws -> RawHTTPResponse {
        try request("GET", target, port: port, headers: headers)
    }

    /// Sends a request built from its parts, with `Host` and `Connection: close` first.
    static func request(
        _ method: String, _ target: String, port: UInt16, headers: [(String, String)] = [],
        body: String = ""
    ) throws -> RawHTTPResponse {
        try exchange(requestBytes(method, target, headers: headers, body: body), port: port)
    }

    /// The bytes of a request: request line, `Host`, `Connection: close`, `headers`, a blank line, `body`.
    static func requestBytes(_ method: String, _ target: String, headers: [(String, String)] = [], body: String = "")
        -> [UInt8]
    {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n" + body
        return Array(text.utf8)
    }
}
