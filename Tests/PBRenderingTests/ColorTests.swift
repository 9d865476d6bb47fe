import PBRendering
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#007AFF", Color(red8: 0, green8: 0x7A, blue8: 0xFF)),
        ("#007aff", Color(red8: 0, green8: 0x7A, blue8: 0xFF)),
        ("#0af", Color(red8: 0, green8: 0xAA, blue8: 0xFF)),
        ("#0af8", Color(red8: 0, green8: 0xAA, blue8: 0xFF, alpha8: 0x88)),
        ("#11223344", Color(red8: 0x11, green8: 0x22, blue8: 0x33, alpha8: 0x44)),
        ("systemBlue", Color.systemBlue),
        ("WHITE", Color.white),
        ("clear", Color.clear),
        // The basic names are CSS's colours (not the system colours of the same names).
        ("blue", Color(red8: 0, green8: 0, blue8: 0xFF)),
        ("green", Color(red8: 0, green8: 0x80, blue8: 0)),
        ("red", Color(red8: 0xFF, green8: 0, blue8: 0)),
        ("orange", Color(red8: 0xFF, green8: 0xA5, blue8: 0)),
        ("gray", Color(red8: 0x80, green8: 0x80, blue8: 0x80)),
        ("Tomato", Color(red8: 0xFF, green8: 0x63, blue8: 0x47)),
        ("transparent", Color.clear),
        ("rgb(255, 59, 48)", Color(red8: 0xFF, green8: 0x3B, blue8: 0x30)),
        ("rgba(0, 122, 255, 0.5)", Color(red: 0, green: 122.0 / 255, blue: 1, alpha: 0.5)),
        ("rgb(100% 0% 0% / 50%)", Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
    ])
    func parses(text: String, expected: Color) throws {
        #expect(try Color(parsing: text) == expected)
    }

    @Test(arguments: [
        "", "#", "#12", "#12345", "#1234567", "#GGG", "007AFF", "blu", "#007AFF0000", "track", "rgb(1, 2)",
        "rgb(1, 2, x)", "hsl(0, 0%)", "hsl(x, 1%, 1%)", "hsl(1foo, 1%, 1%)", "hsla(0, 0%, 0%, 1, 1)",
    ])
    func rejects(text: String) {
        #expect(throws: ColorParseError(text: text)) { try Color(parsing: text) }
    }

    @Test func printsHex() {
        #expect(Color.systemBlue.hexString == "#007AFF")
        #expect(Color(red8: 1, green8: 2, blue8: 3, alpha8: 4).hexString == "#01020304")
    }

    @Test func defaultsFollowUIProgressView() {
        let style = ProgressStyle()
        #expect(style.progressTintColor.hexString == "#007AFF")
        #expect(style.trackTintColor.hexString == "#E5E5EA")
        #expect(style.backgroundColor.alpha == 0)
    }
}
