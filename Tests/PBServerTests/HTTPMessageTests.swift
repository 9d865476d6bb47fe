import PBServer
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("Looks names up without regard to case and keeps order and spelling")
    func lookUp() {
        var headers: HTTPHeaders = ["Content-Type": "image/png", "X-A": "1", "x-a": "2"]
        #expect(headers["content-type"] == "image/png")
        #expect(headers["CONTENT-TYPE"] == "image/png")
        #expect(headers.values(for: "X-a") == ["1", "2"])
        #expect(headers.contains("x-A"))
        #expect(!headers.contains("X-B"))
        headers["X-A"] = "3"
        #expect(headers.fields.map(\.name) == ["Content-Type", "X-A"])
        #expect(headers.values(for: "x-a") == ["3"])
        headers.add(name: "Vary", value: "Accept")
        headers["content-type"] = nil
        #expect(headers.fields == [.init(name: "X-A", value: "3"), .init(name: "Vary", value: "Accept")])
        headers["New"] = "n"
        #expect(headers.fields.last == .init(name: "New", value: "n"))
        #expect(headers.count == 3)
        #expect(!HTTPHeaders().contains(""))
    }
}

@Suite("HTTPRequest")
struct HTTPRequestTests {
    @Test(
        "Splits the target into path and raw query at the first ?",
        arguments: [
            ("/render.png?progress=0.5", "/render.png", "progress=0.5"), ("/x", "/x", nil), ("/x?", "/x", ""),
            ("/a?b?c", "/a", "b?c"), ("?q", "", "q"),
        ] as [(String, String, String?)])
    func pathAndQuery(target: String, path: String, query: String?) {
        let request = HTTPRequest(target: target)
        #expect(request.path == path)
        #expect(request.query == query)
    }

    @Test("Statuses describe themselves with their reason phrase")
    func statuses() {
        #expect(HTTPStatus.notModified.description == "304 Not Modified")
        #expect(HTTPStatus(299).description == "299")
        #expect(HTTPResponse.text("hi").headers["content-type"] == "text/plain; charset=utf-8")
    }
}
