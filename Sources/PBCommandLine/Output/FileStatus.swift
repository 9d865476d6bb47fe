internal import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `statx` says about a file: its type, permission bits, owner, group and hard links, which
/// file it is, and the attributes that keep it from being replaced (immutable, append-only) or
/// make a folder the root of a mount.
struct FileStatus: Hashable, Sendable {
    /// The type of file.
    var type: FileType
    /// The permission bits with set-user-ID, set-group-ID and sticky (`mode & 0o7777`).
    var permissions: mode_t
    /// The owner.
    var owner: uid_t
    /// The group.
    var group: gid_t
    /// The number of hard links.
    var links: UInt32
    /// The inode number.
    var inode: UInt64
    /// The file system (device) the file is on.
    var device: UInt64
    /// Whether the file is immutable or append-only (`chattr +i`, `+a`): neither can be renamed
    /// over nor removed, not even by root.
    var isUnchangeable: Bool
    /// Whether the file is the root of a mount, or nil when the file system does not say.
    var isMountRoot: Bool?

    /// The status of `name` in the folder open as `folder` (`AT_FDCWD` for the current folder),
    /// of a symbolic link itself unless `followingLinks`; nil with `errno` set when it cannot be
    /// read. The corresponding C function is `statx`.
    init?(_ name: String, in folder: Int32, followingLinks: Bool = false) {
        var status = pb_file_status()
        let flags = followingLinks ? 0 : AT_SYMLINK_NOFOLLOW
        guard FileDescriptorIO.retryingInterrupted({ pb_statx(folder, name, flags, &status) }) == 0 else {
            return nil
        }
        self.init(status)
    }

    /// The status of the file open as `descriptor`; nil with `errno` set when it cannot be read.
    /// The corresponding C function is `statx` with `AT_EMPTY_PATH`.
    init?(descriptor: Int32) {
        var status = pb_file_status()
        guard FileDescriptorIO.retryingInterrupted({ pb_statx(descriptor, "", PB_AT_EMPTY_PATH, &status) }) == 0
        else { return nil }
        self.init(status)
    }

    private init(_ status: pb_file_status) {
        type = FileType(mode: mode_t(status.mode))
        permissions = mode_t(status.mode) & 0o7777
        owner = uid_t(status.owner)
        group = gid_t(status.group)
        links = status.links
        inode = status.inode
        device = status.device
        isUnchangeable = status.attributes & (PB_ATTRIBUTE_IMMUTABLE | PB_ATTRIBUTE_APPEND) != 0
        isMountRoot =
            status.attributes_mask & PB_ATTRIBUTE_MOUNT_ROOT != 0
            ? status.attributes & PB_ATTRIBUTE_MOUNT_ROOT != 0 : nil
    }

    /// Whether this and `other` are the same file.
    func isSameFile(as other: FileStatus) -> Bool {
        inode == other.inode && device == other.device
    }
}
