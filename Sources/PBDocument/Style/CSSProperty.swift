/// The properties librsvg reads from presentation attributes and style declarations: which are
/// inherited, and the initial values of those that are not, as a rewritten document writes them
/// to pin an element's style (``DocumentRewriter``).
enum CSSProperty {
    /// Inherited properties (SVG 2, CSS Fonts, CSS Text): an element without a value of its own
    /// takes its parent's.
    static let inherited: Set<String> = [
        "clip-rule", "color", "color-interpolation", "color-interpolation-filters", "color-rendering", "cursor",
        "direction", "dominant-baseline", "fill", "fill-opacity", "fill-rule", "font", "font-family",
        "font-feature-settings", "font-kerning", "font-size", "font-size-adjust", "font-stretch", "font-style",
        "font-variant", "font-variant-caps", "font-variant-east-asian", "font-variant-ligatures",
        "font-variant-numeric", "font-variant-position", "font-weight", "glyph-orientation-horizontal",
        "glyph-orientation-vertical", "image-rendering", "letter-spacing", "line-height", "marker", "marker-end",
        "marker-mid", "marker-start", "paint-order", "pointer-events", "shape-rendering", "stroke",
        "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
        "stroke-opacity", "stroke-width", "text-anchor", "text-orientation", "text-rendering", "visibility",
        "word-spacing", "writing-mode",
    ]

    /// Properties that are not inherited, with their initial values (`overflow` differs by
    /// element: ``initialValue(of:for:)``).
    static let notInherited: [String: String] = [
        "alignment-baseline": "auto", "baseline-shift": "baseline", "clip": "auto", "clip-path": "none",
        "display": "inline", "enable-background": "accumulate", "filter": "none", "flood-color": "black",
        "flood-opacity": "1", "isolation": "auto", "lighting-color": "white", "mask": "none",
        "mask-type": "luminance", "mix-blend-mode": "normal", "opacity": "1", "overflow": "visible",
        "stop-color": "black", "stop-opacity": "1", "text-decoration": "none", "transform": "none",
        "unicode-bidi": "normal", "vector-effect": "none",
    ]

    /// Whether `property` is one librsvg reads.
    static func isKnown(_ property: String) -> Bool {
        inherited.contains(property) || notInherited[property] != nil
    }

    /// Whether a presentation attribute of this name sets the property (`marker` and `font` are
    /// shorthands that only style declarations set).
    static func isPresentationAttribute(_ name: String) -> Bool {
        name != "marker" && name != "font" && isKnown(name)
    }

    /// What an element has for `property` when nothing sets it, written as CSS: `inherit` for an
    /// inherited property, the initial value otherwise (`overflow` is `hidden` on the elements
    /// that establish a viewport or a tile, as librsvg's and browsers' own style sheets say).
    static func initialValue(of property: String, for element: String) -> String {
        if inherited.contains(property) { return "inherit" }
        if property == "overflow", ["svg", "symbol", "marker", "pattern", "image"].contains(element) {
            return "hidden"
        }
        return notInherited[property] ?? "inherit"
    }
}
