import Foundation
import PBCommandLine
import Testing

/// The animations the README shows, in `Snapshots/animations/`: each is exactly what the command
/// line writes for its arguments (animated PNG and animated SVG are deterministic), so the README
/// shows what pbrender makes today. They were looked at frame by frame when recorded; the frames
/// themselves are checked against the timing curve and single renders by the motion tests.
@Suite struct AnimationReferenceTests {
    static let cases: [(name: String, arguments: [String], formats: [String])] = [
        (
            "logo",
            [
                "--path", ReferenceSnapshotTests.root.appendingPathComponent("Examples/landscape.svg").path, "--order",
                "delayed", "--fills", "at-end", "--animate-to", "1", "--duration", "2.5", "--hold", "1.5", "--loop",
                "0",
            ],
            ["apng"]
        ),
        (
            "progress",
            [
                "--animate-to", "0.8", "--duration", "1.2", "--timing", "ease-in-out", "--line-width", "16", "--size",
                "128",
            ],
            ["apng", "svg"]
        ),
        ("spinner", ["--indeterminate", "spinner", "--size", "128", "--line-width", "10"], ["apng", "svg"]),
        ("arc", ["--indeterminate", "arc", "--size", "128", "--line-width", "10"], ["apng", "svg"]),
        ("pulse", ["--indeterminate", "pulse", "--size", "128", "--line-width", "10"], ["apng", "svg"]),
        ("bar", ["--indeterminate", "bar", "--shape", "bar", "--width", "200", "--line-width", "6"], ["apng", "svg"]),
    ]

    /// A reference's file name: `NAME.png` for the animated PNG, `NAME.svg` for the animated SVG.
    static func file(_ name: String, format: String) -> String { "\(name).\(format == "apng" ? "png" : format)" }

    static var directory: URL { ReferenceSnapshotTests.root.appendingPathComponent("Snapshots/animations") }

    @Test(arguments: cases.indices)
    func isWhatTheCommandLineWrites(index: Int) throws {
        let (name, arguments, formats) = Self.cases[index]
        for format in formats {
            let file = Self.file(name, format: format)
            let bytes = try ReferenceSnapshotTests.runTool(arguments + ["-o", "-", "--format", format, "--force"])
            let reference = try Data(contentsOf: Self.directory.appendingPathComponent(file))
            #expect(Data(bytes) == reference, "\(file): re-record with pbrender \(arguments.joined(separator: " "))")
        }
    }

    @Test func everyFileIsChecked() throws {
        let found = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
        #expect(found == Set(Self.cases.flatMap { item in item.formats.map { Self.file(item.name, format: $0) } }))
    }
}
