import Foundation
import PBCommandLine
import Testing

/// The animations the README shows, in `Snapshots/animations/`: each is exactly what the command
/// line writes for its arguments (animated PNG and animated SVG are deterministic), so the README
/// shows what pbrender makes today. They were looked at frame by frame when recorded; the frames
/// themselves are checked against the timing curve and single renders by the motion tests.
@Suite struct AnimationReferenceTests {
    static let cases: [(name: String, arguments: [String])] = [
        (
            "logo",
            [
                "--path", ReferenceSnapshotTests.root.appendingPathComponent("Examples/landscape.svg").path, "--order",
                "delayed", "--fills", "at-end", "--animate-to", "1", "--duration", "2.5", "--hold", "1.5", "--loop",
                "0",
            ]
        ),
        (
            "progress",
            [
                "--animate-to", "0.8", "--duration", "1.2", "--timing", "ease-in-out", "--line-width", "16", "--size",
                "128",
            ]
        ),
        ("spinner", ["--indeterminate", "spinner", "--size", "128", "--line-width", "10"]),
        ("arc", ["--indeterminate", "arc", "--size", "128", "--line-width", "10"]),
        ("pulse", ["--indeterminate", "pulse", "--size", "128", "--line-width", "10"]),
        ("bar", ["--indeterminate", "bar", "--shape", "bar", "--width", "200", "--line-width", "6"]),
    ]

    static var directory: URL { ReferenceSnapshotTests.root.appendingPathComponent("Snapshots/animations") }

    @Test(arguments: cases.indices)
    func isWhatTheCommandLineWrites(index: Int) throws {
        let (name, arguments) = Self.cases[index]
        for (format, file) in [("apng", "\(name).png"), ("svg", "\(name).svg")] {
            let bytes = try ReferenceSnapshotTests.runTool(arguments + ["-o", "-", "--format", format, "--force"])
            let reference = try Data(contentsOf: Self.directory.appendingPathComponent(file))
            #expect(Data(bytes) == reference, "\(file): re-record with pbrender \(arguments.joined(separator: " "))")
        }
    }

    @Test func everyFileIsChecked() throws {
        let found = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
        #expect(found == Set(Self.cases.flatMap { ["\($0.name).png", "\($0.name).svg"] }))
    }
}
