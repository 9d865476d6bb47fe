import Foundation
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// Issue 10's label geometry against independent expectations: Pango's own extents for the text
/// (a ``TextLayout`` made apart from the indicator), the painted ring (its centre found from its
/// pixels), the painted bar; and fonts for every script.
@Suite struct LabelGeometryTests {
    /// The painted box of a picture (pixels with alpha above 0) in pixel edges: `x0...x1` covers
    /// the columns `x0..<x1`.
    struct Box: CustomStringConvertible {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        var midX: Double { (minX + maxX) / 2 }
        var midY: Double { (minY + maxY) / 2 }
        var description: String { "x \(minX)...\(maxX), y \(minY)...\(maxY)" }
    }

    static func paintedBox(_ image: RGBAImage) -> Box? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[4 * (y * image.width + x) + 3] > 0 {
                (minX, maxX) = (min(minX, x), max(maxX, x))
                (minY, maxY) = (min(minY, y), max(maxY, y))
            }
        }
        guard minX <= maxX else { return nil }
        return Box(minX: Double(minX), minY: Double(minY), maxX: Double(maxX + 1), maxY: Double(maxY + 1))
    }

    /// A style that paints nothing but the label.
    static var invisible: ProgressStyle {
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.progressTintColor = .clear
        return style
    }

    static func label(_ text: String, font: String, position: LabelPosition? = nil) throws -> ProgressLabel {
        ProgressLabel(
            template: try LabelTemplate(parsing: text), font: try Font(description: font), color: .black,
            position: position)
    }

    static let centreCases: [(text: String, font: String)] = [
        ("42%", "Sans Bold 12"), ("7%", "Sans 30"), ("100%", "Serif Italic 20"), ("同步中", "Sans 18"),
        ("٤٢٪", "Sans Bold 24"), ("Syncing 3 of 5", "Sans 9"),
    ]

    @Test(arguments: centreCases.indices)
    func aCentreLabelsInkIsCentredOnTheRing(index: Int) throws {
        let (text, font) = Self.centreCases[index]
        // The ring alone, fully drawn: its painted box gives its centre, with no layout code.
        var ring = ProgressIndicator(shape: .ring)
        ring.progress = 1
        let ringBox = try #require(Self.paintedBox(try ring.scene().renderImage()))
        // The label alone, where the indicator puts it.
        var indicator = ProgressIndicator(shape: .ring, style: Self.invisible)
        indicator.progress = 0.42
        indicator.label = try Self.label(text, font: font)
        let scene = try indicator.scene()
        #expect(scene.width == 256 && scene.height == 256, "a centre label does not grow the canvas")
        let painted = try #require(Self.paintedBox(try scene.renderImage()))
        guard case .text(let layer) = try #require(scene.layers.last) else {
            Issue.record("the last layer is not the label")
            return
        }
        // Pango's own extents of the same text, laid out apart from the indicator.
        let pango = try TextLayout(text: text, font: Font(description: font))
        #expect(layer.layout.inkExtents == pango.inkExtents && layer.layout.logicalExtents == pango.logicalExtents)
        #expect(pango.unknownGlyphCount == 0)
        let ink = Rect(
            x: pango.inkExtents.minX + layer.origin.x, y: pango.inkExtents.minY + layer.origin.y,
            width: pango.inkExtents.width, height: pango.inkExtents.height)
        // The painted pixels are the ink box rounded outwards, within a pixel (Cairo places
        // glyphs on whole pixels on image surfaces, moving each by at most half a pixel).
        let edges = [
            (painted.minX, ink.minX.rounded(.down)), (painted.maxX, ink.maxX.rounded(.up)),
            (painted.minY, ink.minY.rounded(.down)), (painted.maxY, ink.maxY.rounded(.up)),
        ]
        for (measured, expected) in edges {
            #expect(abs(measured - expected) <= 1, "\(text): painted \(painted), Pango's ink \(ink)")
        }
        // Centred on the ring within a pixel, both ways.
        #expect(abs(painted.midX - ringBox.midX) <= 1, "\(text): ink centre x \(painted.midX), ring \(ringBox.midX)")
        #expect(abs(painted.midY - ringBox.midY) <= 1, "\(text): ink centre y \(painted.midY), ring \(ringBox.midY)")
    }

    @Test(arguments: [LabelPosition.above, .below, .leading, .trailing])
    func aBarsLabelSitsBesideTheBarCentredOnIt(position: LabelPosition) throws {
        let text = "3.1 MB of 10.5 MB"
        var labelled = ProgressIndicator(shape: .bar, style: Self.invisible)
        labelled.progress = 1
        labelled.label = try Self.label(text, font: "Sans Bold 12", position: position)
        let scene = try labelled.scene()
        let label = try #require(Self.paintedBox(try scene.renderImage()))
        // The same canvas with the bar and no label: remove the text layer.
        var bare = try ProgressIndicator(shape: .bar).with(label: labelled.label).scene()
        bare.layers.removeAll { if case .text = $0 { true } else { false } }
        let bar = try #require(Self.paintedBox(try bare.renderImage()))
        // The whole label is on the canvas: its painted box is Pango's ink box, not cut by the
        // canvas's edges.
        guard case .text(let layer) = try #require(scene.layers.last) else {
            Issue.record("no label layer")
            return
        }
        let pango = try TextLayout(text: text, font: Font(description: "Sans Bold 12"))
        #expect(
            abs(label.maxX - label.minX - pango.inkExtents.width) <= 2
                && abs(label.maxY - label.minY - pango.inkExtents.height) <= 2,
            "\(position): painted \(label), Pango's ink is \(pango.inkExtents.width) x \(pango.inkExtents.height)")
        #expect(layer.origin.y + pango.inkExtents.minY >= 0 && layer.origin.y + pango.inkExtents.maxY <= scene.height)
        // Centred on the bar across it: the ink's centre within a pixel for leading and trailing
        // (placed by its ink box); above and below are placed by the logical box, whose centre
        // is the ink's up to the glyphs' side bearings: within 1.5 pixels.
        switch position {
        case .above:
            #expect(label.maxY <= bar.minY, "\(label) is not above \(bar)")
            #expect(abs(label.midX - bar.midX) <= 1.5, "\(label) vs \(bar)")
        case .below:
            #expect(label.minY >= bar.maxY, "\(label) is not below \(bar)")
            #expect(abs(label.midX - bar.midX) <= 1.5, "\(label) vs \(bar)")
        case .leading:
            #expect(label.maxX <= bar.minX, "\(label) is not left of \(bar)")
            #expect(abs(label.midY - bar.midY) <= 1, "\(label) vs \(bar)")
        case .trailing:
            #expect(label.minX >= bar.maxX, "\(label) is not right of \(bar)")
            #expect(abs(label.midY - bar.midY) <= 1, "\(label) vs \(bar)")
        default:
            Issue.record("not a case of this test")
        }
    }

    /// A path whose curve file fixes the canvas (`Examples/phases.json`: 320 x 16) with a label
    /// above it, where the canvas has no room: the label must still be on the canvas (the layout
    /// grows the canvas, or moves the path down to make room), not drawn above its top edge.
    @Test func aLabelOnAPathWithAFixedCanvasIsOnTheCanvas() throws {
        var path = Path()
        for (start, end) in [(8.0, 64.0), (80, 176), (192, 232), (248, 312)] {
            path.move(to: Point(start, 8))
            path.addLine(to: Point(end, 8))
        }
        var style = Self.invisible
        style.lineWidth = 8
        var indicator = ProgressIndicator(path: path, canvas: Size(width: 320, height: 16), style: style)
        indicator.progress = 0.5
        indicator.label = try Self.label("Receiving table 2 of 5", font: "Sans Bold 12")
        let scene = try indicator.scene()
        let pango = try TextLayout(text: "Receiving table 2 of 5", font: Font(description: "Sans Bold 12"))
        let painted = Self.paintedBox(try scene.renderImage())
        let box = try #require(painted, "nothing of the label is on the canvas")
        #expect(abs(box.maxX - box.minX - pango.inkExtents.width) <= 2, "\(box)")
        #expect(abs(box.maxY - box.minY - pango.inkExtents.height) <= 2, "\(box)")
    }

    /// Labels in the scripts the issue names, through the indicator's layout.
    static let scripts = [
        "Download 42%", "同步中 42%", "進捗 42%", "تم التنزيل ٤٢٪", "הורדה 42%", "Sync 42% — تم · הורדה · 同步中",
    ]

    @Test(arguments: scripts)
    func everyScriptHasAFont(text: String) throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.progress = 0.42
        indicator.label = try Self.label(text, font: "Sans Bold 12")
        guard case .text(let layer) = try #require(try indicator.scene().layers.last) else {
            Issue.record("no label layer")
            return
        }
        #expect(layer.layout.unknownGlyphCount == 0, "tofu in \(text): fonts \(layer.layout.resolvedFamilies)")
        if text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
            #expect(layer.layout.resolvedFamilies.contains { $0.hasPrefix("Noto Sans CJK") }, "\(text)")
        }
        // The count can fail: a private-use character no font has.
        indicator.label = try Self.label(text + "\u{10FFFD}", font: "Sans Bold 12")
        guard case .text(let tofu) = try #require(try indicator.scene().layers.last) else { return }
        #expect(tofu.layout.unknownGlyphCount == 1)
    }
}

extension ProgressIndicator {
    /// The indicator with another label.
    fileprivate func with(label: ProgressLabel?) -> ProgressIndicator {
        var copy = self
        copy.label = label
        return copy
    }
}
