import PBDocument
import PBGeometry
import PBRendering

/// Every limit `pbrender` enforces on what it is given, in one place: the constants the CLI owns,
/// and a table of all of them (those of the libraries too) for `pbrender help render` (the
/// README's table says the same in rounder words; a test holds them together). Each refusal is
/// an input error (exit code 2) whose message names the limit.
package enum Limits {
    /// The most bytes read from an input: a curve file, a phase file, or standard input
    /// (`--path -`): 8 MiB. A regular file is refused by its size before it is read; a device or
    /// FIFO (`/dev/zero`) after 8 MiB + 1 bytes.
    package static let maximumInputSize = 8 << 20

    /// One row of the table: what is limited, and the limit in words.
    package struct Row: Hashable, Sendable {
        /// What the limit applies to.
        package var subject: String
        /// The limit, with its numbers.
        package var limit: String
    }

    /// Every limit, from the constants that enforce it.
    package static var rows: [Row] {
        let path = SVGPathDataLimits.default
        let pixels = Scene.maximumPixelDimension
        return [
            Row(
                subject: "input file", limit: "\(byteCount(maximumInputSize)): a curve or phase file, or standard input"
            ),
            Row(subject: "path data", limit: "\(byteCount(path.maximumLength))"),
            Row(subject: "path segments", limit: "\(path.maximumSegmentCount)"),
            Row(subject: "path subpaths", limit: "\(path.maximumSubpathCount)"),
            Row(subject: "JSON nesting", limit: "\(JSONReader.maximumDepth) levels"),
            Row(subject: "SVG document", limit: documentLimits),
            Row(
                subject: "label",
                limit:
                    "\(LabelTemplate.maximumLength) characters (template), \(TextLayout.maximumLength) (text laid out)"),
            Row(subject: "font size", limit: "\(number(Font.maximumSize)) points"),
            Row(
                subject: "canvas",
                limit:
                    "\(pixels) pixels a side, \(Scene.maximumPixelCount) pixels in all (PNG); \(pixels) points a side (SVG, PDF)"
            ),
            Row(
                subject: "scale",
                limit: "\(number(Scene.scaleRange.lowerBound)) to \(number(Scene.scaleRange.upperBound))"),
            Row(
                subject: "reach",
                limit: "\(Int(Scene.maximumReach)) pixels (points in SVG and PDF) from the canvas's corner"),
            Row(subject: "dashes", limit: "\(Scene.maximumDashCount) along a path"),
            Row(subject: "render time", limit: "\(Scene.maximumRenderCost) an image, estimated before drawing"),
            Row(subject: "frames", limit: "\(FrameSequence.maximumCount) (--frames)"),
            Row(
                subject: "animation",
                limit:
                    "\(FrameSchedule.maximumFrameCount) frames (duration x fps), at \(FrameSchedule.framesPerSecondRange.lowerBound) to \(FrameSchedule.framesPerSecondRange.upperBound) fps, hold at most \(number(FrameSchedule.maximumHold)) s, \(Timeline.maximumPixelCount) pixels a frame (APNG)"
            ),
        ]
    }

    /// An SVG document's limits and budgets, in words (`SVGDocumentLimits`).
    package static var documentLimits: String {
        let limits = SVGDocumentLimits.default
        return
            "\(byteCount(limits.maximumSize)), nesting \(limits.maximumDepth), \(limits.maximumElementCount) elements "
            + "(\(limits.maximumDrawnElementCount) drawn, each <use> counting again), \(limits.maximumAttributeCount) "
            + "attributes an element, \(limits.maximumDrawnSegmentCount) path segments and "
            + "\(limits.maximumDrawnDashCount) dash entries drawn, \(limits.maximumStyleRuleCount) style rules and "
            + "\(limits.maximumStyleDeclarationCount) declarations applied in \(limits.maximumStyleMatchCount) steps; "
            + "counted from the document before it is drawn (at most about 250 MB of memory)"
    }

    /// `8 MiB (8388608 bytes)`: a byte count in words, exact.
    package static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB (\(bytes) bytes)" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB (\(bytes) bytes)" }
        return "\(bytes) bytes"
    }

    /// A number as help writes it: `1000`, `1e-06`.
    private static func number(_ value: Double) -> String { NumberText.readable(value) }
}
