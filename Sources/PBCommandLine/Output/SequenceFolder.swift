internal import CLinux
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A frame sequence that owns its folder, written as a whole new folder and swapped in with one
/// atomic exchange: at every moment, `SIGKILL` included, the folder holds the complete old
/// sequence or the complete new one.
///
/// A folder owns its frames when it is not the current folder, not the root of a mount, has no
/// extended attributes (ACLs, labels: they could not be copied), is this user's (or the user is
/// root), and holds nothing but frames of the pattern that could be replaced one by one
/// (regular files with one link, this user's or any for root, writable, not immutable), stale
/// frames past the new end, single images' temporary files of those frames, and what dead runs
/// of this user left. A folder that does not exist yet (its parent does) is created whole.
/// Anything else is written frame by frame (``SequenceRenames``).
///
/// How, for the folder `dir` in `parent`, by the run `RUN`:
/// 1. Holding the parent's lock: clean it (``Leftovers``), create the lock file
///    `parent/.pbrender-RUN.lock` (``RunLock``), then the staging folder `parent/.dir.pbrender-RUN`,
///    given the folder's owner, group and permission bits (with the owner's `rwx` while frames
///    are written into it). An exchange of two entries inside it checks that the file system can
///    exchange (`renameat2` with `RENAME_EXCHANGE`: ext4, XFS, Btrfs, tmpfs can; NFS cannot).
/// 2. Write each frame into the staging folder, a new file with the replaced frame's permission
///    bits, owner and group (a call only where they differ from a new file's).
/// 3. Commit, holding off signals: check that no folder appeared under a frame's name; give the
///    staging folder the folder's permission bits; swap it with `dir` (`RENAME_EXCHANGE`), or,
///    for a new folder, rename it to `dir` (`RENAME_NOREPLACE`).
/// 4. Empty the old generation, now at the staging name: remove its frames (those past the new
///    end too: the folder holds exactly the new sequence), the temporary files of those frames and
///    dead runs' entries; move anything else back into `dir` (a file that appeared while the frames
///    were written). Remove it and the lock file.
///
/// A kill before step 3's swap leaves `dir` untouched, and one after it leaves the new sequence;
/// either way the staging folder and the lock file stay, and the next frames run into any folder
/// of `parent` finishes step 4 for it (a kill after the swap) or removes the staging folder's
/// frames (before). Readers see one folder or the other; a program whose current folder is `dir`
/// (a shell) stays in the old generation, which is then removed, as after `rm -r dir; mkdir dir`;
/// an entry a program creates in `dir` in the microseconds between the last check and the swap is
/// moved back into the new folder, and kept hidden in the staging folder if its name is taken there.
final class SequenceFolder: Sendable {
    /// The permission bits, owner and group a replaced frame had, which its replacement gets.
    struct Ownership: Hashable, Sendable {
        /// The permission bits (`mode & 0o777`).
        var permissions: mode_t
        /// The owner.
        var owner: uid_t
        /// The group.
        var group: gid_t
    }

    /// Where a run is: staging frames, or done (committed, or discarded: staged files removed).
    private enum Phase: Sendable {
        case staging, committed, discarded
    }

    /// What changes while frames are written (under ``state``'s lock).
    private struct State: Sendable {
        /// The frames written into the staging folder.
        var written: Set<Int> = []
        /// What a new file in the staging folder gets, learned from the first one.
        var defaults: Ownership?
        var phase = Phase.staging
        /// The number of the sweep registered with ``TemporaryFiles``.
        var sweep: Int?
    }

    /// The names of the frames in the folder.
    let names: FrameNames
    /// The folder as the user gave it (`"dir/"`), for messages.
    let folderPath: String
    /// The number of frames.
    let count: Int
    /// Whether frames and folders are flushed to the disk (`--durable`).
    let flushes: Bool
    /// The path of frame `index` as the user gave it (for messages).
    private let fileName: @Sendable (Int) -> String
    /// The folder's parent, its name there, and the staging folder's name there.
    private let parent: Int32
    private let name: String
    private let stagingName: String
    /// The folder as it was (-1 for a new folder), and the staging folder.
    private let old: Int32
    private let staging: Int32
    /// The run's lock file in the parent.
    private let lock: RunLock
    /// The folder's permission bits, when the staging folder has others until the commit.
    private let finalPermissions: mode_t?
    /// What each replaced frame had.
    private let replaced: [Int: Ownership]
    private let state = Locked(State())

