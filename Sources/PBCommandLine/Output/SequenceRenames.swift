import PBSynchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A frame sequence written frame by frame beside other files: each frame staged beside its
/// target, then every staged frame renamed over its target after a commit record that lets the
/// next run finish a commit a kill interrupted.
///
/// Used where a frame folder cannot be swapped whole (``SequenceFolder``): frames in the current
/// folder or in a folder that holds other files, frames that are links or hard links, a file
/// system that cannot exchange. The folder of the frames (the home folder; for a pattern with the
/// number in a folder's name, frame 0's folder) is where the run keeps its lock file and record.
///
/// How, for the run `RUN`:
/// 1. Holding the home folder's lock: clean it (``Leftovers``: dead runs' commits finished or
///    undone), note the stale frames (frames of the pattern past the new end), create the lock
///    file `.pbrender-RUN.lock` (``RunLock``).
/// 2. Stage each frame as `.NAME.pbrender-RUN` beside its target (after following links; one
///    outside the home folder is listed in the lock file first), with the replaced file's
///    permission bits, owner and group.
/// 3. Commit, holding off signals: write the commit record `.pbrender-RUN.commit` (the renames,
///    then the removal of the stale frames); carry it out in frame order; remove the record, then
///    the lock file.
///
/// What a `SIGKILL` leaves, at any moment: before the record is whole, the old files untouched
/// and staged frames, which the next frames run into the home folder removes; from the moment
/// the record is whole until it is removed, **new frames beside old ones** (and stale frames not
/// yet removed): the next frames run into the home folder finishes the commit, and the folder
/// then holds exactly the new sequence. A run that cannot create its lock file (a home folder it
/// may not write, where frames are written in place) works without one: its staged frames and
/// commit are as before the record existed (a kill during the commit leaves a mix for good).
/// Frames written in place (``OutputTarget``: other hard links, an owner this user cannot give a
/// new file) are kept in memory and written during the commit; a kill then can leave one short.
final class SequenceRenames: Sendable {
    /// A frame staged beside its target.
    private struct Staged: Sendable {
        /// The staged file: a name in the home folder, or a path elsewhere.
        var file: String
        /// Whether ``file`` is a name in the home folder.
        var isHome: Bool
        /// The target: a name in the home folder, or a path elsewhere.
        var target: String
        /// The target's path as the user gave it (for messages).
        var path: String
    }

    /// A frame kept in memory to be written in place: its target and its bytes.
    private struct InPlaceFrame: Sendable {
        var target: OutputTarget
        var bytes: [UInt8]
    }

    /// Where a run is: staging frames, or done (committed, or discarded: staged files removed).
    private enum Phase: Sendable {
        case staging, committed, discarded
    }

    /// What changes while frames are written (under ``state``'s lock).
    private struct State: Sendable {
        /// The staged frames, by index.
        var staged: [Int: Staged] = [:]
        /// The frames to write in place at the commit, by index.
        var inPlace: [Int: InPlaceFrame] = [:]
        /// What a new file gets in each folder (`""` for the home folder), learned from the first.
        var defaults: [String: SequenceFolder.Ownership] = [:]
        var phase = Phase.staging
        /// The number of the sweep registered with ``TemporaryFiles``.
        var sweep: Int?
    }

    /// The number of frames.
    let count: Int
    /// Whether frames and folders are flushed to the disk (`--durable`).
    let flushes: Bool
    /// The path of frame `index` as the user gave it.
    private let fileName: @Sendable (Int) -> String
    /// The home folder as the user gave it (`"dir/"`, or `""` for the current folder), and its
    /// descriptor (-1 when it cannot be opened).
    private let homePath: String
    private let home: Int32
    /// The run's id, and its lock file in the home folder (nil when it could not be created).
    private let run: String
    private let lock: RunLock?
    /// The targets of frames whose target exists or is reached through links (others are new
    /// files at their paths).
    private let targets: [Int: OutputTarget]
    /// Stale frames in the home folder, removed by the commit.
    private let stale: [String]
    /// The current folder, for the absolute paths of frames outside the home folder.
    private let currentFolder: String
    private let state = Locked(State())

