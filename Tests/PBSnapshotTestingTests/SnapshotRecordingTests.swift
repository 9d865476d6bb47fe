import Foundation
import PBGeometry
import PBRendering
import PBSnapshotTesting
import Testing

/// Record modes, files and messages.
@Suite struct SnapshotRecordingTests {
    let directory = NSTemporaryDirectory() + "pbrender-recording-\(UUID().uuidString)"
    /// The default ring on a 64-point canvas at `progress`.
    static func ring(progress: Double) throws -> Scene {
        try ProgressIndicator(geometry: .shape(.ring), values: [progress], width: 64, height: 64).scene()
    }

    // swift-format-ignore: NeverUseForceTry
    static let scene = try! ring(progress: 0.3)

    func reference(_ name: String, _ ext: String = "png") -> String {
        directory + "/testName.\(name).\(ext)"
    }

    func verify(_ scene: Scene = scene, name: String, record: SnapshotRecordMode) -> String? {
        verifySnapshot(
            of: scene, as: .image, named: name, record: record, snapshotDirectory: directory, testName: "testName()")
    }

    @Test func aMissingReferenceIsRecordedAndFails() throws {
        let message = try #require(verify(name: "missing", record: .missing))
        #expect(message.hasPrefix("No reference was found; recorded the snapshot at \(reference("missing"))."))
        #expect(FileManager.default.fileExists(atPath: reference("missing")))
        // The recorded file is the rendered PNG.
        let recorded = try RGBAImage(png: Array(Data(contentsOf: URL(fileURLWithPath: reference("missing")))))
        #expect(recorded == (try Self.scene.renderImage()))
        // The next run passes.
        #expect(verify(name: "missing", record: .missing) == nil)
    }

    @Test func neverModeFailsWithoutWriting() throws {
        let message = try #require(verify(name: "never", record: .never))
        #expect(message.hasPrefix("No reference at \(reference("never")), and recording is off"))
        #expect(!FileManager.default.fileExists(atPath: reference("never")))
    }

    @Test func allModeRewritesAndFails() throws {
        #expect(verify(name: "all", record: .missing) != nil)
        let other = try Self.ring(progress: 0.9)
        let message = try #require(verify(other, name: "all", record: .all))
        #expect(message.hasPrefix("Recorded the snapshot (record mode 'all')"))
        #expect(verify(other, name: "all", record: .never) == nil)
    }

    @Test func failedModeReRecordsOnlyWhatFails() throws {
        #expect(verify(name: "failed", record: .missing) != nil)
        #expect(verify(name: "failed", record: .failed) == nil)
        let other = try Self.ring(progress: 0.8)
        let message = try #require(verify(other, name: "failed", record: .failed))
        #expect(message.contains("Re-recorded the reference (record mode 'failed')"))
        #expect(verify(other, name: "failed", record: .never) == nil)
    }

    @Test func aMismatchWritesTheActualImageAndADifferencePicture() throws {
        #expect(verify(name: "mismatch", record: .missing) != nil)
        let other = try Self.ring(progress: 0.6)
        let message = try #require(verify(other, name: "mismatch", record: .never))
        #expect(message.hasPrefix("Snapshot does not match the reference \(reference("mismatch")): "))
        #expect(message.contains("re-record it with PBRENDER_SNAPSHOT_RECORD=failed"))
        let lines = message.split(separator: "\n")
        let actual = try #require(lines.first { $0.hasPrefix("  actual: ") }?.dropFirst("  actual: ".count))
        let difference = try #require(lines.first { $0.hasPrefix("  difference: ") }?.dropFirst("  difference: ".count))
        #expect(actual.hasSuffix("testName.mismatch.png") && difference.hasSuffix("testName.mismatch.diff.png"))
        #expect(
            try RGBAImage(png: Array(Data(contentsOf: URL(fileURLWithPath: String(actual))))) == other.renderImage())
        let picture = try RGBAImage(png: Array(Data(contentsOf: URL(fileURLWithPath: String(difference)))))
        #expect(picture.width == 64 && picture[32, 2] != (255, 255, 255, 255))
        // The reference is untouched.
        #expect(verify(name: "mismatch", record: .never) == nil)
    }

    @Test func aCorruptReferenceGivesAClearError() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: reference("corrupt")))
        let message = try #require(verify(name: "corrupt", record: .missing))
        #expect(
            message
                == "The reference at \(reference("corrupt")) cannot be read: not a PNG: the signature is missing. "
                + "Delete it and run the test again to record a new one.")
    }

    @Test func unnamedSnapshotsAreNumberedWithinTheirTest() throws {
        let first = try #require(
            verifySnapshot(of: "a", as: .lines, record: .missing, snapshotDirectory: directory, testName: "numbered()"))
        let second = try #require(
            verifySnapshot(of: "b", as: .lines, record: .missing, snapshotDirectory: directory, testName: "numbered()"))
        #expect(first.contains("/numbered.1.txt") && second.contains("/numbered.2.txt"))
    }

    @Test func assertSnapshotReportsAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            assertSnapshot(
                of: Self.scene, as: .image, named: "assert", record: .never, snapshotDirectory: directory)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("No reference at") }
        }
    }
}
