import PBJob
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a sequence of frames (`--frames N -o 'f-%d.png'`) so that a failure leaves no part of
/// a sequence: frames are staged as they are rendered and put in place only once every frame
/// has succeeded.
///
/// Use it in three steps: ``init(count:fileName:)`` checks every frame's target before any
/// rendering; ``write(_:frame:)``, from any thread, stages a rendered frame in a temporary file
/// beside its target (see ``StagedFile``); then ``commit()`` renames every staged frame over its
/// target, in frame order, or, when anything failed, ``discard()`` removes every temporary
/// file. Dropping the batch without committing discards it.
///
/// What is guaranteed, and what is not:
/// - Up front, every target is checked as ``OutputTarget`` checks one file: a directory, a
///   dangling link, a file the user may not write, or a missing or unwritable folder fails the
///   batch before anything is rendered, and the error names the first such frame:
///   `frame 2 ('f-2.png'): it is a directory`. Frames are written to regular files only: a
///   device, FIFO, socket or standard stream as a frame's target is refused up front (each
///   would need its bytes at commit time, and a sequence of them makes no sense).
/// - If a frame fails to render or to stage, ``discard()`` removes every temporary file: no
///   new file appears and every existing file is untouched.
/// - ``commit()`` is not atomic as a set: it renames N files one after another. Another process
///   may see some frames new and some old meanwhile, and a crash during the commit leaves a
///   mix. A rename fails only if the folder changed since staging (the checks and the staging
///   passed); then the frames before it are already replaced, the rest keep their old files,
///   their temporary files are removed, and the error names the frame.
/// - Frames that must be written in place (other hard links, an owner this user cannot give a
///   new file; see ``OutputTarget``) are kept in memory and written at commit time, in place:
///   a failure there leaves that frame short.
/// - Interrupted while rendering (Ctrl-C, `SIGTERM`, `SIGHUP`), the process removes its staged
///   temporary files before it ends (see ``TemporaryFiles``); a crash or `SIGKILL` leaves them
///   (`.f-2.png.tmp-XXXXXXXX`) beside the targets. Either way the targets are untouched.
/// - Memory grows with the number of frames by a temporary file's name per staged frame.
final class OutputBatch: Sendable {
    /// The number of frames.
    let count: Int
    /// Whether each frame is flushed to the disk with `fsync` (see ``StagedFile``).
    let flushesFrames: Bool
    /// The file name of each frame, from 0 to `count - 1`.
    private let fileName: @Sendable (Int) -> String
    private let state = Locked(State())

    private struct State: Sendable {
        /// Staged frames, to be renamed over their targets.
        var staged: [Int: StagedFile] = [:]
        /// Frames written in place at commit time, with their bytes.
        var inPlace: [Int: InPlaceFrame] = [:]
        /// Whether the batch was committed or discarded: nothing more is kept.
        var isClosed = false
    }

    /// A frame kept in memory to be written in place.
    private struct InPlaceFrame: Sendable {
        var target: OutputTarget
        var bytes: [UInt8]
    }

    /// Checks the target of every frame, `fileName(0)` to `fileName(count - 1)`.
    ///
    /// - Parameters:
    ///   - count: the number of frames.
    ///   - flushesFrames: whether to `fsync` each frame before it is renamed: survives a system
    ///     crash on every file system, at a cost (see ``StagedFile``).
    ///   - fileName: the path of frame `index` (called from several threads).
    /// - Throws: `FileError` about the first frame whose target cannot be written (see the
    ///   type's discussion): `frame 2 ('f-2.png'): it is a directory`.
    /// - Complexity: O(count): an `lstat` per frame (and one per link), and a folder check for
    ///   each folder new frames go to.
    init(count: Int, flushesFrames: Bool = false, fileName: @escaping @Sendable (Int) -> String)
        throws(FileError)
    {
        self.count = count
        self.flushesFrames = flushesFrames
        self.fileName = fileName
        // Frames stay staged while the others render: a signal is acted on at once.
        TemporaryFiles.watch()
        var checkedFolders: Set<String> = []
        for index in 0..<count {
            do throws(FileError) {
                try Self.check(OutputTarget(fileName(index)), checkedFolders: &checkedFolders)
            } catch {
                throw error.aboutFrame(index)
            }
        }
    }

