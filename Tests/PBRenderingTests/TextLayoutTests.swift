import CCairo
import Foundation
import PBGeometry
import PBRendering
import Testing

/// Laying labels out: fonts for every script, directions, and extents against independent
/// expectations.
@Suite struct TextLayoutTests {
    @Test(arguments: TextSamples.all)
    func everyScriptHasAFont(text: String) throws {
        let layout = try TextLayout(text: text)
        #expect(layout.unknownGlyphCount == 0, "tofu in \(text), fonts \(layout.resolvedFamilies)")
        #expect(layout.width > 0 && layout.inkExtents.width > 0)
    }

    @Test func tofuIsCounted() throws {
        // U+10FFFD is a private-use character no installed font has: the count can fail.
        let layout = try TextLayout(text: "42\u{10FFFD}\u{10FFFD}")
        #expect(layout.unknownGlyphCount == 2)
    }

    @Test func fallbackFontsAreReportedPrimaryFirst() throws {
        #expect(try TextLayout(text: TextSamples.latin).resolvedFamilies == ["DejaVu Sans"])
        // The CJK characters come first in the text, but the primary font (fontconfig's match
        // for "Sans") comes first in the list.
        let cjk = try TextLayout(text: TextSamples.cjk)
        #expect(cjk.resolvedFamilies.count == 2)
        #expect(cjk.resolvedFamilies.first == "DejaVu Sans")
        #expect(cjk.resolvedFamilies.last?.hasPrefix("Noto Sans CJK") == true)
        #expect(cjk.cssFontFamily == "\"DejaVu Sans\", \"\(cjk.resolvedFamilies[1])\", sans-serif")
        let serif = try TextLayout(text: "Quotes", font: Font(description: "Helvetica, Serif 9"))
        #expect(serif.cssFontFamily == "\"\(serif.resolvedFamilies[0])\", \"Helvetica\", serif")
    }

    @Test(arguments: [
        (TextSamples.latin, TextDirection.leftToRight), (TextSamples.cjk, .leftToRight),
        (TextSamples.arabic, .rightToLeft), (TextSamples.hebrew, .rightToLeft), (TextSamples.mixed, .leftToRight),
        ("42% הורדה", .rightToLeft), ("", .leftToRight),
    ])
    func directionComesFromTheFirstStrongCharacter(text: String, direction: TextDirection) throws {
        #expect(try TextLayout(text: text).direction == direction)
    }

    @Test func textWithoutLettersTakesTheNeutralDirection() throws {
        #expect(try TextLayout(text: "٤٢٪").direction == .leftToRight)
        #expect(try TextLayout(text: "٤٢٪", neutralDirection: .rightToLeft).direction == .rightToLeft)
        #expect(try TextLayout(text: "42%", neutralDirection: .rightToLeft).direction == .rightToLeft)
        #expect(try TextLayout(text: "", neutralDirection: .rightToLeft).direction == .rightToLeft)
        // A letter decides whatever the neutral direction.
        #expect(try TextLayout(text: "Download 42%", neutralDirection: .rightToLeft).direction == .leftToRight)
        #expect(try TextLayout(text: TextSamples.hebrew, neutralDirection: .leftToRight).direction == .rightToLeft)
    }

    /// Cairo's toy text API measures with FreeType's metrics directly, without Pango or
    /// HarfBuzz: for Latin text without kerning pairs its advances and ink box are an
    /// independent measure of the same font.
    @Test(arguments: ["42%", "100%", "Download", "0123456789"])
    func latinExtentsMatchCairosOwnTextMeasure(text: String) throws {
        let layout = try TextLayout(text: text)
        let family = try #require(layout.resolvedFamilies.first)
        let toy = Self.toyExtents(text, family: family, bold: true, size: 12)
        let unit = 1.0 / 1024
        #expect(abs(layout.logicalExtents.width - toy.xAdvance) <= unit)
        #expect(abs(layout.inkExtents.minX - toy.xBearing) <= unit)
        #expect(abs(layout.inkExtents.width - toy.width) <= unit)
        #expect(abs(layout.inkExtents.minY - (layout.baseline + toy.yBearing)) <= unit)
        #expect(abs(layout.inkExtents.height - toy.height) <= unit)
        #expect(layout.logicalExtents.minX == 0 && layout.logicalExtents.minY == 0)
    }

