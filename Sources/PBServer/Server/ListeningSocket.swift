#if canImport(Glibc)
    import Glibc
#endif

/// The TCP socket a server listens on, which every one of its threads accepts from; closed when released.
final class ListeningSocket: Sendable {
    /// The socket (non-blocking, close-on-exec).
    let descriptor: Int32
    /// The port it is bound to: the one asked for, or the one the system picked for 0.
    let port: UInt16

    /// Binds a socket to `address` and listens, with `SO_REUSEADDR` (a restarted server can bind while old
    /// connections linger in `TIME_WAIT`) and, for IPv6, `IPV6_V6ONLY`, as libmicrohttpd sets them; the listen
    /// queue is the system's largest (`SOMAXCONN`).
    ///
    /// - Parameters:
    ///   - address: Where to listen.
    ///   - host: The host as configured, for the error.
    ///   - port: The port as configured, for the error.
    /// - Throws: ``HTTPServerError`` (`couldNotListen`, with the system's code) when the socket cannot be made,
    ///   bound (a port in use, say) or listened on.
    init(address: SocketAddress, host: String, port: UInt16) throws(HTTPServerError) {
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(address.isIPv6 ? AF_INET6 : AF_INET, kind, 0)
        guard descriptor >= 0 else { throw HTTPServerError(.couldNotListen(host: host, port: port, errno: errno)) }
        var on: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, size)
        if address.isIPv6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, size) }
        let bound = address.withSockaddr { bind(descriptor, $0, address.length) }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let code = errno
            close(descriptor)
            throw HTTPServerError(.couldNotListen(host: host, port: port, errno: code))
        }
        var local = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = named == 0 ? SocketAddress.port(of: local) : port
    }

    deinit {
        close(descriptor)
    }
}
