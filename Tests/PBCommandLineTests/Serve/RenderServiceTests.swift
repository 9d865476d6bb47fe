import Foundation
import PBRendering
import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

/// The service's routes, answered in process (no sockets): bytes, headers, cache, budget and errors.
@Suite("RenderService")
struct RenderServiceTests {
    static func curveJSON() throws -> String {
        try String(contentsOf: EndToEndTests.root.appendingPathComponent("Examples/curve.json"), encoding: .utf8)
    }

    /// Requests and the command lines that must write the same bytes.
    static let sameAsCLI: [(target: String, arguments: [String])] = [
        ("/render.png?progress=0.5&size=64", ["--progress", "0.5", "--size", "64", "--format", "png"]),
        (
            "/render.svg?shape=bar&progress=75%25&label=percent&width=200",
            ["--shape", "bar", "--progress", "75%", "--label", "percent", "--width", "200", "--format", "svg"]
        ),
        ("/render.pdf?shape=gauge&progress=0.3", ["--shape", "gauge", "--progress", "0.3", "--format", "pdf"]),
        (
            "/render.apng?animate-to=1&duration=0.5&fps=10&size=48",
            ["--animate-to", "1", "--duration", "0.5", "--fps", "10", "--size", "48", "--format", "apng"]
        ),
        (
            "/render.svg?animate-to=0.8&duration=1&size=64",
            ["--animate-to", "0.8", "--duration", "1", "--size", "64", "--format", "svg"]
        ),
        (
            "/render.png?path-data=" + queryEncoded("M 10 10 C 40 0, 60 60, 90 10") + "&progress=0.4&line-width=6",
            [
                "--path-data", "M 10 10 C 40 0, 60 60, 90 10", "--progress", "0.4", "--line-width", "6", "--format",
                "png",
            ]
        ),
        (
            "/render.png?progress=0.7&progress-gradient=" + queryEncoded("#FF3B30,#FFCC00,#34C759") + "&scale=2",
            ["--progress", "0.7", "--progress-gradient", "#FF3B30,#FFCC00,#34C759", "--scale", "2", "--format", "png"]
        ),
        ("/render.svg?progress=0.5&live", ["--progress", "0.5", "--live", "--format", "svg"]),
        ("/render.png?progress=0.5&appearance=dark", ["--progress", "0.5", "--appearance", "dark", "--format", "png"]),
        (
            "/badge.svg?title=coverage&progress=0.87",
            ["badge", "--title", "coverage", "--progress", "0.87", "--format", "svg"]
        ),
        (
            "/badge.png?title=" + queryEncoded("覆盖率") + "&progress=87%25&scale=2&style=plastic",
            ["badge", "--title", "覆盖率", "--progress", "87%", "--scale", "2", "--style", "plastic", "--format", "png"]
        ),
        (
            "/badge.svg?title=tests&progress=217/250&total=250&style=for-the-badge&suffix=+passed",
            [
                "badge", "--title", "tests", "--progress", "217/250", "--total", "250", "--style", "for-the-badge",
                "--suffix", " passed", "--format", "svg",
            ]
        ),
    ]

    static func service(cache: Int = 8_000_000) -> RenderService {
        RenderService(cacheCapacity: ByteCount(bytes: cache))
    }

