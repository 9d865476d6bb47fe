internal import CPango

/// A font as a Pango font description: families, size in points, weight, style.
///
/// Made from a description in Pango's syntax (`Font(description: "Sans Bold 14")`: a
/// comma-separated family list, then style words, then the size; see
/// `pango_font_description_from_string`) or from its parts. Fields the description leaves out
/// take Pango's defaults (regular weight, normal style), except the family, ``defaultFamily``,
/// and the size, ``defaultSize``. Sizes are in points; a size in `px` is read as points too,
/// since labels are laid out at 72 dpi, where one device unit is one point.
///
/// Font descriptions are matched by fontconfig when a label is laid out (see ``TextLayout``):
/// a family that is not installed falls back to fontconfig's choice, and characters the
/// matched font lacks fall back to other installed fonts.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The family used when a description names none: `Sans`, fontconfig's alias for the
    /// system's sans-serif font (DejaVu Sans on Debian), which Pango falls back from per script
    /// (Noto Sans CJK for CJK).
    public static let defaultFamily = "Sans"
    /// The size used when a description gives none: 12 points, the size of ``default``.
    public static let defaultSize: Double = 12
    /// The largest size accepted, 1000 points: larger than any label fits on a canvas of
    /// ``Scene/maximumPixelDimension`` pixels at a useful scale, and small enough that a
    /// label of ``TextLayout/maximumLength`` characters stays within Pango's 32-bit
    /// 1/1024-point coordinates.
    public static let maximumSize: Double = 1000

    /// `Sans Bold 12`: the label font of the sync toolbar in the seed documents (Helvetica
    /// bold, size 12), with Helvetica replaced by the generic sans-serif family, which exists on
    /// every system and falls back per script.
    /// Written out rather than read by Pango, so that the default font loads no library.
    public static let `default` = Font(
        description: "Sans Bold 12", family: "Sans", size: 12, weight: .bold, style: .normal)

    /// The description in Pango's normal form (`Sans Bold 14`), size in points; reading it
    /// with ``init(description:)`` gives this font again.
    public let description: String
    /// The family list as Pango holds it: one family or several separated by commas.
    public let family: String
    /// The size in points, a multiple of 1/1024 (Pango's unit), in `0 < size <= maximumSize`.
    public let size: Double
    /// The weight.
    public let weight: Weight
    /// The style.
    public let style: Style

    /// The families of ``family``, in order, without surrounding spaces.
    public var families: [String] {
        family.split(separator: ",").map { (name: Substring) -> String in
            var name = name
            while name.first == " " { name.removeFirst() }
            while name.last == " " { name.removeLast() }
            return String(name)
        }.filter { !$0.isEmpty }
    }

    /// Reads a font from a Pango font description such as `Sans Bold 14`,
    /// `DejaVu Sans, Noto Sans CJK JP Italic 9.5` or `Serif 20px`.
    ///
    /// - Parameter text: The description. Pango reads it leniently: words it does not know as
    ///   a style or size become part of the family name (`Sans Bald 14` asks for a family
    ///   "Sans Bald", which fontconfig replaces by its default).
    /// - Throws: ``FontError`` `.sizeNotPositive` for a size of zero or less (`Sans 0`,
    ///   `Sans -3`), `.sizeTooLarge` above ``maximumSize``, `.sizeNotANumber` for a last word
    ///   that starts like a number but is not one (`Sans 12pt`), `.libraryUnavailable` when Pango
    ///   cannot be loaded (it is loaded with the first font read, not with every process).
    public init(description text: String) throws(FontError) {
        let functions = try Self.pango(fontDescription: text)
        self = try Self.withPangoDescription(text, pango: functions) { (pango) throws(FontError) in
            let mask = functions.pango_font_description_get_set_fields(pango).rawValue
            if mask & PANGO_FONT_MASK_SIZE.rawValue != 0 {
                let units = functions.pango_font_description_get_size(pango)
                try Self.validate(size: Double(units) / Double(PANGO_SCALE), fontDescription: text)
                // Sizes in `px` are device units, which are points at 72 dpi.
                functions.pango_font_description_set_size(pango, units)
            } else {
                if let word = Self.unreadSizeWord(in: text) {
                    // Pango reads no negative or huge size: it left the word in the family.
                    guard let number = Double(word.hasSuffix("px") ? String(word.dropLast(2)) : word) else {
                        throw FontError(.sizeNotANumber, fontDescription: text, value: word)
                    }
                    try Self.validate(size: number, fontDescription: text)
                }
                functions.pango_font_description_set_size(pango, Self.pangoUnits(Self.defaultSize))
            }
            let family = functions.pango_font_description_get_family(pango).map { String(cString: $0) } ?? ""
            functions.pango_font_description_set_family(pango, Self.familyList(family))
            return Font(pango, functions: functions)
        }
    }

    /// Makes a font from its parts.
    ///
    /// - Parameters:
    ///   - family: One family, or several separated by commas; empty means ``defaultFamily``.
    ///   - size: The size in points, rounded to Pango's 1/1024 point.
    ///   - weight: The weight.
    ///   - style: The style.
    /// - Throws: ``FontError`` `.sizeNotANumber` for NaN or infinity, `.sizeNotPositive` for a
    ///   size that is (or rounds to) zero or less, `.sizeTooLarge` above ``maximumSize``,
    ///   `.libraryUnavailable` when Pango cannot be loaded.
    public init(
        family: String = Font.defaultFamily, size: Double = Font.defaultSize, weight: Weight = .regular,
        style: Style = .normal
    ) throws(FontError) {
        let family = Self.familyList(family)
        try Self.validate(size: size, fontDescription: "\(family) \(size)")
        let functions = try Self.pango(fontDescription: "\(family) \(size)")
        self = Self.withPangoDescription("", pango: functions) { pango in
            functions.pango_font_description_set_family(pango, family)
            functions.pango_font_description_set_size(pango, Self.pangoUnits(size))
            functions.pango_font_description_set_weight(pango, PangoWeight(rawValue: numericCast(weight.value)))
            functions.pango_font_description_set_style(pango, style.pangoValue)
            return Font(pango, functions: functions)
        }
    }

    /// A font with every field given.
    private init(description: String, family: String, size: Double, weight: Weight, style: Style) {
        self.description = description
        self.family = family
        self.size = size
        self.weight = weight
        self.style = style
    }

    /// Copies the fields of a validated Pango description (family and size set).
    private init(_ pango: OpaquePointer, functions: pb_pango_functions) {
        if let string = functions.pango_font_description_to_string(pango) {
            description = String(cString: string)
            functions.g_free(string)
        } else {
            description = ""
        }
        family = functions.pango_font_description_get_family(pango).map { String(cString: $0) } ?? Self.defaultFamily
        size = Double(functions.pango_font_description_get_size(pango)) / Double(PANGO_SCALE)
        weight = Weight(Int(functions.pango_font_description_get_weight(pango).rawValue)) ?? .regular
        style = Style(functions.pango_font_description_get_style(pango))
    }

    /// Pango's functions, or `.libraryUnavailable` for the font `fontDescription`.
    private static func pango(fontDescription: String) throws(FontError) -> pb_pango_functions {
        guard let functions = Pango.functions else {
            throw FontError(
                .libraryUnavailable(reason: Pango.unavailableReason), fontDescription: fontDescription, value: "")
        }
        return functions
    }

    /// Calls `body` with a new Pango description read from `text`, freed afterwards.
    ///
    /// The corresponding C functions are `pango_font_description_from_string` and
    /// `pango_font_description_free`. Font descriptions are plain data: no lock is needed.
    static func withPangoDescription<R, E: Error>(
        _ text: String, pango functions: pb_pango_functions, _ body: (OpaquePointer) throws(E) -> R
    ) throws(E) -> R {
        let pango = Pango.made(
            functions.pango_font_description_from_string(text), by: "pango_font_description_from_string")
        defer { functions.pango_font_description_free(pango) }
        return try body(pango)
    }

    /// A family list without empty names (`A,,B`, `A,` and `,` name nothing), or
    /// ``defaultFamily`` when no name is left. Pango drops one trailing comma each time it reads
    /// a description, so a list ending in empty names read back as another list, and a font
    /// as another font (found by fuzzing).
    private static func familyList(_ family: String) -> String {
        let names = family.split(separator: ",").filter { !$0.allSatisfy(\.isWhitespace) }
        return names.isEmpty ? defaultFamily : names.joined(separator: ",")
    }

    /// Pango's units (1/1024 point) for a size in points.
    private static func pangoUnits(_ points: Double) -> Int32 {
        Int32((points * Double(PANGO_SCALE)).rounded())
    }

    private static func validate(size: Double, fontDescription: String) throws(FontError) {
        guard size.isFinite else {
            throw FontError(.sizeNotANumber, fontDescription: fontDescription, value: "\(size)")
        }
        guard size <= maximumSize else {
            throw FontError(.sizeTooLarge, fontDescription: fontDescription, value: "\(size)")
        }
        // Checked before converting: a huge negative size would not fit in Int32.
        guard size > 0, pangoUnits(size) > 0 else {
            throw FontError(.sizeNotPositive, fontDescription: fontDescription, value: "\(size)")
        }
    }

    /// The last word of `text` (before a `@variations` word) when it starts like a number but
    /// Pango did not take it as the size; a word ending in a comma belongs to the family.
    private static func unreadSizeWord(in text: String) -> String? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        if words.last?.hasPrefix("@") == true { words.removeLast() }
        guard let word = words.last, !word.hasSuffix(","), let first = word.first,
            first.isASCII, first.isNumber || first == "-" || first == "+" || first == "."
        else { return nil }
        return word
    }
}
