import Testing

@testable import PBRendering

/// The GIF encoder's own parts, without a decoder: the matte, the palettes, the frame times and
/// the bytes (run under AddressSanitizer, which watches giflib's boundary). What the files show
/// is checked against Pillow and gifsicle in ``GIFOracleTests``.
@Suite struct GIFEncoderTests {
    /// One premultiplied pixel from straight components, as Cairo stores it (rounded).
    static func word(red: Int, green: Int, blue: Int, alpha: Int) -> UInt32 {
        func channel(_ value: Int) -> UInt32 { UInt32((value * alpha + 127) / 255) }
        return UInt32(alpha) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    /// `colors` premultiplied words as pixels of a `width`-wide image, over `matte`.
    static func pixels(_ words: [UInt32], width: Int, matte: UInt32 = 0xFF_FFFF) -> GIFPixels {
        words.withUnsafeBytes {
            GIFPixels(premultiplied: $0, width: width, height: words.count / width, stride: 4 * width, matte: matte)
        }
    }

    /// The schedule's exact length in hundredths of a second, rounded half up: every frame's
    /// delay but the last is the frame delay, added as fractions (no floating point).
    static func lengthInHundredths(_ schedule: FrameSchedule) -> Int {
        let (first, last) = (schedule.delay(ofFrame: 0), schedule.delay(ofFrame: schedule.frameCount - 1))
        let (b, d) = (Int(first.denominator), Int(last.denominator))
        let numerator = 100 * ((schedule.frameCount - 1) * Int(first.numerator) * d + Int(last.numerator) * b)
        return (2 * numerator + b * d) / (2 * b * d)
    }

    @Test func partlyTransparentPixelsAreCompositedOntoTheMatteAndTransparentOnesStay() {
        let words = [
            Self.word(red: 0, green: 122, blue: 255, alpha: 255),  // opaque: kept
            0,  // transparent: stays
            Self.word(red: 0, green: 0, blue: 0, alpha: 128),  // half black over the matte
            Self.word(red: 255, green: 0, blue: 0, alpha: 1),  // almost nothing: the matte
        ]
        let white = Self.pixels(words, width: 4)
        #expect(white.colors == [0x00_7AFF, GIFPixels.transparent, 0x7F_7F7F, 0xFF_FEFE])
        // (0 × 128 + m × 127 + 127) / 255 for m = 0x20, 0x40, 0x60; red over blue.
        let dark = Self.pixels(words, width: 4, matte: 0x20_4060)
        #expect(dark.colors[2] == 0x10_2030)
        #expect(dark.colors[3] == 0x21_4060)
    }

    @Test func aMatteMustBeOpaque() throws {
        #expect(try GIFPixels.matte(.white, in: .light) == 0xFF_FFFF)
        #expect(try GIFPixels.matte(Color(red: 1, green: 0.5, blue: 0), in: .light) == 0xFF_8000)
        #expect(throws: RenderError.self) {
            try GIFPixels.matte(Color(red: 0, green: 0, blue: 0, alpha: 0.5), in: .light)
        }
    }

    @Test func anImageOfAtMost256ColoursKeepsThemExactly() throws {
        // 255 opaque colours and transparency: 256 entries, in the order they first appear.
        let colors = (0..<255).map { UInt32($0) * 0x01_0101 } + [GIFPixels.transparent]
        let image = GIFPixels(width: 16, height: 16, colors: colors.reversed())
        let palette = try GIFPalette(image, dither: true)
        #expect(palette.isExact)
        #expect(palette.colors.count == 256 && palette.transparentIndex == 0)
        let decoded = palette.indices.map {
            Int($0) == palette.transparentIndex ? GIFPixels.transparent : palette.colors[Int($0)]
        }
        #expect(decoded == image.colors)
    }

    @Test func anImageOfMoreColoursIsQuantizedTheSameWayEveryTime() throws {
        // A 64 × 64 gradient: 4,096 colours, a transparent corner.
        var colors: [UInt32] = (0..<4096).map { (index: Int) -> UInt32 in
            let (red, green) = (UInt32(index % 64), UInt32(index / 64))
            return red << 18 | green << 10 | 0x80
        }
        colors[0] = GIFPixels.transparent
        let image = GIFPixels(width: 64, height: 64, colors: colors)
        for dither in [false, true] {
            let palette = try GIFPalette(image, dither: dither)
            #expect(!palette.isExact)
            #expect(palette.colors.count <= 256 && palette.transparentIndex == palette.colors.count - 1)
            #expect(palette.indices[0] == UInt8(palette.transparentIndex ?? -1))
            #expect(!palette.indices.dropFirst().contains(UInt8(palette.transparentIndex ?? -1)))
            #expect(try GIFPalette(image, dither: dither) == palette, "deterministic, dither \(dither)")
            // Every opaque pixel within a quantization step of its colour (mean error well under it).
            var (total, largest) = (0, 0)
            for (color, index) in zip(colors, palette.indices).dropFirst() {
                let entry = palette.colors[Int(index)]
                for shift in [16, 8, 0] as [UInt32] {
                    let error = abs(Int(color >> shift & 0xFF) - Int(entry >> shift & 0xFF))
                    (total, largest) = (total + error, max(largest, error))
                }
            }
            let mean = Double(total) / Double(3 * 4095)
            #expect(mean < (dither ? 6 : 4) && largest <= (dither ? 48 : 32), "mean \(mean), largest \(largest)")
        }
        #expect(try GIFPalette(image, dither: true).indices != GIFPalette(image, dither: false).indices)
    }

