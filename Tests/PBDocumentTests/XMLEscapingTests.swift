import PBDocument
import Testing

/// `xmlEscaped`: the five entities, characters XML cannot hold left out, and text with nothing to
/// escape returned as it is (its fast path).
@Suite struct XMLEscapingTests {
    @Test func entitiesAndCharactersXMLCannotHold() {
        #expect(xmlEscaped(#"a<b & "c" 'd'>"#) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        // Tab, newline and carriage return stay; other controls, U+FFFE and U+FFFF go.
        #expect(xmlEscaped("a\tb\nc\rd\u{1}e\u{1F}f\u{FFFE}g\u{FFFF}h") == "a\tb\nc\rdefgh")
        // Scalars whose UTF-8 starts as U+FFFE's does (0xEF) but that XML holds stay.
        #expect(xmlEscaped("\u{F8FF}\u{FEFF}\u{FFFD}") == "\u{F8FF}\u{FEFF}\u{FFFD}")
        #expect(xmlEscaped("é 同步 🙂 M0,0 L10.5,-3e2") == "é 同步 🙂 M0,0 L10.5,-3e2")
        #expect(xmlEscaped("") == "")
    }
}
