#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The type of a file, as `stat` reports it in `st_mode`.
public enum FileType: Hashable, Sendable, CustomStringConvertible {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A symbolic link (only `lstat` reports one).
    case symbolicLink
    /// A character device, such as `/dev/null` or a terminal.
    case characterDevice
    /// A block device, such as a disk.
    case blockDevice
    /// A FIFO (named pipe).
    case fifo
    /// A Unix-domain socket.
    case socket
    /// A type this code does not know.
    case unknown(mode_t)

    /// The type encoded in the `S_IFMT` bits of a `stat` mode.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .unknown(mode & S_IFMT)
        }
    }

    /// The type in words, with an article: "a character device".
    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .unknown(let bits): "a file of unknown type (mode 0o\(String(bits, radix: 8)))"
        }
    }
}
