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
    ])
    func parses(text: String, expected: Color) throws {
        #expect(try Color(parsing: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#GGG", "007AFF", "blu", "#007AFF0000"])
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
