import PBRendering
import Testing

@testable import PBCommandLine
@testable import PBJob

/// Help's "(default …)" is written from the default values (`\(default: value)`).
@Suite("Help defaults")
struct HelpDefaultTests {
    @Test("Numbers, keywords and colours are written as options read them")
    func interpolations() {
        #expect("\(default: 10.0) \(default: 0.5) \(default: 1e-9) \(default: 30)" == "10 0.5 1e-9 30")
        #expect("\(default: LineCap.round) \(default: PNGCompression.default)" == "round default")
        #expect("\(default: Color.systemBlue)" == "#007AFF, systemBlue")
        #expect("\(default: Color.clear)" == "transparent")
        #expect("\(default: Color(red8: 0x55, green8: 0x55, blue8: 0x55))" == "#555555")
    }

    @Test("A system colour knows its name; the same light colour without its dark one is not it")
    func systemColorNames() {
        #expect(Color.systemGray5.systemColorName == "systemGray5")
        #expect(Color(red8: 0x00, green8: 0x7A, blue8: 0xFF).systemColorName == nil)
    }

    @Test("render's options state the declared defaults")
    func renderHelp() throws {
        func help(_ name: String) throws -> String { try #require(RenderOptions.schema.first { $0.name == name }).help }
        #expect(try help("miter-limit").contains("(default 10, at least 1)"))
        #expect(try help("line-width").contains("(default 12; 4 for a bar;"))
        #expect(try help("progress-color").contains("(default #007AFF, systemBlue)"))
        #expect(try help("track-color").contains("(default #E5E5EA, systemGray5)"))
        #expect(try help("background").contains("(default transparent)"))
        #expect(try help("fps").contains("(default 30)"))
        #expect(try help("duration").contains("(default 1)"))
        #expect(try help("line-cap").contains("butt, round or square (default round)"))
    }
}