    @Test(arguments: TextSamples.all)
    func doublingTheSizeDoublesTheExtents(text: String) throws {
        let small = try TextLayout(text: text, font: Font(family: "Sans", size: 12))
        let large = try TextLayout(text: text, font: Font(family: "Sans", size: 24))
        // Hinting is off, so only Pango's 1/1024-point rounding of each glyph's advance,
        // offset and extent separates the two.
        let tolerance = Double(text.unicodeScalars.count) * 2 / 1024
        #expect(abs(large.logicalExtents.width - 2 * small.logicalExtents.width) <= tolerance)
        #expect(abs(large.inkExtents.width - 2 * small.inkExtents.width) <= tolerance)
        #expect(abs(large.inkExtents.minX - 2 * small.inkExtents.minX) <= tolerance)
        #expect(abs(large.baseline - 2 * small.baseline) <= 2.0 / 1024)
        #expect(abs(large.logicalExtents.height - 2 * small.logicalExtents.height) <= 2.0 / 1024)
    }

    @Test func aLayoutMeasuredAgainIsTheSameAlsoOnAnotherThread() async throws {
        let first = try TextLayout(text: TextSamples.mixed)
        #expect(try TextLayout(text: TextSamples.mixed) == first)
        let fromAnotherThread = try await Task.detached { try TextLayout(text: TextSamples.mixed) }.value
        #expect(fromAnotherThread == first)
        let thread = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try TextLayout(text: TextSamples.mixed) })
            }.start()
        }
        #expect(thread == first)
    }

    @Test func linesStackAndAlignByDirection() throws {
        let one = try TextLayout(text: "bb")
        let two = try TextLayout(text: "a\nbb")
        #expect(two.lineCount == 2 && one.lineCount == 1)
        #expect(two.width == one.width)
        #expect(abs(two.height - 2 * one.height) <= 1.0 / 1024)
        #expect(two.baseline == one.baseline)
    }

    @Test func emptyTextHasALineButNoWidth() throws {
        let layout = try TextLayout(text: "")
        #expect(layout.width == 0 && layout.lineCount == 1 && layout.height > 0)
        #expect(layout.inkExtents.width == 0 && layout.inkExtents.height == 0)
    }

    @Test func refusesNulLongAndHugeText() throws {
        #expect(throws: TextLayoutError(.nulCharacter, value: 2)) { try TextLayout(text: "42\0%") }
        // Cairo refused U+FFFF in a PDF's text (a 500 from the server, found by the fuzzer's serve target).
        for (prefix, value, suffix) in [("pe", 0xFFFF, ""), ("", 0xFDD0, ""), ("ab", 0x10FFFE, "c")] {
            let scalar = try #require(Unicode.Scalar(UInt32(value)))
            let error = TextLayoutError(.noncharacter(scalar), value: prefix.unicodeScalars.count)
            #expect(throws: error) { try TextLayout(text: prefix + String(Character(scalar)) + suffix) }
        }
        let ffff = try #require(Unicode.Scalar(UInt32(0xFFFF)))
        #expect(
            TextLayoutError(.noncharacter(ffff), value: 2).description
                == "the label contains U+FFFF, a Unicode noncharacter, at offset 2")
        // U+FFFD and private-use characters are not noncharacters.
        #expect((try? TextLayout(text: "\u{FFFD}\u{E000}")) != nil)
        let long = String(repeating: "a", count: TextLayout.maximumLength + 1)
        #expect(throws: TextLayoutError(.tooLong, value: 1001)) { try TextLayout(text: long) }
        #expect(throws: Never.self) { try TextLayout(text: String(long.dropLast())) }
        let wide = String(repeating: "W", count: 200)
        #expect(throws: TextLayoutError.self) { try TextLayout(text: wide, font: Font(size: 1000)) }
        #expect(
            TextLayoutError(.tooLong, value: 1001).description
                == "the label has 1001 characters, more than the 1000 a label may have")
    }

    // MARK: - Cairo's toy text API

    struct ToyExtents {
        var xBearing, yBearing, width, height, xAdvance: Double
    }

    static func toyExtents(_ text: String, family: String, bold: Bool, size: Double) -> ToyExtents {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        cairo_select_font_face(
            cairo, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, size)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cairo, options)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        return ToyExtents(
            xBearing: extents.x_bearing, yBearing: extents.y_bearing, width: extents.width,
            height: extents.height, xAdvance: extents.x_advance)
    }
}
