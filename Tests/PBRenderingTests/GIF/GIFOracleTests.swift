import Foundation
import PBTestSupport
import Testing

@testable import PBRendering

/// GIFs decoded by two programs that share no code with giflib: Pillow (its own GIF reader,
/// which composites the frames, applying each image's disposal and transparency) and
/// `gifsicle --info` (each image's rectangle, delay and disposal, and the loop count).
///
/// The expectation is the PNG of the same scene decoded by libspng and composited onto the matte
/// here, channel by channel: `(c × a + m × (255 − a) + 127) / 255` for a partly transparent
/// pixel, the PNG's colour for an opaque one, transparent for a transparent one. An image of at
/// most 256 colours (counted here, transparency as one) must equal it exactly; a quantized one keeps every pixel's transparency
/// exactly and its colour within the error stated in ``quantized``.
@Suite struct GIFOracleTests {
    /// A still to encode.
    struct StillCase: CustomTestStringConvertible, Sendable {
        var name: String
        var scene: @Sendable () throws -> Scene

        var testDescription: String { name }
    }

    static func ring(progress: Double, configure: (inout ProgressIndicator) throws -> Void = { _ in }) throws -> Scene {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = progress
        try configure(&indicator)
        return try indicator.scene()
    }

    static let stills: [StillCase] = [
        StillCase(name: "the default ring") { try ring(progress: 0.5) },
        StillCase(name: "a ring with butt caps") { try ring(progress: 0.25) { $0.style.lineCap = .butt } },
        StillCase(name: "a bar at scale 2") {
            var indicator = ProgressIndicator(shape: .bar)
            indicator.progress = 0.3
            indicator.scale = 2
            return try indicator.scene()
        },
        StillCase(name: "a badge") { try Badge(title: "coverage", progress: 0.87).scene() },
        StillCase(name: "a labelled ring") {
            try ring(progress: 0.7) {
                $0.label = ProgressLabel(
                    template: try LabelTemplate(parsing: "{percent}"), font: try Font(description: "Sans Bold 24"),
                    color: .black)
            }
        },
        StillCase(name: "a gradient ring") {
            try ring(progress: 0.9) {
                $0.style.progressGradient = try PathGradient(colors: [
                    Color(red: 1, green: 0.23, blue: 0.19), Color(red: 1, green: 0.8, blue: 0),
                    Color(red: 0.2, green: 0.78, blue: 0.35),
                ])
            }
        },
    ]

    /// The largest mean and largest single channel error a quantized image may have against
    /// the composited PNG, over its opaque pixels, undithered and dithered. Measured (printed by
    /// ``aStillDecodesToThePNGCompositedOntoTheMatte(still:)``, mean/largest, undithered then
    /// dithered, over white): the default ring (286 colours) 0.002/1 and 0.002/1, the labelled
    /// ring 0.03/3 and 0.04/3, the badge 0.02/1 and 0.02/2, the gradient ring (about 2,000
    /// colours) 1.28/19 and 1.53/22. The bounds leave a margin for other fonts' antialiasing.
    static let quantized = (mean: 2.0, largest: 28, ditheredMean: 2.5, ditheredLargest: 32)

    /// How many colours `image` has, transparency counted as one colour.
    static func colorCount(_ image: RGBAImage) -> Int {
        var colors = Set<UInt32>()
        for pixel in 0..<(image.width * image.height) {
            let bytes = image.pixels[(4 * pixel)..<(4 * pixel + 4)].map(UInt32.init)
            colors.insert(bytes[3] == 0 ? 1 << 24 : bytes[0] << 16 | bytes[1] << 8 | bytes[2])
        }
        return colors.count
    }

