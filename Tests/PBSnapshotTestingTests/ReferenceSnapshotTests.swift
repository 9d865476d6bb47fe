import Foundation
import PBCommandLine
import PBRendering
import PBSnapshotTesting
import PBSynchronization
import Testing

@testable import PBJob

/// pbrender's own references in `Snapshots/`: every example curve file, every example SVG
/// document in each order (with its fills at the end), and every built-in shape at progress 0,
/// 0.25, 0.5, 0.75 and 1, as PNG and SVG. The shapes are drawn by the library's layout
/// (`ProgressIndicator`), as the command line draws them; the curve files and documents are
/// rendered by the command line itself (run in process, writing to standard output), since only
/// it applies a curve file's style.
@Suite struct ReferenceSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let progressValues = ["0", "0.25", "0.5", "0.75", "1"]

    /// What a subject is drawn from.
    enum Source: Sendable {
        /// A built-in shape, laid out by `ProgressIndicator`.
        case shape(ProgressShape)
        /// A curve file, rendered by `pbrender --path FILE`.
        case curveFile(String)
        /// An SVG document, rendered by `pbrender --path FILE --order ORDER --fills at-end`.
        case document(String, order: String)
    }

    /// The orders a document is drawn in.
    static let orders = ["sequence", "together", "delayed"]

    /// Each subject: its folder in `Snapshots/`, its name, and what it is drawn from.
    static let subjects: [(folder: String, name: String, source: Source)] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []
        let examples = names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            (
                "examples", String(name.dropLast(5)),
                Source.curveFile(root.appendingPathComponent("Examples/\(name)").path)
            )
        }
        let documents = names.filter { $0.hasSuffix(".svg") }.sorted().flatMap { name in
            orders.map { order in
                (
                    "documents", "\(name.dropLast(4))-\(order)",
                    Source.document(root.appendingPathComponent("Examples/\(name)").path, order: order)
                )
            }
        }
        return examples + documents + ProgressShape.allCases.map { ("shapes", $0.rawValue, Source.shape($0)) }
    }()

    /// SVG text compared as the scene strategy `.svg` compares it (numbers within 0.01).
    static let svgText = Snapshotting<String, String>(pathExtension: "svg", diffing: .text(numberTolerance: 0.01)) {
        $0
    }

    /// The subject at `progress` (as the command line is given it), as a PNG's pixels and as SVG.
    static func render(_ source: Source, progress: String) throws -> (image: RGBAImage, svg: String) {
        switch source {
        case .shape(let shape):
            var indicator = ProgressIndicator(shape: shape)
            indicator.progress = try #require(Double(progress))
            let scene = try indicator.scene()
            return (try scene.renderImage(), String(decoding: try scene.render(as: .svg), as: UTF8.self))
        case .curveFile(let file):
            return try render(["--path", file], progress: progress)
        case .document(let file, let order):
            return try render(["--path", file, "--order", order, "--fills", "at-end"], progress: progress)
        }
    }

    /// What the command line draws for `source` (its arguments) at `progress`, as PNG and SVG.
    static func render(_ source: [String], progress: String) throws -> (image: RGBAImage, svg: String) {
        let arguments = source + ["--progress", progress, "-o", "-", "--format"]
        let png = try runTool(arguments + ["png"])
        return (try RGBAImage(png: png), String(decoding: try runTool(arguments + ["svg"]), as: UTF8.self))
    }

    /// What `pbrender` writes to standard output for `arguments`, run in process.
    static func runTool(_ arguments: [String]) throws -> [UInt8] {
        let output = Locked<[UInt8]>([])
        let errors = Locked("")
        let context = CommandContext(
            writeOutput: { bytes in output.withLock { $0 += bytes } },
            writeError: { text in errors.withLock { $0 += text } }, readFile: CommandContext.system.readFile)
        let status = Tool.run(arguments, context: context)
        try #require(status == 0, "pbrender \(arguments.joined(separator: " ")): \(errors.withLock { $0 })")
        return output.withLock { $0 }
    }

    static func directory(_ folder: String) -> String {
        root.appendingPathComponent("Snapshots/\(folder)").path
    }

    @Test(arguments: subjects.indices)
    func matchesItsReferences(index: Int) throws {
        let (folder, name, source) = Self.subjects[index]
        for progress in Self.progressValues {
            let (image, svg) = try Self.render(source, progress: progress)
            assertSnapshot(
                of: image, as: .image, named: progress, snapshotDirectory: Self.directory(folder), testName: name)
            assertSnapshot(
                of: svg, as: Self.svgText, named: progress, snapshotDirectory: Self.directory(folder), testName: name)
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
        for folder in ["examples", "documents", "shapes"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory(folder))
            found.formUnion(names.map { "\(folder)/\($0)" })
        }
        #expect(found.subtracting(expected).isEmpty, "files in Snapshots/ that no test checks")
        #expect(expected.subtracting(found).isEmpty, "references missing from Snapshots/")
        #expect(expected.count == Self.subjects.count * 10)
        #expect(Self.subjects.count >= 14 + 2 * Self.orders.count)
    }

    /// An altered reference must fail the suite: one level changed in one pixel of a flat area
    /// of each PNG, and one digit changed in each SVG.
    @Test(arguments: subjects.indices)
    func alteringAnyReferenceFails(index: Int) throws {
        let (folder, name, source) = Self.subjects[index]
        let altered = NSTemporaryDirectory() + "pbrender-altered-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: altered, withIntermediateDirectories: true)
        for progress in Self.progressValues {
            let (actualImage, actualSVG) = try Self.render(source, progress: progress)
            let file = "\(name).\(progress)"
            let png = URL(fileURLWithPath: Self.directory(folder)).appendingPathComponent(file + ".png")
            var image = try RGBAImage(png: Array(Data(contentsOf: png)))
            let flat = try #require(Self.flatPixel(in: image), "\(file).png has no flat area")
            image.pixels[flat + 3] = image.pixels[flat + 3] == 0 ? 1 : image.pixels[flat + 3] - 1
            try Data(image.pngData()).write(to: URL(fileURLWithPath: altered + "/\(file).png"))
            let pngFailure = verifySnapshot(
                of: actualImage, as: .image, named: progress, record: .never, snapshotDirectory: altered, testName: name
            )
            #expect(pngFailure != nil, "\(file).png altered, yet the test passes")

            let svg = URL(fileURLWithPath: Self.directory(folder)).appendingPathComponent(file + ".svg")
            var text = try String(contentsOf: svg, encoding: .utf8)
            // A path's first digit; a document at 0 draws no path: its view box's width then.
            let digit = try #require(
                text.range(of: #"d="M [0-9]"#, options: .regularExpression)
                    ?? text.range(of: #"viewBox="0 0 [0-9]"#, options: .regularExpression))
            let last = text.index(before: digit.upperBound)
            text.replaceSubrange(last...last, with: text[last] == "9" ? "8" : "9")
            try text.write(toFile: altered + "/\(file).svg", atomically: true, encoding: .utf8)
            let svgFailure = verifySnapshot(
                of: actualSVG, as: Self.svgText, named: progress, record: .never, snapshotDirectory: altered,
                testName: name)
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
