import Foundation
import PBTestSupport
import Testing

@testable import PBRendering

/// The WebP encoders against Pillow (libwebp's decoder and animation decoder, driven from
/// Python), our PNG decoded by libspng, the APNG composited by Pillow, and `cwebp` (libwebp's own
/// command-line encoder) at the same settings.
@Suite struct WebPEncoderTests {
    /// A still to encode: a shape at a progress and a scale.
    struct StillCase: CustomTestStringConvertible, Sendable {
        var shape: ProgressShape
        var progress: Double
        var scale: Double

        var testDescription: String { "\(shape) at \(progress), scale \(scale)" }

        func scene() throws -> Scene {
            var indicator = ProgressIndicator(shape: shape)
            indicator.progress = progress
            indicator.scale = scale
            return try indicator.scene()
        }
    }

    static let stills: [StillCase] = [
        StillCase(shape: .ring, progress: 0.5, scale: 1),  // the default ring
        StillCase(shape: .bar, progress: 0.3, scale: 2),
        StillCase(shape: .gauge, progress: 0.85, scale: 1.5),
    ]

    /// Expects `actual` to show `expected`: the same size, the same alpha everywhere and the same
    /// colour wherever a pixel is not fully transparent.
    static func expectSameVisiblePixels(
        _ actual: RGBAImage, _ expected: RGBAImage, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            actual.width == expected.width && actual.height == expected.height, "\(what): size",
            sourceLocation: sourceLocation)
        guard actual.pixels.count == expected.pixels.count else { return }
        var differing = 0
        var first: Int?
        for index in stride(from: 0, to: expected.pixels.count, by: 4) {
            let alpha = expected.pixels[index + 3]
            let same =
                actual.pixels[index + 3] == alpha
                && (alpha == 0 || actual.pixels[index..<(index + 3)] == expected.pixels[index..<(index + 3)])
            if !same {
                differing += 1
                if first == nil { first = index / 4 }
            }
        }
        #expect(
            differing == 0,
            "\(what): \(differing) pixels differ, the first at \(first.map { ($0 % expected.width, $0 / expected.width) }.map { "\($0)" } ?? "-")",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: stills)
    func aStillHoldsExactlyThePNGsPixels(still: StillCase) throws {
        let scene = try still.scene()
        let png = try scene.render(as: .png)
        let webp = try scene.render(as: .webp)
        #expect(Array(webp.prefix(4)) == Array("RIFF".utf8) && Array(webp[8..<12]) == Array("WEBP".utf8))
        let decoded = try PillowAnimation.decode(webp)
        #expect(decoded.format == "WEBP" && decoded.frameCount == 1)
        #expect(decoded.webp?.chunks == ["VP8L"], "one lossless bitstream, nothing else")
        let expected = try RGBAImage(png: png)
        let actual = try #require(decoded.frames.first)
        Self.expectSameVisiblePixels(actual, expected, "\(still.testDescription)")
        // `exact`: the colour under transparent pixels is kept (0, as the PNG has it), so the
        // whole buffers agree.
        #expect(actual.pixels == expected.pixels, "exact: every byte, transparent pixels too")
        #expect(webp.count < png.count, "\(webp.count) bytes of WebP against \(png.count) of PNG")
    }

    /// Our bytes are what libwebp's own tool writes at the same settings, from our PNG: the
    /// configuration is the one documented (lossless, exact, method and quality).
    @Test(arguments: stills)
    func theBytesAreCwebpsAtTheSameSettings(still: StillCase) throws {
        let scene = try still.scene()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-cwebp-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (input, output) = (directory.appendingPathComponent("in.png"), directory.appendingPathComponent("out.webp"))
        try Data(try scene.render(as: .png)).write(to: input)
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/cwebp"),
            [
                "-quiet", "-lossless", "-exact", "-m", "\(WebPEncoder.method)", "-q", "\(Int(WebPEncoder.quality))",
                input.path, "-o", output.path,
            ])
        try #require(outcome.status == 0, "cwebp: \(outcome.errorText)")
        #expect(try scene.render(as: .webp) == Array(try Data(contentsOf: output)))
    }

    @Test func theSameSceneGivesTheSameBytes() throws {
        let scene = try Self.stills[0].scene()
        let renderer = SceneRenderer()
        let first = try renderer.render(scene, as: .webp)
        // A renderer that has encoded another size in between, and a fresh one.
        _ = try renderer.render(try Self.stills[1].scene(), as: .webp)
        #expect(try renderer.render(scene, as: .webp) == first)
        #expect(try scene.render(as: .webp) == first)
        #expect(try SceneRenderer().render(scene, as: .webp) == first)
    }

    @Test func aCanvasWiderThanAWebPAllowsIsRefused() throws {
        // 16,384 pixels is a PNG's limit, one more than a WebP's.
        let wide = Scene(width: 16384, height: 4)
        #expect(throws: Never.self) { try wide.validate(for: .png) }
        let error = try #require(throws: RenderError.self) { try wide.render(as: .webp) }
        #expect(error == RenderError(.canvasTooLargeForFormat("WebP", dimension: .width, pixels: 16384, limit: 16383)))
        #expect(error.isInputError)
        #expect("\(error)" == "'width' gives a canvas 16384 pixels wide; a WebP's limit is 16383 pixels a side")
        // At a scale: 8,192 points at 2 are 16,384 pixels tall.
        let tall = Scene(width: 4, height: 8192, scale: 2)
        #expect(throws: RenderError(.canvasTooLargeForFormat("WebP", dimension: .height, pixels: 16384, limit: 16383)))
        {
            try tall.render(as: .webp)
        }
        // 16,383 pixels is fine.
        #expect(
            try PillowAnimation.decode(try Scene(width: 16383, height: 1).render(as: .webp)).frames.first?.width
                == 16383)
    }

    // MARK: - Animations

    /// An animation to encode both ways.
    struct AnimationCase: CustomTestStringConvertible, Sendable {
        var shape: ProgressShape
        var from: Double
        var to: Double
        var duration: Double
        var fps: Int
        var hold: Double
        var loop: Int

        var testDescription: String {
            "\(shape) \(from)→\(to) over \(duration) s at \(fps) fps, hold \(hold), loop \(loop)"
        }

        func timeline() throws -> Timeline {
            try Timeline(
                layout: ProgressIndicator(shape: shape).layout(),
                motion: .progress(from: from, to: to, timing: .default),
                schedule: FrameSchedule(duration: duration, framesPerSecond: fps, hold: hold, loopCount: loop))
        }
    }

    static let animations: [AnimationCase] = [
        AnimationCase(shape: .ring, from: 0, to: 0.8, duration: 1, fps: 30, hold: 0.5, loop: 0),
        // The ease ends slowly: the last frames of a bar at 8 fps repeat the one before.
        AnimationCase(shape: .bar, from: 0.2, to: 0.3, duration: 1, fps: 8, hold: 0, loop: 3),
        AnimationCase(shape: .gauge, from: 1, to: 0, duration: 0.25, fps: 12, hold: 0.25, loop: 1),
    ]

    /// Frames with the time each starts, consecutive identical frames merged into one (the
    /// earliest start kept): what a viewer sees, whatever the encoder's frame count.
    static func shownFrames(_ frames: [RGBAImage], durations: [Double]) -> [(image: RGBAImage, start: Double)] {
        var shown: [(image: RGBAImage, start: Double)] = []
        var time = 0.0
        for (frame, duration) in zip(frames, durations) {
            if shown.last?.image != frame { shown.append((frame, time)) }
            time += duration
        }
        shown.append((RGBAImage(width: 0, height: 0, pixels: []), time))  // the end
        return shown
    }

    @Test(arguments: animations)
    func anAnimationShowsTheAPNGsFramesAtTheAPNGsTimes(animation: AnimationCase) throws {
        let timeline = try animation.timeline()
        let apng = try PillowAnimation.decode(try timeline.animatedPNG())
        let webpBytes = try timeline.animatedWebP()
        let webp = try PillowAnimation.decode(webpBytes)
        #expect(webp.format == "WEBP")
        #expect(webp.loop == animation.loop && webp.webp?.loop == animation.loop)
        #expect(webp.webp?.background == 0, "a transparent background")
        let container = try #require(webp.webp)
        #expect(Array(container.chunks.prefix(2)) == ["VP8X", "ANIM"])
        #expect(container.frames.count == webp.frameCount)
        #expect(container.frames.allSatisfy { $0.chunks == ["VP8L"] }, "every frame lossless")
        let expected = Self.shownFrames(apng.frames, durations: apng.durations)
        let actual = Self.shownFrames(webp.frames, durations: webp.durations)
        try #require(
            actual.count == expected.count, "\(actual.count - 1) distinct frames against \(expected.count - 1)")
        for (index, (shown, wanted)) in zip(actual, expected).enumerated() {
            if index < expected.count - 1 {
                Self.expectSameVisiblePixels(shown.image, wanted.image, "shown frame \(index)")
            }
            // Each frame starts at its APNG time rounded to the millisecond.
            #expect(
                abs(shown.start - wanted.start) <= 0.5 + 1e-9,
                "frame \(index) starts at \(shown.start) ms, the APNG's at \(wanted.start) ms")
        }
        #expect(try timeline.animatedWebP(workers: 1) == webpBytes, "the same bytes on one worker or many")
    }

    @Test func aLoopCountAboveAWebPsIsRefused() throws {
        let timeline = try Timeline(
            layout: ProgressIndicator(shape: .bar).layout(), motion: .progress(from: 0, to: 1, timing: .linear),
            schedule: FrameSchedule(duration: 0.5, framesPerSecond: 4, loopCount: 65536))
        let error = try #require(throws: RenderError.self) { try timeline.animatedWebP() }
        #expect("\(error)" == "'loop' must be from 0 (forever) to 65535 for a WebP, not 65536")
        #expect(error.isInputError)
    }
}