    /// The mean and largest channel error of `actual` against `expected` over the opaque pixels
    /// of `expected`, and how many pixels' alpha differ (transparent ones are compared by alpha
    /// alone: Pillow gives them the transparent entry's colour).
    static func error(_ actual: RGBAImage, _ expected: RGBAImage) -> (mean: Double, largest: Int, alphaDiffering: Int) {
        var (total, largest, count, alphaDiffering) = (0, 0, 0, 0)
        for pixel in 0..<(expected.width * expected.height) {
            let alpha = expected.pixels[4 * pixel + 3]
            if actual.pixels[4 * pixel + 3] != alpha { alphaDiffering += 1 }
            guard alpha == 255 else { continue }
            for channel in 0..<3 {
                let difference = abs(
                    Int(actual.pixels[4 * pixel + channel]) - Int(expected.pixels[4 * pixel + channel]))
                (total, largest) = (total + difference, max(largest, difference))
            }
            count += 3
        }
        return (count == 0 ? 0 : Double(total) / Double(count), largest, alphaDiffering)
    }

    static func settings(matte: Color = .white, dither: Bool = false) -> EncodingSettings {
        EncodingSettings(options: ["matte": .color(matte), "dither": .flag(dither)])
    }

    @Test(arguments: stills)
    func aStillDecodesToThePNGCompositedOntoTheMatte(still: StillCase) throws {
        let scene = try still.scene()
        let png = try RGBAImage(png: try scene.render(as: .png))
        for (matte, bytes) in [
            (Color.white, (UInt8(255), UInt8(255), UInt8(255))), (Color(red8: 32, green8: 64, blue8: 96), (32, 64, 96)),
        ] {
            for dither in [false, true] {
                let gif = try ImageFormat.gif.encode(
                    scene, settings: Self.settings(matte: matte, dither: dither), renderer: SceneRenderer())
                let decoded = try PillowAnimation.decode(gif)
                #expect(decoded.format == "GIF" && decoded.frameCount == 1)
                let info = try GIFSicleInfo.read(gif)
                #expect(info.images.count == 1 && info.loop == .none)
                #expect(info.width == png.width && info.height == png.height)
                let actual = try #require(decoded.frames.first)
                let expected = png.overMatte(bytes)
                let error = Self.error(actual, expected)
                let what = "\(still.name) over \(matte.hexString), dither \(dither)"
                #expect(error.alphaDiffering == 0, "\(what): transparency")
                if still.name.hasPrefix("a bar") || (still.name.contains("butt") && matte == .white) {
                    #expect(Self.colorCount(expected) <= 256, "\(what): a case the exact palette must cover")
                }
                if Self.colorCount(expected) <= 256 {
                    #expect(actual == expected, "\(what): exact, mean \(error.mean), largest \(error.largest)")
                } else {
                    print("GIF quantized: \(what): mean \(error.mean), largest \(error.largest)")
                    let bound =
                        dither
                        ? (Self.quantized.ditheredMean, Self.quantized.ditheredLargest)
                        : (Self.quantized.mean, Self.quantized.largest)
                    #expect(error.mean <= bound.0 && error.largest <= bound.1, "\(what): \(error)")
                    #expect(error.largest > 0, "\(what): more than 256 colours, so not every pixel is exact")
                }
            }
        }
    }

    struct AnimationCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// Whether a frame changes a small part of the picture (not a spinner's every spoke).
        var changesLittle = true
        var timeline: @Sendable () throws -> Timeline

