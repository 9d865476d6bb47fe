/// The names pbrender gives what a frames run keeps in a folder until it commits, so that a later
/// run can find them, tell whose they are, and never mistake a user's file for one.
///
/// A run has an id of 8 letters and digits (`RUN`), and in each folder where it keeps anything:
/// - `.pbrender-RUN.lock`, its lock file, created first and removed last (see ``RunLock``);
/// - `.NAME.pbrender-RUN`, a frame staged to replace `NAME` beside it, or a staging folder that
///   will replace the folder `NAME` (see ``SequenceFolder``);
/// - `.pbrender-RUN.commit`, its commit record while its renames are under way (see
///   ``CommitRecord``).
///
/// Single images keep their temporary file's old name, `.NAME.tmp-XXXXXXXX` (see ``StagedFile``),
/// and hold no lock: no later run can tell a dead one from one being written, so only a frame
/// folder replaced whole takes those of its own frames with it.
enum StagingName: Hashable, Sendable {
    /// `.pbrender-RUN.lock`.
    case lock(run: String)
    /// `.pbrender-RUN.commit`.
    case record(run: String)
    /// `.NAME.pbrender-RUN`, for `NAME`.
    case entry(name: String, run: String)
    /// `.NAME.tmp-XXXXXXXX`, a single image's temporary file (or one of a frames run of pbrender
    /// before runs had ids), for `NAME`, with its 8 random letters.
    case temporary(name: String, suffix: String)

    /// The letters of run ids and temporary names.
    static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    /// The number of letters in a run id or a temporary name's suffix.
    static let idLength = 8
    /// The longest name kept in a staged name; longer ones are replaced by `pbrender`, so the
    /// staged name stays under the usual limit of 255 bytes.
    static let longestNameKept = 200

    /// Eight random letters and digits: 62^8 (about 2^47.6) ids, from one call for random bytes.
    /// The corresponding C function is `getrandom` (through `SystemRandomNumberGenerator`).
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        // Each letter from 6 bits of 48, with a bias (64 to 62) that does not matter for a name that must only be new.
        var random = generator.next() as UInt64
        var bytes: [UInt8] = []
        for _ in 0..<idLength {
            bytes.append(letters[Int(random & 63) % letters.count])
            random >>= 6
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name in the folder: `.pbrender-RUN.lock`, `.NAME.pbrender-RUN`, ...
    var fileName: String {
        switch self {
        case .lock(let run): ".pbrender-\(run).lock"
        case .record(let run): ".pbrender-\(run).commit"
        case .entry(let name, let run):
            "." + (name.utf8.count > Self.longestNameKept ? "pbrender" : name) + ".pbrender-" + run
        case .temporary(let name, let suffix): "." + name + ".tmp-" + suffix
        }
    }

    /// The run whose name this is (nil for a single image's temporary file).
    var run: String? {
        switch self {
        case .lock(let run), .record(let run), .entry(_, let run): run
        case .temporary: nil
        }
    }

    /// Reads a name back: nil for any name pbrender does not give.
    ///
    /// - Complexity: O(n) in the length of the name.
    init?(parsing fileName: String) {
        let bytes = Array(fileName.utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > 1 + Self.idLength else { return nil }
        func isID(_ slice: ArraySlice<UInt8>) -> Bool {
            slice.count == Self.idLength && slice.allSatisfy { Self.letters.contains($0) }
        }
        let head = Array(".pbrender-".utf8)
        for (ending, make) in [(".lock", Self.lock), (".commit", Self.record)] {
            let tail = Array(ending.utf8)
            if bytes.count == head.count + Self.idLength + tail.count, bytes.starts(with: head),
                bytes.suffix(tail.count).elementsEqual(tail)
            {
                let id = bytes[head.count..<(head.count + Self.idLength)]
                guard isID(id) else { return nil }
                self = make(String(decoding: id, as: UTF8.self))
                return
            }
        }
        for (marker, isEntry) in [(".pbrender-", true), (".tmp-", false)] {
            let marker = Array(marker.utf8)
            let nameEnd = bytes.count - Self.idLength - marker.count
            guard nameEnd > 1, bytes[nameEnd..<(nameEnd + marker.count)].elementsEqual(marker) else { continue }
            let id = bytes[(nameEnd + marker.count)...]
            guard isID(id) else { continue }
            let name = String(decoding: bytes[1..<nameEnd], as: UTF8.self)
            let suffix = String(decoding: id, as: UTF8.self)
            self = isEntry ? .entry(name: name, run: suffix) : .temporary(name: name, suffix: suffix)
            return
        }
        return nil
    }
}
