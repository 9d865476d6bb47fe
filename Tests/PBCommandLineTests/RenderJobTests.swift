import Foundation
import PBRendering
import PBSynchronization
import PBTestSupport
import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

@Suite("RenderJob: one value between options and bytes")
struct RenderJobTests {
    /// The package's root, where the README's paths start.
    static let root = ReadmeSnippet.root(of: #filePath)

    @Test("The library article's RenderJob example runs, and the article shows exactly this code")
    func readmeExample() throws {
        // README begin
        let job = try RenderJob(arguments: ["--shape", "ring", "--progress", "0.5", "--format", "png"])
        let web = try RenderJob(query: "progress=0.5&shape=bar&format=svg")  // what /render.svg?… draws
        let image = try job.render()  // image.bytes, image.contentType ("image/png"), image.entityTag
        // README end
        #expect(image.contentType == "image/png" && web.format == .svg)
        #expect(
            try ReadmeSnippet.isShown(
                from: #filePath, importing: "", imports: ["import PBCommandLine", "import PBServer"],
                in: "Sources/PBJob/PBJob.docc/UsingTheLibrary.md"))
    }

    @Test("A query's format comes from format=, else PNG (APNG for an animation, SVG for a badge)")
    func queryFormats() throws {
        #expect(try RenderJob(query: "progress=0.5").format == .png)
        #expect(try RenderJob(query: "progress=0.5&format=pdf").format == .pdf)
        #expect(try RenderJob(query: "animate-to=1&duration=0.1").format == .apng)
        #expect(try RenderJob(query: "progress=0.5", kind: .badge).format == .svg)
    }