        var testDescription: String { name }
    }

    static let animations: [AnimationCase] = [
        AnimationCase(name: "a ring filling, 2 s at 30 fps, once") {
            Timeline(
                layout: try ProgressIndicator(shape: .ring).layout(),
                motion: .progress(from: 0, to: 1, timing: .linear),
                schedule: try FrameSchedule(duration: 2, framesPerSecond: 30))
        },
        AnimationCase(name: "a bar emptying at 60 fps with a hold, three times") {
            Timeline(
                layout: try ProgressIndicator(shape: .bar).layout(),
                motion: .progress(from: 0.9, to: 0.2, timing: .default),
                schedule: try FrameSchedule(duration: 1, framesPerSecond: 60, hold: 0.35, loopCount: 3))
        },
        AnimationCase(name: "a spinner, 12 frames a second, forever", changesLittle: false) {
            var indicator = ProgressIndicator(shape: .ring)
            indicator.isIndeterminate = true
            return Timeline(
                layout: try indicator.layout(), motion: .indeterminate(.spinner),
                schedule: try FrameSchedule(period: 1, framesPerSecond: 12))
        },
        AnimationCase(name: "a ring from 0.2 to 0.9, 24 frames over 1.1 s") {
            Timeline(
                layout: try ProgressIndicator(shape: .ring).layout(),
                motion: .progress(from: 0.2, to: 0.9, timing: .default),
                schedule: try FrameSchedule(frameCount: 24, duration: 1.1, loopCount: 0))
        },
    ]

    /// Every frame the GIF shows is the APNG's frame composited onto white, at its time rounded
    /// to the hundredth; the delays add up to the animation's length; the loop count is the
    /// APNG's; unchanged frames are merged and changed ones cropped.
    @Test(arguments: animations)
    func anAnimationShowsTheFramesAtTheirTimes(animation: AnimationCase) throws {
        let timeline = try animation.timeline()
        let schedule = timeline.schedule
        let gif = try ImageFormat.gif.animationEncoder?(timeline, Self.settings()) ?? []
        let info = try GIFSicleInfo.read(gif)
        let decoded = try PillowAnimation.decode(gif)
        #expect(decoded.frameCount == info.images.count)
        // Loop: the APNG's count of plays; GIF counts repeats after the first.
        let plays = schedule.loopCount
        #expect(info.loop == (plays == 1 ? .none : plays == 0 ? .forever : .count(plays - 1)))
        #expect(decoded.loop == (plays == 1 ? nil : plays == 0 ? 0 : plays - 1))
        // Times: the exact length, rounded to the hundredth.
        let delays = info.images.map(\.delay)
        #expect(delays.reduce(0, +) == GIFEncoderTests.lengthInHundredths(schedule), "\(delays)")
        #expect(decoded.durations == delays.map { Double($0 * 10) }, "Pillow reads the same delays")
        #expect(delays.allSatisfy { $0 >= 2 }, "no delay a browser would slow down")
        // Pictures: image k shows the frame that starts nearest its start time.
        var start = 0
        var previous: RGBAImage?
        for (index, frame) in decoded.frames.enumerated() {
            let shown =
                (0..<schedule.frameCount).last { schedule.startTime(ofFrame: $0, unitsPerSecond: 100) <= start } ?? 0
            let expected = (try timeline.scene(ofFrame: shown).renderImage()).overMatte((255, 255, 255))
            let error = Self.error(frame, expected)
            #expect(error.alphaDiffering == 0, "image \(index) (frame \(shown)): transparency")
            #expect(
                error.mean <= Self.quantized.mean && error.largest <= Self.quantized.largest, "image \(index): \(error)"
            )
            #expect(frame != previous, "image \(index): an unchanged frame is merged into the one before")
            previous = frame
            start += delays[index]
        }
        // Cropped: after the first, images cover less than the canvas on average.
        guard animation.changesLittle else { return }
        let area = info.images.dropFirst().map { $0.width * $0.height }.reduce(0, +)
        #expect(area < info.width * info.height * max(1, info.images.count - 1), "\(info.text)")
    }

    /// An animation that stops changing (a hold, a value that is reached early) has one image for
    /// the unchanged frames, shown for their whole time (11 frames of a tenth of a second and
    /// half a second's hold).
    @Test func unchangedFramesAreMerged() throws {
        let timeline = Timeline(
            layout: try ProgressIndicator(shape: .ring).layout(),
            motion: .progress(from: 0.5, to: 0.5, timing: .linear),
            schedule: try FrameSchedule(duration: 1, framesPerSecond: 10, hold: 0.5))
        let info = try GIFSicleInfo.read(try ImageFormat.gif.animationEncoder?(timeline, Self.settings()) ?? [])
        #expect(info.images.count == 1 && info.images.map(\.delay) == [160], "\(info.text)")
    }
}
