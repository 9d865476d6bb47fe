import PBJob
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a sequence of frames (`--frames N -o 'f-%d.png'`) so that a failure or a kill leaves
/// the old sequence or the new one, never a part: frames are staged as they are rendered and put
/// in place together once every frame has succeeded.
///
/// Use it in three steps: ``init(count:flushesFrames:fileName:)`` checks the targets before any
/// rendering; ``write(_:frame:)``, from any thread, stages a rendered frame; then ``commit()``
/// puts every staged frame in place, or, when anything failed, ``discard()`` removes what was
/// staged. Dropping the batch without committing discards it.
///
/// Two ways, chosen up front:
/// - **A folder of frames** (`-o 'dir/f-%03d.png'`, where `dir` is new, empty, or holds only
///   frames of the pattern and pbrender's leftovers): the new sequence is written into a staging
///   folder beside it and swapped in with one atomic exchange (``SequenceFolder``). At every moment
///   the folder holds the complete old sequence or the complete new one; afterwards it holds
///   exactly the new sequence (old frames past the new end are gone). A missing `dir` is created
///   (its parent must exist).
/// - **Frames among other files** (the current folder, a folder with other files, frames that are
///   links or hard links): each frame is staged beside its target and renamed over it after a
///   commit record (``SequenceRenames``). A kill during the renames can leave new frames beside old
///   ones; the next frames run into that folder finishes the commit. Old frames past the new end are
///   removed by the commit too.
///
/// What is guaranteed, and what is not:
/// - Up front, every target is checked as ``OutputTarget`` checks one file: a directory, a
///   dangling link, a link that is not followed (`FileError/Kind/protectedSymbolicLink(owner:folder:)`,
///   also for the pattern's folder), a file the user may not write, or a missing or unwritable
///   folder fails the batch before anything is rendered, and the error names the first such
///   frame: `frame 2 ('f-2.png'): it is a directory`. Frames are written to regular files only: a
///   device, FIFO, socket or standard stream as a frame's target is refused up front.
/// - If a frame fails to render or to stage, ``discard()`` removes everything staged: no new file
///   appears and every existing file is untouched.
/// - Interrupted (Ctrl-C, `SIGTERM`, `SIGHUP`) while rendering, the process removes what it staged
///   before it ends (see ``TemporaryFiles``); during the commit, it finishes the commit first.
/// - Killed (`SIGKILL`, a crash), it leaves hidden entries (`.NAME.pbrender-RUN`,
///   `.pbrender-RUN.lock`, `.pbrender-RUN.commit`) beside the targets or the folder, which the next
///   frames run into that folder removes or finishes (``Leftovers``). Single images' temporary files
///   (`.NAME.tmp-XXXXXXXX`) are removed only with a frame folder replaced whole, and only those of
///   its frames: a single image holds no lock, so a later run cannot tell a dead one from one being
///   written.
/// - Two runs into one folder at the same time: the last to commit wins, and the folder holds one
///   whole sequence; a run whose staged frames the other swapped away fails with an error.
/// - Memory grows with the number of frames by a few names per frame.
final class OutputBatch: Sendable {
    /// How the frames are put in place.
    private enum Way: Sendable {
        /// Swapped in as a whole folder.
        case folder(SequenceFolder)
        /// Renamed one by one after a commit record.
        case renames(SequenceRenames)
    }

    /// The number of frames.
    let count: Int
    /// Whether each frame is flushed to the disk with `fsync` (see ``StagedFile``).
    let flushesFrames: Bool
    private let way: Way

    /// Checks the target of every frame, `fileName(0)` to `fileName(count - 1)`, and chooses how
    /// they are written.
    ///
    /// - Parameters:
    ///   - count: the number of frames.
    ///   - flushesFrames: whether to `fsync` each frame and folder: survives a system crash on
    ///     every file system, at a cost (see ``StagedFile``).
    ///   - fileName: the path of frame `index` (called from several threads).
    /// - Throws: `FileError` about the first frame whose target cannot be written (see the
    ///   type's discussion): `frame 2 ('f-2.png'): it is a directory`; about frame 0 when a new
    ///   folder cannot be created.
    /// - Complexity: O(count), and O(n) in the entries of the frames' folder: a folder of frames
    ///   costs a `statx` per old frame; frames among other files an `lstat` per frame (and one per
    ///   link) and a check per folder.
    init(count: Int, flushesFrames: Bool = false, fileName: @escaping @Sendable (Int) -> String)
        throws(FileError)
    {
        self.count = count
        self.flushesFrames = flushesFrames
        // Frames stay staged while the others render: a signal is acted on at once.
        TemporaryFiles.watch()
        let names = FrameNames(count: count, fileName: fileName)
        if let names {
            try Self.checkFolderLink(names.folder, for: fileName(0))
        }
        if let names, !names.folder.isEmpty,
            let folder = try SequenceFolder.prepare(
                names: names, count: count, flushes: flushesFrames, fileName: fileName)
        {
            way = .folder(folder)
        } else {
            way = .renames(try SequenceRenames(count: count, flushes: flushesFrames, names: names, fileName: fileName))
        }
    }

    /// Refuses the pattern's folder when it is a symbolic link the kernel's `protected_symlinks`
    /// would not follow (see ``OutputTarget``).
    private static func checkFolderLink(_ folder: String, for path: String) throws(FileError) {
        var link = folder
        while link.count > 1 && link.hasSuffix("/") { link.removeLast() }
        var status = stat()
        guard !link.isEmpty, lstat(link, &status) == 0, FileType(mode: status.st_mode) == .symbolicLink else {
            return
        }
        do throws(FileError) {
            try OutputTarget.checkLinkMayBeFollowed(link, owner: status.st_uid, for: path)
        } catch {
            throw error.aboutFrame(0)
        }
    }

    /// Whether the frames go into a staging folder swapped in whole (for tests).
    var swapsFolder: Bool {
        if case .folder = way { return true }
        return false
    }

    /// Stages frame `index`. Safe to call from several threads at once, for different frames.
    ///
    /// - Throws: `FileError` about the frame when its staged file cannot be created or
    ///   written; nothing is left of this frame then. Call ``discard()`` after a failure.
    /// - Complexity: O(n) in the number of bytes.
    func write(_ bytes: [UInt8], frame index: Int) throws(FileError) {
        precondition(index >= 0 && index < count, "frame \(index) is not in 0..<\(count)")
        switch way {
        case .folder(let folder): try folder.write(bytes, frame: index)
        case .renames(let renames): try renames.write(bytes, frame: index)
        }
    }

    /// Puts every staged frame in place (see the type's discussion). Frames never given to
    /// ``write(_:frame:)`` are not written. Call it once, after every frame was written.
    ///
    /// - Throws: `FileError`: about the folder when it cannot be swapped in, about a frame that
    ///   could not be put in place (among other files: the frames before it are in place, the
    ///   rest are removed).
    /// - Complexity: O(n log n) in the number of frames, plus a rename or an unlink each.
    func commit() throws(FileError) {
        switch way {
        case .folder(let folder): try folder.commit()
        case .renames(let renames): try renames.commit()
        }
    }

    /// Removes everything staged; every target is left as it was. Later writes are dropped.
    ///
    /// - Complexity: O(n) in the number of staged frames.
    func discard() {
        switch way {
        case .folder(let folder): folder.discard()
        case .renames(let renames): renames.discard()
        }
    }

    deinit {
        discard()
    }
}