    /// Checks every frame's target, cleans the home folder and creates the run's lock file.
    ///
    /// - Parameters:
    ///   - count: the number of frames.
    ///   - flushes: whether to flush frames and folders to the disk.
    ///   - names: the frames' names, when they are one folder's (then the stale frames are removed).
    ///   - fileName: the path of frame `index`.
    /// - Throws: `FileError` about the first frame whose target cannot be written (see
    ///   ``OutputBatch``).
    /// - Complexity: O(count) checks, and O(n) in the home folder's entries.
    init(count: Int, flushes: Bool, names: FrameNames?, fileName: @escaping @Sendable (Int) -> String)
        throws(FileError)
    {
        (self.count, self.flushes, self.fileName) = (count, flushes, fileName)
        let homePath = names?.folder ?? OutputTarget.directory(of: fileName(0))
        let home = FileDescriptorIO.openRetrying(
            homePath.isEmpty ? "." : homePath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // Dead runs' business first (their commits finished), then the targets as they are now.
        var stale: [String] = []
        if home >= 0 {
            RunLock.withFolderLocked(home) { isLocked in
                let entries = isLocked ? Leftovers.clean(home) : DirectoryEntries.list(home)
                guard let names else { return }
                for entry in entries ?? [] where entry.isFolder != true {
                    if let index = names.index(ofName: entry.name), index >= count { stale.append(entry.name) }
                }
            }
        }
        var targets: [Int: OutputTarget] = [:]
        var writableFolders: [String: Bool] = [:]
        for index in 0..<count {
            let path = fileName(index)
            do throws(FileError) {
                let target = try OutputTarget(path, writableFolders: &writableFolders)
                try Self.check(target, writableFolders: &writableFolders)
                if target.existing != nil || target.resolved != path || target.method != .replace {
                    targets[index] = target
                }
            } catch {
                if home >= 0 { close(home) }
                throw error.aboutFrame(index)
            }
        }
        let run = StagingName.newID()
        (self.targets, self.homePath, self.home, self.run) = (targets, homePath, home, run)
        lock =
            home >= 0 ? RunLock.withFolderLocked(home) { _ in RunLock.create(in: home, run: run, fields: []) } : nil
        // Written over through a link from a frame's name: not stale.
        let targetNames = Set(
            targets.values.compactMap { target in
                OutputTarget.directory(of: target.resolved) == homePath ? OutputTarget.name(of: target.resolved) : nil
            })
        self.stale = stale.filter { !targetNames.contains($0) }
        currentFolder = Self.currentFolder()
        let sweep = TemporaryFiles.register { self.removeStaged() }
        state.withLock { $0.sweep = sweep }
    }

    /// Closes the home folder. The owner (``OutputBatch``) commits or discards first.
    deinit {
        if home >= 0 { close(home) }
    }

    /// The current folder's path, or `""` when it cannot be read (then paths stay relative).
    private static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Stages frame `index` beside its target (or keeps it for writing in place).
    ///
    /// - Throws: `FileError` about the frame when the staged file cannot be created, written,
    ///   given its owner or mode, flushed or closed; nothing is left of this frame then.
    /// - Complexity: O(n) in the number of bytes.
    func write(_ bytes: [UInt8], frame index: Int) throws(FileError) {
        let path = fileName(index)
        let target = targets[index] ?? OutputTarget(newFileAt: path)
        guard target.method == .replace else {
            state.withLock { state in
                guard state.phase == .staging else { return }
                state.inPlace[index] = InPlaceFrame(target: target, bytes: bytes)
            }
            return
        }
        let subject = FileError.Subject.frame(index, path: path)
        let folder = OutputTarget.directory(of: target.resolved)
        let isHome = folder == homePath && home >= 0
        let targetName = OutputTarget.name(of: target.resolved)
        let (state, home, run, lock) = (self.state, self.home, self.run, self.lock)
        let absoluteFolder = folder.hasPrefix("/") || currentFolder.isEmpty ? folder : currentFolder + "/" + folder
        let created = try TemporaryFiles.holdingSignals { () throws(FileError) -> (Int32, Staged)? in
            try state.withLock { state throws(FileError) -> (Int32, Staged)? in
                guard state.phase == .staging else { return nil }
                if let earlier = state.staged.removeValue(forKey: index) { Self.remove(earlier, home: home) }
                for attempt in 1...100 {
                    let name = StagingName.entry(name: targetName + (attempt == 1 ? "" : "~\(attempt)"), run: run)
                        .fileName
                    let staged = Staged(
                        file: isHome ? name : absoluteFolder + name, isHome: isHome,
                        target: isHome ? targetName : absoluteFolder + targetName, path: path)
                    // A file outside the home folder is listed in the lock file before it exists.
                    if !isHome, let lock, !lock.append([.staged(path: staged.file)]) {
                        throw FileError(.write, subject, .system(code: errno))
                    }
                    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
                    let descriptor = FileDescriptorIO.retryingInterrupted({
                        isHome ? openat(home, name, flags, 0o666) : open(staged.file, flags, 0o666)
                    })
                    if descriptor >= 0 {
                        state.staged[index] = staged
                        return (descriptor, staged)
                    }
                    guard errno == EEXIST else { throw FileError(.write, subject, .system(code: errno)) }
                }
                throw FileError(.write, subject, .system(code: EEXIST))
            }
        }
        guard let (descriptor, _) = created else { return }
        try StagedFrameFile.finish(descriptor, subject: subject, flushes: flushes, discard: { removeFrame(index) }) {
            () throws(FileError) -> Bool in
            try FileDescriptorIO.writeAll(bytes, to: descriptor, subject: subject)
            if let existing = target.existing {
                let defaults = try defaults(from: descriptor, folder: isHome ? "" : folder, subject: subject)
                if (existing.owner, existing.group) != (defaults.owner, defaults.group) {
                    guard
                        FileDescriptorIO.retryingInterrupted({ fchown(descriptor, existing.owner, existing.group) })
                            == 0
                    else {
                        // Not this user's to give: written in place instead, as OutputTarget says.
                        close(descriptor)
                        removeFrame(index)
                        state.withLock { state in
                            guard state.phase == .staging else { return }
                            state.inPlace[index] = InPlaceFrame(target: target, bytes: bytes)
                        }
                        return false
                    }
                }
                try StagedFrameFile.setPermissions(
                    descriptor, to: existing.permissions, from: defaults.permissions, subject: subject)
            }
            return true
        }
    }

    /// What a new file in `folder` gets, read from the first one (`descriptor`, not yet changed).
    private func defaults(from descriptor: Int32, folder: String, subject: FileError.Subject) throws(FileError)
        -> SequenceFolder.Ownership
    {
        if let defaults = state.withLock({ $0.defaults[folder] }) { return defaults }
        guard let status = FileStatus(descriptor: descriptor) else {
            throw FileError(.write, subject, .system(code: errno))
        }
        let defaults = SequenceFolder.Ownership(
            permissions: status.permissions & 0o777, owner: status.owner, group: status.group)
        state.withLock { $0.defaults[folder] = defaults }
        return defaults
    }

    /// Removes frame `index`'s staged file.
    private func removeFrame(_ index: Int) {
        let home = self.home
        state.withLock { state in
            if let staged = state.staged.removeValue(forKey: index) { Self.remove(staged, home: home) }
        }
    }

    /// Removes a staged file.
    private static func remove(_ staged: Staged, home: Int32) {
        _ = FileDescriptorIO.retryingInterrupted({
            staged.isHome ? unlinkat(home, staged.file, 0) : unlink(staged.file)
        })
    }

    /// Puts every staged frame in place, in frame order, after a commit record (see the type's
    /// discussion), and removes the stale frames.
    ///
    /// - Throws: `FileError`: about the home folder when the record cannot be written (nothing
    ///   is replaced then); about the first frame that could not be put in place (the folder
    ///   changed since staging: the frames before it are in place, the rest are removed, and the
    ///   stale frames stay).
    /// - Complexity: O(n log n) in the number of frames, plus a rename each.
    func commit() throws(FileError) {
        defer { if let sweep = state.withLock({ $0.sweep }) { TemporaryFiles.unregister(sweep) } }
        try TemporaryFiles.holdingSignals { () throws(FileError) in
            let taken = state.withLock { state -> ([Int: Staged], [Int: InPlaceFrame])? in
                guard state.phase == .staging else { return nil }
                state.phase = .committed
                defer { (state.staged, state.inPlace) = ([:], [:]) }
                return (state.staged, state.inPlace)
            }
            guard let (staged, inPlace) = taken else { return }
            try commit(staged: staged, inPlace: inPlace)
        }
    }

    private func commit(staged: [Int: Staged], inPlace: [Int: InPlaceFrame]) throws(FileError) {
        let frames = Array(Set(staged.keys).union(inPlace.keys)).sorted()
        var steps = frames.compactMap { index in
            staged[index].map { CommitRecord.Step.rename(from: $0.file, to: $0.target) }
        }
        steps += stale.map { .remove($0) }
        let recordName = StagingName.record(run: run).fileName
        var isRecorded = false
        if let lock, steps.count > 1 {
            // Durable: the record, and its name in the folder, on the disk before the first rename.
            guard CommitRecord(steps: steps).write(in: home, run: run, flush: flushes),
                !flushes || FileDescriptorIO.retryingInterrupted({ fsync(home) }) == 0
            else {
                let error = FileError(.write, .path(homePath.isEmpty ? "." : homePath), .system(code: errno))
                _ = FileDescriptorIO.retryingInterrupted({ unlinkat(home, recordName, 0) })
                for file in staged.values { Self.remove(file, home: home) }
                lock.release()
                throw error
            }
            isRecorded = true
        }
        defer {
            if isRecorded { _ = FileDescriptorIO.retryingInterrupted({ unlinkat(home, recordName, 0) }) }
            lock?.release()
        }
        // A target in each folder renamed into, to flush the folder after (`""` for the home folder).
        var folders: [String: String] = [:]
        for (position, index) in frames.enumerated() {
            do throws(FileError) {
                if let file = staged[index] {
                    guard
                        FileDescriptorIO.retryingInterrupted({
                            file.isHome
                                ? renameat(home, file.file, home, file.target)
                                : rename(file.file, file.target)
                        }) == 0
                    else { throw FileError.writing(file.path) }
                    folders[file.isHome ? "" : OutputTarget.directory(of: file.target)] = file.target
                } else if let frame = inPlace[index] {
                    try OutputFile.writeInPlace(frame.bytes, to: frame.target, flush: flushes)
                }
            } catch {
                for later in frames[(position + 1)...] {
                    if let file = staged[later] { Self.remove(file, home: home) }
                }
                if let file = staged[index] { Self.remove(file, home: home) }
                throw error.aboutFrame(index)
            }
        }
        for name in stale { _ = FileDescriptorIO.retryingInterrupted({ unlinkat(home, name, 0) }) }
        guard flushes else { return }
        // Each folder once, after its renames (see StagedFile).
        for (folder, target) in folders.sorted(by: { $0.key < $1.key }) {
            if folder.isEmpty {
                guard FileDescriptorIO.retryingInterrupted({ fsync(home) }) == 0 else {
                    throw FileError.writing(homePath.isEmpty ? "." : homePath)
                }
            } else {
                try StagedFile.flushFolder(of: target, path: folder)
            }
        }
    }

    /// Removes every staged frame and the lock file; every target is left as it was. Later
    /// writes are dropped.
    ///
    /// - Complexity: O(n) in the number of staged frames.
    func discard() {
        TemporaryFiles.holdingSignals { removeStaged() }
        if let sweep = state.withLock({ $0.sweep }) { TemporaryFiles.unregister(sweep) }
    }

    /// What ``discard()`` and a signal do (the registry's lock is held).
    private func removeStaged() {
        let home = self.home
        let isStaging = state.withLock { state in
            guard state.phase == .staging else { return false }
            state.phase = .discarded
            for staged in state.staged.values { Self.remove(staged, home: home) }
            (state.staged, state.inPlace) = ([:], [:])
            return true
        }
        if isStaging { lock?.release() }
    }

    /// Refuses a target a frame cannot be written to, beyond what ``OutputTarget`` refuses: one
    /// that is not a regular file, and a new file in a folder the user cannot create files in.
    private static func check(_ target: OutputTarget, writableFolders: inout [String: Bool]) throws(FileError) {
        switch target.method {
        case .descriptor(let descriptor):
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw .writing(target.path) }
            throw FileError(.write, .path(target.path), .notRegularFile(FileType(mode: status.st_mode)))
        case .inPlace:
            if let type = target.existing?.type, type != .regular {
                throw FileError(.write, .path(target.path), .notRegularFile(type))
            }
        case .replace:
            guard target.existing == nil else { return }
            let folder = OutputTarget.directory(of: target.resolved)
            guard OutputTarget.isWritableFolder(folder, cache: &writableFolders) else {
                // The reason, from the same call.
                _ = faccessat(AT_FDCWD, folder.isEmpty ? "." : folder, W_OK | X_OK, AT_EACCESS)
                throw .writing(target.path)
            }
        }
    }
}