    @Test func frameTimesAreTheScheduleRoundedToHundredthsAndAddUpToItsLength() throws {
        let schedules = [
            try FrameSchedule(duration: 2, framesPerSecond: 30),
            try FrameSchedule(duration: 1, framesPerSecond: 60, hold: 0.5, loopCount: 3),
            try FrameSchedule(duration: 1.1, framesPerSecond: 24),
            try FrameSchedule(frameCount: 60, duration: 2),
            try FrameSchedule(frameCount: 7, period: 1),
            try FrameSchedule(period: 1, framesPerSecond: 120),
        ]
        for schedule in schedules {
            let times = GIFFrameTimes(schedule)
            let shown = (0..<schedule.frameCount).filter { times.isShown[$0] }
            let delays = zip(shown, shown.dropFirst().map { times.starts[$0] } + [times.starts.last ?? 0]).map {
                $1 - times.starts[$0]
            }
            let (first, b) = (schedule.delay(ofFrame: 0), Int(schedule.delay(ofFrame: 0).denominator))
            let length = Self.lengthInHundredths(schedule)
            #expect(delays.reduce(0, +) == length, "\(schedule)")
            #expect(delays.allSatisfy { $0 >= GIFFrameTimes.minimumDelay }, "\(schedule): \(delays)")
            #expect(times.isShown[0])
            if !schedule.isLoop { #expect(times.isShown[schedule.frameCount - 1], "the end state") }
            // Each frame shown starts within half a hundredth of its exact time: frame k at k ×
            // the frame delay.
            for index in shown {
                let exact = 100 * index * Int(first.numerator)
                #expect(abs(2 * times.starts[index] * b - 2 * exact) <= b, "\(schedule): frame \(index)")
            }
        }
        // 30 fps: every frame, 3 or 4 hundredths; 60 fps: the starts fall 2, 1, 2 hundredths apart,
        // so one in three is left out (at most two frames fit in 5 hundredths).
        #expect(GIFFrameTimes(try FrameSchedule(duration: 2, framesPerSecond: 30)).isShown.allSatisfy { $0 })
        let sixty = GIFFrameTimes(try FrameSchedule(duration: 1, framesPerSecond: 60))
        #expect(sixty.isShown.filter { !$0 }.count == 20)
    }

    @Test func identicalInputGivesIdenticalBytes() throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = 0.7
        indicator.label = ProgressLabel(template: try LabelTemplate(parsing: "{percent}"))
        let scene = try indicator.scene()
        let still = try scene.render(as: .gif)
        #expect(Array(still.prefix(6)) == Array("GIF89a".utf8) && still.last == 0x3B)
        #expect(try scene.render(as: .gif) == still)
        let timeline = Timeline(
            layout: try ProgressIndicator(shape: .ring).layout(), motion: .progress(from: 0, to: 1, timing: .default),
            schedule: try FrameSchedule(duration: 0.5, framesPerSecond: 30, loopCount: 0))
        let settings = EncodingSettings(options: ["dither": .flag(true)])
        let animation = try timeline.animatedGIF(appearance: .light, matte: .white, dither: true, workers: 1)
        #expect(try timeline.animatedGIF(appearance: .light, matte: .white, dither: true, workers: 2) == animation)
        #expect(try ImageFormat.gif.animationEncoder?(timeline, settings) == animation)
    }

    @Test func theEncoderRefusesWhatAGIFCannotHold() throws {
        let schedule = try FrameSchedule(duration: 0.1, framesPerSecond: 10, loopCount: 70_000)
        #expect(throws: RenderError.self) {
            try GIFAnimationEncoder(width: 4, height: 4, schedule: schedule, matte: 0xFF_FFFF, dither: false)
        }
        #expect(throws: RenderError.self) {
            try GIFAnimationEncoder(
                width: 70_000, height: 1, schedule: try FrameSchedule(duration: 0.1, framesPerSecond: 10), matte: 0,
                dither: false)
        }
        let encoder = try GIFAnimationEncoder(
            width: 2, height: 2, schedule: try FrameSchedule(duration: 0.1, framesPerSecond: 10), matte: 0,
            dither: false)
        let frame = [UInt32](repeating: 0xFF00_0000, count: 4)
        try frame.withUnsafeBytes { try encoder.encodeFrame($0, stride: 8) }
        #expect(throws: RenderError.self) { try encoder.finish() }
        try frame.withUnsafeBytes { try encoder.encodeFrame($0, stride: 8) }
        #expect(throws: RenderError.self) { try frame.withUnsafeBytes { try encoder.encodeFrame($0, stride: 8) } }
        #expect(try encoder.finish().prefix(6) == ArraySlice("GIF89a".utf8))
    }
}
