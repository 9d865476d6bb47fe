import Foundation
import PBTestSupport
import Testing

@testable import PBCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// `SIGKILL` at random moments of a 200-frame overwrite, each time checked byte for byte: the
/// folder holds the complete old sequence or the complete new one (a folder of frames), or, for
/// frames among other files, either of those or a mix with a commit record beside it, which the
/// next frames run into the folder completes; and after that next run, no staging entry is left.
///
/// Half the kills come after a delay spread over the length of a whole run; the other half once
/// every frame is staged (in the staging folder, or beside its target), after a random delay of
/// up to 3 ms, to land in the commit, the window that matters.
struct FrameKills {
    /// Whether the frames are a folder of their own or share it with another file.
    enum Layout: String, CustomStringConvertible {
        case folderOfFrames, amongOtherFiles
        var description: String { rawValue }
    }

    /// What a killed run left.
    enum Outcome: String, CaseIterable {
        /// The old sequence, whole.
        case old
        /// The new sequence, whole.
        case new
        /// Old and new frames (or either whole) with a whole commit record, completed by the next run.
        case completedByTheNextRun
    }

    let layout: Layout
    let count = 200
    let folder: ScratchFolder
    let oldFrames: [String: [UInt8]]
    let newFrames: [String: [UInt8]]
    let arguments: [String]

    static let scene = ["--frames", "200", "--size", "32"]

    init(_ layout: Layout) throws {
        self.layout = layout
        folder = try ScratchFolder()
        // The old and the new sequence differ in every frame: different colours.
        try Self.render(
            Self.scene + ["--progress-color", "#FF0000", "--track-color", "#DDDDDD"], to: folder("old-ref"))
        try Self.render(
            Self.scene + ["--progress-color", "#00AA00", "--track-color", "#333333"], to: folder("new-ref"))
        oldFrames = try Self.frames(in: folder("old-ref"))
        newFrames = try Self.frames(in: folder("new-ref"))
        arguments = Self.scene + ["--progress-color", "#00AA00", "--track-color", "#333333", "-o", "seq/f-%03d.png"]
        try #require(oldFrames.count == 200 && newFrames.count == 200)
        try #require(oldFrames.keys.allSatisfy { oldFrames[$0] != newFrames[$0] }, "the two sequences differ")
    }

    static func render(_ arguments: [String], to folder: String) throws {
        let outcome = try ChildProcess.run(EndToEndTests.binary, arguments + ["-o", folder + "/f-%03d.png"])
        try #require(outcome.status == 0, "\(outcome.errorText)")
    }

