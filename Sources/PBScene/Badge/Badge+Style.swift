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
        /// GitHub's buttons: 20 points tall, a light title box (a grey gradient, a border) with its
        /// text in bold, and the value in a light bubble beside it that points at the title; dark
        /// text with a white shadow, the bar in the value's colour.
        case social

        /// The badge's height in points.
        public var height: Double {
            switch self {
            case .flat, .flatSquare, .social: 20
            case .plastic: 18
            case .forTheBadge: 28
            }
        }

        /// The corners' radius in points.
        public var cornerRadius: Double {
            switch self {
            case .flat: 3
            case .social: 2
            case .plastic: 4
            case .flatSquare, .forTheBadge: 0
            }
        }

        /// The space between a box's edge and its contents, in points.
        public var padding: Double {
            self == .forTheBadge ? 12 : 6
        }

        /// The space between the title box and the value's bubble in ``social``, where the bubble's
        /// point is; 0 in the others, whose boxes touch.
        var bubbleGap: Double {
            self == .social ? 5 : 0
        }

        /// The texts' colour unless one is given: white, dark grey (`#333333`) on ``social``'s light boxes.
        public var textColor: Color {
            self == .social ? Color(red8: 0x33, green8: 0x33, blue8: 0x33) : .white
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
            case .flatSquare, .forTheBadge, .social: nil
            }
        }

        /// The colour of the texts' shadow one point below them, or `nil` for none.
        var textShadow: Color? {
            switch self {
            case .flat, .plastic: Color(red8: 1, green8: 1, blue8: 1, alpha8: 77)
            case .social: .white
            case .flatSquare, .forTheBadge: nil
            }
        }
    }
}
