import PBGeometry
import PBStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cascade and the computed values: which declarations apply to an element (presentation
/// attributes, then the sheet's rules by specificity, then `style=""`, then `!important` ones)
/// and what each property computes to from its parent's style.
///
/// A value that cannot be read is ignored, as CSS ignores an invalid declaration, with a
/// warning: the property keeps its inherited (or initial) value.
struct StyleResolver {
    /// The properties read, as presentation attributes and in style declarations.
    static let properties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color",
        "display", "visibility", "stop-color", "stop-opacity",
    ]

    var sheet = StyleSheet()

    /// What an element's cascade gives: the computed style, and whether it is drawn at all.
    struct Computed {
        var style: SVGStyle
        /// `visibility` (inherited): hidden elements are not drawn, but their children may be.
        var isVisible: Bool
        /// `display: none` (not inherited, but nothing inside is drawn).
        var isDisplayed: Bool
    }

    /// The declarations that apply to `element`, in cascade order (later wins).
    ///
    /// - Complexity: the rules indexed under the element's type, classes and id, and the
    ///   declarations of those that match (bounded for a whole document by ``DocumentCost``).
    func declarations(for element: XMLTree.Element) -> [StyleSheet.Declaration] {
        var result: [StyleSheet.Declaration] = []
        for (name, value) in element.attributes where Self.properties.contains(name) {
            result.append(StyleSheet.Declaration(property: name, value: value, isImportant: false))
        }
        let classes =
            element.attributes["class"].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
        let fromSheet = sheet.matchingDeclarations(type: element.name, id: element.attributes["id"], classes: classes)
        let inline = element.attributes["style"].map(StyleSheet.declarations) ?? []
        result += fromSheet.filter { !$0.isImportant } + inline.filter { !$0.isImportant }
        result += fromSheet.filter(\.isImportant) + inline.filter(\.isImportant)
        return result.filter { Self.properties.contains($0.property) }
    }

    /// The computed style of an element with `declarations` whose parent computed `parent`;
    /// `viewport` resolves percentages. `warn` receives each ignored declaration.
    func compute(
        _ declarations: [StyleSheet.Declaration], parent: Computed, viewport: Size, warn: (String) -> Void
    ) -> Computed {
        var computed = parent
        computed.isDisplayed = true
        // Opacity is not inherited: the element's own multiplies its ancestors' (kept in the parent).
        var ownOpacity = 1.0
        // `color` first: `currentColor` in this element's fill or stroke refers to its own color.
        let ordered =
            declarations.filter { $0.property == "color" } + declarations.filter { $0.property != "color" }
        for declaration in ordered {
            let value = declaration.value.trimmingCharacters
            let lowered = value.lowercased()
            func ignore(_ reason: String) {
                warn("\(declaration.property): \"\(SVGDocumentError.shortened(value))\" ignored: \(reason)")
            }
            if lowered == "inherit" {
                if declaration.property == "display" { continue }
                if declaration.property == "opacity" { ownOpacity = 1 }
                continue  // every other property read here inherits already
            }
            switch declaration.property {
            case "color":
                if lowered == "currentcolor" { continue }
                guard let color = Self.color(value) else {
                    ignore("not a colour")
                    continue
                }
                computed.style.color = color
            case "fill", "stroke":
                guard let paint = Self.paint(value, currentColor: computed.style.color) else {
                    ignore("not a paint (none, a colour, currentColor or url(#id))")
                    continue
                }
                if declaration.property == "fill" { computed.style.fill = paint } else { computed.style.stroke = paint }
            case "fill-opacity", "stroke-opacity", "opacity":
                guard let number = Self.opacity(value) else {
                    ignore("not a number or a percentage")
                    continue
                }
                switch declaration.property {
                case "fill-opacity": computed.style.fillOpacity = number
                case "stroke-opacity": computed.style.strokeOpacity = number
                default: ownOpacity = number
                }
            case "fill-rule":
                guard let rule = SVGFillRule(rawValue: lowered) else {
                    ignore("not nonzero or evenodd")
                    continue
                }
                computed.style.fillRule = rule
            case "stroke-width":
                guard let width = Self.length(value, viewport), width >= 0 else {
                    ignore("not a length of zero or more")
                    continue
                }
                computed.style.strokeWidth = width
            case "stroke-linecap":
                guard let cap = LineCap(rawValue: lowered) else {
                    ignore("not butt, round or square")
                    continue
                }
                computed.style.lineCap = cap
            case "stroke-linejoin":
                // SVG 2's miter-clip and arcs fall back to miter, as browsers without them do.
                let join = ["miter-clip": "miter", "arcs": "miter"][lowered] ?? lowered
                guard let cap = LineJoin(rawValue: join) else {
                    ignore("not miter, round or bevel")
                    continue
                }
                computed.style.lineJoin = cap
            case "stroke-miterlimit":
                var scanner = ValueScanner(value)
                guard let limit = scanner.number(), scanner.isAtEnd, limit >= 1 else {
                    ignore("not a number of 1 or more")
                    continue
                }
                computed.style.miterLimit = limit
            case "stroke-dasharray":
                guard let dashes = Self.dashes(value, viewport) else {
                    ignore("not none or a list of lengths of zero or more")
                    continue
                }
                computed.style.dashArray = dashes
            case "stroke-dashoffset":
                guard let offset = Self.length(value, viewport) else {
                    ignore("not a length")
                    continue
                }
                computed.style.dashOffset = offset
            case "display":
                if lowered == "none" { computed.isDisplayed = false }
            case "visibility":
                switch lowered {
                case "visible": computed.isVisible = true
                case "hidden", "collapse": computed.isVisible = false
                default: ignore("not visible, hidden or collapse")
                }
            default:
                break
            }
        }
        computed.style.opacity = parent.style.opacity * ownOpacity
        return computed
    }

    /// A colour as CSS writes it (and `hsl()`), or `nil`.
    static func color(_ text: String) -> Color? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("hsl") { return hsl(lowered) }
        return try? Color(parsing: text)
    }

    /// `hsl(h, s%, l%)` / `hsla(…, a)` / `hsl(h s% l% / a)`.
    static func hsl(_ lowered: String) -> Color? {
        guard let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")") else { return nil }
        let inside = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard parts.count == 3 || parts.count == 4 else { return nil }
        func number(_ part: Substring, percent: Bool) -> Double? {
            let isPercent = part.hasSuffix("%")
            guard let value = Double(isPercent ? part.dropLast() : part.hasSuffix("deg") ? part.dropLast(3) : part),
                value.isFinite
            else { return nil }
            return isPercent || percent ? value / 100 : value
        }
        guard let h = number(parts[0], percent: false), let s = number(parts[1], percent: true),
            let l = number(parts[2], percent: true)
        else { return nil }
        let alpha = parts.count == 4 ? number(parts[3], percent: false) ?? 1 : 1
        let (sat, light) = (min(max(s, 0), 1), min(max(l, 0), 1))
        let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = sat * min(light, 1 - light)
            return light - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }

    /// A paint: `none`, a colour, `currentColor`, or `url(#id)` with an optional fallback colour.
    static func paint(_ text: String, currentColor: Color) -> SVGPaint? {
        let lowered = text.lowercased()
        if lowered == "none" { return SVGPaint.none }
        if lowered == "currentcolor" { return .color(currentColor) }
        if lowered.hasPrefix("url(") {
            guard let close = text.firstIndex(of: ")") else { return nil }
            var reference = text[text.index(text.startIndex, offsetBy: 4)..<close].trimmingCharacters
            if reference.count >= 2, let first = reference.first, first == "\"" || first == "'",
                reference.last == first
            {
                reference = String(reference.dropFirst().dropLast())
            }
            guard reference.hasPrefix("#") else { return nil }
            let rest = text[text.index(after: close)...].trimmingCharacters
            var fallback: Color?
            if !rest.isEmpty {
                if rest.lowercased() == "currentcolor" {
                    fallback = currentColor
                } else if rest.lowercased() != "none" {
                    guard let color = color(rest) else { return nil }
                    fallback = color
                }
            }
            return .reference(id: String(reference.dropFirst()), fallback: fallback)
        }
        return color(text).map(SVGPaint.color)
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

    /// A length (percentages of the normalized diagonal), or `nil`.
    static func length(_ text: String, _ viewport: Size) -> Double? {
        (try? SVGLength(parsing: text)).map { $0.resolved(in: viewport, .other) }
    }

    /// A dash array: `none` is empty, as is a list that sums to zero (a solid stroke, as SVG
    /// says); an odd list is repeated; `nil` for a negative or unreadable length.
    static func dashes(_ text: String, _ viewport: Size) -> [Double]? {
        if text.lowercased() == "none" { return [] }
        guard let lengths = try? SVGLength.list(parsing: text) else { return nil }
        let values = lengths.map { $0.resolved(in: viewport, .other) }
        guard values.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        if values.reduce(0, +) == 0 { return [] }
        return values.count % 2 == 1 ? values + values : values
    }
}