    /// The frames in `folder` (names not starting with a dot, other than `notes.txt`), with their bytes.
    static func frames(in folder: String) throws -> [String: [UInt8]] {
        var frames: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder)
        where !name.hasPrefix(".") && name != "notes.txt" {
            frames[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        return frames
    }

    /// pbrender's staging entries in `folder` (see ``StagingName``).
    static func stagingEntries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            StagingName(parsing: $0)?.run != nil
        }
    }

    /// Puts the old sequence in `seq` (and the other file, among other files).
    func reset() throws {
        try? FileManager.default.removeItem(atPath: folder("seq"))
        try FileManager.default.copyItem(atPath: folder("old-ref"), toPath: folder("seq"))
        if layout == .amongOtherFiles { try folder.create("seq/notes.txt", "mine") }
    }

    /// How long a whole overwrite takes here, in seconds.
    func wholeRunTime() throws -> Double {
        try reset()
        let start = Date()
        let outcome = try ChildProcess.run(EndToEndTests.binary, arguments, in: URL(fileURLWithPath: folder.path))
        try #require(outcome.status == 0, "\(outcome.errorText)")
        return Date().timeIntervalSince(start)
    }

    /// Whether the commit is about to begin or under way: every frame staged (in the staging
    /// folder, or beside its target), or a commit record in the folder.
    func commitHasBegun() -> Bool {
        switch layout {
        case .folderOfFrames:
            let staging = Self.stagingEntries(in: folder.path).filter { $0.hasPrefix(".seq.pbrender-") }
            return staging.contains {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder($0))) ?? []).count >= count
            }
        case .amongOtherFiles:
            let entries = Self.stagingEntries(in: folder("seq"))
            return entries.contains { $0.hasSuffix(".commit") }
                || entries.filter { $0.hasPrefix(".f-") }.count >= count - 5
        }
    }

    /// Runs `kills` killed overwrites and checks each; returns how many ended in each outcome.
    func run(kills: Int, seed: UInt64) throws -> [Outcome: Int] {
        var generator = SeededGenerator(seed: seed)
        let whole = try wholeRunTime()
        var outcomes: [Outcome: Int] = [:]
        for trial in 0..<kills {
            try reset()
            let process = Process()
            process.executableURL = EndToEndTests.binary
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            (process.standardOutput, process.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
            let start = Date()
            try process.run()
            if trial % 2 == 0 {
                // Spread over the run: 2 % to 110 % of a whole run's time.
                let fraction =
                    0.02 + 1.08 * (Double(trial / 2) + Double.random(in: 0..<1, using: &generator))
                    / Double((kills + 1) / 2)
                usleep(UInt32(whole * fraction * 1e6))
            } else {
                while process.isRunning && !commitHasBegun() && Date().timeIntervalSince(start) < 30 { usleep(50) }
                usleep(UInt32.random(in: 0..<3000, using: &generator))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let context = "\(layout), kill \(trial)"
            let outcome = try check(after: context)
            outcomes[outcome, default: 0] += 1
            try repair(context: context, expecting: outcome)
        }
        return outcomes
    }

    /// What the folder holds after a kill; records an issue unless it is one of the outcomes.
    func check(after context: String) throws -> Outcome {
        let frames = try Self.frames(in: folder("seq"))
        // A record the kill cut short (no `end`) is no record: the renames begin once it is whole.
        let record =
            Self.stagingEntries(in: folder("seq")).first { $0.hasSuffix(".commit") }.flatMap {
                folder.bytes("seq/" + $0).flatMap(CommitRecord.init(decoding:))
            } != nil
        if !record && frames == oldFrames { return .old }
        if !record && frames == newFrames { return .new }
        // With a commit record (among other files), any mix of old and new frames, all there.
        let everyFrameIsOldOrNew =
            frames.keys.sorted() == oldFrames.keys.sorted()
            && frames.allSatisfy { $0.value == oldFrames[$0.key] || $0.value == newFrames[$0.key] }
        #expect(
            layout == .amongOtherFiles && record && everyFrameIsOldOrNew,
            "\(context): neither sequence whole, nor old and new frames with a commit record (\(frames.count) frames)")
        return .completedByTheNextRun
    }

    /// Runs the next frames run (another pattern, beside the folder of frames or in the folder
    /// among other files) and checks that it finished the killed run's business.
    func repair(context: String, expecting outcome: Outcome) throws {
        let pattern = layout == .folderOfFrames ? "other/g-%d.png" : "seq/g-%d.png"
        let next = try ChildProcess.run(
            EndToEndTests.binary, ["--frames", "1", "--size", "8", "-o", pattern], in: URL(fileURLWithPath: folder.path)
        )
        #expect(next.status == 0, "\(context): the next run failed: \(next.errorText)")
        try? FileManager.default.removeItem(atPath: folder("other"))
        try? FileManager.default.removeItem(atPath: folder("seq/g-0.png"))
        let frames = try Self.frames(in: folder("seq"))
        let isExpected = outcome == .old ? frames == oldFrames : frames == newFrames
        #expect(isExpected, "\(context): not the \(outcome == .old ? "old" : "new") sequence after the next run")
        #expect(Self.stagingEntries(in: folder.path) == [], "\(context): staging entries left beside the folder")
        #expect(Self.stagingEntries(in: folder("seq")) == [], "\(context): staging entries left in the folder")
        if layout == .amongOtherFiles { #expect(folder.bytes("seq/notes.txt") == Array("mine".utf8)) }
    }
}

/// Six `SIGKILL`s of a 200-frame overwrite in each layout (see ``FrameKills``), three of them in
/// the commit: a few seconds. The fifty-kill acceptance run is ``FrameKillOracleTests``.
@Suite struct FrameKillTests {
    @Test(
        .disabled(if: Sanitizer.active != nil, "a sanitizer's runtime handles signals itself"),
        arguments: [FrameKills.Layout.folderOfFrames, .amongOtherFiles])
    func everyKillLeavesOneWholeSequenceOrOneTheNextRunCompletes(layout: FrameKills.Layout) throws {
        let outcomes = try FrameKills(layout).run(kills: 6, seed: 31)
        #expect(outcomes.values.reduce(0, +) == 6)
        print("\(layout): \(FrameKills.Outcome.allCases.map { "\($0.rawValue) \(outcomes[$0] ?? 0)" })")
    }
}

/// The acceptance run of issue 31: fifty `SIGKILL`s in each layout (`PBRENDER_FRAME_KILLS`
/// changes the number, `PBRENDER_FRAME_KILL_SEED` the seed).
@Suite struct FrameKillOracleTests {
    @Test(arguments: [FrameKills.Layout.folderOfFrames, .amongOtherFiles])
    func fiftyKills(layout: FrameKills.Layout) throws {
        let environment = ProcessInfo.processInfo.environment
        let kills = environment["PBRENDER_FRAME_KILLS"].flatMap(Int.init) ?? 50
        let seed = environment["PBRENDER_FRAME_KILL_SEED"].flatMap(UInt64.init) ?? 50
        let outcomes = try FrameKills(layout).run(kills: kills, seed: seed)
        #expect(outcomes.values.reduce(0, +) == kills)
        print(
            "\(layout), \(kills) kills, seed \(seed): \(FrameKills.Outcome.allCases.map { "\($0.rawValue) \(outcomes[$0] ?? 0)" })"
        )
    }
}
