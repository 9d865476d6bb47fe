import PBRendering
import PBTestSupport
import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

@Suite("--compression: the same pixels in every mode, the mode's own bytes, through every front end")
struct CompressionOptionTests {
    static func png(_ arguments: [String]) throws -> [UInt8] {
        try RenderJob(arguments: arguments + ["--format", "png"]).render().bytes
    }

    @Test("Each mode decodes to the default's pixels; fast is larger and small smaller; each is deterministic")
    func modes() throws {
        let ring = ["--progress", "0.6", "--label", "percent"]
        let plain = try Self.png(ring)
        let fast = try Self.png(ring + ["--compression", "fast"])
        let small = try Self.png(ring + ["--compression", "small"])
        #expect(try Self.png(ring + ["--compression", "default"]) == plain)
        #expect(try RGBAImage(png: fast).pixels == (try RGBAImage(png: plain)).pixels)
        #expect(try RGBAImage(png: small).pixels == (try RGBAImage(png: plain)).pixels)
        #expect(small.count < plain.count && plain.count < fast.count, "\(small.count) \(plain.count) \(fast.count)")
        #expect(try Self.png(ring + ["--compression", "fast"]) == fast)
    }

    @Test("An APNG's frames in every mode are the same pictures at the same times")
    func animations() throws {
        let animation = ["--animate-to", "1", "--duration", "0.2", "--size", "48", "--format", "apng"]
        let plain = try PillowAnimation.decode(try RenderJob(arguments: animation).render().bytes)
        let fast = try RenderJob(arguments: animation + ["--compression", "fast"]).render().bytes
        let decoded = try PillowAnimation.decode(fast)
        #expect(decoded.frames.map(\.pixels) == plain.frames.map(\.pixels))
        #expect(decoded.durations == plain.durations)
    }

    @Test("A curve file's style, a query and a server's default choose the mode; the query wins")
    func frontEnds() throws {
        let fast = try Self.png(["--progress", "0.5", "--compression", "fast"])
        let plain = try Self.png(["--progress", "0.5"])
        #expect(try RenderJob(query: "progress=0.5&compression=fast", format: .png).render().bytes == fast)
        #expect(try RenderJob(query: "progress=0.5", format: .png, compression: .fast).render().bytes == fast)
        #expect(
            try RenderJob(query: "progress=0.5&compression=default", format: .png, compression: .fast).render().bytes
                == plain)
        let curve = #"{"path": "M 10 10 L 90 10", "style": {"compression": "fast", "lineWidth": 6}}"#
        let fromFile = try RenderJob(query: "progress=0.5&curve=" + curve, format: .png, compression: .small)
        #expect(fromFile.compression == .fast)
        let service = RenderService(cacheCapacity: ByteCount(bytes: 0), compression: .fast)
        #expect(service.respond(to: HTTPRequest(target: "/render.png?progress=0.5")).body == fast)
        let badge = try RenderJob(arguments: [
            "badge", "--progress", "0.5", "--compression", "small", "--format", "png",
        ])
        #expect(badge.compression == .small)
    }

    @Test("An unknown mode is refused with the modes there are")
    func unknownMode() {
        do {
            _ = try RenderJob(arguments: ["--progress", "0.5", "--compression", "fastest"])
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "option '--compression' expects one of 'fast', 'default', 'small', not 'fastest'")
        }
    }

    @Test("A server counts a small-compressed PNG's pixels 16 times in its budget")
    func smallCostsMoreBudget() {
        let service = RenderService(cacheCapacity: ByteCount(bytes: 0))
        // 600 x 600 = 360,000 pixels: within 4,194,304, above 4,194,304 / 16 = 262,144.
        #expect(service.respond(to: HTTPRequest(target: "/render.png?progress=0.5&size=600")).status == .ok)
        let small = service.respond(to: HTTPRequest(target: "/render.png?progress=0.5&size=600&compression=small"))
        #expect(small.status == .badRequest)
        #expect(
            String(decoding: small.body, as: UTF8.self)
                == "the image is 600 x 600 pixels; with 'compression' small this server renders at most 262144 pixels a "
                + "request: ask for a smaller size, or 'compression' default\n")
        #expect(
            service.respond(to: HTTPRequest(target: "/render.svg?progress=0.5&size=600&compression=small")).status
                == .ok)
    }
}
