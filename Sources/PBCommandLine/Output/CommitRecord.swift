#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a frames run is about to do to put its staged frames in place, written to its folder
/// before it starts (`.pbrender-RUN.commit`, see ``StagingName``) and removed when it is done,
/// so that a run killed half-way is finished by the next run into the folder (rolled forward)
/// instead of leaving old and new frames side by side for good.
///
/// The file holds NUL-terminated fields: `pbrender-commit-1`, the steps (`rename`, from, to;
/// `remove`, path), then `end`. A record without its `end` was cut short by the kill and is not
/// acted on: the run had not started its renames. Paths without a slash are names in the
/// record's folder; others are absolute.
struct CommitRecord: Hashable, Sendable {
    /// One step of a commit.
    enum Step: Hashable, Sendable {
        /// Rename a staged frame over its target.
        case rename(from: String, to: String)
        /// Remove a stale frame (a frame of the pattern past the new sequence's end).
        case remove(String)
    }

    /// The steps, in order.
    var steps: [Step]

    /// The header the file starts with, and the field it ends with.
    static let (header, end) = ("pbrender-commit-1", "end")

    /// A record of `steps`.
    init(steps: [Step]) {
        self.steps = steps
    }

    /// Reads a record's bytes back: nil unless they are a whole record (a header, complete
    /// steps, and `end` last).
    init?(decoding bytes: [UInt8]) {
        var strings = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard strings.removeLast().isEmpty, strings.first == Self.header, strings.last == Self.end else { return nil }
        var rest = strings.dropFirst().dropLast()
        var steps: [Step] = []
        while let kind = rest.popFirst() {
            switch kind {
            case "rename":
                guard let from = rest.popFirst(), let to = rest.popFirst() else { return nil }
                steps.append(.rename(from: from, to: to))
            case "remove":
                guard let path = rest.popFirst() else { return nil }
                steps.append(.remove(path))
            default:
                return nil
            }
        }
        self.steps = steps
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        var strings = [Self.header]
        for step in steps {
            switch step {
            case .rename(let from, let to): strings += ["rename", from, to]
            case .remove(let path): strings += ["remove", path]
            }
        }
        strings.append(Self.end)
        var bytes: [UInt8] = []
        for string in strings { bytes += Array(string.utf8) + [0] }
        return bytes
    }

    /// Writes the record as `.pbrender-RUN.commit` in `folder`, flushed to the disk first when
    /// `flush` is true.
    ///
    /// - Returns: whether it was written whole; if not, `errno` says why and nothing is left.
    ///   The corresponding C functions are `openat` (`O_EXCL`), `write`, `fsync` and `close`.
    func write(in folder: Int32, run: String, flush: Bool) -> Bool {
        let name = StagingName.record(run: run).fileName
        let descriptor = FileDescriptorIO.retryingInterrupted({
            openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        })
        guard descriptor >= 0 else { return false }
        var isWritten =
            (try? FileDescriptorIO.writeAll(encoded(), to: descriptor, subject: .path(name))) != nil
            && (!flush || FileDescriptorIO.retryingInterrupted({ fsync(descriptor) }) == 0)
        var code = isWritten ? 0 : errno
        if !FileDescriptorIO.closeOnce(descriptor) && isWritten {
            (isWritten, code) = (false, errno)
        }
        guard isWritten else {
            _ = FileDescriptorIO.retryingInterrupted({ unlinkat(folder, name, 0) })
            errno = code
            return false
        }
        return true
    }

    /// Reads the record of `run` in `folder`: nil when there is none, it is not this user's, or
    /// it is not whole.
    static func read(in folder: Int32, run: String) -> CommitRecord? {
        let descriptor = FileDescriptorIO.retryingInterrupted({
            openat(folder, StagingName.record(run: run).fileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        })
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let status = FileStatus(descriptor: descriptor), status.type == .regular,
            status.owner == ProcessIdentity.current.user,
            let bytes = try? FileDescriptorIO.contents(of: descriptor, subject: .path(""), limit: 1 << 30)
        else { return nil }
        return CommitRecord(decoding: bytes)
    }

    /// Carries out every step that is still to do, in order: renames whose staged file is
    /// still there, removals of files still there. What is already done (the run got that far)
    /// is skipped, so carrying a record out twice does no harm.
    ///
    /// - Parameter folder: the record's folder, for the paths that are names in it.
    /// - Complexity: a rename or an unlink per step. The corresponding C functions are
    ///   `renameat` and `unlinkat`.
    func carryOut(in folder: Int32) {
        func place(_ path: String) -> (Int32, String) { path.contains("/") ? (AT_FDCWD, path) : (folder, path) }
        for step in steps {
            switch step {
            case .rename(let from, let to):
                let ((fromFolder, fromPath), (toFolder, toPath)) = (place(from), place(to))
                _ = FileDescriptorIO.retryingInterrupted({ renameat(fromFolder, fromPath, toFolder, toPath) })
            case .remove(let path):
                let (pathFolder, name) = place(path)
                _ = FileDescriptorIO.retryingInterrupted({ unlinkat(pathFolder, name, 0) })
            }
        }
    }
}