    /// Stages frame `index`: writes `bytes` to a temporary file beside its target. Safe to call
    /// from several threads at once, for different frames.
    ///
    /// - Throws: `FileError` about the frame when its target can no longer be written (it
    ///   changed since the batch was checked) or the temporary file cannot be created or
    ///   written; nothing is left of this frame then. Call ``discard()`` after a failure.
    /// - Complexity: O(n) in the number of bytes.
    func write(_ bytes: [UInt8], frame index: Int) throws(FileError) {
        precondition(index >= 0 && index < count, "frame \(index) is not in 0..<\(count)")
        do throws(FileError) {
            var folders: Set<String> = []
            let target = try OutputTarget(fileName(index))
            try Self.check(target, checkedFolders: &folders)
            if target.method == .replace, let staged = try StagedFile.stage(bytes, for: target, flush: flushesFrames) {
                let kept = state.withLock { state in
                    guard !state.isClosed else { return false }
                    state.staged.updateValue(staged, forKey: index)?.discard()
                    return true
                }
                if !kept { staged.discard() }
            } else {
                state.withLock { state in
                    guard !state.isClosed else { return }
                    state.inPlace[index] = InPlaceFrame(target: target, bytes: bytes)
                }
            }
        } catch {
            throw error.aboutFrame(index)
        }
    }

    /// Puts every staged frame in place, in frame order: renames its temporary file over its
    /// target (or writes it in place). Frames never given to ``write(_:frame:)`` are not
    /// written. Call it once, after every frame was written.
    ///
    /// - Throws: `FileError` about the first frame that could not be put in place; the frames
    ///   before it are in place, the temporary files of the rest are removed.
    /// - Complexity: O(n log n) in the number of frames, plus a rename each.
    func commit() throws(FileError) {
        let (staged, inPlace) = state.withLock { state in
            state.isClosed = true
            defer { (state.staged, state.inPlace) = ([:], [:]) }
            return (state.staged, state.inPlace)
        }
        let frames = Array(Set(staged.keys).union(inPlace.keys)).sorted()
        for (position, index) in frames.enumerated() {
            do throws(FileError) {
                if let file = staged[index] {
                    try file.commit()
                } else if let frame = inPlace[index] {
                    try OutputFile.writeInPlace(frame.bytes, to: frame.target, flush: flushesFrames)
                }
            } catch {
                for later in frames[(position + 1)...] { staged[later]?.discard() }
                throw error.aboutFrame(index)
            }
        }
        guard flushesFrames else { return }
        // Each folder once, after its renames (see StagedFile).
        var flushed: Set<String> = []
        for file in staged.values.sorted(by: { $0.target < $1.target })
        where flushed.insert(OutputTarget.directory(of: file.target)).inserted {
            try StagedFile.flushFolder(of: file.target, path: file.path)
        }
    }

    /// Removes every staged frame's temporary file; every target is left as it was. Later
    /// writes are discarded as soon as they are staged.
    ///
    /// - Complexity: O(n) in the number of staged frames.
    func discard() {
        let staged = state.withLock { state in
            state.isClosed = true
            defer { (state.staged, state.inPlace) = ([:], [:]) }
            return state.staged
        }
        for file in staged.values { file.discard() }
    }

    deinit {
        discard()
    }

    /// Refuses a target a frame cannot be written to, beyond what ``OutputTarget`` refuses: one
    /// that is not a regular file, and a new file in a folder the user cannot create files in.
    private static func check(_ target: OutputTarget, checkedFolders: inout Set<String>) throws(FileError) {
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
            guard checkedFolders.insert(folder).inserted else { return }
            guard faccessat(AT_FDCWD, folder.isEmpty ? "." : folder, W_OK | X_OK, AT_EACCESS) == 0 else {
                throw .writing(target.path)
            }
        }
    }
}
