import Foundation
import Synchronization
import Testing

/// A response as read off the wire: status, header fields in order, body.
struct WireResponse: CustomStringConvertible {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// The first value of a header field, by any case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
    var description: String { "\(status) \(headers) \(bodyText.prefix(300))" }
}

struct ServeClientError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A small HTTP/1.1 client on POSIX sockets for the serve tests: any method, target and headers,
/// one request per connection or several on a kept-alive one.
struct ServeClient {
    let port: UInt16

    /// Connects to 127.0.0.1:`port`, with send and receive timeouts.
    func connect(timeoutSeconds: Int = 30) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeClientError(message: "socket: \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            close(descriptor)
            throw ServeClientError(message: "connect to port \(port): errno \(code)")
        }
        return descriptor
    }

    /// The bytes of a request with `Host`, and `Connection: close` unless `keepAlive`.
    static func requestBytes(
        _ method: String, _ target: String, headers: [(String, String)] = [], keepAlive: Bool = false
    ) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if !keepAlive { text += "Connection: close\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    static func sendAll(_ bytes: [UInt8], on descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Reads one response: headers, then `Content-Length` bytes (none for HEAD and 304).
    static func readOne(from descriptor: Int32, bodiless: Bool = false) throws -> WireResponse {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            guard recv(descriptor, &byte, 1, 0) == 1 else {
                throw ServeClientError(message: "connection ended after \(head.count) bytes of headers")
            }
            head.append(byte)
        }
        let lines = String(decoding: head.dropLast(4), as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        let status = parts.count >= 2 ? Int(parts[1]) ?? -1 : -1
        let headers = lines.dropFirst().map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), line[colon...].dropFirst().trimmingCharacters(in: .whitespaces))
        }
        let response = WireResponse(status: status, headers: headers, body: [])
        if !bodiless, response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            return WireResponse(status: status, headers: headers, body: try readChunks(from: descriptor))
        }
        var remaining = bodiless || status == 304 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        var body: [UInt8] = []
        body.reserveCapacity(remaining)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while remaining > 0 {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, min($0.count, remaining), 0) }
            guard count > 0 else {
                throw ServeClientError(message: "connection ended with \(remaining) bytes of body to come")
            }
            body += chunk[..<count]
            remaining -= count
        }
        return WireResponse(status: status, headers: headers, body: body)
    }

    /// A chunked body (RFC 9112 §7.1): hexadecimal sizes, each chunk, a zero size, the (empty) trailer.
    static func readChunks(from descriptor: Int32) throws -> [UInt8] {
        func line() throws -> String {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while !bytes.suffix(2).elementsEqual("\r\n".utf8) {
                guard recv(descriptor, &byte, 1, 0) == 1 else { throw ServeClientError(message: "chunked body ended") }
                bytes.append(byte)
            }
            return String(decoding: bytes.dropLast(2), as: UTF8.self)
        }
        var body: [UInt8] = []
        while true {
            let sizeText = try line().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText, radix: 16) else { throw ServeClientError(message: "bad chunk size") }
            if size == 0 {
                while try !line().isEmpty {}
                return body
            }
            var chunk = [UInt8](repeating: 0, count: size)
            var filled = 0
            while filled < size {
                let count = chunk.withUnsafeMutableBytes { buffer in
                    buffer.baseAddress.map { recv(descriptor, $0 + filled, size - filled, 0) } ?? -1
                }
                guard count > 0 else { throw ServeClientError(message: "chunk ended") }
                filled += count
            }
            body += chunk
            _ = try line()
        }
    }

    /// One request on its own connection.
    func request(_ target: String, method: String = "GET", headers: [(String, String)] = []) throws -> WireResponse {
        let descriptor = try connect()
        defer { close(descriptor) }
        Self.sendAll(Self.requestBytes(method, target, headers: headers), on: descriptor)
        return try Self.readOne(from: descriptor, bodiless: method == "HEAD")
    }

    /// Raw bytes sent as they are; everything read until the server closes.
    func exchange(_ bytes: [UInt8]) throws -> String {
        let descriptor = try connect()
        defer { close(descriptor) }
        Self.sendAll(bytes, on: descriptor)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { received += chunk[..<count] } else { break }
        }
        return String(decoding: received, as: UTF8.self)
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
    guard bound else { throw ServeClientError(message: "cannot bind a free port: errno \(errno)") }
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
