import Foundation
import PBTestSupport
import Testing

/// Runs the real `pbrender` binary, as a user's shell would.
@Suite struct EndToEndTests {
    /// The built tool, next to the test bundle.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("pbrender")
    /// A copy of ``binary`` that another user (`nobody`, through `setpriv`) can run: the checkout
    /// may sit in a folder only its owner can enter (`mktemp -d` makes it 0700). Made once, in a
    /// folder of the temporary directory with mode 0755.
    static let binaryForAnyUser: URL = {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "pbrender-any-user-\(getpid())")
        let copy = folder.appendingPathComponent("pbrender")
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.copyItem(at: binary, to: copy)
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "pbrender-any-user-\(getpid())") }
        return copy
    }()
    /// The repository root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Outcome {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ arguments: [String], in directory: URL = root) throws -> Outcome {
        let outcome = try ChildProcess.run(binary, arguments, in: directory)
        Sanitizer.expectNoReport(in: outcome.errorText, of: ["pbrender"] + arguments)
        return Outcome(status: outcome.status, output: outcome.outputText, error: outcome.errorText)
    }

    @Test func measuresTheREADMEExample() throws {
        let outcome = try Self.run(["measure", "--path", "Examples/curve.json", "--at", "0.5"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("length: 371.98532"))
        #expect(outcome.error.isEmpty)
    }

    @Test func trimsTheREADMEExample() throws {
        let outcome = try Self.run(["trim", "--path", "Examples/curve.json", "--from", "0", "--to", "0.5"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("M 20,200 C "))
    }

    @Test func exitsWithTwoAndOneLineOnBadInput() throws {
        let outcome = try Self.run(["measure", "--path", "does-not-exist.json"])
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error == "pbrender: error: cannot read 'does-not-exist.json': No such file or directory\n")
    }

    @Test func rendersTheDefaultRingToProgressPNG() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "pbrender-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let outcome = try Self.run(["--progress", "0.5"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.error == "pbrender: wrote progress.png\n")
        let written = try Data(contentsOf: directory.appendingPathComponent("progress.png"))
        // The same picture as the reference of the default ring at 0.5.
        let reference = try Data(contentsOf: Self.root.appendingPathComponent("Snapshots/shapes/ring.0.5.png"))
        #expect(written == reference)
    }
}
