internal import CPango

extension Font {
    /// The slant of a font, as Pango reads it from a description ("Italic", "Oblique").
    public enum Style: Hashable, Sendable, CaseIterable {
        /// Upright.
        case normal
        /// Slanted by the font's oblique face (or a synthesised slant).
        case oblique
        /// The font's italic face.
        case italic

        /// The CSS `font-style` value: `normal`, `oblique` or `italic`.
        public var cssValue: String {
            switch self {
            case .normal: "normal"
            case .oblique: "oblique"
            case .italic: "italic"
            }
        }

        init(_ style: PangoStyle) {
            switch style {
            case PANGO_STYLE_ITALIC: self = .italic
            case PANGO_STYLE_OBLIQUE: self = .oblique
            default: self = .normal
            }
        }

        var pangoValue: PangoStyle {
            switch self {
            case .normal: PANGO_STYLE_NORMAL
            case .oblique: PANGO_STYLE_OBLIQUE
            case .italic: PANGO_STYLE_ITALIC
            }
        }
    }
}
