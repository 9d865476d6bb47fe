import Testing

@testable import PBServer

/// shields.io's query names on `/badge.EXT`: each draws the bytes pbrender's own name draws.
@Suite("shields.io's query names")
struct ShieldsQueryNamesTests {
    /// A shields.io query, and the query in pbrender's names that must draw the same bytes.
    static let aliases: [(shields: String, own: String)] = [
        ("label=coverage&progress=0.87", "title=coverage&progress=0.87"),
        ("labelColor=%23007EC6&progress=0.87", "title-color=%23007EC6&progress=0.87"),
        ("color=%23E05D44&progress=0.3", "color=%23E05D44&progress=0.3"),
        ("style=flat-square&progress=0.5", "style=flat-square&progress=0.5"),
        ("message=passing&progress=1", "message=passing&progress=1"),
        ("numerator=217&denominator=250&total=250", "progress=217/250&total=250"),
    ]

    @Test("Each shields.io name draws what pbrender's name draws", arguments: aliases)
    func sameBytes(shields: String, own: String) {
        let service = RenderServiceTests.service()
        let aliased = service.respond(to: HTTPRequest(target: "/badge.svg?" + shields))
        let native = service.respond(to: HTTPRequest(target: "/badge.svg?" + own))
        #expect(aliased.status == .ok && native.status == .ok, "\(String(decoding: aliased.body, as: UTF8.self))")
        #expect(aliased.body == native.body)
        // And the name changes the picture: not the default badge.
        let plain = service.respond(to: HTTPRequest(target: "/badge.svg?progress=0.5"))
        #expect(aliased.body != plain.body)
    }

    @Test("A message without a progress is shields.io's static badge: no bar, grey unless a colour is given")
    func staticMessage() {
        let service = RenderServiceTests.service()
        let shields = service.respond(to: HTTPRequest(target: "/badge.svg?label=build&message=passing&color=%234C1"))
        let own = service.respond(
            to: HTTPRequest(target: "/badge.svg?title=build&message=passing&color=%234C1&progress=1&no-bar"))
        #expect(shields.status == .ok && shields.body == own.body, "\(String(decoding: shields.body, as: UTF8.self))")
        let grey = service.respond(to: HTTPRequest(target: "/badge.svg?label=build&message=unknown"))
        let text = String(decoding: grey.body, as: UTF8.self)
        #expect(grey.status == .ok && text.contains("#9F9F9F") && text.contains(">unknown</text>"), "\(text)")
    }

    @Test("A name given under both spellings, or half a ratio: a 400 that says so")
    func refused() {
        let service = RenderServiceTests.service()
        for (query, message) in [
            ("label=a&title=b&progress=1", "parameter 'label' is shields.io's name for 'title': give one of them"),
            (
                "numerator=3&progress=1",
                "parameters 'numerator' and 'denominator' go together, once each (the same as progress=N/D)"
            ),
            (
                "numerator=3&denominator=4&progress=1",
                "give the progress as 'progress' or as 'numerator' and 'denominator', not both"
            ),
        ] {
            let response = service.respond(to: HTTPRequest(target: "/badge.svg?" + query))
            #expect(response.status == .badRequest, "\(query)")
            #expect(String(decoding: response.body, as: UTF8.self) == message + "\n", "\(query)")
        }
        // /render.EXT keeps its own names: label there is the label template.
        #expect(service.respond(to: HTTPRequest(target: "/render.svg?label=percent&progress=0.5")).status == .ok)
    }
}
