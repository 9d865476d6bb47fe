#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who this process is to the file system: its effective user and group and its supplementary
/// groups, read once (pbrender never changes them), so that checking the owner of each of many
/// frames costs no system call.
struct ProcessIdentity: Hashable, Sendable {
    /// The effective user id.
    let user: uid_t
    /// The effective group id.
    let group: gid_t
    /// The supplementary groups.
    let groups: [gid_t]

    /// The process's identity, read at first use. The corresponding C functions are `geteuid`,
    /// `getegid` and `getgroups`.
    static let current = ProcessIdentity()

    private init() {
        user = geteuid()
        group = getegid()
        let count = getgroups(0, nil)
        var groups = [gid_t](repeating: 0, count: Int(max(0, count)))
        let found = count > 0 ? getgroups(count, &groups) : 0
        self.groups = Array(groups.prefix(max(0, Int(found))))
    }

    /// Whether the process is root (whose file permissions are not checked).
    var isRoot: Bool { user == 0 }

    /// Whether a file this process creates can be given `owner` and `group` (with `fchown`):
    /// root can give any; another user only their own user id and one of their groups.
    func canGive(owner: uid_t, group: gid_t) -> Bool {
        if isRoot { return true }
        return owner == user && (group == self.group || groups.contains(group))
    }
}
