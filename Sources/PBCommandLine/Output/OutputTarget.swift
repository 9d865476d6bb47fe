import PBJob

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an output path names, found by following its symbolic links, and so how it is
/// written: through an open standard stream, in place, or replaced by a renamed temporary file.
///
/// The rules, chosen to do what `cp` does to the file a user named while keeping a regular
/// file whole when anything fails:
/// - `/dev/stdout`, `/dev/stderr`, `/dev/stdin`, `/dev/fd/N` and `/proc/self/fd/N`, named or
///   reached through links, are ``Method/descriptor(_:)``: written to the descriptor the
///   process already has, so a shell's `>>` appends and nothing is opened or renamed.
/// - Character and block devices, FIFOs and sockets are ``Method/inPlace``: opened for writing
///   and written (a FIFO waits for its reader, as `cat > fifo` does; a socket cannot be opened,
///   and the system says so).
/// - A new file, and a regular file, are ``Method/replace``: written to a temporary file beside
///   it, renamed over it once complete (see ``StagedFile``). The replacement keeps the old
///   file's permission bits (`rwx` for user, group, others; not set-user-ID, set-group-ID or
///   sticky), owner and group, as `cp` onto an existing file keeps them; a new file gets
///   what any new file gets, `0666` less the umask (and a folder's default ACL). Extended
///   attributes and ACLs of a replaced file are not copied.
/// - A regular file that replacing would change in ways `cp` does not is ``Method/inPlace``
///   instead (truncated and rewritten, like `cp` and vim's `backupcopy=auto`): one with other
///   hard links (so every name sees the new image), one whose owner or group a new file of
///   this user cannot be given, and one in a folder the user may not create files in. Such a
///   write is not atomic: if writing fails half-way (a full disk), the file is left short.
/// - A symbolic link is followed, link after link, and what it finally names is written by the
///   rules above, so the link stays a link. A dangling link (its final target missing) is
///   refused, as GNU `cp` refuses to write through one: creating a file wherever a stale link
///   points is rarely what was meant. Remove the link or create its target.
/// - A symbolic link is followed only where the kernel would follow it with
///   `fs.protected_symlinks = 1` (Debian's default), whatever the setting is: a link in a sticky,
///   world-writable folder (`/tmp`) is followed only when its owner is this user (the effective
///   user id) or the folder's owner; any other such link is refused
///   (`FileError/Kind/protectedSymbolicLink(owner:folder:)`), and nothing is written. Resolving
///   links ourselves and renaming over the final target would otherwise bypass that guard: root
///   writing `-o /tmp/x.png` could be made to replace any file by a link another user planted as
///   `/tmp/x.png`. The folders on the way (`/tmp/dir/` in `/tmp/dir/x.png`) are resolved by the
///   kernel, under its own setting.
/// - A directory, named directly, through a link, or with a trailing `/`, is refused.
/// - A regular file the user could not open for writing is refused with the system's reason
///   (`Permission denied`), as `cp` reports it, even when renaming over it would work (a
///   writable folder); root may write any file, as with `cp`.
struct OutputTarget: Hashable, Sendable {
    /// How a target is written.
    enum Method: Hashable, Sendable {
        /// Written to this descriptor, which the process already has open (a standard stream).
        case descriptor(Int32)
        /// Opened for writing, truncated and written in place (no temporary file, no rename).
        case inPlace
        /// Written to a temporary file beside ``OutputTarget/resolved`` and renamed over it.
        case replace
    }

    /// What `lstat` said about an existing target.
    struct Existing: Hashable, Sendable {
        /// The type of file.
        var type: FileType
        /// The permission bits (`mode & 0o777`), which a replacement keeps.
        var permissions: mode_t
        /// The owner, which a replacement keeps.
        var owner: uid_t
        /// The group, which a replacement keeps.
        var group: gid_t
        /// The number of hard links.
        var links: UInt64
    }

    /// The most symbolic links followed before giving up with `ELOOP`, as Linux does.
    static let maximumLinks = 40

    /// The path as the user gave it (for messages).
    let path: String
    /// The path after following every symbolic link: the file that is written.
    let resolved: String
    /// The file there now, or nil for a new file.
    let existing: Existing?
    /// How it is written.
    let method: Method

    /// A new regular file at `path`, replaced (created) by a renamed temporary file: what
    /// ``init(_:)`` finds where nothing is.
    init(newFileAt path: String) {
        (self.path, resolved, existing, method) = (path, path, nil, .replace)
    }

    /// Looks at what `path` names.
    ///
    /// - Throws: `FileError` (operation `.write`, about `path`): `.directory`;
    ///   `.danglingSymbolicLink`; `.protectedSymbolicLink`; `.system` with `ENOENT` or `ENOTDIR`
    ///   for a missing or non-folder parent, `EACCES` (or `EROFS`, `ETXTBSY`, `EPERM` for an
    ///   immutable file) for a regular file the user may not open for writing, `ELOOP` after
    ///   ``maximumLinks`` links.
    /// - Complexity: one `lstat` per link followed (and a `stat` of its folder), and up to two
    ///   `faccessat` calls.
    init(_ path: String) throws(FileError) {
        var writableFolders: [String: Bool] = [:]
        try self.init(path, writableFolders: &writableFolders)
    }

