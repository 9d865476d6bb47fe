internal import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A frames run's lock file in a folder, `.pbrender-RUN.lock` (see ``StagingName``): created
/// before anything else the run keeps there and removed after, and locked (`flock`) for the
/// life of the run. The kernel releases the lock when the process ends however it ends,
/// `SIGKILL` included, so a later run that can take the lock knows the run is dead, without
/// guessing from process ids (which are reused) or ages.
///
/// A lock file is created while its folder is locked (``withFolderLocked(_:_:)``), as every
/// cleaner holds that lock too: no cleaner can find a lock file that exists but is not yet
/// locked. The file holds NUL-terminated fields: `pbrender-run-1`, then what a cleaner needs
/// to finish the run's business (``Field``).
struct RunLock: Sendable {
    /// What a lock file says about its run, after the `pbrender-run-1` header.
    enum Field: Hashable, Sendable {
        /// The run replaces the folder `name` (beside the lock) by a staging folder whose frames
        /// are named like `names` (see ``SequenceFolder``).
        case frames(name: String, names: FrameNames)
        /// The run stages a frame at `path` (absolute), outside the lock's folder.
        case staged(path: String)
    }

    /// The run's id.
    let run: String
    /// The folder's descriptor (the caller's: it stays open while the lock is held).
    let folder: Int32
    /// The lock file, open and locked.
    let descriptor: Int32

    /// The header every lock file starts with.
    static let header = "pbrender-run-1"

    /// Creates `.pbrender-RUN.lock` in `folder` holding `fields`, and locks it. Call it holding
    /// the folder's lock (``withFolderLocked(_:_:)``).
    ///
    /// - Returns: the lock, or nil with `errno` set when the file cannot be created, written or
    ///   locked (nothing is left then). The corresponding C functions are `openat` (`O_EXCL`)
    ///   and `flock`.
    static func create(in folder: Int32, run: String, fields: [Field]) -> RunLock? {
        let name = StagingName.lock(run: run).fileName
        let descriptor = FileDescriptorIO.retryingInterrupted({
            openat(folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        })
        guard descriptor >= 0 else { return nil }
        let lock = RunLock(run: run, folder: folder, descriptor: descriptor)
        guard FileDescriptorIO.retryingInterrupted({ pb_flock(descriptor, LOCK_EX | LOCK_NB) }) == 0,
            lock.append([.init(header)] + fields.flatMap(\.strings))
        else {
            let code = errno
            lock.release()
            errno = code
            return nil
        }
        return lock
    }

    /// Adds fields to the lock file.
    ///
    /// - Returns: whether they were written.
    func append(_ fields: [Field]) -> Bool {
        append(fields.flatMap(\.strings))
    }

    private func append(_ strings: [String]) -> Bool {
        var bytes: [UInt8] = []
        for string in strings { bytes += Array(string.utf8) + [0] }
        return (try? FileDescriptorIO.writeAll(bytes, to: descriptor, subject: .path(""))) != nil
    }

    /// Removes the lock file and releases the lock (the run is over in this folder). The
    /// corresponding C functions are `unlinkat` and `close`.
    func release() {
        _ = FileDescriptorIO.retryingInterrupted({ unlinkat(folder, StagingName.lock(run: run).fileName, 0) })
        close(descriptor)
    }

    /// Runs `body` holding the lock of the folder open as `folder` (`flock` on the folder
    /// itself), which every run holds while it creates its lock file there and every cleaner
    /// while it cleans. Where the folder cannot be locked, `body` runs with `isLocked` false.
    ///
    /// - Complexity: waits while another process holds the lock (a cleaner, for as long as it
    ///   cleans).
    static func withFolderLocked<Result>(_ folder: Int32, _ body: (_ isLocked: Bool) -> Result) -> Result {
        let isLocked = FileDescriptorIO.retryingInterrupted({ pb_flock(folder, LOCK_EX) }) == 0
        defer { if isLocked { _ = pb_flock(folder, LOCK_UN) } }
        return body(isLocked)
    }

    /// What a run's lock file says when its run is dead.
    struct Dead: Sendable {
        /// The lock (held by the caller now, so that no other cleaner acts on the same run).
        let lock: RunLock
        /// The fields the file holds.
        let fields: [Field]
    }

    /// Whether `run`, whose lock file is in `folder`, is dead, alive, or not this user's.
    enum Liveness: Sendable {
        /// Its lock file could be locked: the run is dead, and this process now holds its lock.
        case dead(Dead)
        /// Another process holds its lock.
        case alive
        /// Its lock file is missing, not a regular file, or another user's: never touched.
        case unknown
    }

    /// Tells whether `run` is dead by taking its lock without waiting. A lock file of another
    /// user (or of root, seen by a user) is `.unknown`: a run cleans only what its own user left.
    ///
    /// - Complexity: an `openat`, an `fstat`, a `flock`, and reading the file when dead.
    static func liveness(of run: String, in folder: Int32) -> Liveness {
        let descriptor = FileDescriptorIO.retryingInterrupted({
            openat(folder, StagingName.lock(run: run).fileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        })
        guard descriptor >= 0 else { return .unknown }
        guard let status = FileStatus(descriptor: descriptor), status.type == .regular,
            status.owner == ProcessIdentity.current.user
        else {
            close(descriptor)
            return .unknown
        }
        guard FileDescriptorIO.retryingInterrupted({ pb_flock(descriptor, LOCK_EX | LOCK_NB) }) == 0 else {
            close(descriptor)
            return .alive
        }
        let bytes = (try? FileDescriptorIO.contents(of: descriptor, subject: .path(""), limit: 1 << 20)) ?? []
        return .dead(Dead(lock: RunLock(run: run, folder: folder, descriptor: descriptor), fields: Self.fields(bytes)))
    }

    /// The fields of a lock file's bytes; a field cut short (no NUL after it) and any field
    /// after an unknown one are dropped.
    static func fields(_ bytes: [UInt8]) -> [Field] {
        var strings = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        strings.removeLast()  // After the last NUL: empty, or a field cut short.
        guard strings.first == header else { return [] }
        var fields: [Field] = []
        var rest = strings.dropFirst()
        while let kind = rest.popFirst() {
            switch kind {
            case "staged":
                guard let path = rest.popFirst(), path.hasPrefix("/") else { return fields }
                fields.append(.staged(path: path))
            case "frames":
                guard rest.count >= 5, let width = Int(rest[rest.startIndex + 3]) else { return fields }
                let (name, prefix, suffix, padding) = (
                    rest[rest.startIndex], rest[rest.startIndex + 1], rest[rest.startIndex + 2],
                    rest[rest.startIndex + 4]
                )
                rest = rest.dropFirst(5)
                guard padding == "0" || padding == " ", !name.contains("/") else { return fields }
                fields.append(
                    .frames(
                        name: name,
                        names: FrameNames(
                            folder: "", prefix: prefix, suffix: suffix, width: width, padding: Character(padding))))
            default:
                return fields
            }
        }
        return fields
    }
}

extension RunLock.Field {
    /// The field as the strings the file holds.
    var strings: [String] {
        switch self {
        case .staged(let path): ["staged", path]
        case .frames(let name, let names):
            ["frames", name, names.prefix, names.suffix, String(names.width), String(names.padding)]
        }
    }
}
