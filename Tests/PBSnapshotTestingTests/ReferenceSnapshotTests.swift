import Foundation
import PBRendering
import PBSnapshotTesting
import Testing

@testable import PBCommandLine

/// pbrender's own references in `Snapshots/`: every example curve file and every built-in
/// shape at progress 0, 0.25, 0.5, 0.75 and 1, as PNG and SVG, rendered exactly as the
/// command line renders them.
@Suite struct ReferenceSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let progressValues = ["0", "0.25", "0.5", "0.75", "1"]

    /// Each subject: its folder in `Snapshots/`, its name, and the command-line arguments that
    /// make its scene.
    static let subjects: [(folder: String, name: String, arguments: [String])] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []
        let examples = names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            ("examples", String(name.dropLast(5)), ["--path", root.appendingPathComponent("Examples/\(name)").path])
        }
        return examples + ProgressShape.allCases.map { ("shapes", $0.rawValue, ["--shape", $0.rawValue]) }
    }()

    /// The scene `pbrender` renders for `arguments`.
    static func scene(_ arguments: [String], progress: String) throws -> ProgressScene {
        let parsed = try ParsedArguments(arguments, specs: RenderCommand.allOptions, commandName: "pbrender")
        var scene = try SceneOptions.scene(from: parsed, context: .system)
        scene.progress = try ProgressValue.parse(progress, option: "--progress")
        return scene
    }

    static func directory(_ folder: String) -> String {
        root.appendingPathComponent("Snapshots/\(folder)").path
    }

    @Test(arguments: subjects.indices)
    func matchesItsReferences(index: Int) throws {
        let (folder, name, arguments) = Self.subjects[index]
        for progress in Self.progressValues {
            let scene = try Self.scene(arguments, progress: progress)
            assertSnapshot(
                of: scene, as: .image, named: progress, snapshotDirectory: Self.directory(folder), testName: name)
            assertSnapshot(
                of: scene, as: .svg, named: progress, snapshotDirectory: Self.directory(folder), testName: name)
        }
    }

    @Test func everyReferenceFileIsChecked() throws {
        let expected = Set(
            Self.subjects.flatMap { subject in
                Self.progressValues.flatMap { progress in
                    ["png", "svg"].map { "\(subject.folder)/\(subject.name).\(progress).\($0)" }
                }
            })
        var found = Set<String>()
        for folder in ["examples", "shapes"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory(folder))
            found.formUnion(names.map { "\(folder)/\($0)" })
        }
        #expect(found.subtracting(expected).isEmpty, "files in Snapshots/ that no test checks")
        #expect(expected.subtracting(found).isEmpty, "references missing from Snapshots/")
        #expect(expected.count == Self.subjects.count * 10)
        #expect(Self.subjects.count >= 14)
    }

    /// An altered reference must fail the suite: one level changed in one pixel of a flat area
    /// of each PNG, and one digit changed in each SVG.
    @Test(arguments: subjects.indices)
    func alteringAnyReferenceFails(index: Int) throws {
        let (folder, name, arguments) = Self.subjects[index]
        let altered = NSTemporaryDirectory() + "pbrender-altered-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: altered, withIntermediateDirectories: true)
        for progress in Self.progressValues {
            let scene = try Self.scene(arguments, progress: progress)
            let file = "\(name).\(progress)"
            let png = URL(fileURLWithPath: Self.directory(folder)).appendingPathComponent(file + ".png")
            var image = try RGBAImage(png: Array(Data(contentsOf: png)))
            let flat = try #require(Self.flatPixel(in: image), "\(file).png has no flat area")
            image.pixels[flat + 3] = image.pixels[flat + 3] == 0 ? 1 : image.pixels[flat + 3] - 1
            try Data(image.pngData()).write(to: URL(fileURLWithPath: altered + "/\(file).png"))
            let pngFailure = verifySnapshot(
                of: scene, as: .image, named: progress, record: .never, snapshotDirectory: altered, testName: name)
            #expect(pngFailure != nil, "\(file).png altered, yet the test passes")

            let svg = URL(fileURLWithPath: Self.directory(folder)).appendingPathComponent(file + ".svg")
            var text = try String(contentsOf: svg, encoding: .utf8)
            let digit = try #require(text.range(of: #"d="M [0-9]"#, options: .regularExpression))
            let last = text.index(before: digit.upperBound)
            text.replaceSubrange(last...last, with: text[last] == "9" ? "8" : "9")
            try text.write(toFile: altered + "/\(file).svg", atomically: true, encoding: .utf8)
            let svgFailure = verifySnapshot(
                of: scene, as: .svg, named: progress, record: .never, snapshotDirectory: altered, testName: name)
            #expect(svgFailure != nil, "\(file).svg altered, yet the test passes")
        }
    }

    /// The byte offset of a pixel whose eight neighbours are identical to it.
    static func flatPixel(in image: RGBAImage) -> Int? {
        for y in 1..<max(1, image.height - 1) {
            for x in 1..<max(1, image.width - 1) {
                let i = 4 * (y * image.width + x)
                let neighbours = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
                if neighbours.allSatisfy({ dx, dy in
                    let j = 4 * ((y + dy) * image.width + x + dx)
                    return image.pixels[j..<(j + 4)] == image.pixels[i..<(i + 4)]
                }) {
                    return i
                }
            }
        }
        return nil
    }
}
