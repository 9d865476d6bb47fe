import Foundation
import PBCommandLine
import PBRendering
import PBSynchronization
import PBTestSupport
import Testing

@testable import PBJob

/// What the oracle suites (web SVG, labels, motion) share: running `pbrender` in process on the
/// real file system, the repository's examples, and comparisons that report their worst case.
enum Oracle {
    /// The repository root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The browser bound of issue 9: at most 0.5 % of painted pixels lie more than 48/255 outside
    /// the other picture's 3x3 neighbourhood.
    static let browserBound = 0.005

    /// The example curve files, `Examples/*.json`, by name (without `.json`), sorted.
    static let examples: [(name: String, path: String)] = {
        let folder = root.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map {
            (String($0.dropLast(5)), folder.appendingPathComponent($0).path)
        }
    }()

    /// Runs `pbrender arguments` in process, on the real file system.
    static func result(_ arguments: [String]) -> RunResult {
        let output = Locked<[UInt8]>([])
        let errors = Locked("")
        let context = CommandContext(
            writeOutput: { bytes in output.withLock { $0 += bytes } },
            writeError: { text in errors.withLock { $0 += text } }, readFile: CommandContext.system.readFile)
        let status = Tool.run(arguments, context: context)
        return RunResult(exitCode: status, outputBytes: output.withLock { $0 }, error: errors.withLock { $0 })
    }

    /// What `pbrender arguments` writes to standard output, run in process; fails the test (and
    /// throws) when it exits with an error.
    static func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let result = result(arguments)
        try #require(
            result.exitCode == 0, "pbrender \(arguments.joined(separator: " ")): \(result.error)",
            sourceLocation: sourceLocation)
        return result.outputBytes
    }

    /// `pbrender arguments -o - --format png`, decoded.
    static func png(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> RGBAImage {
        try RGBAImage(png: run(arguments + ["-o", "-", "--format", "png"], sourceLocation: sourceLocation))
    }

    /// `pbrender arguments -o - --format svg` as text.
    static func svg(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        String(
            decoding: try run(arguments + ["-o", "-", "--format", "svg"], sourceLocation: sourceLocation), as: UTF8.self
        )
    }

    /// A number from an SVG's `width` or `height`, rounded up to whole pixels (the size of its PNG).
    static func pixels(_ attribute: String?) -> Int {
        Int((Double(attribute ?? "") ?? 1).rounded(.up))
    }

    /// The pixel size of an SVG document, from its root's `width` and `height`.
    static func size(ofSVG svg: String) throws -> (width: Int, height: Int) {
        let root = try ParsedXML(parsing: svg).root
        return (pixels(root.attributes["width"]), pixels(root.attributes["height"]))
    }

    /// The plain per-pixel count of ``PixelComparison`` (over white, the largest channel
    /// difference above `threshold`), in a loop fast enough for debug builds, with the painted
    /// pixels (not pure white in either picture).
    static func perPixel(_ a: RGBAImage, _ b: RGBAImage, threshold: Int) -> (differing: Int, painted: Int, largest: Int)
    {
        let (u, v) = (a.overWhite(), b.overWhite())
        var (differing, painted, largest, pixel) = (0, 0, 0, 0)
        while pixel < u.count {
            var (worst, white, channel) = (0, true, pixel)
            while channel < pixel + 3 {
                let d = abs(Int(u[channel]) - Int(v[channel]))
                if d > worst { worst = d }
                if u[channel] != 255 || v[channel] != 255 { white = false }
                channel += 1
            }
            if worst > threshold { differing += 1 }
            if worst > largest { largest = worst }
            if !white { painted += 1 }
            pixel += 3
        }
        return (differing, painted, largest)
    }

    /// Compares a browser's picture with pbrender's, records an issue (and writes a difference
    /// picture) when more than `bound` of the painted pixels differ, and returns the comparison.
    @discardableResult
    static func expectMatch(
        _ browser: RGBAImage, _ png: RGBAImage, _ name: String, bound: Double = browserBound,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> NeighbourhoodComparison {
        guard browser.width == png.width && browser.height == png.height else {
            Issue.record("\(name): sizes differ, \(browser) and \(png)", sourceLocation: sourceLocation)
            return NeighbourhoodComparison(png, png)
        }
        let comparison = NeighbourhoodComparison(browser, png)
        guard comparison.share > bound else { return comparison }
        // Again with the picture of where they differ (only then: it costs a pass).
        let recorded = NeighbourhoodComparison(browser, png, recordsDifference: true)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-oracle")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name.map { $0.isLetter || $0.isNumber ? $0 : "-" } + ".png")
        try? recorded.writeDifference(to: file.path)
        Issue.record("\(name): \(comparison); difference picture: \(file.path)", sourceLocation: sourceLocation)
        return comparison
    }

    /// Expects a clear mismatch (more than twice the bound), to show a comparison can fail.
    static func expectMismatch(
        _ browser: RGBAImage, _ png: RGBAImage, _ name: String, bound: Double = browserBound,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let comparison = NeighbourhoodComparison(browser, png)
        #expect(comparison.share > 2 * bound, "\(name) should not match: \(comparison)", sourceLocation: sourceLocation)
    }

    /// The worst of many comparisons, with its name, for the report a suite prints.
    struct Worst: CustomStringConvertible {
        var share = 0.0
        var name = "none"
        var largestExcess = 0
        var count = 0

        mutating func note(_ comparison: NeighbourhoodComparison, _ name: String) {
            count += 1
            largestExcess = max(largestExcess, comparison.largestExcess)
            if comparison.share >= share { (share, self.name) = (comparison.share, name) }
        }

        var description: String {
            "worst of \(count): \((share * 100_000).rounded() / 1000) % of painted pixels (\(name)); "
                + "largest excess \(largestExcess)"
        }
    }
}