    private init(
        names: FrameNames, count: Int, flushes: Bool, fileName: @escaping @Sendable (Int) -> String,
        parent: Int32, name: String, old: Int32, staging: Int32, lock: RunLock, finalPermissions: mode_t?,
        replaced: [Int: Ownership]
    ) {
        (self.count, self.flushes, self.fileName) = (count, flushes, fileName)
        folderPath = names.folder
        (self.parent, self.name, self.old, self.staging, self.lock) = (parent, name, old, staging, lock)
        stagingName = StagingName.entry(name: name, run: lock.run).fileName
        self.names = FrameNames(
            folder: "", prefix: names.prefix, suffix: names.suffix, width: names.width, padding: names.padding)
        (self.finalPermissions, self.replaced) = (finalPermissions, replaced)
    }

    /// Closes the descriptors. The owner (``OutputBatch``) commits or discards first: the sweep
    /// registered with ``TemporaryFiles`` keeps the folder alive until then.
    deinit {
        for descriptor in [parent, old, staging] where descriptor >= 0 { close(descriptor) }
    }

    /// Prepares to write the frames `names` (folder, pattern) into a new staging folder, when their
    /// folder owns them (see the type's discussion).
    ///
    /// - Parameters:
    ///   - names: the frames' names; their folder must not be the current one (`""`).
    ///   - count: the number of frames.
    ///   - flushes: whether to flush frames and folders to the disk.
    ///   - fileName: the path of frame `index` as the user gave it.
    /// - Returns: the prepared folder, or nil when the frames must be written one by one instead.
    /// - Throws: `FileError` about frame 0 when the folder is new and cannot be created (a
    ///   parent the user may not write: `Permission denied`; a read-only file system).
    /// - Complexity: O(n) in the folder's entries, a `statx` for each frame there.
    static func prepare(
        names: FrameNames, count: Int, flushes: Bool, fileName: @escaping @Sendable (Int) -> String
    ) throws(FileError) -> SequenceFolder? {
        var path = names.folder
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard !path.isEmpty && path != "/" else { return nil }
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
        let old = FileDescriptorIO.openRetrying(path, flags)
        guard old >= 0 else {
            guard errno == ENOENT else { return nil }
            return try prepareNew(path: path, names: names, count: count, flushes: flushes, fileName: fileName)
        }
        var isKept = false
        defer { if !isKept { close(old) } }
        guard let status = FileStatus(descriptor: old), status.isMountRoot != true,
            FileStatus(".", in: AT_FDCWD, followingLinks: true).map({ !$0.isSameFile(as: status) }) ?? false,
            ProcessIdentity.current.canGive(owner: status.owner, group: status.group),
            pb_extended_attributes_size(old) == 0
        else { return nil }
        let parent = FileDescriptorIO.retryingInterrupted({ openat(old, "..", flags) })
        guard parent >= 0 else { return nil }
        defer { if !isKept { close(parent) } }
        guard let parentStatus = FileStatus(descriptor: parent), parentStatus.device == status.device,
            let name = name(of: old, path: path), name.utf8.count <= StagingName.longestNameKept,
            FileStatus(name, in: parent).map({ $0.isSameFile(as: status) }) ?? false,
            let entries = DirectoryEntries.list(old),
            let replaced = ownership(of: entries, in: old, names: names, count: count)
        else { return nil }
        guard
            let folder = stage(
                names: names, count: count, flushes: flushes, fileName: fileName, parent: parent, name: name,
                old: (old, status), replaced: replaced)
        else { return nil }
        isKept = true
        return folder
    }

    /// Prepares a staging folder for a folder that does not exist yet.
    private static func prepareNew(
        path: String, names: FrameNames, count: Int, flushes: Bool, fileName: @escaping @Sendable (Int) -> String
    ) throws(FileError) -> SequenceFolder? {
        let name = OutputTarget.name(of: path)
        guard !name.isEmpty, name != ".", name != "..", name.utf8.count <= StagingName.longestNameKept else {
            return nil
        }
        // A dangling link, or anything else of that name: the frame-by-frame checks say what it is.
        var status = stat()
        guard lstat(path, &status) != 0 && errno == ENOENT else { return nil }
        let parentPath = OutputTarget.directory(of: path)
        let parent = FileDescriptorIO.openRetrying(
            parentPath.isEmpty ? "." : parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return nil }
        errno = 0
        guard
            let folder = stage(
                names: names, count: count, flushes: flushes, fileName: fileName, parent: parent, name: name,
                old: nil, replaced: [:])
        else {
            let code = errno
            close(parent)
            guard code != 0 else { return nil }
            throw FileError(.write, .frame(0, path: fileName(0)), .system(code: code))
        }
        return folder
    }

