import PBStyle

extension Badge {
    /// The look of a badge, after shields.io's styles of the same names.
    public enum Style: String, CaseIterable, Hashable, Sendable {
        /// 20 points tall, corners rounded 3 points, a faint vertical gloss, text with a shadow.
        case flat
        /// 20 points tall, square corners, no gloss, no shadow.
        case flatSquare = "flat-square"
        /// 18 points tall, corners rounded 4 points, a glossy vertical gradient, text with a shadow.
        case plastic
        /// 28 points tall, square corners, upper-case text in 10 points, the value in bold, wider padding.
        case forTheBadge = "for-the-badge"

        /// The badge's height in points.
        public var height: Double {
            switch self {
            case .flat, .flatSquare: 20
            case .plastic: 18
            case .forTheBadge: 28
            }
        }

        /// The corners' radius in points.
        public var cornerRadius: Double {
            switch self {
            case .flat: 3
            case .plastic: 4
            case .flatSquare, .forTheBadge: 0
            }
        }

        /// The space between a box's edge and its contents, in points.
        public var padding: Double {
            self == .forTheBadge ? 12 : 6
        }

        /// The default font: Verdana (shields.io's), else DejaVu Sans, else the system's sans-serif, at
        /// 11 points (10 for ``forTheBadge``).
        public var font: Font {
            // Valid sizes: the initializer cannot fail; the fallback is never taken.
            (try? Font(family: "Verdana, DejaVu Sans, Sans", size: self == .forTheBadge ? 10 : 11)) ?? .default
        }

        /// The progress bar's length and thickness in points.
        var bar: (length: Double, thickness: Double) {
            self == .forTheBadge ? (40, 6) : (30, 4)
        }

        /// The vertical gloss painted over the boxes, top to bottom, or `nil` for none.
        var gloss: [PathGradient.Stop]? {
            switch self {
            case .flat:
                [
                    PathGradient.Stop(location: 0, color: Color(red8: 0xBB, green8: 0xBB, blue8: 0xBB, alpha8: 26)),
                    PathGradient.Stop(location: 1, color: Color(red8: 0, green8: 0, blue8: 0, alpha8: 26)),
                ]
            case .plastic:
                [
                    PathGradient.Stop(location: 0, color: Color(red8: 0xFF, green8: 0xFF, blue8: 0xFF, alpha8: 179)),
                    PathGradient.Stop(location: 0.1, color: Color(red8: 0xAA, green8: 0xAA, blue8: 0xAA, alpha8: 26)),
                    PathGradient.Stop(location: 0.9, color: Color(red8: 0, green8: 0, blue8: 0, alpha8: 77)),
                    PathGradient.Stop(location: 1, color: Color(red8: 0, green8: 0, blue8: 0, alpha8: 128)),
                ]
            case .flatSquare, .forTheBadge: nil
            }
        }

        /// Whether the texts have a shadow one point below them.
        var hasTextShadow: Bool {
            self == .flat || self == .plastic
        }
    }
}
