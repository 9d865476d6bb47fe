import PBGeometry

/// The cascade, as librsvg applies it: which declaration of each property wins on an element
/// (presentation attributes, then the sheet's rules by specificity, then `style=""`, then the
/// sheet's `!important` declarations, then the `style` attribute's), and the few computed values
/// reading a document needs: what is displayed and visible, the transform, the font size that
/// `em` lengths refer to, and what the progress draws along (the stroke, its dashes, whether the
/// fill paints, markers).
///
/// Colours, paint servers, opacity, clipping, masking, filters and text are librsvg's: a
/// rewritten document keeps their declarations as they are.
struct StyleResolver: Sendable {
    var sheet = StyleSheet()

    /// The declaration that wins a property on an element, and where it came from.
    struct Winner: Hashable {
        var value: String
        /// Whether it comes from a `<style>` sheet (so that where the element stands decides it).
        var fromSheet: Bool
        /// Whether it is the element's presentation attribute (SVG syntax, not CSS).
        var fromAttribute: Bool
    }

    /// The computed values the reader needs.
    struct Computed {
        /// `visibility` (inherited): hidden elements are not drawn, but their children may be.
        var isVisible = true
        /// `display: none` (not inherited, but nothing inside is drawn).
        var isDisplayed = true
        /// The font size in user units (inherited): librsvg's initial one is 12.
        var fontSize = Self.initialFontSize
        /// Whether `stroke` is not `none`.
        var hasStrokePaint = false
        /// The stroke width in user units (initially 1).
        var strokeWidth = 1.0
        /// The dash array in user units: empty for a solid stroke; an odd list as written is repeated.
        var dashArray: [Double] = []
        /// The dash offset in user units.
        var dashOffset = 0.0
        /// Whether the fill paints: `fill` is not `none` and `fill-opacity` is above 0.
        var fillPaints = true
        var fillIsNone = false
        var fillOpacity = 1.0
        /// Whether `marker-start`, `marker-mid` and `marker-end` are set to something (each inherited).
        var markers = [false, false, false]
        /// Whether any marker is set.
        var hasMarkers: Bool { markers.contains(true) }
        /// The element's own transform (`transform`, the attribute or the CSS property); not inherited.
        var transform: Transform?

        /// librsvg's initial font size (browsers' is 16: a rewritten document sets 12 on its root
        /// when nothing else does, so both draw alike).
        static let initialFontSize = 12.0
    }

    /// The winning declaration of every property set on element `index` (shorthands expanded:
    /// `marker` to its three properties), by property name.
    ///
    /// - Complexity: the element's attributes and `style` declarations, plus
    ///   ``StyleSheet/matchingDeclarations(_:in:)``.
    func cascade(_ index: Int, in tree: XMLTree) -> [String: Winner] {
        let element = tree.elements[index]
        var winners: [String: Winner] = [:]
        var importance: [String: Bool] = [:]
        func apply(_ declaration: StyleSheet.Declaration, fromSheet: Bool, fromAttribute: Bool = false) {
            for property in Self.longhands(declaration.property) {
                // An important declaration is not replaced by a later normal one.
                if importance[property] == true, !declaration.isImportant { continue }
                winners[property] = Winner(value: declaration.value, fromSheet: fromSheet, fromAttribute: fromAttribute)
                importance[property] = declaration.isImportant
            }
        }
        for (name, value) in element.attributes where CSSProperty.isPresentationAttribute(name) {
            apply(
                StyleSheet.Declaration(property: name, value: value, isImportant: false), fromSheet: false,
                fromAttribute: true)
        }
        let fromSheet = sheet.rules.isEmpty ? [] : sheet.matchingDeclarations(index, in: tree)
        let inline = element.attributes["style"].map(StyleSheet.declarations) ?? []
        for declaration in fromSheet where !declaration.isImportant { apply(declaration, fromSheet: true) }
        for declaration in inline where !declaration.isImportant { apply(declaration, fromSheet: false) }
        for declaration in fromSheet where declaration.isImportant { apply(declaration, fromSheet: true) }
        for declaration in inline where declaration.isImportant { apply(declaration, fromSheet: false) }
        return winners
    }

    /// The longhand properties a declaration of `property` sets: `marker` sets the three markers.
    static func longhands(_ property: String) -> [String] {
        property == "marker" ? ["marker-start", "marker-mid", "marker-end"] : [property]
    }

