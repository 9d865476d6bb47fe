#if canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to a file descriptor, retrying after partial writes and interruptions.
enum FileDescriptorWriter {
    /// Writes all of `bytes` to `descriptor`; gives up quietly on an error other than `EINTR` (a log line that
    /// cannot be written must not stop the server).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
