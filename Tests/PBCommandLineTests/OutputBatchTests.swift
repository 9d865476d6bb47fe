import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// Frame sequences, in process: staged from many threads, put in place all together or not at all.
@Suite struct OutputBatchTests {
    func frame(_ index: Int) -> [UInt8] { Array("frame \(index)\n".utf8) }

    func batch(_ folder: ScratchFolder, count: Int, flush: Bool = false) throws -> OutputBatch {
        let base = folder.path
        return try OutputBatch(count: count, flushesFrames: flush) { "\(base)/f-\($0).png" }
    }

    @Test(arguments: [false, true])
    func stagesFromManyThreadsAndCommitsAll(flush: Bool) throws {
        let folder = try ScratchFolder()
        try folder.create("f-7.png", "stale")
        let count = 200
        let batch = try batch(folder, count: count, flush: flush)
        let failures = Atomic(0)
        // Every frame, in a shuffled order, from as many threads as Dispatch gives.
        let order = Array(0..<count).shuffled()
        DispatchQueue.concurrentPerform(iterations: count) { position in
            do throws(FileError) {
                try batch.write(frame(order[position]), frame: order[position])
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let staged = try folder.files()
        #expect(staged.filter { $0.hasPrefix(".f-") && $0.contains(".png.tmp-") }.count == count)
        #expect(staged.filter { !$0.hasPrefix(".") } == ["f-7.png"], "nothing is in place before the commit")
        #expect(folder.bytes("f-7.png") == Array("stale".utf8))
        try batch.commit()
        #expect(try folder.files() == (0..<count).map { "f-\($0).png" }.sorted())
        for index in 0..<count { #expect(folder.bytes("f-\(index).png") == frame(index)) }
    }

    @Test func discardsEveryTemporaryFileAndTouchesNothing() throws {
        let folder = try ScratchFolder()
        try folder.create("f-1.png", "old")
        do {
            let batch = try batch(folder, count: 4)
            for index in 0..<3 { try batch.write(frame(index), frame: index) }
            batch.discard()
            try batch.write(frame(3), frame: 3)  // After a discard: removed at once.
            #expect(try folder.files() == ["f-1.png"])
            try batch.commit()  // Nothing left to commit.
        }
        do {
            // Dropped without a commit: the same.
            let batch = try batch(folder, count: 4)
            for index in 0..<4 { try batch.write(frame(index), frame: index) }
        }
        #expect(try folder.files() == ["f-1.png"])
        #expect(folder.bytes("f-1.png") == Array("old".utf8))
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
        #expect(throws: FileError(.write, .frame(0, path: folder("none/f-0.png")), .system(code: ENOENT))) {
            try OutputBatch(count: 2) { "\(base)/none/f-\($0).png" }
        }
        #expect(try folder.files() == ["f-3.png", "fifo-0"])
    }

    @Test func namesTheFrameWhoseRenameFailsAndRemovesTheRest() throws {
        let folder = try ScratchFolder()
        let batch = try batch(folder, count: 5)
        for index in 0..<5 { try batch.write(frame(index), frame: index) }
        try folder.createFolder("f-2.png/inside")  // In the way only after staging.
        #expect(throws: FileError(.write, .frame(2, path: folder("f-2.png")), .system(code: EISDIR))) {
            try batch.commit()
        }
        // Not atomic as a set: frames before the failure are in place, the rest never appear.
        #expect(try folder.files() == ["f-0.png", "f-1.png", "f-2.png"])
        #expect(folder.bytes("f-0.png") == frame(0) && folder.bytes("f-1.png") == frame(1))
    }

    @Test func writesHardLinkedFramesInPlaceAtTheCommit() throws {
        let folder = try ScratchFolder()
        try folder.create("f-0.png", "old")
        #expect(link(folder("f-0.png"), folder("keep.png")) == 0)
        let batch = try batch(folder, count: 2)
        try batch.write(frame(0), frame: 0)
        try batch.write(frame(1), frame: 1)
        try batch.write(frame(1) + frame(1), frame: 1)  // Written again: the first is dropped.
        #expect(folder.bytes("keep.png") == Array("old".utf8), "kept in memory until the commit")
        try batch.commit()
        #expect(folder.bytes("keep.png") == frame(0) && folder.bytes("f-0.png") == frame(0))
        #expect(folder.bytes("f-1.png") == frame(1) + frame(1))
        #expect(try folder.files() == ["f-0.png", "f-1.png", "keep.png"])
    }
}
