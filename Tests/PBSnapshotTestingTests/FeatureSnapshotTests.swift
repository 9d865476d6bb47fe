import Foundation
import PBCommandLine
import PBRendering
import PBSnapshotTesting
import Synchronization
import Testing

/// References in `Snapshots/features/` for what pbrender draws beyond one progress on a path:
/// labels for the seeds' apps (a download with bytes, a sync with phases, a ring with its
/// percent, a badge-like bar), several values, gradients, colour by value, locales and
/// scripts, the indeterminate look, dark appearance and `pbrender badge`'s styles. Each is the command line's output (run
/// in process) for the arguments shown, as PNG and SVG; the README shows them.
@Suite struct FeatureSnapshotTests {
    static let root = ReferenceSnapshotTests.root

    /// Each case: its name, and the arguments after `pbrender`.
    static let cases: [(name: String, arguments: [String])] = [
        (
            "download-bytes",
            [
                "--shape", "bar", "--bytes", "3145728/10485760", "--label", "{bytes} of {totalBytes}",
                "--label-position", "below",
            ]
        ),
        (
            "download-unknown-length",
            ["--shape", "bar", "--bytes", "3145728/?", "--label", "{bytes}", "--label-position", "below"]
        ),
        (
            "sync-phases",
            [
                "--shape", "bar", "--phases", "\(root.path)/Examples/phases/sync.json", "--phase", "3",
                "--phase-progress", "0.4", "--label", "{message} ({phase} of {phaseCount})",
            ]
        ),
        ("percent-ring", ["--progress", "0.42", "--label", "percent", "--font", "Sans Bold 40"]),
        (
            "badge-bar",
            [
                "--shape", "bar", "--progress", "0.87", "--line-width", "10", "--width", "200", "--label", "percent",
                "--label-position", "trailing", "--color-stops", "0:systemRed,0.5:systemOrange,0.8:systemGreen",
            ]
        ),
        (
            "time-left",
            [
                "--shape", "bar", "--progress", "0.25", "--elapsed", "40", "--label", "{percent} · {remaining}",
                "--label-position", "below",
            ]
        ),
        ("storage-values", ["--path", "\(root.path)/Examples/storage-bar.json"]),
        ("values-ring", ["--values", "0.5,0.3,0.15", "--line-width", "16"]),
        (
            "gradient-ring",
            ["--progress", "0.7", "--line-width", "20", "--progress-gradient", "systemRed,systemYellow,systemGreen"]
        ),
        (
            "french-percent",
            ["--progress", "0.42", "--label", "percent", "--locale", "fr_FR", "--font", "Sans Bold 28"]
        ),
        (
            "arabic-label",
            [
                "--shape", "bar", "--progress", "0.42", "--locale", "ar_EG", "--label", "{percent} تم التنزيل",
                "--label-position", "below",
            ]
        ),
        ("cjk-label", ["--progress", "0.42", "--label", "同步中 {percent}", "--font", "Sans Bold 24"]),
        ("indeterminate-ring", ["--bytes", "3145728/?", "--label", "{bytes}"]),
        ("dark-ring", ["--progress", "0.6", "--label", "percent", "--font", "Sans Bold 32", "--appearance", "dark"]),
        ("badge-coverage", ["badge", "--title", "coverage", "--progress", "0.87"]),
        (
            "badge-tests",
            [
                "badge", "--title", "tests", "--progress", "217/250", "--total", "250", "--suffix", " passed",
                "--style", "for-the-badge",
            ]
        ),
        ("badge-cjk", ["badge", "--title", "同步", "--progress", "0.42", "--style", "flat-square"]),
        ("badge-social", ["badge", "--title", "coverage", "--progress", "0.87", "--style", "social"]),
    ]

    static var directory: String { root.appendingPathComponent("Snapshots/features").path }

    @Test(arguments: cases.indices)
    func matchesItsReferences(index: Int) throws {
        let (name, arguments) = Self.cases[index]
        let png = try ReferenceSnapshotTests.runTool(arguments + ["-o", "-", "--format", "png"])
        assertSnapshot(
            of: try RGBAImage(png: png), as: .image, named: name, snapshotDirectory: Self.directory, testName: "feature"
        )
        // SVG carries both appearances: the dark case's SVG is the light one's.
        guard !arguments.contains("--appearance") else { return }
        let svg = String(
            decoding: try ReferenceSnapshotTests.runTool(arguments + ["-o", "-", "--format", "svg"]), as: UTF8.self)
        assertSnapshot(
            of: svg, as: ReferenceSnapshotTests.svgText, named: name, snapshotDirectory: Self.directory,
            testName: "feature")
    }

    @Test func everyReferenceFileIsChecked() throws {
        let expected = Set(
            Self.cases.flatMap { name, arguments in
                ["feature.\(name).png"] + (arguments.contains("--appearance") ? [] : ["feature.\(name).svg"])
            })
        let found = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory))
        #expect(found == expected)
    }
}
