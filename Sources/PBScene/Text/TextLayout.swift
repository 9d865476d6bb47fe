internal import CPango
import PBGeometry

/// A label laid out once by Pango: its glyphs, fonts and lines fixed, its measurements in
/// points, independent of the surface it is drawn on.
///
/// Pango shapes the text, resolves its bidirectional runs, and picks a font for every run
/// through fontconfig (the requested family first, then any installed font that has the
/// characters), at 72 dpi with hinting off and unhinted metrics, without rounding glyph
/// positions. So the same layout draws with the same geometry on a PNG at any scale and a PDF,
/// its measurements are the ones an SVG `<text>` needs (``logicalExtents`` width for
/// `textLength`, ``baseline``, ``cssFontFamily``), and doubling the font size doubles every
/// extent up to Pango's 1/1024-point rounding.
///
/// All coordinates are relative to the layout's origin, the top-left corner of its layout box
/// (y grows downwards): a one-line layout's ``logicalExtents`` start at (0, 0), its
/// ``baseline`` is the y of the first line's baseline. The layout is immutable and `Sendable`:
/// several threads may measure and draw it at once (see the thread-safety notes on the
/// internal `PangoTextSystem`).
public struct TextLayout: Sendable, Hashable {
    /// The most Unicode scalars a label may have: 1000, far more than a label needs, and few
    /// enough that a label at ``Font/maximumSize`` stays within Pango's 32-bit coordinates.
    public static let maximumLength = 1000
    /// The largest width or height a laid-out label may have: 100,000 points.
    public static let maximumExtent: Double = 100_000

    /// The text as given.
    public let text: String
    /// The font asked for.
    public let font: Font
    /// How lines align with each other.
    public let alignment: TextAlignment
    /// The direction of a paragraph without a strong character, as asked for.
    public let neutralDirection: TextDirection

    /// The logical box in points: the lines' advance widths and their font ascents and
    /// descents plus line spacing. What to place and align by; its width is what an SVG
    /// `<text>`'s `textLength` should be.
    public let logicalExtents: Rect
    /// The ink box in points: the union of the glyph outlines (zero-sized, on the baseline, for
    /// text without ink such as "" or " ").
    public let inkExtents: Rect
    /// The y of the first line's baseline, in points below the layout's origin.
    public let baseline: Double
    /// The direction of the first paragraph: from its first strong character (a letter), else
    /// ``neutralDirection``.
    public let direction: TextDirection
    /// The number of lines (a line break, U+000A, starts a new one; lines do not wrap).
    public let lineCount: Int
    /// How many glyphs are missing from every font Pango could use and would be drawn as boxes
    /// ("tofu"): 0 when every character of the text has a font. The corresponding C function
    /// is `pango_layout_get_unknown_glyphs_count`.
    public let unknownGlyphCount: Int
    /// The families of the fonts the glyphs were actually taken from, without repeats: the
    /// family that fontconfig matched for ``font`` first (if used), then the fallbacks in the
    /// order the text first uses them (e.g. `["DejaVu Sans", "Noto Sans CJK JP"]`).
    public let resolvedFamilies: [String]

    /// The Pango layout, drawn by `CairoContext.draw(_:at:color:)`.
    package let owner: PangoLayoutOwner

    /// Lays out `text` in `font`.
    ///
    /// - Parameters:
    ///   - text: The label; U+000A starts a new line; lines do not wrap.
    ///   - font: The font.
    ///   - alignment: How lines align with each other (no effect on one line).
    ///   - neutralDirection: The direction of a paragraph without a strong character, such as
    ///     "42%" or "٤٢٪": the locale's direction. A paragraph with a letter takes the letter's.
    /// - Throws: ``TextLayoutError`` `.nulCharacter` when the text contains U+0000,
    ///   `.noncharacter` when it contains a Unicode noncharacter (U+FFFF, …), `.tooLong`
    ///   above ``maximumLength`` Unicode scalars, `.tooLarge` when the laid-out text exceeds
    ///   ``maximumExtent`` points, `.libraryUnavailable` when Pango cannot be loaded (it is
    ///   loaded with the first label, not with every process).
    /// - Complexity: Pango's shaping and line layout, about linear in the length of the text:
    ///   a few microseconds for a short label (median measured in the benchmark notes).
    public init(
        text: String, font: Font = .default, alignment: TextAlignment = .leading,
        neutralDirection: TextDirection = .leftToRight
    ) throws(TextLayoutError) {
        var count = 0
        for scalar in text.unicodeScalars {
            if scalar == "\0" { throw TextLayoutError(.nulCharacter, value: count) }
            if scalar.properties.isNoncharacterCodePoint { throw TextLayoutError(.noncharacter(scalar), value: count) }
            count += 1
        }
        guard count <= Self.maximumLength else { throw TextLayoutError(.tooLong, value: count) }

        guard let system = PangoTextSystem.shared else {
            throw TextLayoutError(.libraryUnavailable(reason: Pango.unavailableReason), value: 0)
        }
        let measured = system.withContext(neutralDirection: neutralDirection, fontDescription: font.description) {
            context in
            Self.layOut(text, font: font, alignment: alignment, context: context, system: system)
        }
        let largest = max(measured.logical.width, measured.logical.height, measured.ink.width, measured.ink.height)
        guard largest <= Self.maximumExtent, measured.logical.width >= 0, measured.ink.width >= 0 else {
            throw TextLayoutError(.tooLarge, value: Int(min(largest, Double(Int.max / 2))))
        }
        self.text = text
        self.font = font
        self.alignment = alignment
        self.neutralDirection = neutralDirection
        logicalExtents = measured.logical
        inkExtents = measured.ink
        baseline = measured.baseline
        direction = measured.direction
        lineCount = measured.lineCount
        unknownGlyphCount = measured.unknownGlyphCount
        resolvedFamilies = measured.families
        owner = measured.owner
    }

