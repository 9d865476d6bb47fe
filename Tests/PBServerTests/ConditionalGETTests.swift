import PBServer
import PBTestSupport
import Testing

@Suite("FNV1a64")
struct FNV1a64Tests {
    @Test("Matches the published FNV-1a 64-bit test vectors")
    func publishedVectors() {
        // draft-eastlake-fnv, FNV-1a 64-bit results for "", "a" and "foobar".
        #expect(FNV1a64.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test("Matches a second implementation on all 256 byte values, contiguous or not, whole or in pieces")
    func allBytes() {
        // Python: h = 0xcbf29ce484222325; for b in range(256): h = ((h ^ b) * 0x100000001b3) % 2**64
        let expected: UInt64 = 0x4242_dc52_49c3_3625
        let bytes = (0...255).map { UInt8($0) }
        #expect(FNV1a64.hash(bytes) == expected)
        #expect(FNV1a64.hash(bytes.lazy.map { $0 }) == expected)
        var pieces = FNV1a64()
        pieces.combine(bytes[..<100])
        pieces.combine(bytes[100...])
        #expect(pieces.value == expected)
    }
}

@Suite("EntityTag")
struct EntityTagTests {
    @Test("The tag of bytes is their FNV-1a hash in 16 lower-case hex digits, strong")
    func hashingTag() {
        let tag = EntityTag(hashing: Array("foobar".utf8))
        #expect(tag.headerValue == "\"85944171f73967e8\"")
        #expect(!tag.isWeak)
        #expect(EntityTag(hashing: [UInt8]()).headerValue == "\"cbf29ce484222325\"")
    }

    @Test("Weak and strong comparison follow RFC 9110's table")
    func comparison() throws {
        let weak1 = try #require(EntityTag("1", weak: true))
        let weak2 = try #require(EntityTag("2", weak: true))
        let strong1 = try #require(EntityTag("1"))
        #expect(!weak1.stronglyMatches(weak1))
        #expect(weak1.weaklyMatches(weak1))
        #expect(!weak1.stronglyMatches(weak2))
        #expect(!weak1.weaklyMatches(weak2))
        #expect(!weak1.stronglyMatches(strong1))
        #expect(weak1.weaklyMatches(strong1))
        #expect(strong1.stronglyMatches(strong1))
        #expect(weak1.headerValue == "W/\"1\"")
    }

    @Test("Opaque tags with quotes, spaces or control characters are rejected")
    func invalidTags() {
        #expect(EntityTag("a\"b") == nil)
        #expect(EntityTag("a b") == nil)
        #expect(EntityTag("a\u{7F}") == nil)
        #expect(EntityTag("a,b!#~") != nil)
    }
}

@Suite("ConditionalGET")
struct ConditionalGETTests {
    static let body = Array("<svg/>".utf8)
    static let tag = EntityTag(hashing: body).headerValue
    static let response = HTTPResponse(
        headers: [
            "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=31536000, immutable",
            "Vary": "Accept", "Content-Language": "en", "Content-Location": "/b.svg",
        ], body: body)

    static func request(_ ifNoneMatch: [String], method: HTTPMethod = .get) -> HTTPRequest {
        HTTPRequest(
            method: method, target: "/b.svg",
            headers: HTTPHeaders(ifNoneMatch.map { .init(name: "If-None-Match", value: $0) }))
    }

    @Test("Without If-None-Match the response gains the body's strong ETag and is otherwise unchanged")
    func addsETag() {
        let result = ConditionalGET.apply(to: Self.response, for: Self.request([]))
        #expect(result.status == .ok)
        #expect(result.body == Self.body)
        #expect(result.headers["etag"] == Self.tag)
        var expected = Self.response
        expected.headers["ETag"] = Self.tag
        #expect(result == expected)
    }

    @Test(
        "A matching If-None-Match is 304 with ETag, Cache-Control, Vary and Content-Location, and no body",
        arguments: [
            [tag], ["*"], [" * "], ["\"x\", \(tag)"], ["W/\(tag)"], ["\"x\"", tag], ["\"a,b\",\(tag)"],
            ["junk, \(tag)"],
        ])
    func matches(ifNoneMatch: [String]) {
        let result = ConditionalGET.apply(to: Self.response, for: Self.request(ifNoneMatch))
        #expect(result.status == .notModified)
        #expect(result.body.isEmpty)
        #expect(result.headers["ETag"] == Self.tag)
        #expect(result.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(result.headers["Vary"] == "Accept")
        #expect(result.headers["Content-Location"] == "/b.svg")
        #expect(result.headers["Content-Type"] == nil)
        #expect(result.headers["Content-Language"] == nil)
        #expect(result.headers["Content-Length"] == "\(Self.body.count)")
    }

    @Test(
        "A non-matching If-None-Match is a 200 with the body",
        arguments: [["\"other\""], ["\"85944171f73967e8\""], ["*x"], [""], ["W/"], ["\(tag.dropLast())"]])
    func doesNotMatch(ifNoneMatch: [String]) {
        let result = ConditionalGET.apply(to: Self.response, for: Self.request(ifNoneMatch))
        #expect(result.status == .ok)
        #expect(result.body == Self.body)
    }

    @Test("A response's own ETag is kept and compared; non-200 responses and other methods are left alone")
    func leavesOthersAlone() {
        var tagged = Self.response
        tagged.headers["ETag"] = "\"v1\""
        #expect(ConditionalGET.apply(to: tagged, for: Self.request([])).headers["ETag"] == "\"v1\"")
        #expect(ConditionalGET.apply(to: tagged, for: Self.request(["\"v1\""])).status == .notModified)
        #expect(ConditionalGET.apply(to: tagged, for: Self.request([Self.tag])).status == .ok)
        let missing = HTTPResponse.text("no", status: .notFound)
        #expect(ConditionalGET.apply(to: missing, for: Self.request(["*"])) == missing)
        #expect(ConditionalGET.apply(to: Self.response, for: Self.request(["*"], method: .post)) == Self.response)
        #expect(ConditionalGET.apply(to: Self.response, for: Self.request(["*"], method: .head)).status == .notModified)
    }

    @Test("Through the server: ETag on 200, then 304 with no body and the 200's Content-Length for that tag")
    func throughTheServer() throws {
        let server = try HTTPServer(
            configuration: testConfiguration(), handler: ConditionalGET.handler { _ in Self.response })
        let first = try TestHTTPClient.request("/b.svg", port: server.port)
        #expect(first.status == 200)
        let tag = try #require(first.header("ETag"))
        #expect(tag == Self.tag)
        let second = try TestHTTPClient.request("/b.svg", port: server.port, headers: [("If-None-Match", tag)])
        #expect(second.statusLine == "HTTP/1.1 304 Not Modified")
        #expect(second.body.isEmpty)
        #expect(second.header("ETag") == tag)
        #expect(second.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(second.header("Content-Type") == nil)
        #expect(second.headerValues("Content-Length") == ["\(Self.body.count)"], "\(second)")
        let head = try TestHTTPClient.request("HEAD", "/b.svg", port: server.port, headers: [("If-None-Match", "*")])
        #expect(head.status == 304)
        #expect(head.body.isEmpty)
        #expect(head.headerValues("Content-Length") == ["\(Self.body.count)"])
        let other = try TestHTTPClient.request("/b.svg", port: server.port, headers: [("If-None-Match", "\"x\"")])
        #expect(other.status == 200)
        #expect(other.body == Self.body)
    }
}
