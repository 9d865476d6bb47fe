extension Color {
    /// Every colour name accepted in text: CSS's 148 keywords and `transparent`, then UIKit's
    /// system colours (`systemBlue`, …), all case-insensitive.
    static let names: [(name: String, color: Color)] =
        CSSColor.all.map { ($0.name, Color(hex: $0.value)) } + [("transparent", .clear), ("clear", .clear)]
        + SystemColor.all.map { ($0.name, Color(light: $0.light, dark: $0.dark)) }

    /// The names ``init(parsing:)`` reads, in the order they are matched: for listings and
    /// "did you mean" hints.
    public static var colorNames: [String] { names.map(\.name) }

    /// Reads a colour as CSS writes it: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (hexadecimal, any
    /// case); `rgb(255, 59, 48)`, `rgba(255, 59, 48, 0.5)`, `rgb(255 59 48 / 50%)` (components
    /// 0...255 or percentages, alpha 0...1 or a percentage, pinned to their ranges);
    /// `hsl(120, 100%, 25%)`, `hsla(120, 100%, 25%, 0.5)`, `hsl(120deg 100% 25% / 50%)` (the hue
    /// in degrees, or with `deg`, `rad`, `grad` or `turn`, taken modulo a turn; saturation and
    /// lightness as percentages or numbers 0...100, pinned; converted to sRGB by CSS Color 4's
    /// `hslToRgb`); a CSS colour keyword (`tomato`, `transparent`); or a UIKit system colour
    /// (`systemBlue`, dynamic: ``Color/isDynamic``). Names are case-insensitive. Every colour
    /// but a system colour is fixed: it stays what it is in dark appearance.
    ///
    /// - Throws: ``ColorParseError`` for anything else.
    public init(parsing text: String) throws(ColorParseError) {
        let trimmed = String(text.trimmingPrefix(while: \.isWhitespace).reversed().drop { $0.isWhitespace }.reversed())
        let lowered = trimmed.lowercased()
        if let named = Self.names.first(where: { $0.name.lowercased() == lowered }) {
            self = named.color
            return
        }
        if trimmed.hasPrefix("#") {
            self = try Self.hex(trimmed.dropFirst(), text: text)
        } else if lowered.hasPrefix("rgb") {
            self = try Self.functional(lowered, text: text)
        } else if lowered.hasPrefix("hsl") {
            self = try Self.hsl(lowered, text: text)
        } else {
            throw ColorParseError(text: text)
        }
    }

    private static func hex(_ digits: Substring, text: String) throws(ColorParseError) -> Color {
        let values = digits.compactMap(\.hexDigitValue)
        guard values.count == digits.count else { throw ColorParseError(text: text) }
        let bytes: [Int]
        switch values.count {
        case 3, 4: bytes = values.map { $0 * 17 }
        case 6, 8: bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        default: throw ColorParseError(text: text)
        }
        return Color(
            red8: UInt8(bytes[0]), green8: UInt8(bytes[1]), blue8: UInt8(bytes[2]),
            alpha8: UInt8(bytes.count == 4 ? bytes[3] : 255))
    }

    /// `hsl(…)` or `hsla(…)`: a hue, a saturation and a lightness and an optional alpha,
    /// separated by commas, or by spaces with a `/` before the alpha.
    private static func hsl(_ lowered: String, text: String) throws(ColorParseError) -> Color {
        guard let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")"),
            ["hsl", "hsla"].contains(lowered[..<open].filter { $0 != " " })
        else { throw ColorParseError(text: text) }
        let inside = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard parts.count == 3 || parts.count == 4 else { throw ColorParseError(text: text) }
        func number(_ part: Substring) throws(ColorParseError) -> Double {
            guard let value = Double(part), value.isFinite else { throw ColorParseError(text: text) }
            return value
        }
        // The hue in degrees, from its unit.
        var hue: Double?
        for (unit, degrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0), ("", 1)]
        where hue == nil && parts[0].hasSuffix(unit) {
            hue = try number(parts[0].dropLast(unit.count)) * degrees
        }
        guard let hue else { throw ColorParseError(text: text) }
        func percent(_ part: Substring) throws(ColorParseError) -> Double {
            min(max(try number(part.hasSuffix("%") ? part.dropLast() : part) / 100, 0), 1)
        }
        let (saturation, lightness) = (try percent(parts[1]), try percent(parts[2]))
        var alpha = 1.0
        if parts.count == 4 {
            let part = parts[3]
            alpha = min(max(part.hasSuffix("%") ? try number(part.dropLast()) / 100 : try number(part), 0), 1)
        }
        // CSS Color 4, hslToRgb: f(n) = L - a max(-1, min(k - 3, 9 - k, 1)), k = (n + H/30) mod 12.
        let turn = hue.truncatingRemainder(dividingBy: 360)
        let h = turn < 0 ? turn + 360 : turn
        let a = saturation * min(lightness, 1 - lightness)
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }

    /// `rgb(…)` or `rgba(…)`: three components and an optional alpha, separated by commas, or by
    /// spaces with a `/` before the alpha.
    private static func functional(_ lowered: String, text: String) throws(ColorParseError) -> Color {
        guard let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")"),
            ["rgb", "rgba"].contains(lowered[..<open].filter { $0 != " " })
        else { throw ColorParseError(text: text) }
        let inside = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard parts.count == 3 || parts.count == 4 else { throw ColorParseError(text: text) }
        var components: [Double] = []
        for (index, part) in parts.enumerated() {
            let isPercent = part.hasSuffix("%")
            guard let number = Double(isPercent ? part.dropLast() : part), number.isFinite else {
                throw ColorParseError(text: text)
            }
            let scale: Double = index == 3 ? (isPercent ? 100 : 1) : (isPercent ? 100 : 255)
            components.append(min(max(number / scale, 0), 1))
        }
        return Color(
            red: components[0], green: components[1], blue: components[2],
            alpha: components.count == 4 ? components[3] : 1)
    }
}
