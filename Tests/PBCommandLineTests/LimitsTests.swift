import Foundation
import PBDocument
import PBGeometry
import PBRendering
import Testing

@testable import PBCommandLine
@testable import PBJob

/// The limits as users meet them: listed in `pbrender help render` from the constants, and each
/// refusal an input error (exit code 2) whose one line names the limit.
@Suite struct LimitsTests {
    @Test func helpListsEveryLimitFromTheConstants() {
        let help = runTool(["help", "render"]).output
        guard let start = help.range(of: "LIMITS:\n") else {
            Issue.record("no LIMITS section")
            return
        }
        let limits = String(help[start.lowerBound...])
        #expect(limits.hasPrefix(Limits.helpSection))
        for row in Limits.rows {
            #expect(limits.contains(row.subject), "\(row.subject)")
        }
        for number in [
            "\(Limits.maximumInputSize)", "\(SVGPathDataLimits.default.maximumLength)",
            "\(SVGPathDataLimits.default.maximumSegmentCount)", "\(SVGPathDataLimits.default.maximumSubpathCount)",
            "\(JSONReader.maximumDepth) levels", "\(LabelTemplate.maximumLength) characters",
            "\(Scene.maximumPixelDimension) pixels a side", "\(Scene.maximumPixelCount) pixels in all",
            "\(Scene.maximumDashCount) along a path", "\(Scene.maximumRenderCost) an image",
            "\(Int(Scene.maximumReach)) pixels (points in SVG and PDF)",
            "\(FrameSequence.maximumCount) (--frames)", "\(FrameSchedule.maximumFrameCount) frames",
            "\(SVGDocumentLimits.default.maximumDrawnElementCount) drawn",
            "\(SVGDocumentLimits.default.maximumDrawnSegmentCount) path segments",
        ] {
            #expect(limits.contains(number), "\(number)")
        }
    }

    /// The limits article's table states each constant (in rounder words: `16,384`, `64 Mi`).
    @Test func theArticleStatesEveryLimit() throws {
        let readme = try String(
            contentsOf: EndToEndTests.root.appendingPathComponent(
                "Sources/PBCommandLine/PBCommandLine.docc/SemanticsErrorsAndLimits.md"), encoding: .utf8)
        let table = try #require(readme.range(of: "| what | limit |")).upperBound
        let limits = String(readme[table...].prefix { $0 != "#" })
        func grouped(_ value: Int) -> String {
            var digits = String(value)
            var index = digits.endIndex
            while digits.distance(from: digits.startIndex, to: index) > 3 {
                index = digits.index(index, offsetBy: -3)
                digits.insert(",", at: index)
            }
            return digits
        }
        let path = SVGPathDataLimits.default
        for text in [
            "\(Limits.maximumInputSize >> 20) MiB", "\(path.maximumLength >> 20) MiB",
            "\(grouped(path.maximumSegmentCount)) segments", "\(grouped(path.maximumSubpathCount)) subpaths",
            "\(JSONReader.maximumDepth) levels", "\(LabelTemplate.maximumLength) characters",
            "\(grouped(TextLayout.maximumLength)) laid out", "\(grouped(Int(Font.maximumSize))) pt",
            "\(grouped(Scene.maximumPixelDimension)) pixels a side", "\(Scene.maximumPixelCount >> 20) Mi pixels",
            "1e-6 to 1e6", "\(grouped(Scene.maximumDashCount)) along a path", "\(Scene.maximumRenderCost) an image",
            "\(grouped(Int(Scene.maximumReach))) pixels",
            "\(grouped(FrameSequence.maximumCount)),", "\(grouped(FrameSchedule.maximumFrameCount)) frames",
            "\(FrameSchedule.framesPerSecondRange.lowerBound) to \(FrameSchedule.framesPerSecondRange.upperBound) fps",
            "\(grouped(Int(FrameSchedule.maximumHold))) s", "\(Timeline.maximumPixelCount >> 20) Mi pixels a frame",
            "\(grouped(SVGDocumentLimits.default.maximumElementCount)) elements of which "
                + "\(grouped(SVGDocumentLimits.default.maximumDrawnElementCount)) drawn",
            "\(grouped(SVGDocumentLimits.default.maximumAttributeCount)) attributes an element",
            "\(grouped(SVGDocumentLimits.default.maximumDrawnSegmentCount)) path segments and "
                + "\(grouped(SVGDocumentLimits.default.maximumDrawnDashCount)) dash entries drawn",
            "\(grouped(SVGDocumentLimits.default.maximumStyleRuleCount)) style rules and "
                + "\(grouped(SVGDocumentLimits.default.maximumStyleDeclarationCount)) declarations applied in "
                + "\(grouped(SVGDocumentLimits.default.maximumStyleMatchCount)) steps",
        ] {
            #expect(limits.contains(text), "the limits article does not say \(text)")
        }
        #expect(Scene.scaleRange == 1e-6...1e6)
    }

    @Test func pathDataPastTheLimitsInACurveFile() {
        let path = (0..<10_001).map { "M\($0 % 100) 0l1 1" }.joined(separator: " ")
        // At the arguments of the 10,001st move.
        let offset = path.utf8.count - "0 0l1 1".utf8.count
        expectUsageError(
            ["trim", "--path", "c.json", "--each-subpath"], files: ["c.json": "{\"path\": \"\(path)\"}"],
            "c.json:1:10: invalid path data in 'path': the path has more than 10000 subpaths, the limit at offset \(offset) (line 1, column \(offset + 1))"
        )
    }

    @Test func theIssuesDashedRingIsAnInputError() {
        let result = runTool([
            "--width", "2048", "--height", "2048", "--line-width", "600", "--dash", "0.5", "--progress", "0.5", "-o",
            "-",
        ])
        #expect(result.exitCode == 2)
        #expect(result.error.hasPrefix("pbrender: error: the image would take about "))
        #expect(
            result.error.hasSuffix(
                "more than the limit of 5 s: use a thinner line, longer dashes, fewer subpaths, a smaller canvas or a "
                    + "faster PNG compression\n"))
        #expect(result.outputBytes.isEmpty)
    }

    @Test func aHugeCanvasAtTheSmallCompressionIsAnInputError() {
        // 8192 x 8192 pixels: about 2.3 s at the default compression, 12 s at libdeflate's level 11.
        let result = runTool(["--size", "8192", "--compression", "small", "--progress", "0.5", "-o", "-"])
        #expect(result.exitCode == 2 && result.outputBytes.isEmpty)
        #expect(
            result.error.hasPrefix("pbrender: error: the image would take about 12 s to render, more than the limit"))
    }

    @Test func aTinyScaleOnAHugeCanvasIsAnInputError() {
        expectUsageError(
            ["--width", "1e300", "--height", "1e300", "--scale", "1e-300", "--progress", "0.5", "-o", "-"],
            "option '--scale' must be from 1e-06 to 1000000 (the limit), not 1e-300")
    }

    /// `--frames 3 --from 1e308` wrote two frames, then failed on an overflow: now every frame's
    /// value is finite (all pinned to 1 here), checked before any is written.
    @Test func framesFromAHugeValue() throws {
        let folder = try ScratchFolder()
        let result = runTool(["--frames", "3", "--from", "1e308", "-o", folder("f-%d.png")])
        #expect(result.exitCode == 0, "\(result.error)")
        let full = runTool(["--progress", "1", "-o", "-"]).outputBytes
        for index in 0..<3 {
            #expect(folder.bytes("f-\(index).png") == full, "frame \(index)")
        }
    }
}