    /// FNV-1a 64 of the bytes, as the ETag's 16 hexadecimal digits (written here again, not PBServer's).
    static func fnv(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test("Answers with exactly the bytes the CLI writes for the same options", arguments: sameAsCLI)
    func sameBytesAsTheCLI(target: String, arguments: [String]) throws {
        let response = Self.service().respond(to: HTTPRequest(target: target))
        #expect(response.status == .ok, "\(String(decoding: response.body, as: UTF8.self))")
        let cli = runTool(arguments + ["-o", "-"])
        #expect(cli.exitCode == 0, "\(cli.error)")
        #expect(!cli.outputBytes.isEmpty)
        #expect(response.body == cli.outputBytes)
    }

    @Test("A curve file's JSON as 'curve' draws what the CLI draws from the file")
    func curveParameter() throws {
        let target = "/render.png?curve=\(queryEncoded(try Self.curveJSON()))&progress=0.3"
        let response = Self.service().respond(to: HTTPRequest(target: target))
        #expect(response.status == .ok, "\(String(decoding: response.body, as: UTF8.self))")
        let cli = runTool(
            ["--path", "curve.json", "--progress", "0.3", "-o", "-"], files: ["curve.json": try Self.curveJSON()])
        #expect(response.body == cli.outputBytes)
    }

    @Test("A POST's body, an SVG document or a curve file, draws what the CLI draws from the file; not cached")
    func postBody() throws {
        let service = Self.service()
        let document = try String(
            contentsOf: EndToEndTests.root.appendingPathComponent("Examples/check.svg"), encoding: .utf8)
        var images: [[UInt8]] = []
        for (body, name) in [(document, "check.svg"), (try Self.curveJSON(), "curve.json")] {
            let response = service.respond(
                to: HTTPRequest(
                    method: .post, target: "/render.png?progress=0.6", headers: ["Content-Type": "image/svg+xml"],
                    body: Array(body.utf8)))
            #expect(response.status == .ok, "\(String(decoding: response.body, as: UTF8.self))")
            let cli = runTool(["--path", name, "--progress", "0.6", "-o", "-"], files: [name: body])
            #expect(cli.exitCode == 0 && response.body == cli.outputBytes, "\(name)")
            images.append(response.body)
        }
        // Two bodies under the same URL, two images: nothing was cached by the URL.
        #expect(images.count == 2 && images[0] != images[1])
        let empty = service.respond(to: HTTPRequest(method: .post, target: "/render.png?progress=0.6"))
        #expect(empty.status == .badRequest)
        #expect(
            String(decoding: empty.body, as: UTF8.self)
                == "a POST to /render.EXT takes a curve file or an SVG document as its body, and this one is empty "
                + "(GET draws a built-in shape)\n")
        let broken = service.respond(
            to: HTTPRequest(method: .post, target: "/render.svg?progress=0.6", body: Array("<svg><path d='M0 0 L".utf8))
        )
        #expect(broken.status == .badRequest)
        #expect(String(decoding: broken.body, as: UTF8.self).hasPrefix("body:1:"))
        let twice = service.respond(
            to: HTTPRequest(
                method: .post, target: "/render.png?progress=0.6&curve=\(queryEncoded(try Self.curveJSON()))",
                body: Array(document.utf8)))
        #expect(twice.status == .badRequest)
        #expect(
            String(decoding: twice.body, as: UTF8.self)
                == "parameter 'curve' is given with a body: send the curve file or document one way\n")
        let badge = service.respond(to: HTTPRequest(method: .post, target: "/badge.svg?progress=0.6", body: [1]))
        #expect(badge.status == .methodNotAllowed && badge.headers["Allow"] == "GET, HEAD")
    }

    @Test("Images carry their type, a strong ETag of their bytes, a year's immutable caching and nosniff")
    func imageHeaders() throws {
        let service = Self.service()
        let png = service.respond(to: HTTPRequest(target: "/render.png?progress=0.25"))
        #expect(png.headers["Content-Type"] == "image/png")
        #expect(png.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(png.headers["ETag"] == "\"\(Self.fnv(png.body))\"")
        #expect(png.headers["X-Content-Type-Options"] == "nosniff")
        #expect(png.headers["Vary"] == nil)
        #expect(Array(png.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let svg = service.respond(to: HTTPRequest(target: "/badge.svg?progress=0.5"))
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
        #expect(svg.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'")
        #expect(String(decoding: svg.body, as: UTF8.self).hasPrefix("<svg "))
        let pdf = service.respond(to: HTTPRequest(target: "/render.pdf?progress=0.5"))
        #expect(pdf.headers["Content-Type"] == "application/pdf")
        #expect(String(decoding: pdf.body.prefix(5), as: UTF8.self) == "%PDF-")
        let apng = service.respond(to: HTTPRequest(target: "/render.apng?animate-to=1&duration=0.2&size=32"))
        #expect(apng.headers["Content-Type"] == "image/apng")
    }

    @Test("Health, and 404 for any other path (naming the paths there are)")
    func healthAndNotFound() {
        let service = Self.service()
        let health = service.respond(to: HTTPRequest(target: "/healthz"))
        #expect(health.status == .ok && String(decoding: health.body, as: UTF8.self) == "ok\n")
        #expect(health.headers["Cache-Control"] == "no-store")
        for target in [
            "/index.html", "//", "/render.bmp?progress=1", "/render.png/x", "/RENDER.PNG", "/badge.apng?progress=1",
        ] {
            let response = service.respond(to: HTTPRequest(target: target))
            #expect(response.status == .notFound, "\(target)")
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == "no such resource: \(target.split(separator: "?")[0]) (the paths are /, /render.png, /render.svg, "
                    + "/render.pdf, /render.apng, /render.webp, /render.gif, /badge.png, /badge.svg, /badge.pdf, "
                    + "/badge.webp, /badge.gif, /healthz)\n"
            )
        }
    }

    @Test(
        "Each bad request is a 400 with the CLI's message, naming query parameters", arguments: ServeCorpus.badRequests)
    func badRequest(target: String, message: String) {
        let response = Self.service().respond(to: HTTPRequest(target: target))
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self) == message + "\n")
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-store")
    }

    @Test("The corpus's messages are the CLI's, with options named as parameters")
    func messagesMatchTheCLI() {
        let cases: [(target: String, arguments: [String])] = [
            ("/render.png?line-width=wide&progress=0.5", ["--line-width", "wide", "--progress", "0.5"]),
            ("/render.png?progress=0.5&shape=hexagon", ["--progress", "0.5", "--shape", "hexagon"]),
            (
                "/render.png?progress=0.5&width=20000&height=10",
                ["--progress", "0.5", "--width", "20000", "--height", "10"]
            ),
            ("/badge.svg?progress=1&style=round", ["badge", "--progress", "1", "--style", "round"]),
        ]
        for (target, arguments) in cases {
            let cli = runTool(arguments + ["-o", "-"]).error
            let served = String(decoding: Self.service().respond(to: HTTPRequest(target: target)).body, as: UTF8.self)
            let expected = cli.replacingOccurrences(of: "pbrender: error: ", with: "")
                .replacingOccurrences(of: "option '--", with: "parameter '")
            #expect(served == expected, "\(target)")
        }
    }

    @Test("A second request for a target is a cache hit: the same response, not rendered again")
    func caches() {
        let service = Self.service()
        let first = service.respond(to: HTTPRequest(target: "/render.png?progress=0.5"))
        #expect(service.cache.statistics.misses == 1 && service.cache.statistics.insertions == 1)
        let second = service.respond(to: HTTPRequest(method: .head, target: "/render.png?progress=0.5"))
        #expect(service.cache.statistics.hits == 1)
        #expect(first == second)
        // Errors are not cached.
        _ = service.respond(to: HTTPRequest(target: "/render.png?progress=x"))
        _ = service.respond(to: HTTPRequest(target: "/render.png?progress=x"))
        #expect(service.cache.statistics.insertions == 1)
    }

    @Test("The cache stays within its size: least recently used images are dropped")
    func cacheIsBounded() {
        let service = Self.service(cache: 20_000)
        for step in 0..<40 {
            _ = service.respond(to: HTTPRequest(target: "/render.png?progress=\(Double(step) / 40)&size=96"))
            #expect(service.cache.statistics.bytes <= 20_000)
        }
        let statistics = service.cache.statistics
        #expect(statistics.evictions > 0)
        #expect(statistics.count < 40)
        #expect(service.cache.keysByRecency.first == "/render.png?progress=0.975&size=96")
    }

    @Test("ETags are answered 304 with no body by the handler")
    func notModified() {
        let handler = Self.service().handler
        let first = handler(HTTPRequest(target: "/badge.svg?progress=0.5"))
        let tag = first.headers["ETag"] ?? ""
        let again = handler(HTTPRequest(target: "/badge.svg?progress=0.5", headers: ["If-None-Match": tag]))
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.headers["ETag"] == tag)
        #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }

    @Test("The budget counts pixels over frames: at the limit served, one pixel over refused")
    func budget() throws {
        let service = RenderService(cacheCapacity: ByteCount(bytes: 0), maximumPixels: 64 * 64 * 5)
        // 64 x 64 at 1 frame, and 0.4 s at 10 fps: 5 frames.
        #expect(service.respond(to: HTTPRequest(target: "/render.png?progress=0.5&size=64")).status == .ok)
        #expect(
            service.respond(to: HTTPRequest(target: "/render.apng?animate-to=1&duration=0.4&fps=10&size=64")).status
                == .ok)
        let over = service.respond(to: HTTPRequest(target: "/render.apng?animate-to=1&duration=0.5&fps=10&size=64"))
        #expect(over.status == .badRequest)
        #expect(
            String(decoding: over.body, as: UTF8.self)
                == "the image is 64 x 64 pixels x 6 frames, 24576 pixels to render; this server renders at most 20480 "
                + "a request: ask for a smaller size or scale, or fewer frames (duration, fps)\n")
        // The vector formats are not counted in pixels.
        #expect(service.respond(to: HTTPRequest(target: "/render.svg?progress=0.5&size=4000")).status == .ok)
        // 64 x 2.3 is 147.2 points: 148 x 148 pixels, over.
        #expect(
            service.respond(to: HTTPRequest(target: "/render.png?progress=0.5&size=64&scale=2.3")).status == .badRequest
        )
        #expect(throws: Never.self) { try service.budget.check(width: 20480, height: 1) }
        #expect(throws: CommandLineError.self) { try service.budget.check(width: 20481, height: 1) }
        #expect(throws: CommandLineError.self) { try service.budget.check(width: 1 << 40, height: 1 << 40, frames: 9) }
    }

    @Test("Sentences name options as flags on the command line and as parameters over HTTP ('path' as 'curve')")
    func optionNaming() {
        let from: Sentence = "\(theOption: "from") only applies with \(option: "frames")"
        #expect(from.written(naming: .commandLine) == "option '--from' only applies with '--frames'")
        #expect(from.written(naming: .query) == "parameter 'from' only applies with 'frames'")
        let progress: Sentence = "give \(option: "progress", "P") or \(option: "path", "FILE")"
        #expect(progress.written(naming: .query) == "give 'progress=P' or 'curve=FILE'")
        #expect(progress == "give '--progress P' or '--path FILE'")
        let list: Sentence = "one of \(options: ["a", "b", "c"], conjunction: "and"), not \(options: ["a", "b"])"
        #expect(list.written(naming: .query) == "one of 'a', 'b' and 'c', not 'a', 'b'")
        let plain: Sentence = "keep 'this' and '--' and '--x-y"
        #expect(plain.written(naming: .query) == "keep 'this' and '--' and '--x-y")
    }
}