    /// The name of the folder open as `folder` in its parent: the last part of its path as the
    /// kernel knows it (`/proc/self/fd`), or of `path` when that cannot be read.
    private static func name(of folder: Int32, path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(folder)", &buffer, buffer.count)
        let resolved =
            count > 0 && count < buffer.count
            ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : path
        let name = OutputTarget.name(of: resolved)
        return name.isEmpty || name == "." || name == ".." ? nil : name
    }

    /// What each frame in `entries` has, when the folder holds nothing a swap could lose (see the
    /// type's discussion); nil when it holds anything else.
    static func ownership(of entries: [DirectoryEntries.Entry], in folder: Int32, names: FrameNames, count: Int)
        -> [Int: Ownership]?
    {
        let identity = ProcessIdentity.current
        // Names first, which cost no system call: one other file, and the folder is not the frames' own.
        var frames: [(name: String, index: Int)] = []
        var runs: Set<String> = []
        for entry in entries {
            if let index = names.index(ofName: entry.name) {
                frames.append((entry.name, index))
                continue
            }
            switch StagingName(parsing: entry.name) {
            case .temporary(let name, _) where names.index(ofName: name) != nil: continue
            case .lock(let run), .record(let run), .entry(_, let run): runs.insert(run)
            default: return nil
            }
        }
        for run in runs {
            guard case .dead(let dead) = RunLock.liveness(of: run, in: folder) else { return nil }
            close(dead.lock.descriptor)
        }
        var replaced: [Int: Ownership] = [:]
        replaced.reserveCapacity(min(frames.count, count))
        for (name, index) in frames {
            guard let status = FileStatus(name, in: folder), !status.isUnchangeable, status.type != .directory
            else { return nil }
            guard index < count else { continue }
            guard status.type == .regular, status.links == 1,
                identity.canGive(owner: status.owner, group: status.group),
                identity.isRoot || status.permissions & S_IWUSR != 0
            else { return nil }
            replaced[index] = Ownership(
                permissions: status.permissions & 0o777, owner: status.owner, group: status.group)
        }
        return replaced
    }

