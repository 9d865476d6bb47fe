#if canImport(Glibc)
    import Glibc
#endif

/// Why an ``HTTPServer`` or a ``SignalWatch`` could not start.
public struct HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with the facts.
    public enum Kind: Sendable, Hashable {
        /// A ``HTTPServer/Configuration`` setting is out of range; `setting` names it and `reason` says why.
        case invalidConfiguration(setting: String, reason: String)
        /// The host is neither a numeric address nor a name the resolver knows; `reason` is the resolver's message.
        case hostNotFound(host: String, reason: String)
        /// libmicrohttpd could not listen on the address (the port is taken, say); `errno` is the system's code
        /// (0 when it gave none).
        case couldNotListen(host: String, port: UInt16, errno: Int32)
        /// Another ``SignalWatch`` is active; only one may be at a time.
        case signalsAlreadyWatched
        /// A system call failed; `name` is the call and `errno` the system's code.
        case systemCallFailed(name: String, errno: Int32)
        /// libmicrohttpd, loaded when the first server starts, could not be loaded; `reason` is the dynamic
        /// linker's message (`libmicrohttpd.so.12: cannot open shared object file: …`).
        case libraryUnavailable(reason: String)
    }

    /// What went wrong.
    public var kind: Kind

    /// An error of this kind.
    ///
    /// - Parameter kind: What went wrong.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The problem in one line, e.g. `cannot listen on 127.0.0.1 port 8080: Address already in use`.
    public var description: String {
        switch kind {
        case .invalidConfiguration(let setting, let reason):
            "invalid server setting \(setting): \(reason)"
        case .hostNotFound(let host, let reason):
            "cannot listen on host \"\(host)\": \(reason)"
        case .couldNotListen(let host, let port, let code):
            "cannot listen on \(host) port \(port)" + (code == 0 ? "" : ": \(Self.message(code))")
        case .signalsAlreadyWatched:
            "another SignalWatch is already active"
        case .systemCallFailed(let name, let code):
            "\(name) failed: \(Self.message(code))"
        case .libraryUnavailable(let reason):
            "cannot load libmicrohttpd, which serves HTTP (install Debian's libmicrohttpd12): \(reason)"
        }
    }

    /// The C library's message for an `errno` code.
    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