    /// Looks at what `path` names, as ``init(_:)`` does, reusing what `writableFolders` says of
    /// folders already checked (whether the user may create files in them), and adding to it:
    /// for the many frames of one folder.
    ///
    /// - Throws: the errors of ``init(_:)``.
    init(_ path: String, writableFolders: inout [String: Bool]) throws(FileError) {
        self.path = path
        var current = path
        var lastLink: String?
        for _ in 0...Self.maximumLinks {
            if let descriptor = Self.descriptorNumber(named: current) {
                (resolved, existing, method) = (current, nil, .descriptor(descriptor))
                return
            }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                if let lastLink, code == ENOENT {
                    throw FileError(.write, .path(path), .danglingSymbolicLink(destination: lastLink))
                }
                guard code == ENOENT else { throw .writing(path, code: code) }
                // A new file; "new/" names a folder, and open(2) would say so ("" names nothing).
                guard !current.isEmpty else { throw .writing(path, code: ENOENT) }
                guard !current.hasSuffix("/") else { throw .writing(path, code: EISDIR) }
                (resolved, existing, method) = (current, nil, .replace)
                return
            }
            let type = FileType(mode: status.st_mode)
            if type == .symbolicLink {
                try Self.checkLinkMayBeFollowed(current, owner: status.st_uid, for: path)
                let destination = try Self.destination(ofLink: current, for: path)
                lastLink = destination
                current = destination.hasPrefix("/") ? destination : Self.directory(of: current) + destination
                continue
            }
            let existing = Existing(
                type: type, permissions: status.st_mode & 0o777, owner: status.st_uid, group: status.st_gid,
                links: UInt64(status.st_nlink))
            (resolved, self.existing) = (current, existing)
            switch type {
            case .directory:
                throw FileError(.write, .path(path), .directory)
            case .regular:
                guard faccessat(AT_FDCWD, current, W_OK, AT_EACCESS) == 0 else { throw .writing(path) }
                let directory = Self.directory(of: current)
                let replaceable =
                    existing.links == 1 && Self.newFilesCanBeGiven(owner: existing.owner, group: existing.group)
                    && Self.isWritableFolder(directory, cache: &writableFolders)
                method = replaceable ? .replace : .inPlace
            default:
                method = .inPlace
            }
            return
        }
        throw .writing(path, code: ELOOP)
    }

    /// The descriptor a path names without opening anything: `/dev/stdin`, `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`; nil for any other path.
    static func descriptorNumber(named path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return STDIN_FILENO
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                let digits = path.dropFirst(prefix.count)
                guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int32(digits) else { return nil }
                return number
            }
            return nil
        }
    }

    /// The folder part of `path` with its trailing slash (`"a/b/"` for `"a/b/c.png"`), or `""`
    /// for a bare name.
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// The part of `path` after its last slash (`""` when it ends with one).
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Whether a file this process creates can be given `owner` and `group` (with `fchown`):
    /// root can give any; another user only their own user id and one of their groups.
    static func newFilesCanBeGiven(owner: uid_t, group: gid_t) -> Bool {
        ProcessIdentity.current.canGive(owner: owner, group: group)
    }

    /// Whether this user may create files in `folder` (`""` for the current folder), from
    /// `cache` when it was checked before. The corresponding C function is `faccessat`.
    static func isWritableFolder(_ folder: String, cache: inout [String: Bool]) -> Bool {
        if let known = cache[folder] { return known }
        let writable = faccessat(AT_FDCWD, folder.isEmpty ? "." : folder, W_OK | X_OK, AT_EACCESS) == 0
        cache[folder] = writable
        return writable
    }

    /// Refuses the symbolic link at `link` (owned by `owner`) where the kernel would not follow
    /// it with `fs.protected_symlinks = 1`: in a sticky, world-writable folder, a link that is
    /// neither this user's nor the folder owner's.
    ///
    /// - Throws: `FileError` about `path`: `.protectedSymbolicLink`.
    static func checkLinkMayBeFollowed(_ link: String, owner: uid_t, for path: String) throws(FileError) {
        guard owner != ProcessIdentity.current.user else { return }
        let folder = directory(of: link)
        var status = stat()
        guard stat(folder.isEmpty ? "." : folder, &status) == 0 else { return }
        let guarded = S_ISVTX | S_IWOTH
        guard status.st_mode & guarded == guarded, owner != status.st_uid else { return }
        throw FileError(
            .write, .path(path), .protectedSymbolicLink(owner: owner, folder: folder.isEmpty ? "." : folder))
    }

    /// The text of the symbolic link at `link`.
    private static func destination(ofLink link: String, for path: String) throws(FileError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count)
        guard count >= 0 else { throw .writing(path) }
        guard count < buffer.count else { throw .writing(path, code: ENAMETOOLONG) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
