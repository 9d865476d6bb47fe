extension Color {
    /// The named colours accepted in text: the UIKit system colours users know, and basics.
    static let names: [String: Color] = [
        "clear": .clear, "transparent": .clear, "black": .black, "white": .white,
        "systemBlue": .systemBlue, "blue": .systemBlue, "systemGray5": .systemGray5, "track": .systemGray5,
        "systemGreen": Color(red8: 0x34, green8: 0xC7, blue8: 0x59),
        "systemRed": Color(red8: 0xFF, green8: 0x3B, blue8: 0x30),
        "systemOrange": Color(red8: 0xFF, green8: 0x95, blue8: 0x00),
        "systemYellow": Color(red8: 0xFF, green8: 0xCC, blue8: 0x00),
        "systemPink": Color(red8: 0xFF, green8: 0x2D, blue8: 0x55),
        "systemPurple": Color(red8: 0xAF, green8: 0x52, blue8: 0xDE),
        "systemTeal": Color(red8: 0x5A, green8: 0xC8, blue8: 0xFA),
        "systemIndigo": Color(red8: 0x58, green8: 0x56, blue8: 0xD6),
        "systemGray": Color(red8: 0x8E, green8: 0x8E, blue8: 0x93),
        "green": Color(red8: 0x34, green8: 0xC7, blue8: 0x59), "red": Color(red8: 0xFF, green8: 0x3B, blue8: 0x30),
        "orange": Color(red8: 0xFF, green8: 0x95, blue8: 0x00), "gray": Color(red8: 0x8E, green8: 0x8E, blue8: 0x93),
    ]

    /// Reads a colour: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (hexadecimal, any case), or a
    /// name such as `systemBlue`, `white` or `clear` (names are case-insensitive).
    ///
    /// - Throws: ``ColorParseError`` for anything else.
    public init(parsing text: String) throws(ColorParseError) {
        let trimmed = text.trimmingPrefix(while: \.isWhitespace)
        if let named = Self.names.first(where: { $0.key.lowercased() == trimmed.lowercased() })?.value {
            self = named
            return
        }
        guard trimmed.hasPrefix("#") else { throw ColorParseError(text: text) }
        let digits = trimmed.dropFirst().map { $0.hexDigitValue }
        guard !digits.contains(where: { $0 == nil }) else { throw ColorParseError(text: text) }
        let values = digits.compactMap { $0 }
        let bytes: [Int]
        switch values.count {
        case 3, 4: bytes = values.map { $0 * 17 }
        case 6, 8: bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        default: throw ColorParseError(text: text)
        }
        self.init(
            red8: UInt8(bytes[0]), green8: UInt8(bytes[1]), blue8: UInt8(bytes[2]),
            alpha8: UInt8(bytes.count == 4 ? bytes[3] : 255))
    }
}