    /// The layout's size: the logical box's width and height, in points.
    public var width: Double { logicalExtents.width }
    /// The logical box's height, in points.
    public var height: Double { logicalExtents.height }

    /// Two layouts are equal when their inputs and all their measurements are equal.
    public static func == (lhs: TextLayout, rhs: TextLayout) -> Bool {
        lhs.text == rhs.text && lhs.font == rhs.font && lhs.alignment == rhs.alignment
            && lhs.neutralDirection == rhs.neutralDirection && lhs.logicalExtents == rhs.logicalExtents
            && lhs.inkExtents == rhs.inkExtents && lhs.baseline == rhs.baseline && lhs.direction == rhs.direction
            && lhs.lineCount == rhs.lineCount && lhs.unknownGlyphCount == rhs.unknownGlyphCount
            && lhs.resolvedFamilies == rhs.resolvedFamilies
    }

    /// Hashes the inputs and the logical box.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(font)
        hasher.combine(logicalExtents)
    }

    /// What Pango measured, carried out of the lock.
    private struct Measured: Sendable {
        var owner: PangoLayoutOwner
        var logical: Rect
        var ink: Rect
        var baseline: Double
        var direction: TextDirection
        var lineCount: Int
        var unknownGlyphCount: Int
        var families: [String]
    }

    /// Lays the text out and measures it; called under the lock.
    ///
    /// The corresponding C functions are `pango_layout_new`, `pango_layout_set_text`,
    /// `pango_layout_get_extents`, `pango_layout_get_baseline`,
    /// `pango_layout_line_get_resolved_direction` and `pango_layout_get_unknown_glyphs_count`.
    private static func layOut(
        _ text: String, font: Font, alignment: TextAlignment, context: OpaquePointer, system: PangoTextSystem
    ) -> Measured {
        let pango = system.pango
        let layout = Pango.made(pango.pango_layout_new(context), by: "pango_layout_new")
        let primaryFamily = Font.withPangoDescription(font.description, pango: pango) { description in
            pango.pango_layout_set_font_description(layout, description)
            return Self.primaryFamily(of: description, context: context, pango: pango)
        }
        pango.pango_layout_set_auto_dir(layout, 1)
        pango.pango_layout_set_alignment(layout, alignment.pangoValue)
        pango.pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango.pango_layout_get_extents(layout, &ink, &logical)
        let firstLine = pango.pango_layout_get_line_readonly(layout, 0)
        let direction =
            firstLine.map { pango.pango_layout_line_get_resolved_direction($0) == PANGO_DIRECTION_RTL } == true
            ? TextDirection.rightToLeft : .leftToRight
        return Measured(
            owner: PangoLayoutOwner(layout, system: system), logical: rect(logical), ink: rect(ink),
            baseline: points(pango.pango_layout_get_baseline(layout)), direction: direction,
            lineCount: Int(pango.pango_layout_get_line_count(layout)),
            unknownGlyphCount: Int(pango.pango_layout_get_unknown_glyphs_count(layout)),
            families: usedFamilies(layout, primary: primaryFamily, pango: pango))
    }

    /// The family fontconfig matches first for `description` (what a character every font has
    /// is drawn in). The corresponding C function is `pango_context_load_font`.
    private static func primaryFamily(
        of description: OpaquePointer, context: OpaquePointer, pango: pb_pango_functions
    ) -> String? {
        guard let font = pango.pango_context_load_font(context, description) else { return nil }
        defer { pango.g_object_unref(font) }
        return family(of: font, pango: pango)
    }

    /// The families of the fonts of the layout's runs: `primary` first if used, then in order
    /// of first use in the text.
    private static func usedFamilies(_ layout: OpaquePointer, primary: String?, pango: pb_pango_functions) -> [String] {
        var firstUse: [(offset: Int32, family: String)] = []
        guard let iterator = pango.pango_layout_get_iter(layout) else { return [] }
        defer { pango.pango_layout_iter_free(iterator) }
        repeat {
            if let run = pango.pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let font = item.pointee.analysis.font, let family = family(of: font, pango: pango)
            {
                firstUse.append((item.pointee.offset, family))
            }
        } while pango.pango_layout_iter_next_run(iterator) != 0
        var families: [String] = []
        for (_, family) in firstUse.sorted(by: { $0.offset < $1.offset }) where !families.contains(family) {
            families.append(family)
        }
        if let primary, let index = families.firstIndex(of: primary) {
            families.remove(at: index)
            families.insert(primary, at: 0)
        }
        return families
    }

    /// The family of a loaded font. The corresponding C function is `pango_font_describe`.
    private static func family(of font: UnsafeMutablePointer<PangoFont>, pango: pb_pango_functions) -> String? {
        guard let description = pango.pango_font_describe(font) else { return nil }
        defer { pango.pango_font_description_free(description) }
        return pango.pango_font_description_get_family(description).map { String(cString: $0) }
    }

    private static func points(_ units: Int32) -> Double {
        Double(units) / Double(PANGO_SCALE)
    }

    private static func rect(_ rectangle: PangoRectangle) -> Rect {
        Rect(
            x: points(rectangle.x), y: points(rectangle.y), width: points(rectangle.width),
            height: points(rectangle.height))
    }
}

extension TextAlignment {
    /// Pango's alignment; with `auto_dir` (on), Pango mirrors left and right for right-to-left
    /// paragraphs, which makes left "leading".
    var pangoValue: PangoAlignment {
        switch self {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
    }
}
