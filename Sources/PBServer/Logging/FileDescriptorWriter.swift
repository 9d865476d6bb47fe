import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to a file descriptor, retrying after partial writes and interruptions.
enum FileDescriptorWriter {
    /// Whether the last line given up on was cut after some of its bytes (a full disk): the next line then
    /// starts with a line break, so the cut line ends there and the next one is whole.
    private static let lineWasCut = Atomic<Bool>(false)

    /// Writes all of `bytes` to `descriptor`; gives up quietly on an error other than `EINTR` (a log line that
    /// cannot be written must not stop the server). When a previous line was cut part-way (`No space left on
    /// device` after some bytes), a line break goes first.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        let line = lineWasCut.exchange(false, ordering: .relaxed) ? [0x0A] + bytes : bytes
        let written = writeAsMuchAsPossible(line, to: descriptor)
        if written > 0 && written < line.count { lineWasCut.store(true, ordering: .relaxed) }
        if written == 0 && line.count > bytes.count { lineWasCut.store(true, ordering: .relaxed) }
    }

    /// Writes `bytes` until they are all written or a write fails other than with `EINTR`.
    ///
    /// - Returns: the number of bytes written.
    private static func writeAsMuchAsPossible(_ bytes: [UInt8], to descriptor: Int32) -> Int {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return offset
                }
            }
            return offset
        }
    }
}
