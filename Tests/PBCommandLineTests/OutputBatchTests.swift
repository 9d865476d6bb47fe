import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// Frame sequences, in process: staged from many threads, put in place all together or not at
/// all, a folder of frames swapped whole, frames among other files renamed after a commit record.
@Suite struct OutputBatchTests {
    func frame(_ index: Int) -> [UInt8] { Array("frame \(index)\n".utf8) }

    /// A batch of `count` frames `f-N.png` in `subfolder` of `folder` (or in `folder` itself).
    func batch(_ folder: ScratchFolder, _ subfolder: String? = nil, count: Int, flush: Bool = false) throws
        -> OutputBatch
    {
        let base = subfolder.map(folder.callAsFunction) ?? folder.path
        return try OutputBatch(count: count, flushesFrames: flush) { "\(base)/f-\($0).png" }
    }

    /// The names pbrender stages under (``StagingName``) among `names`.
    func staging(_ names: [String]) -> [String] {
        names.filter { StagingName(parsing: $0).map { $0.run != nil } ?? false }
    }

    @Test(arguments: [false, true])
    func swapsAFolderOfFramesWholeAndRemovesStaleFrames(flush: Bool) throws {
        let folder = try ScratchFolder()
        try folder.createFolder("seq")
        for index in [0, 1, 2, 250] { try folder.create("seq/f-\(index).png", "old \(index)") }
        #expect(chmod(folder("seq/f-1.png"), 0o600) == 0 && chmod(folder("seq"), 0o750) == 0)
        let before = try folder.status("seq")
        let count = 200
        let batch = try batch(folder, "seq", count: count, flush: flush)
        #expect(batch.swapsFolder)
        // Every frame, in a shuffled order, from as many threads as Dispatch gives.
        let order = Array(0..<count).shuffled()
        let failures = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: count) { position in
            do throws(FileError) {
                try batch.write(frame(order[position]), frame: order[position])
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        // Nothing in the folder changes before the commit; the staging folder and the lock file are beside it.
        #expect(try folder.files("seq") == ["f-0.png", "f-1.png", "f-2.png", "f-250.png"])
        #expect(folder.bytes("seq/f-1.png") == Array("old 1".utf8))
        let beside = try folder.files()
        #expect(beside.count == 3 && staging(beside).count == 2, "\(beside)")
        let stagingFolder = try #require(beside.first { $0.hasPrefix(".seq.pbrender-") })
        #expect(try folder.files(stagingFolder).count == count)
        try batch.commit()
        #expect(try folder.files() == ["seq"], "no staging folder, no lock file")
        #expect(try folder.files("seq") == (0..<count).map { "f-\($0).png" }.sorted(), "the stale frame 250 is gone")
        for index in 0..<count { #expect(folder.bytes("seq/f-\(index).png") == frame(index)) }
        let after = try folder.status("seq")
        #expect(after.st_ino != before.st_ino, "a new folder, swapped in")
        #expect(after.st_mode & 0o7777 == 0o750 && after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        let mask = umask(0)
        umask(mask)
        #expect(try folder.status("seq/f-1.png").st_mode & 0o7777 == 0o600, "a replaced frame keeps its mode")
        #expect(try folder.status("seq/f-3.png").st_mode & 0o7777 == 0o666 & ~mask, "a new frame gets a new file's")
    }

    @Test func createsANewFolderWhole() throws {
        let folder = try ScratchFolder()
        let batch = try batch(folder, "new", count: 3)
        #expect(batch.swapsFolder)
        for index in 0..<3 { try batch.write(frame(index), frame: index) }
        #expect(try !folder.files().contains("new"), "the folder appears only whole")
        try batch.commit()
        #expect(try folder.files() == ["new"] && folder.files("new") == ["f-0.png", "f-1.png", "f-2.png"])
        let mask = umask(0)
        umask(mask)
        #expect(try folder.status("new").st_mode & 0o7777 == 0o777 & ~mask, "what any new folder gets")
    }

    @Test(arguments: [false, true])
    func writesFramesAmongOtherFilesOneByOneAfterACommitRecord(flush: Bool) throws {
        let folder = try ScratchFolder()
        try folder.create("notes.txt", "mine")
        try folder.create("f-1.png", "old 1")
        try folder.create("f-9.png", "stale")
        try folder.create("f-x.png", "not a frame")
        #expect(chmod(folder("f-1.png"), 0o640) == 0)
        let before = try folder.status("f-1.png")
        let batch = try batch(folder, count: 3, flush: flush)
        #expect(!batch.swapsFolder)
        for index in 0..<3 { try batch.write(frame(index), frame: index) }
        let staged = staging(try folder.files())
        #expect(staged.count == 4, "three frames and the lock file: \(staged)")
        #expect(staged.filter { $0.hasPrefix(".f-") && $0.contains(".png.pbrender-") }.count == 3)
        #expect(folder.bytes("f-1.png") == Array("old 1".utf8))
        try batch.commit()
        #expect(try folder.files() == ["f-0.png", "f-1.png", "f-2.png", "f-x.png", "notes.txt"])
        for index in 0..<3 { #expect(folder.bytes("f-\(index).png") == frame(index)) }
        #expect(folder.bytes("notes.txt") == Array("mine".utf8))
        let after = try folder.status("f-1.png")
        #expect(after.st_ino != before.st_ino && after.st_mode & 0o7777 == 0o640)
    }

    @Test(arguments: [false, true])
    func discardsEverythingStagedAndTouchesNothing(amongOtherFiles: Bool) throws {
        let folder = try ScratchFolder()
        try folder.createFolder("seq")
        try folder.create("seq/f-1.png", "old")
        if amongOtherFiles { try folder.create("seq/notes.txt", "mine") }
        let expected = amongOtherFiles ? ["f-1.png", "notes.txt"] : ["f-1.png"]
        do {
            let batch = try batch(folder, "seq", count: 4)
            #expect(batch.swapsFolder == !amongOtherFiles)
            for index in 0..<3 { try batch.write(frame(index), frame: index) }
            batch.discard()
            try batch.write(frame(3), frame: 3)  // After a discard: dropped.
            #expect(try folder.files() == ["seq"] && folder.files("seq") == expected)
            try batch.commit()  // Nothing left to commit.
        }
        do {
            // Dropped without a commit: the same.
            let batch = try batch(folder, "seq", count: 4)
            for index in 0..<4 { try batch.write(frame(index), frame: index) }
        }
        #expect(try folder.files() == ["seq"] && folder.files("seq") == expected)
        #expect(folder.bytes("seq/f-1.png") == Array("old".utf8))
    }

    @Test func checksEveryTargetBeforeAnyFrame() throws {
        let folder = try ScratchFolder()
        try folder.createFolder("f-3.png")
        #expect(throws: FileError(.write, .frame(3, path: folder("f-3.png")), .directory)) {
            try batch(folder, count: 5)
        }
        #expect(mkfifo(folder("fifo-0"), 0o600) == 0)
        let base = folder.path
        #expect(throws: FileError(.write, .frame(0, path: folder("fifo-0")), .notRegularFile(.fifo))) {
            try OutputBatch(count: 1) { "\(base)/fifo-\($0)" }
        }
        #expect(throws: FileError(.write, .frame(0, path: "/dev/null"), .notRegularFile(.characterDevice))) {
            try OutputBatch(count: 1) { _ in "/dev/null" }
        }
        // A missing folder is created (see createsANewFolderWhole), not a missing parent.
        #expect(throws: FileError(.write, .frame(0, path: folder("none/deeper/f-0.png")), .system(code: ENOENT))) {
            try OutputBatch(count: 2) { "\(base)/none/deeper/f-\($0).png" }
        }
        // A folder of frames with a folder in a frame's place is written frame by frame, which refuses it.
        try folder.createFolder("seq/f-1.png")
        #expect(throws: FileError(.write, .frame(1, path: folder("seq/f-1.png")), .directory)) {
            try batch(folder, "seq", count: 2)
        }
        #expect(try folder.files() == ["f-3.png", "fifo-0", "seq"] && folder.files("seq") == ["f-1.png"])
    }

    @Test func aFolderAppearingUnderAFrameNameFailsTheSwapAndReplacesNothing() throws {
        let folder = try ScratchFolder()
        try folder.createFolder("seq")
        try folder.create("seq/f-0.png", "old")
        let batch = try batch(folder, "seq", count: 5)
        for index in 0..<5 { try batch.write(frame(index), frame: index) }
        try folder.createFolder("seq/f-2.png/inside")  // In the way only after staging.
        #expect(throws: FileError(.write, .frame(2, path: folder("seq/f-2.png")), .directory)) {
            try batch.commit()
        }
        #expect(try folder.files() == ["seq"] && folder.files("seq") == ["f-0.png", "f-2.png"])
        #expect(folder.bytes("seq/f-0.png") == Array("old".utf8))
    }

    @Test func amongOtherFilesNamesTheFrameWhoseRenameFailsAndRemovesTheRest() throws {
        let folder = try ScratchFolder()
        try folder.create("notes.txt", "mine")
        let batch = try batch(folder, count: 5)
        for index in 0..<5 { try batch.write(frame(index), frame: index) }
        try folder.createFolder("f-2.png/inside")  // In the way only after staging.
        #expect(throws: FileError(.write, .frame(2, path: folder("f-2.png")), .system(code: EISDIR))) {
            try batch.commit()
        }
        // Frames before the failure are in place, the rest never appear; no record, lock or staged file is left.
        #expect(try folder.files() == ["f-0.png", "f-1.png", "f-2.png", "notes.txt"])
        #expect(folder.bytes("f-0.png") == frame(0) && folder.bytes("f-1.png") == frame(1))
    }

    @Test func writesHardLinkedFramesInPlaceAtTheCommit() throws {
        let folder = try ScratchFolder()
        try folder.create("f-0.png", "old")
        #expect(link(folder("f-0.png"), folder("keep.png")) == 0)
        let batch = try batch(folder, count: 2)
        #expect(!batch.swapsFolder)
        try batch.write(frame(0), frame: 0)
        try batch.write(frame(1), frame: 1)
        try batch.write(frame(1) + frame(1), frame: 1)  // Written again: the first is dropped.
        #expect(folder.bytes("keep.png") == Array("old".utf8), "kept in memory until the commit")
        try batch.commit()
        #expect(folder.bytes("keep.png") == frame(0) && folder.bytes("f-0.png") == frame(0))
        #expect(folder.bytes("f-1.png") == frame(1) + frame(1))
        #expect(try folder.files() == ["f-0.png", "f-1.png", "keep.png"])
    }

    @Test func aFrameWrittenAgainInAFolderOfFramesKeepsTheLastBytes() throws {
        let folder = try ScratchFolder()
        let batch = try batch(folder, "seq", count: 2)
        try batch.write(frame(0), frame: 0)
        try batch.write(frame(0) + frame(0), frame: 0)
        try batch.write(frame(1), frame: 1)
        try batch.commit()
        #expect(folder.bytes("seq/f-0.png") == frame(0) + frame(0) && folder.bytes("seq/f-1.png") == frame(1))
    }

    @Test func takesSingleImagesTemporaryFilesOnlyWithAFolderReplacedWhole() throws {
        let folder = try ScratchFolder()
        for name in ["own", "shared"] {
            try folder.createFolder(name)
            try folder.create("\(name)/f-0.png", "old")
            try folder.create("\(name)/.f-0.png.tmp-abcdEFGH", "left by a killed single image")
            try folder.create("\(name)/.other.png.tmp-abcdEFGH", "not a frame's")
        }
        try folder.create("shared/notes.txt", "mine")
        // The other temporary file makes `own` a folder with other files too: only frames' are the folder's own.
        #expect(unlink(folder("own/.other.png.tmp-abcdEFGH")) == 0)
        for name in ["own", "shared"] {
            let batch = try batch(folder, name, count: 1)
            #expect(batch.swapsFolder == (name == "own"))
            try batch.write(frame(0), frame: 0)
            try batch.commit()
        }
        #expect(try folder.files("own") == ["f-0.png"])
        #expect(
            try folder.files("shared") == [".f-0.png.tmp-abcdEFGH", ".other.png.tmp-abcdEFGH", "f-0.png", "notes.txt"])
    }
}