    /// The computed values of an element with `winners` (``cascade(_:in:)``) whose parent
    /// computed `parent`; `viewport` resolves percentages. `warn` receives each value ignored.
    ///
    /// - Throws: ``SVGDocumentError`` (`invalidValue`) for a `transform` attribute that cannot
    ///   be read (a style declaration that cannot be read is ignored with a warning instead, as
    ///   CSS ignores it).
    func compute(
        _ winners: [String: Winner], parent: Computed, viewport: Size, element: String,
        warn: (String) -> Void
    ) throws(SVGDocumentError) -> Computed {
        var computed = parent
        computed.isDisplayed = true
        computed.transform = nil
        func value(_ property: String) -> String? {
            guard let winner = winners[property] else { return nil }
            let text = winner.value.trimmingCharacters
            return text.lowercased() == "inherit" ? nil : text
        }
        func ignore(_ property: String, _ text: String, _ reason: String) {
            warn("\(property): \"\(SVGDocumentError.shortened(text))\" ignored: \(reason)")
        }
        // The font size first: em lengths of this element refer to it.
        if let text = value("font-size") {
            if let size = Self.fontSize(text, parent: parent.fontSize, viewport: viewport), size >= 0 {
                computed.fontSize = size
            } else {
                ignore("font-size", text, "not a length of zero or more")
            }
        }
        if let text = value("display") { computed.isDisplayed = text.lowercased() != "none" }
        if let text = value("visibility") {
            switch text.lowercased() {
            case "visible": computed.isVisible = true
            case "hidden", "collapse": computed.isVisible = false
            default: ignore("visibility", text, "not visible, hidden or collapse")
            }
        }
        if let text = value("stroke") { computed.hasStrokePaint = text.lowercased() != "none" }
        if let text = value("fill") { computed.fillIsNone = text.lowercased() == "none" }
        if let text = value("fill-opacity") {
            if let opacity = Self.opacity(text) { computed.fillOpacity = opacity }
        }
        computed.fillPaints = !computed.fillIsNone && computed.fillOpacity > 0
        if let text = value("stroke-width") {
            if let width = length(text, viewport, computed.fontSize), width >= 0 {
                computed.strokeWidth = width
            } else {
                ignore("stroke-width", text, "not a length of zero or more")
            }
        }
        if let text = value("stroke-dasharray") {
            if let dashes = Self.dashes(text, viewport, computed.fontSize) {
                computed.dashArray = dashes
            } else {
                ignore("stroke-dasharray", text, "not none or a list of lengths of zero or more")
            }
        }
        if let text = value("stroke-dashoffset") {
            if let offset = length(text, viewport, computed.fontSize) {
                computed.dashOffset = offset
            } else {
                ignore("stroke-dashoffset", text, "not a length")
            }
        }
        for (position, name) in ["marker-start", "marker-mid", "marker-end"].enumerated() {
            if let text = value(name) { computed.markers[position] = text.lowercased() != "none" }
        }
        if let winner = winners["transform"], let text = value("transform"), text.lowercased() != "none" {
            guard let transform = TransformList.parse(text, css: !winner.fromAttribute) else {
                guard !winner.fromAttribute else {
                    throw SVGDocumentError(
                        kind: .invalidValue(
                            element: element, attribute: "transform", value: text,
                            reason: "expected matrix, translate, scale, rotate, skewX or skewY functions"),
                        fileName: nil, line: 0)
                }
                ignore("transform", text, "not a list of transform functions")
                return computed
            }
            computed.transform = transform
        }
        return computed
    }

    /// A length in user units (percentages of the normalized diagonal), or `nil`.
    func length(_ text: String, _ viewport: Size, _ fontSize: Double) -> Double? {
        (try? SVGLength(parsing: text)).map { $0.resolved(in: viewport, .other, fontSize: fontSize) }
    }

    /// An opacity: a number or a percentage, pinned to `0...1`.
    static func opacity(_ text: String) -> Double? {
        var scanner = ValueScanner(text)
        guard let number = scanner.number() else { return nil }
        let isPercent = scanner.current == UInt8(ascii: "%")
        if isPercent { scanner.index += 1 }
        guard scanner.isAtEnd else { return nil }
        return min(max(isPercent ? number / 100 : number, 0), 1)
    }

    /// A font size: a length (em and ex of the parent's size, a percentage of it), or one of
    /// CSS's keywords as librsvg sizes them (`medium` 16, each step 1.2 times the last;
    /// `larger` and `smaller` 1.2 times the parent's, up or down).
    static func fontSize(_ text: String, parent: Double, viewport: Size) -> Double? {
        let keywords: [String: Double] = [
            "xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3,
        ]
        let lowered = text.lowercased()
        if let step = keywords[lowered] { return 16 * pow(1.2, step) }
        if lowered == "larger" { return parent * 1.2 }
        if lowered == "smaller" { return parent / 1.2 }
        guard let length = try? SVGLength(parsing: text) else { return nil }
        if length.unit == "%" { return length.value / 100 * parent }
        return length.resolved(in: viewport, .other, fontSize: parent)
    }

    /// A dash array: `none` is empty, as is a list that sums to zero (a solid stroke, as SVG
    /// says); an odd list is repeated; `nil` for a negative or unreadable length.
    static func dashes(_ text: String, _ viewport: Size, _ fontSize: Double) -> [Double]? {
        if text.lowercased() == "none" { return [] }
        guard let lengths = try? SVGLength.list(parsing: text) else { return nil }
        let values = lengths.map { $0.resolved(in: viewport, .other, fontSize: fontSize) }
        guard values.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        if values.reduce(0, +) == 0 { return [] }
        return values.count % 2 == 1 ? values + values : values
    }
}

/// `base` to the power `exponent` for the few font size steps (integers from -3 to 3).
private func pow(_ base: Double, _ exponent: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(abs(exponent)) { result *= base }
    return exponent < 0 ? 1 / result : result
}
