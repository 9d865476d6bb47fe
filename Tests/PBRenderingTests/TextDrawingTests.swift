import PBGeometry
import PBTestSupport
import Testing

@testable import PBRendering

/// Drawing laid-out labels with Cairo: the pixels painted, other scales, PDF text.
@Suite struct TextDrawingTests {
    static let margin = 10.0

    /// The pixels the layout's ink box touches where it was drawn, at `scale`: its edges
    /// rounded outwards to whole device pixels, as antialiasing paints partly covered pixels.
    static func expectedInk(_ layout: TextLayout, scale: Double = 1) -> Rect {
        let ink = layout.inkExtents
        let minX = ((ink.minX + margin) * scale).rounded(.down)
        let minY = ((ink.minY + margin) * scale).rounded(.down)
        let maxX = ((ink.maxX + margin) * scale).rounded(.up)
        let maxY = ((ink.maxY + margin) * scale).rounded(.up)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    @Test(arguments: TextSamples.all)
    func paintedPixelsCoverTheInkExtents(text: String) throws {
        let layout = try TextLayout(text: text, font: Font(description: "Sans 20"))
        let painted = try TextProbe.inkBox(TextProbe.image(layout))
        // Within a pixel: Cairo 1.16 places each glyph at a whole pixel on image surfaces
        // (moving it by half a pixel at most, which can cross one pixel edge), and a sliver of
        // coverage below 1/255 paints nothing.
        expectBox(painted, near: Self.expectedInk(layout), within: 1)
    }

    @Test(arguments: TextSamples.all)
    func twiceTheScaleIsTheSameLabelScaled(text: String) throws {
        let layout = try TextLayout(text: text)
        let once = try #require(try TextProbe.inkBox(TextProbe.image(layout)))
        let twice = try #require(try TextProbe.inkBox(TextProbe.image(layout, scale: 2)))
        expectBox(twice, near: Self.expectedInk(layout, scale: 2), within: 1)
        let halved = Rect(x: twice.minX / 2, y: twice.minY / 2, width: twice.width / 2, height: twice.height / 2)
        expectBox(halved, near: once, within: 1)
    }

    /// Where the short first line of "i" over a long second line is painted, as a fraction of
    /// the layout's width from its left (0 all left, 1 all right).
    static func firstLinePosition(_ text: String, _ alignment: TextAlignment) throws -> (left: Double, right: Double) {
        let layout = try TextLayout(text: text, font: Font(description: "Sans 20"), alignment: alignment)
        #expect(layout.lineCount == 2)
        let firstLine = Int(margin)..<Int(margin + layout.height / 2)
        let ink = try #require(try TextProbe.inkBox(TextProbe.image(layout), rows: firstLine))
        return ((ink.minX - margin) / layout.width, (ink.maxX - margin) / layout.width)
    }

    @Test func linesAlignByTheirParagraphsDirection() throws {
        // Left to right: leading is the left, trailing the right.
        let ltrLeading = try Self.firstLinePosition("i\nWWWW", .leading)
        let ltrTrailing = try Self.firstLinePosition("i\nWWWW", .trailing)
        let ltrCenter = try Self.firstLinePosition("i\nWWWW", .center)
        #expect(ltrLeading.right < 0.2 && ltrTrailing.left > 0.8)
        #expect(abs((ltrCenter.left + ltrCenter.right) / 2 - 0.5) < 0.05)
        // Right to left (Hebrew): leading is the right, trailing the left.
        let rtlLeading = try Self.firstLinePosition("ו\nשששש", .leading)
        let rtlTrailing = try Self.firstLinePosition("ו\nשששש", .trailing)
        #expect(rtlLeading.left > 0.8 && rtlTrailing.right < 0.2)
    }

    @Test func theLabelIsPaintedInItsColour() throws {
        let layout = try TextLayout(text: "Download", font: Font(description: "Sans Bold 30"))
        let surface = try TextProbe.image(layout, color: Color(red8: 0xD0, green8: 0x20, blue8: 0x40))
        let opaque = try surface.withPixels { (bytes, width, height, stride) throws(RenderError) -> [UInt32] in
            (0..<height).flatMap { y in
                (0..<width).map { bytes.load(fromByteOffset: y * stride + 4 * $0, as: UInt32.self) }
            }.filter { $0 >> 24 == 0xFF }
        }
        #expect(opaque.count > 50)
        #expect(opaque.allSatisfy { $0 == 0xFFD0_2040 })
    }

    @Test(arguments: [TextSamples.latin, TextSamples.cjk, "Receiving table 2 of 5", "Téléchargé à 42 %"])
    func pdfTextIsTheLabel(text: String) throws {
        let layout = try TextLayout(text: text)
        #expect(try PDFText.extract(TextProbe.pdf(layout)) == text)
    }

    /// pdftotext marks right-to-left text with bidi embedding controls (U+202A...U+202C), which
    /// are its way of writing direction, not characters of the label.
    static func withoutBidiControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }))
    }

    @Test func pdfHebrewTextIsTheLabel() throws {
        let layout = try TextLayout(text: TextSamples.hebrew)
        let extracted = try PDFText.extract(TextProbe.pdf(layout))
        #expect(Self.withoutBidiControls(extracted) == TextSamples.hebrew)
    }

    /// Poppler rebuilds the logical order from the glyphs' visual order with its own rules, and
    /// puts the Arabic percent sign before the Arabic-Indic digits ("٪٤٢" for "٤٢٪"), so the
    /// words are compared, and the characters as a multiset: every glyph maps to the label's
    /// characters.
    @Test func pdfArabicTextHasTheLabelsWordsAndCharacters() throws {
        let text = TextSamples.arabic
        let extracted = Self.withoutBidiControls(try PDFText.extract(TextProbe.pdf(TextLayout(text: text))))
        #expect(extracted.contains("تم") && extracted.contains("التنزيل"))
        func letters(_ text: String) -> [UInt32] { text.unicodeScalars.filter { $0 != " " }.map(\.value).sorted() }
        #expect(letters(extracted) == letters(text))
    }

    @Test(arguments: TextSamples.all)
    func aPDFRasterisedByPopplerHasTheSameInk(text: String) throws {
        let layout = try TextLayout(text: text, font: Font(description: "Sans 20"))
        let painted = TextProbe.inkBox(try ExternalRenderer.pdftoppm(TextProbe.pdf(layout)))
        expectBox(painted, near: Self.expectedInk(layout), within: 1)
    }

    @Test func labelsDrawnOnManyThreadsAtOnceMatchOneDrawnAlone() async throws {
        let texts = TextSamples.all
        let alone = try texts.map { try TextProbe.inkBox(TextProbe.image(TextLayout(text: $0))) }
        let shared = try texts.map { try TextLayout(text: $0) }
        try await withThrowingTaskGroup(of: (Int, Rect?).self) { group in
            for round in 0..<40 {
                let index = round % texts.count
                group.addTask {
                    // Half the tasks draw the shared layouts, half lay out their own.
                    let layout = round.isMultiple(of: 2) ? shared[index] : try TextLayout(text: texts[index])
                    return (index, try TextProbe.inkBox(TextProbe.image(layout)))
                }
            }
            for try await (index, box) in group {
                #expect(box == alone[index])
            }
        }
    }
}