/// What killed runs leave, made by hand as a `SIGKILL` leaves it, and what the next run does with it.
@Suite struct LeftoversTests {
    let run = "deadRUN1"

    func frame(_ index: Int) -> [UInt8] { Array("frame \(index)\n".utf8) }

    /// A lock file of `run` in `folder` (unlocked: the run is dead) with `fields`.
    func deadLock(_ folder: String, run: String, fields: [RunLock.Field] = []) throws {
        var bytes: [UInt8] = []
        for string in [RunLock.header] + fields.flatMap(\.strings) { bytes += Array(string.utf8) + [0] }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + StagingName.lock(run: run).fileName))
    }

    /// Runs a one-frame batch of another pattern into `folder`, which cleans it first.
    func nextRun(into folder: String) throws {
        let batch = try OutputBatch(count: 1) { "\(folder)/next-\($0).png" }
        batch.discard()
    }

    @Test(arguments: [false, true])
    func finishesADeadRunsCommitOrUndoesItsStaging(withRecord: Bool) throws {
        let folder = try ScratchFolder()
        try folder.create("notes.txt", "mine")
        // Frames 0 and 1 were renamed before the kill; 2 and 3 are still staged; 9 is stale.
        for index in 0..<2 { try folder.create("f-\(index).png", "new \(index)") }
        for index in 2..<4 {
            try folder.create("f-\(index).png", "old \(index)")
            try folder.create(".f-\(index).png.pbrender-\(run)", "new \(index)")
        }
        try folder.create("f-9.png", "stale")
        try deadLock(folder.path, run: run)
        if withRecord {
            let steps: [CommitRecord.Step] =
                (0..<4).map { .rename(from: ".f-\($0).png.pbrender-\(run)", to: "f-\($0).png") } + [.remove("f-9.png")]
            try Data(CommitRecord(steps: steps).encoded()).write(
                to: URL(fileURLWithPath: folder(StagingName.record(run: run).fileName)))
        }
        try nextRun(into: folder.path)
        if withRecord {
            #expect(try folder.files() == ["f-0.png", "f-1.png", "f-2.png", "f-3.png", "notes.txt"])
            for index in 0..<4 { #expect(folder.bytes("f-\(index).png") == Array("new \(index)".utf8)) }
        } else {
            #expect(try folder.files() == ["f-0.png", "f-1.png", "f-2.png", "f-3.png", "f-9.png", "notes.txt"])
            for index in 2..<4 { #expect(folder.bytes("f-\(index).png") == Array("old \(index)".utf8)) }
        }
    }

    @Test func aRecordCutShortIsNotCarriedOut() throws {
        let folder = try ScratchFolder()
        try folder.create("f-0.png", "old")
        try folder.create(".f-0.png.pbrender-\(run)", "new")
        try deadLock(folder.path, run: run)
        let whole = CommitRecord(steps: [.rename(from: ".f-0.png.pbrender-\(run)", to: "f-0.png")]).encoded()
        try Data(whole.dropLast(4)).write(to: URL(fileURLWithPath: folder(StagingName.record(run: run).fileName)))
        try nextRun(into: folder.path)
        #expect(try folder.files() == ["f-0.png"] && folder.bytes("f-0.png") == Array("old".utf8))
    }

    @Test func leavesLiveRunsOtherUsersAndUnlockedNamesAlone() throws {
        let folder = try ScratchFolder()
        let (live, other, unlocked) = ("liveRUN1", "otherRUN", "noLOCK12")
        for name in [live, other, unlocked] { try folder.create(".f-0.png.pbrender-\(name)", "staged") }
        try deadLock(folder.path, run: live)
        try deadLock(folder.path, run: other)
        let descriptor = open(folder(StagingName.lock(run: live).fileName), O_RDONLY)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        let isRoot = geteuid() == 0
        if isRoot {
            #expect(lchown(folder(StagingName.lock(run: other).fileName), 65534, 65534) == 0)
        }
        try nextRun(into: folder.path)
        var expected = [live, unlocked].map { ".f-0.png.pbrender-\($0)" } + [".pbrender-\(live).lock"]
        if isRoot { expected += [".f-0.png.pbrender-\(other)", ".pbrender-\(other).lock"] }
        #expect(try folder.files() == expected.sorted())
    }

    @Test(arguments: [false, true])
    func finishesADeadFolderSwap(afterTheExchange: Bool) throws {
        let folder = try ScratchFolder()
        try folder.createFolder("seq")
        let stagingName = StagingName.entry(name: "seq", run: run).fileName
        try folder.createFolder(stagingName)
        let (current, hidden) = afterTheExchange ? ("seq", stagingName) : (stagingName, "seq")
        // `hidden` holds what is not the result: the old generation (after) or the old folder (before).
        for index in 0..<3 { try folder.create("\(current)/f-\(index).png", "new \(index)") }
        for index in [0, 1, 2, 7] { try folder.create("\(hidden)/f-\(index).png", "old \(index)") }
        if afterTheExchange {
            try folder.create("\(hidden)/notes.txt", "appeared while the frames were written")
            try folder.create("\(hidden)/.f-1.png.tmp-abcdEFGH", "a single image's, killed")
        }
        let names = FrameNames(folder: "", prefix: "f-", suffix: ".png", width: 1, padding: "0")
        try deadLock(folder.path, run: run, fields: [.frames(name: "seq", names: names)])
        // The next run into any folder beside it finishes the swap.
        try folder.createFolder("other")
        let other = folder("other")
        let batch = try OutputBatch(count: 1) { "\(other)/g-\($0).png" }
        batch.discard()
        #expect(try folder.files() == ["other", "seq"])
        if afterTheExchange {
            #expect(try folder.files("seq") == ["f-0.png", "f-1.png", "f-2.png", "notes.txt"])
            #expect(folder.bytes("seq/f-1.png") == Array("new 1".utf8))
        } else {
            #expect(try folder.files("seq") == ["f-0.png", "f-1.png", "f-2.png", "f-7.png"])
            #expect(folder.bytes("seq/f-1.png") == Array("old 1".utf8))
        }
    }

    @Test func namesAreReadBackExactly() {
        let cases: [(String, StagingName?)] = [
            (".pbrender-abcDEF12.lock", .lock(run: "abcDEF12")),
            (".pbrender-abcDEF12.commit", .record(run: "abcDEF12")),
            (".f-001.png.pbrender-abcDEF12", .entry(name: "f-001.png", run: "abcDEF12")),
            (".seq.pbrender-abcDEF12", .entry(name: "seq", run: "abcDEF12")),
            (".f-001.png.tmp-abcDEF12", .temporary(name: "f-001.png", suffix: "abcDEF12")),
            (".pbrender-abcDEF1.lock", nil), (".pbrender-abcDEF1!.lock", nil), ("f-001.png.pbrender-abcDEF12", nil),
            (".pbrender-abcDEF12", nil), ("..pbrender-abcDEF12", nil), (".f.pbrender-abcDEF123", nil),
        ]
        for (name, expected) in cases {
            #expect(StagingName(parsing: name) == expected, "\(name)")
            if let expected { #expect(expected.fileName == name) }
        }
        let id = StagingName.newID()
        #expect(StagingName(parsing: ".pbrender-\(id).lock") == .lock(run: id))
    }

    @Test func recordsAndLockFilesAreReadBackWholeOnly() {
        let record = CommitRecord(steps: [.rename(from: ".a.pbrender-x", to: "a\nb\t"), .remove("/abs/c.png")])
        let bytes = record.encoded()
        #expect(CommitRecord(decoding: bytes) == record)
        for cut in 1..<bytes.count { #expect(CommitRecord(decoding: Array(bytes.prefix(cut))) == nil, "\(cut)") }
        let names = FrameNames(folder: "", prefix: "f-", suffix: ".png", width: 3, padding: " ")
        let fields: [RunLock.Field] = [.frames(name: "seq", names: names), .staged(path: "/x/.f.pbrender-abcdefgh")]
        var lock: [UInt8] = []
        for string in [RunLock.header] + fields.flatMap(\.strings) { lock += Array(string.utf8) + [0] }
        #expect(RunLock.fields(lock) == fields)
        #expect(RunLock.fields(Array(lock.dropLast())) == [fields[0]], "a field cut short is dropped")
    }
}

/// The names of a frame sequence read back from its pattern, and matched exactly.
@Suite struct FrameNamesTests {
    func names(_ pattern: String, count: Int = 10) throws -> FrameNames? {
        let parsed = try FramePattern(pattern)
        return FrameNames(count: count) { parsed.fileName($0) }
    }

    @Test func readsThePatternBack() throws {
        let cases: [(String, FrameNames)] = [
            ("f-%03d.png", FrameNames(folder: "", prefix: "f-", suffix: ".png", width: 3, padding: "0")),
            ("out/%d", FrameNames(folder: "out/", prefix: "", suffix: "", width: 1, padding: "0")),
            ("/a/b/x%4d.y%%", FrameNames(folder: "/a/b/", prefix: "x", suffix: ".y%", width: 4, padding: " ")),
            ("d%%/é-%02d.png", FrameNames(folder: "d%/", prefix: "é-", suffix: ".png", width: 2, padding: "0")),
        ]
        for (pattern, expected) in cases { #expect(try names(pattern) == expected, "\(pattern)") }
        #expect(try names("run-%d/f.png") == nil, "a number in a folder's name")
        #expect(FrameNames(count: 3) { _ in "same.png" } == nil)
    }

    @Test func matchesFramesExactly() throws {
        let zero = try #require(try names("f-%03d.png"))
        let cases: [(String, Int?)] = [
            ("f-000.png", 0), ("f-007.png", 7), ("f-1234.png", 1234), ("f-7.png", nil), ("f-0007.png", nil),
            ("f-00a.png", nil), ("f-.png", nil), ("g-007.png", nil), ("f-007.png.tmp", nil), ("f--01.png", nil),
        ]
        for (name, index) in cases { #expect(zero.index(ofName: name) == index, "\(name)") }
        // Against the names themselves, for every padding: a middle is a frame exactly when some
        // frame is named so.
        for pattern in ["f%d", "f%03d", "f%3d", "f%01d", "f%1d"] {
            let parsed = try #require(try names(pattern))
            var named: [String: Int] = [:]
            for index in 0..<12_000 { named[parsed.name(index)] = index }
            var middles: [String] = []
            for digits in ["0", "7", "00", "07", "70", "000", "007", "070", "700", "0007", "1000", "01000", "10000"] {
                for spaces in 0..<4 { middles.append(String(repeating: " ", count: spaces) + digits) }
            }
            for middle in middles + ["", " ", "-1", "+1", "1 ", "0x1", "١"] {
                let name = "f" + middle
                #expect(parsed.index(ofName: name) == named[name], "\(pattern): '\(name)'")
            }
        }
        let spaces = try #require(try names("f%3d"))
        #expect(spaces.index(ofName: "f  7") == 7 && spaces.index(ofName: "f007") == nil)
        #expect(spaces.index(ofName: "f1234") == 1234 && spaces.index(ofName: "f 12") == 12)
    }
}