    /// Creates the lock file and the staging folder in `parent` (cleaning it first), gives the
    /// staging folder the old folder's owner, group and permission bits, and checks that the file
    /// system can exchange; nil (with `errno` set when creating failed) when any step fails,
    /// leaving nothing behind.
    private static func stage(
        names: FrameNames, count: Int, flushes: Bool, fileName: @escaping @Sendable (Int) -> String,
        parent: Int32, name: String, old: (descriptor: Int32, status: FileStatus)?, replaced: [Int: Ownership]
    ) -> SequenceFolder? {
        let run = StagingName.newID()
        let stagingName = StagingName.entry(name: name, run: run).fileName
        let fields = [
            RunLock.Field.frames(
                name: name,
                names: FrameNames(
                    folder: "", prefix: names.prefix, suffix: names.suffix, width: names.width,
                    padding: names.padding))
        ]
        let created = RunLock.withFolderLocked(parent) { isLocked -> RunLock? in
            if isLocked { Leftovers.clean(parent) }
            guard let lock = RunLock.create(in: parent, run: run, fields: fields) else {
                return nil
            }
            guard
                FileDescriptorIO.retryingInterrupted({ mkdirat(parent, stagingName, old == nil ? 0o777 : 0o700) })
                    == 0
            else {
                let code = errno
                lock.release()
                errno = code
                return nil
            }
            return lock
        }
        guard let lock = created else { return nil }
        let staging = FileDescriptorIO.retryingInterrupted({
            openat(parent, stagingName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        })
        func undo() -> SequenceFolder? {
            let code = errno
            if staging >= 0 { close(staging) }
            _ = FileDescriptorIO.retryingInterrupted({ unlinkat(parent, stagingName, AT_REMOVEDIR) })
            lock.release()
            errno = code
            return nil
        }
        guard staging >= 0 else { return undo() }
        var finalPermissions: mode_t?
        if let old {
            let wanted = old.status.permissions | S_IRWXU
            guard let status = FileStatus(descriptor: staging) else { return undo() }
            // The owner first: a change of owner can clear the set-group-ID bit, which the mode then restores.
            let isOwned = status.owner == old.status.owner && status.group == old.status.group
            guard
                isOwned
                    || FileDescriptorIO.retryingInterrupted({
                        fchown(staging, old.status.owner, old.status.group)
                    }) == 0,
                isOwned && status.permissions == wanted
                    || FileDescriptorIO.retryingInterrupted({ fchmod(staging, wanted) }) == 0,
                canExchange(in: staging, run: run)
            else {
                errno = 0
                return undo()
            }
            finalPermissions = wanted == old.status.permissions ? nil : old.status.permissions
        }
        let folder = SequenceFolder(
            names: names, count: count, flushes: flushes, fileName: fileName, parent: parent, name: name,
            old: old?.descriptor ?? -1, staging: staging, lock: lock, finalPermissions: finalPermissions,
            replaced: replaced)
        let sweep = TemporaryFiles.register { folder.removeStaged() }
        folder.state.withLock { $0.sweep = sweep }
        return folder
    }

    /// Whether the file system of the folder open as `folder` can exchange two entries: two
    /// empty folders of the run made, exchanged and removed.
    private static func canExchange(in folder: Int32, run: String) -> Bool {
        let (one, two) = (
            StagingName.entry(name: "exchange-1", run: run).fileName,
            StagingName.entry(name: "exchange-2", run: run).fileName
        )
        defer {
            for name in [one, two] {
                _ = FileDescriptorIO.retryingInterrupted({ unlinkat(folder, name, AT_REMOVEDIR) })
            }
        }
        return FileDescriptorIO.retryingInterrupted({ mkdirat(folder, one, 0o700) }) == 0
            && FileDescriptorIO.retryingInterrupted({ mkdirat(folder, two, 0o700) }) == 0
            && FileDescriptorIO.retryingInterrupted({ pb_renameat2(folder, one, folder, two, PB_RENAME_EXCHANGE) })
                == 0
    }

    /// Writes frame `index` into the staging folder: a new file with the replaced frame's
    /// permission bits, owner and group. A frame written again replaces what was written.
    ///
    /// - Throws: `FileError` about the frame when the file cannot be created (the staging
    ///   folder was removed), written (`No space left on device`), given its owner or mode,
    ///   flushed or closed; nothing is left of this frame then.
    /// - Complexity: O(n) in the number of bytes: an `openat`, the writes and a `close` (and an
    ///   `fchown`, `fchmod` or `fsync` only when needed).
    func write(_ bytes: [UInt8], frame index: Int) throws(FileError) {
        let name = names.name(index)
        let subject = FileError.Subject.frame(index, path: fileName(index))
        let (staging, state) = (self.staging, self.state)
        let descriptor = try TemporaryFiles.holdingSignals { () throws(FileError) -> Int32 in
            try state.withLock { state throws(FileError) -> Int32 in
                guard state.phase == .staging else { return -1 }
                if state.written.remove(index) != nil {
                    _ = FileDescriptorIO.retryingInterrupted({ unlinkat(staging, name, 0) })
                }
                let descriptor = FileDescriptorIO.retryingInterrupted({
                    openat(staging, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                })
                guard descriptor >= 0 else { throw FileError(.write, subject, .system(code: errno)) }
                state.written.insert(index)
                return descriptor
            }
        }
        guard descriptor >= 0 else { return }
        try StagedFrameFile.finish(descriptor, subject: subject, flushes: flushes, discard: { removeFrame(index) }) {
            () throws(FileError) -> Bool in
            try FileDescriptorIO.writeAll(bytes, to: descriptor, subject: subject)
            if let wanted = replaced[index] {
                let defaults = try defaults(from: descriptor, subject: subject)
                if (wanted.owner, wanted.group) != (defaults.owner, defaults.group) {
                    guard FileDescriptorIO.retryingInterrupted({ fchown(descriptor, wanted.owner, wanted.group) }) == 0
                    else { throw FileError(.write, subject, .system(code: errno)) }
                }
                try StagedFrameFile.setPermissions(
                    descriptor, to: wanted.permissions, from: defaults.permissions, subject: subject)
            }
            return true
        }
    }

    /// What a new file in the staging folder gets, read from the first (`descriptor`, new and
    /// not yet changed).
    private func defaults(from descriptor: Int32, subject: FileError.Subject) throws(FileError) -> Ownership {
        if let defaults = state.withLock({ $0.defaults }) { return defaults }
        guard let status = FileStatus(descriptor: descriptor) else {
            throw FileError(.write, subject, .system(code: errno))
        }
        let defaults = Ownership(permissions: status.permissions & 0o777, owner: status.owner, group: status.group)
        state.withLock { $0.defaults = defaults }
        return defaults
    }

    /// Removes frame `index` from the staging folder.
    private func removeFrame(_ index: Int) {
        let (staging, name) = (self.staging, names.name(index))
        state.withLock { state in
            guard state.written.remove(index) != nil else { return }
            _ = FileDescriptorIO.retryingInterrupted({ unlinkat(staging, name, 0) })
        }
    }

    /// Swaps the staging folder in (see the type's discussion). Call it once, after every frame
    /// was written; frames never written are not in the new folder.
    ///
    /// - Throws: `FileError`: about a frame when a folder appeared under its name meanwhile
    ///   (`it is a directory`); about the folder (`cannot write 'dir/': ...`) when it cannot be
    ///   swapped (it was removed or became a mount meanwhile), or flushed. Before the swap the old
    ///   folder is untouched and nothing is left behind.
    /// - Complexity: O(n) in the entries of the new and the old folder.
    func commit() throws(FileError) {
        let subject = FileError.Subject.path(folderPath)
        defer { if let sweep = state.withLock({ $0.sweep }) { TemporaryFiles.unregister(sweep) } }
        try TemporaryFiles.holdingSignals { () throws(FileError) in
            guard state.withLock({ $0.phase == .staging }) else { return }
            do throws(FileError) {
                try checkFrameNamesAreFree()
                if let finalPermissions {
                    guard FileDescriptorIO.retryingInterrupted({ fchmod(staging, finalPermissions) }) == 0 else {
                        throw FileError(.write, subject, .system(code: errno))
                    }
                }
                guard !flushes || FileDescriptorIO.retryingInterrupted({ fsync(staging) }) == 0 else {
                    throw FileError(.write, subject, .system(code: errno))
                }
                try swap(subject: subject)
            } catch {
                removeStaged()
                throw error
            }
            state.withLock { $0.phase = .committed }
            let flushed = !flushes || FileDescriptorIO.retryingInterrupted({ fsync(parent) }) == 0
            let code = errno
            let isEmptied =
                old < 0
                || Leftovers.empty(old, into: staging, names: names, run: lock.run)
                    && FileDescriptorIO.retryingInterrupted({ unlinkat(parent, stagingName, AT_REMOVEDIR) }) == 0
            // A staging folder that could not be emptied keeps its lock file: the next run tries again.
            if isEmptied { lock.release() } else { close(lock.descriptor) }
            guard flushed else { throw FileError(.write, subject, .system(code: code)) }
        }
    }

    /// Throws when a folder appeared in the old folder under the name of a frame being written
    /// (it could not be replaced by a file; see ``OutputBatch``).
    private func checkFrameNamesAreFree() throws(FileError) {
        guard old >= 0, let entries = DirectoryEntries.list(old) else { return }
        for entry in entries {
            guard let index = names.index(ofName: entry.name), index < count,
                entry.isFolder ?? (FileStatus(entry.name, in: old)?.type == .directory)
            else { continue }
            throw FileError(.write, .frame(index, path: fileName(index)), .directory)
        }
    }

    /// Exchanges the staging folder with the folder, or renames it into place for a new folder.
    private func swap(subject: FileError.Subject) throws(FileError) {
        if old >= 0 {
            guard
                FileDescriptorIO.retryingInterrupted({
                    pb_renameat2(parent, name, parent, stagingName, PB_RENAME_EXCHANGE)
                }) == 0
            else { throw FileError(.write, subject, .system(code: errno)) }
            return
        }
        var result = FileDescriptorIO.retryingInterrupted({
            pb_renameat2(parent, stagingName, parent, name, PB_RENAME_NOREPLACE)
        })
        if result != 0 && errno == EINVAL {
            // A file system that cannot refuse to replace: a plain rename, which replaces at most an empty folder.
            result = FileDescriptorIO.retryingInterrupted({ renameat(parent, stagingName, parent, name) })
        }
        guard result == 0 else { throw FileError(.write, subject, .system(code: errno)) }
    }

    /// Removes the staging folder with every frame written into it, and the lock file; the old
    /// folder is untouched. Later writes are dropped.
    ///
    /// - Complexity: O(n) in the frames written.
    func discard() {
        TemporaryFiles.holdingSignals { removeStaged() }
        if let sweep = state.withLock({ $0.sweep }) { TemporaryFiles.unregister(sweep) }
    }

    /// What ``discard()`` and a signal do (the registry's lock is held).
    private func removeStaged() {
        let (staging, names) = (self.staging, self.names)
        let isStaging = state.withLock { state in
            guard state.phase == .staging else { return false }
            state.phase = .discarded
            for index in state.written {
                _ = FileDescriptorIO.retryingInterrupted({ unlinkat(staging, names.name(index), 0) })
            }
            state.written = []
            return true
        }
        guard isStaging else { return }
        _ = FileDescriptorIO.retryingInterrupted({ unlinkat(parent, stagingName, AT_REMOVEDIR) })
        lock.release()
    }
}
