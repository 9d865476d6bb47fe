#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder, read through a descriptor of it.
enum DirectoryEntries {
    /// One name in a folder, with what the folder says of its type.
    struct Entry: Hashable, Sendable {
        /// The name (never `.` or `..`).
        var name: String
        /// Whether it is a folder: true or false when the file system says, nil when it does not
        /// (then `statx` tells).
        var isFolder: Bool?
        /// Its inode number (`d_ino`).
        var inode: UInt64 = 0
    }

    /// Every entry of the folder open as `folder` (a descriptor opened for reading), in the order
    /// the file system gives; nil with `errno` set when the folder cannot be read. The descriptor
    /// is left open, and may be listed again.
    ///
    /// - Complexity: O(n) in the number of entries. The corresponding C functions are
    ///   `fdopendir` and `readdir` (on a duplicate of the descriptor).
    static func list(_ folder: Int32) -> [Entry]? {
        let copy = FileDescriptorIO.retryingInterrupted({ fcntl(folder, F_DUPFD_CLOEXEC, 0) })
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            let code = errno
            close(copy)
            errno = code
            return nil
        }
        defer { closedir(stream) }
        // The duplicate shares its offset with `folder`: start from the first entry.
        rewinddir(stream)
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else { break }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            entries.append(
                Entry(
                    name: name, isFolder: type == DT_UNKNOWN ? nil : type == DT_DIR, inode: UInt64(entry.pointee.d_ino))
            )
        }
        guard errno == 0 else { return nil }
        return entries
    }
}
