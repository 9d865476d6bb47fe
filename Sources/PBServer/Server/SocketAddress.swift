#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 socket address to listen on, resolved from a host and a port.
struct SocketAddress {
    private var storage = sockaddr_storage()
    /// Whether the address is IPv6.
    let isIPv6: Bool

    /// The first address `getaddrinfo` gives for a passive TCP socket on `host` and `port`.
    init(host: String, port: UInt16) throws(HTTPServerError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, "\(port)", &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0, let first = list, let address = first.pointee.ai_addr else {
            let reason = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            throw HTTPServerError(.hostNotFound(host: host, reason: reason))
        }
        let length = min(Int(first.pointee.ai_addrlen), MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutableBytes(of: &storage) { destination in
            destination.copyMemory(from: UnsafeRawBufferPointer(start: address, count: length))
        }
        isIPv6 = Int32(address.pointee.sa_family) == AF_INET6
    }

    /// The size of the address: a `sockaddr_in6` or a `sockaddr_in`.
    var length: socklen_t {
        socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    /// The port of an IPv4 or IPv6 socket address, or 0 for another family.
    static func port(of address: sockaddr_storage) -> UInt16 {
        let family = Int32(address.ss_family)
        return withUnsafePointer(to: address) { pointer in
            switch family {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            default: 0
            }
        }
    }

    /// Calls `body` with a pointer to the address, valid during the call.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0) }
        }
    }

    /// The numeric host of an IPv4 or IPv6 socket address (`127.0.0.1`, `::1`), or an empty string.
    static func numericHost(of address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "" }
        let length: Int
        switch Int32(address.pointee.sa_family) {
        case AF_INET: length = MemoryLayout<sockaddr_in>.size
        case AF_INET6: length = MemoryLayout<sockaddr_in6>.size
        default: return ""
        }
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = getnameinfo(
            address, socklen_t(length), &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST)
        guard status == 0 else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
