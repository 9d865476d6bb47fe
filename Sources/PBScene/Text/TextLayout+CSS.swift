extension TextLayout {
    /// The CSS `font-family` value for this label in an SVG `<text>`: the ``resolvedFamilies``
    /// (the fonts the PNG and PDF use, so a browser that has them draws the same glyphs), then
    /// the families ``font`` asks for that are not among them, with Pango's generic names as
    /// CSS generics (`Sans` → `sans-serif`, `Serif` → `serif`, `Monospace` → `monospace`), and
    /// `sans-serif` last when no generic came before.
    ///
    /// For "同步中 42%" in `Sans Bold 12` here: `"DejaVu Sans", "Noto Sans CJK JP", sans-serif`.
    /// Names are CSS strings in double quotes (quotes and backslashes escaped, control characters as
    /// CSS escapes); escape the value for XML like any attribute value.
    public var cssFontFamily: String {
        var names = resolvedFamilies.map(Self.cssString)
        var hasGeneric = false
        for family in font.families {
            if let generic = Self.cssGeneric[family.lowercased()] {
                if !names.contains(generic) { names.append(generic) }
                hasGeneric = true
            } else if !resolvedFamilies.contains(family) {
                names.append(Self.cssString(family))
            }
        }
        if !hasGeneric { names.append("sans-serif") }
        return names.joined(separator: ", ")
    }

    /// Fontconfig's generic family names (which Pango passes on) and their CSS generics.
    private static let cssGeneric: [String: String] = [
        "sans": "sans-serif", "sans-serif": "sans-serif", "serif": "serif", "monospace": "monospace",
        "mono": "monospace", "cursive": "cursive", "fantasy": "fantasy", "system-ui": "system-ui",
        "emoji": "emoji", "math": "math",
    ]

    /// `name` as a double-quoted CSS string.
    private static func cssString(_ name: String) -> String {
        var quoted = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"", "\\": quoted += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\" + String(scalar.value, radix: 16) + " "
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