    @Test("A format given by the caller refuses format= in the query, naming the routes")
    func formatGivenByTheRoute() {
        #expect(throws: CommandLineError.self) { try RenderJob(query: "progress=0.5&format=svg", format: .png) }
        do {
            _ = try RenderJob(query: "progress=0.5&format=svg", format: .png)
        } catch {
            #expect(
                error.message(naming: .query)
                    == "parameter 'format' does not apply over HTTP: the path names the format (/render.png, "
                    + "/render.svg, /render.pdf, /render.apng, /render.webp or /render.gif)")
        }
    }

    @Test("Errors read as the command line's message, and over HTTP with parameters")
    func errors() {
        do {
            _ = try RenderJob(arguments: ["--progress", "0.5", "--from", "0.2"])
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "option '--from' only applies with '--frames'")
            #expect(error.message(naming: .query) == "parameter 'from' only applies with 'frames'")
            #expect(error.usage?.hasPrefix("USAGE: pbrender [render]") == true)
        }
        do {
            _ = try RenderJob(query: "shape=bar")
            Issue.record("no error")
        } catch {
            // A server offers an animation, never frames.
            #expect(
                "\(error)" == "give the progress with '--progress P' (like 0.5 or 50%) or one of '--values', "
                    + "'--bytes' and '--step'; or an animation with '--animate-to B'")
        }
    }

    @Test("The canvas a job will draw is known before it draws: pixels at the scale, times the frames")
    func rasterSize() throws {
        let still = try #require(try RenderJob(query: "progress=0.5&size=64&scale=2").rasterSize)
        #expect(still.width == 128 && still.height == 128 && still.frames == 1)
        let animation = try #require(try RenderJob(query: "animate-to=1&duration=0.5&fps=10&size=32").rasterSize)
        // round(0.5 × 10) + 1 frames: the last is the end state.
        #expect(animation.width == 32 && animation.frames == 6)
        #expect(try RenderJob(query: "progress=0.5&format=svg").rasterSize == nil)
    }

    @Test("Warnings are values: a progress of 75 is drawn as 1 and the job says so, naming options per front end")
    func warnings() throws {
        let job = try RenderJob(arguments: ["--progress", "75"])
        #expect(job.warnings.map(\.kind) == [.percentageWithoutSign])
        #expect(
            job.warnings.map(\.description) == [
                "a progress of 75 is above 1 and is drawn as 1 (did you mean '--progress 75%'?)"
            ])
        #expect(
            job.warnings.map { $0.message(naming: .query) } == [
                "a progress of 75 is above 1 and is drawn as 1 (did you mean 'progress=75%'?)"
            ])
    }

    @Test("Typed jobs check the format: an animation needs one that animates, a still one that holds stills")
    func typedChecks() throws {
        let indicator = ProgressIndicator(shape: .ring)
        #expect(throws: CommandLineError.self) { try RenderJob(indicator: indicator, format: .apng) }
        var scaled = indicator
        scaled.scale = 2
        #expect(throws: CommandLineError.self) { try RenderJob(indicator: scaled, format: .svg) }
        let timeline = Timeline(
            layout: try indicator.layout(), motion: .progress(from: 0, to: 1, timing: .linear),
            schedule: try FrameSchedule(duration: 0.1, framesPerSecond: 10))
        #expect(throws: CommandLineError.self) { try RenderJob(timeline: timeline, format: .pdf) }
        let apng = try RenderJob(timeline: timeline, format: .apng).render()
        #expect(apng.contentType == "image/apng")
        #expect(Array(apng.bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
    }

    @Test("Frames stream one file each, and each is the still of its progress")
    func framesStream() throws {
        let job = try RenderJob(arguments: ["--frames", "3", "--size", "24", "-o", "f-%d.png"])
        let frames = Locked<[Int: [UInt8]]>([:])
        var order: [Int] = []
        try job.render { index, bytes in
            order.append(index)
            frames.withLock { $0[index] = bytes }
        }
        #expect(order == [0, 1, 2])
        #expect(frames.withLock { $0.keys.sorted() } == [0, 1, 2])
        let middle = try RenderJob(arguments: ["--progress", "0.5", "--size", "24"]).render().bytes
        #expect(frames.withLock { $0[1] } == middle)
        #expect(throws: CommandLineError.self) { try job.render() }
    }

    @Test("Every format names itself once: extension, media type, and the formats' lists follow")
    func formats() {
        #expect(ImageFormat(fileName: "a/b.SVG") == .svg)
        #expect(ImageFormat(fileName: "x.apng") == .apng)
        #expect(ImageFormat(fileName: "x.webp") == .webp)
        #expect(ImageFormat(fileName: "x.bmp") == nil)
        #expect(ImageFormat(fileName: "dir.png/x") == nil)
        #expect(
            ImageFormat.all.map(\.mediaType) == [
                "image/png", "image/svg+xml", "application/pdf", "image/apng", "image/webp", "image/gif",
            ])
        #expect(ImageFormat.all.filter(\.isRaster) == [.png, .apng, .webp, .gif])
        #expect(ImageFormat.all.filter(\.canAnimate) == [.svg, .apng, .webp, .gif])
    }

    @Test("WebP through every front end: the PNG's pixels in fewer bytes, an animation the APNG's frames, /render.webp")
    func webp() throws {
        let png = try RenderJob(arguments: ["--progress", "0.5", "--format", "png"]).render()
        let webp = try RenderJob(arguments: ["--progress", "0.5", "-o", "ring.webp"]).render()
        #expect(webp.contentType == "image/webp" && webp.bytes.count < png.bytes.count)
        let decoded = try #require(try PillowAnimation.decode(webp.bytes).frames.first)
        #expect(decoded.pixels == (try RGBAImage(png: png.bytes)).pixels)
        let web = try RenderJob(query: "progress=0.5", format: .webp).render()
        #expect(web.bytes == webp.bytes)
        let badge = try RenderJob(query: "title=coverage&progress=0.87", kind: .badge, format: .webp).render()
        let badgePNG = try RenderJob(query: "title=coverage&progress=0.87", kind: .badge, format: .png).render()
        #expect(
            try PillowAnimation.decode(badge.bytes).frames.first?.pixels == (try RGBAImage(png: badgePNG.bytes)).pixels)
        let animation = try RenderJob(arguments: [
            "--animate-to", "1", "--duration", "0.2", "--size", "32", "-o", "a.webp",
        ])
        #expect(animation.format == .webp)
        let frames = try PillowAnimation.decode(try animation.render().bytes)
        let apng = try PillowAnimation.decode(
            try RenderJob(arguments: ["--animate-to", "1", "--duration", "0.2", "--size", "32", "-o", "a.apng"])
                .render()
                .bytes)
        #expect(frames.frameCount == apng.frameCount)
        #expect(frames.frames.last?.pixels == apng.frames.last?.pixels)
    }

    @Test("Every row of the serving article's table: the URL answers with the command's bytes")
    func readmeServingTable() throws {
        let readme = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/PBServer/PBServer.docc/ServingImagesByURL.md"),
            encoding: .utf8)
        let service = RenderService(cacheCapacity: ByteCount(bytes: 0))
        var checked = 0
        for line in readme.split(separator: "\n") where line.hasPrefix("| `/render.") || line.hasPrefix("| `/badge.") {
            let cells = line.split(separator: "`")
            guard cells.count >= 4, !line.contains("…") else { continue }
            let target = String(cells[1])
            var arguments = ReadmeTests.shellWords(String(cells[3]))
            #expect(arguments.first == "pbrender", "\(line)")
            arguments.removeFirst()
            let output = try #require(arguments.firstIndex(of: "-o"))
            let format = try #require(ImageFormat(fileName: arguments[output + 1]))
            arguments.replaceSubrange(output...(output + 1), with: ["--format", format.name])
            let response = service.respond(to: HTTPRequest(target: target))
            #expect(response.status == .ok, "\(target)")
            #expect(response.body == (try RenderJob(arguments: arguments).render().bytes), "\(target)")
            #expect(response.headers["Content-Type"] == format.mediaType)
            checked += 1
        }
        #expect(checked >= 6)
    }
}
