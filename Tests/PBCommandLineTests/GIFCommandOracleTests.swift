import Foundation
import PBRendering
import PBTestSupport
import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

/// GIF through every front end, decoded by Pillow and `gifsicle --info`: `-o x.gif`, `--matte`
/// and `--dither` (refused for other formats), animations, `/render.gif` and `/badge.gif`, and
/// `--poster` refused with a message that says what a GIF shows instead.
@Suite struct GIFCommandOracleTests {
    /// The first frame Pillow decodes from `bytes`.
    static func picture(_ bytes: [UInt8]) throws -> RGBAImage {
        try #require(try PillowAnimation.decode(bytes).frames.first)
    }

    @Test("-o ring.gif writes a GIF; the query and the command line give the same bytes")
    func still() throws {
        let gif = try RenderJob(arguments: ["--shape", "bar", "--progress", "0.4", "-o", "bar.gif"]).render()
        #expect(gif.contentType == "image/gif" && gif.bytes.starts(with: Array("GIF89a".utf8)))
        let png = try RenderJob(arguments: ["--shape", "bar", "--progress", "0.4", "-o", "bar.png"]).render()
        // A bar has fewer than 256 colours: the PNG's own pixels over white.
        let expected = (try RGBAImage(png: png.bytes)).overMatte((255, 255, 255))
        #expect(try Self.picture(gif.bytes) == expected)
        let web = try RenderJob(query: "shape=bar&progress=0.4", format: .gif).render()
        #expect(web.bytes == gif.bytes)
    }

    @Test("--matte sets the colour under partly transparent pixels; --dither changes a quantized image")
    func matteAndDither() throws {
        let arguments = ["--progress", "0.5", "--shape", "bar", "-o", "bar.gif"]
        let white = try RenderJob(arguments: arguments).render().bytes
        let dark = try RenderJob(arguments: arguments + ["--matte", "#204060"]).render().bytes
        #expect(white != dark)
        let png = try RGBAImage(png: try RenderJob(arguments: ["--progress", "0.5", "--shape", "bar"]).render().bytes)
        #expect(try Self.picture(dark) == png.overMatte((0x20, 0x40, 0x60)))
        let gradient = ["--progress", "0.9", "--progress-gradient", "#FF3B30,#FFCC00,#34C759", "-o", "g.gif"]
        let plain = try RenderJob(arguments: gradient).render().bytes
        let dithered = try RenderJob(arguments: gradient + ["--dither"]).render().bytes
        #expect(plain != dithered)
        #expect(try RenderJob(arguments: gradient + ["--dither"]).render().bytes == dithered, "deterministic")
    }

    @Test("--matte, --dither and --poster are refused where they do not apply")
    func refusals() {
        let cases: [(arguments: [String], message: String)] = [
            (["--progress", "0.5", "--matte", "red", "-o", "r.png"], "option '--matte' applies to GIF output only"),
            (["--progress", "0.5", "--dither", "-o", "r.webp"], "option '--dither' applies to GIF output only"),
            (
                ["--progress", "0.5", "--matte", "#00000080", "-o", "r.gif"],
                "option '--matte' must be an opaque colour (a GIF composites partly transparent pixels onto it)"
            ),
            (
                ["--animate-to", "1", "--poster", "first", "-o", "a.gif"],
                "option '--poster' applies to APNG only: for a GIF, a viewer that does not animate GIFs"
            ),
        ]
        for (arguments, message) in cases {
            #expect(throws: (any Error).self, "\(arguments)") {
                do {
                    _ = try RenderJob(arguments: arguments).render()
                } catch {
                    let text = (error as? CommandLineError)?.message(naming: .commandLine) ?? "\(error)"
                    #expect(text.hasPrefix(message), "\(arguments): \(text)")
                    throw error
                }
            }
        }
    }

    @Test("An animated GIF: the APNG's last frame, its loop count, delays adding up to the length")
    func animation() throws {
        let arguments = ["--animate-to", "1", "--duration", "0.5", "--fps", "20", "--loop", "0", "--size", "48"]
        let gif = try RenderJob(arguments: arguments + ["-o", "a.gif"]).render()
        #expect(gif.contentType == "image/gif")
        let info = try GIFSicleInfo.read(gif.bytes)
        #expect(info.loop == .forever)
        // 11 frames of 5 hundredths.
        #expect(info.images.map(\.delay).reduce(0, +) == 55, "\(info.text)")
        let apng = try PillowAnimation.decode(try RenderJob(arguments: arguments + ["-o", "a.apng"]).render().bytes)
        let last = try #require(apng.frames.last)
        #expect(try PillowAnimation.decode(gif.bytes).frames.last == last.overMatte((255, 255, 255)))
    }

    @Test("/render.gif and /badge.gif answer image/gif, the command's bytes")
    func routes() throws {
        let service = RenderService(cacheCapacity: ByteCount(bytes: 0))
        for (target, arguments) in [
            ("/render.gif?progress=0.25&size=64", ["--progress", "0.25", "--size", "64", "--format", "gif"]),
            (
                "/badge.gif?title=build&progress=0.5",
                ["badge", "--title", "build", "--progress", "0.5", "--format", "gif"]
            ),
        ] {
            let response = service.respond(to: HTTPRequest(target: target))
            #expect(response.status == .ok, "\(target)")
            #expect(response.headers["Content-Type"] == "image/gif", "\(target)")
            #expect(response.body == (try RenderJob(arguments: arguments).render().bytes), "\(target)")
            #expect(try GIFSicleInfo.read(response.body).images.count == 1)
        }
    }

    /// Writes the bar, the ring, a badge and a labelled ring as GIFs into `.build/gif-look/`, to
    /// be looked at (converted to PNG); checks that each decodes to its size.
    @Test("The bar, the ring, a badge and a labelled ring as GIF, kept to be looked at")
    func pictures() throws {
        let folder = Oracle.root.appendingPathComponent(".build/gif-look")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cases: [(String, [String])] = [
            ("bar", ["--shape", "bar", "--progress", "0.4"]),
            ("ring", ["--progress", "0.6"]),
            ("badge", ["badge", "--title", "coverage", "--progress", "0.87"]),
            ("labelled-ring", ["--progress", "0.7", "--label", "{percent}", "--font", "Sans Bold 28"]),
        ]
        for (name, arguments) in cases {
            let gif = try RenderJob(arguments: arguments + ["-o", "\(name).gif"]).render().bytes
            try Data(gif).write(to: folder.appendingPathComponent("\(name).gif"))
            let png = try RGBAImage(png: try RenderJob(arguments: arguments + ["-o", "\(name).png"]).render().bytes)
            let picture = try Self.picture(gif)
            #expect(picture.width == png.width && picture.height == png.height, "\(name)")
        }
    }
}
