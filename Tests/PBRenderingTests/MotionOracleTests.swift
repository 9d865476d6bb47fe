import Foundation
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// Issue 11's "done when", against independent oracles: our APNGs decoded by Pillow (frame
/// count, delays as exact fractions, loop count, every composited frame against the frame
/// rendered alone); the progress visible in each frame measured from its pixels against the
/// timing curve solved here by bisection; the loop seam of every indeterminate style; and
/// Chromium playing the animated SVG at the frames' times, with and without reduced motion.
@Suite struct MotionOracleTests {
    /// An animation to check: the indicator, the motion and its schedule, and the last frame's
    /// delay as the exact fraction `1/F + hold`.
    struct AnimationCase: Sendable, CustomTestStringConvertible {
        var shape: ProgressShape
        var from: Double
        var to: Double
        var timing: TimingFunction
        var duration: Double
        var fps: Int
        /// The hold as a fraction of a second (numerator, denominator).
        var hold: (Int, Int)
        var loop: Int

        var testDescription: String {
            "\(shape) \(from)→\(to) over \(duration) s at \(fps) fps, hold \(hold), loop \(loop)"
        }

        func timeline() throws -> Timeline {
            try Timeline(
                layout: ProgressIndicator(shape: shape).layout(), motion: .progress(from: from, to: to, timing: timing),
                schedule: FrameSchedule(
                    duration: duration, framesPerSecond: fps, hold: Double(hold.0) / Double(hold.1), loopCount: loop))
        }
    }

    static let animations: [AnimationCase] = [
        AnimationCase(shape: .ring, from: 0, to: 1, timing: .default, duration: 1, fps: 12, hold: (0, 1), loop: 1),
        AnimationCase(
            shape: .bar, from: 0.2, to: 0.8, timing: .easeInEaseOut, duration: 0.5, fps: 30, hold: (1, 2), loop: 0),
        AnimationCase(shape: .gauge, from: 1, to: 0, timing: .linear, duration: 0.25, fps: 10, hold: (3, 10), loop: 3),
    ]

    /// `a/b` and `c/d` as the same fraction.
    static func sameFraction(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Bool { a * d == b * c }

    @Test func thePosterIsWhatAViewerWithoutAPNGShows() throws {
        let timeline = try Self.animations[0].timeline()
        let count = timeline.schedule.frameCount
        // libspng, which reads a PNG's IDAT and skips the APNG chunks, shows the default image.
        let plain = { (poster: AnimationPoster) throws -> RGBAImage in
            try RGBAImage(png: try timeline.animatedPNG(poster: poster))
        }
        #expect(try plain(.last) == timeline.scene(ofFrame: count - 1).renderImage(), "the value reached")
        #expect(try plain(.first) == timeline.scene(ofFrame: 0).renderImage())
        let layout = timeline.layout
        #expect(try plain(.progress(0.3)) == layout.scene(progress: 0.3, strokeStart: 0).renderImage())
        // With the first frame as the poster, frame 0 is the default image: no separate one.
        let first = try PillowAnimation.decode(try timeline.animatedPNG(poster: .first))
        #expect(!first.defaultImage && first.poster == nil && first.frameCount == count)
        #expect(
            first.frameControls.map(\.sequence)
                == Array(stride(from: 0, to: 2 * count - 1, by: 2)).map { $0 == 0 ? 0 : $0 - 1 })
        // A poster apart: the frames' chunks start again at sequence number 0, all fdAT.
        let last = try PillowAnimation.decode(try timeline.animatedPNG(poster: .last))
        #expect(last.frameControls.map(\.sequence) == Array(stride(from: 0, to: 2 * count, by: 2)))
        #expect(last.frames == first.frames, "the same frames whatever the poster")
    }

    @Test(arguments: animations)
    func pillowDecodesTheAPNGAsItsFrames(animation: AnimationCase) throws {
        let timeline = try animation.timeline()
        let decoded = try PillowAnimation.decode(try timeline.animatedPNG())
        // round(D x F) + 1 frames, computed here without the schedule.
        let count = Int((animation.duration * Double(animation.fps)).rounded()) + 1
        #expect(decoded.format == "PNG")
        #expect(decoded.frameCount == count && decoded.frames.count == count)
        #expect(decoded.animationControl == [count, animation.loop], "acTL: frames and plays")
        #expect(decoded.loop == animation.loop)
        #expect(decoded.defaultImage, "the default image is a poster apart from the frames")
        #expect(
            decoded.poster == (try timeline.scene(ofFrame: count - 1).renderImage()), "the poster is the last frame")
        #expect(decoded.frameControls.count == count)
        for (index, control) in decoded.frameControls.enumerated() {
            // Delays as exact fractions: 1/F, the last 1/F + hold.
            let (hold, holdDenominator) = animation.hold
            let (numerator, denominator) =
                index == count - 1
                ? (holdDenominator + animation.fps * hold, animation.fps * holdDenominator) : (1, animation.fps)
            #expect(
                Self.sameFraction(control.delayNumerator, control.delayDenominator, numerator, denominator),
                "frame \(index): \(control.delayNumerator)/\(control.delayDenominator) s, not \(numerator)/\(denominator)"
            )
            #expect(
                decoded.durations[index] == Double(control.delayNumerator) / Double(control.delayDenominator) * 1000)
        }
        // Every composited frame is the frame rendered alone, pixel for pixel.
        for index in 0..<count {
            let alone = try timeline.scene(ofFrame: index).renderImage()
            #expect(decoded.frames[index] == alone, "frame \(index) differs from the frame rendered alone")
        }
        // The last frame is exactly the end.
        #expect(timeline.progress(ofFrame: count - 1) == animation.to)
    }

    @Test func aDarkAPNGIsTheDarkFrames() throws {
        let timeline = try Self.animations[0].timeline()
        let decoded = try PillowAnimation.decode(try timeline.animatedPNG(appearance: .dark))
        for index in [0, 5, 12] {
            #expect(decoded.frames[index] == (try timeline.scene(ofFrame: index).appearance(.dark).renderImage()))
        }
        #expect(decoded.frames[5] != (try timeline.scene(ofFrame: 5).renderImage()))
    }

    // MARK: Motion against the timing curve

    /// CSS's cubic-bezier timing (`y` at `x`), solved by bisection: a solver of its own (the
    /// library uses Newton's method with a bisection fallback).
    static func bezier(_ timing: TimingFunction, at x: Double) -> Double {
        func curve(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if curve(timing.x1, timing.x2, middle) < x { low = middle } else { high = middle }
        }
        return curve(timing.y1, timing.y2, (low + high) / 2)
    }

    /// How far round the default 256-point ring the progress colour reaches, in points of arc at
    /// the stroke's middle (radius 122: half the canvas less half the 12-point stroke), measured
    /// from the pixels: along circles of radius 119...125 (well inside the stroke, clear of its
    /// antialiased sides), the first angle clockwise from 12 o'clock where the colour, read by
    /// bilinear interpolation between pixel centres, is less than half the way from the track's
    /// red channel (229) to the progress's (0); averaged over the circles.
    static func visibleArc(_ image: RGBAImage) -> Double {
        let (cx, cy, r) = (128.0, 128.0, 122.0)
        let rgb = image.overWhite()
        let width = image.width
        func blueness(at angle: Double, radius: Double) -> Double {
            let (fx, fy) = (cx + radius * sin(angle) - 0.5, cy - radius * cos(angle) - 0.5)
            let (x0, y0) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
            let (tx, ty) = (fx - Double(x0), fy - Double(y0))
            func red(_ x: Int, _ y: Int) -> Double { Double(rgb[3 * (y * width + x)]) }
            let top = red(x0, y0) * (1 - tx) + red(x0 + 1, y0) * tx
            let bottom = red(x0, y0 + 1) * (1 - tx) + red(x0 + 1, y0 + 1) * tx
            return (229 - (top * (1 - ty) + bottom * ty)) / 229
        }
        var total = 0.0
        let radii = Array(stride(from: r - 3, through: r + 3, by: 1.0))
        for radius in radii {
            // Half a pixel of arc at a time from half a pixel past the start, then the crossing
            // by bisection to a thousandth of a pixel.
            let step = 0.5 / radius
            var (inside, outside) = (step, 2 * Double.pi)
            guard blueness(at: inside, radius: radius) >= 0.5 else { continue }
            var angle = inside
            while angle + step < 2 * .pi {
                if blueness(at: angle + step, radius: radius) < 0.5 {
                    (inside, outside) = (angle, angle + step)
                    break
                }
                angle += step
            }
            guard outside < 2 * .pi else {
                total += 2 * .pi * r
                continue
            }
            while (outside - inside) * radius > 0.001 {
                let middle = (inside + outside) / 2
                if blueness(at: middle, radius: radius) >= 0.5 { inside = middle } else { outside = middle }
            }
            total += (inside + outside) / 2 * r
        }
        return total / Double(radii.count)
    }

    @Test(arguments: [TimingFunction.default, .easeInEaseOut, .easeOut, .linear])
    func theVisibleProgressFollowsTheTimingCurve(timing: TimingFunction) throws {
        var style = ProgressStyle()
        style.lineCap = .butt  // so the progress ends where it ends, with no cap beyond
        let (from, to, duration, fps) = (0.0, 1.0, 1.0, 20)
        let timeline = try Timeline(
            layout: ProgressIndicator(shape: .ring, style: style).layout(),
            motion: .progress(from: from, to: to, timing: timing),
            schedule: FrameSchedule(duration: duration, framesPerSecond: fps))
        let frames = try PillowAnimation.decode(try timeline.animatedPNG()).frames
        #expect(frames.count == 21)
        let circumference = 2 * Double.pi * 122
        var worst = (error: 0.0, frame: 0)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / Double(fps)
            let expected = (from + (to - from) * Self.bezier(timing, at: t / duration)) * circumference
            let error = abs(Self.visibleArc(frame) - expected)
            #expect(
                error <= 1,
                "frame \(index) (t = \(t)): the arc is \(Self.visibleArc(frame)) px, the curve says \(expected)")
            if error > worst.error { worst = (error, index) }
        }
        print("motion vs \(timing): worst \(worst.error) px of arc (frame \(worst.frame))")
        // The measure can fail: a frame against the curve a frame later is tens of pixels off.
        let shifted = (from + (to - from) * Self.bezier(timing, at: 11.0 / 20)) * circumference
        #expect(abs(Self.visibleArc(frames[10]) - shifted) > 5)
    }

    // MARK: Indeterminate loops

    /// How much two frames differ: the sum over pixels of the largest channel difference, over white.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        let (u, v) = (a.overWhite(), b.overWhite())
        var (sum, pixel) = (0, 0)
        while pixel < u.count {
            var worst = 0
            var channel = pixel
            while channel < pixel + 3 {
                let d = abs(Int(u[channel]) - Int(v[channel]))
                if d > worst { worst = d }
                channel += 1
            }
            sum += worst
            pixel += 3
        }
        return sum
    }

    /// The wrap-around step against the steps around it. The bound: the wrap (last frame back
    /// to the first) lies within 0.8 to 1.25 times the range of the two steps before it and the
    /// two after (the non-zero ones, for a stepping spinner), so the loop neither jumps nor
    /// stalls; a duplicated end frame (a step of 0) or a jump fails.
    static func seam(_ frames: [RGBAImage], allSteps: Bool = true) -> (wrap: Int, neighbours: [Int], steps: [Int]) {
        let n = frames.count
        let step = { (k: Int) in difference(frames[k], frames[(k + 1) % n]) }
        let neighbours = [step(n - 3), step(n - 2), step(0), step(1)]
        return (step(n - 1), neighbours, allSteps ? (0..<(n - 1)).map(step) : [])
    }

    static func isSeamless(_ seam: (wrap: Int, neighbours: [Int], steps: [Int])) -> Bool {
        let nonzero = seam.neighbours.filter { $0 > 0 }
        guard let low = nonzero.min(), let high = nonzero.max() else { return seam.wrap == 0 }
        return Double(seam.wrap) >= 0.8 * Double(low) && Double(seam.wrap) <= 1.25 * Double(high)
    }

    static func indeterminateLayout(_ style: IndeterminateStyle) throws -> ProgressLayout {
        var indicator = ProgressIndicator(shape: style == .bar ? .bar : .ring)
        indicator.isIndeterminate = true
        return try indicator.layout()
    }

    @Test(arguments: IndeterminateStyle.allCases)
    func everyIndeterminateStyleLoopsSeamlessly(style: IndeterminateStyle) throws {
        let layout = try Self.indeterminateLayout(style)
        let timeline = Timeline(
            layout: layout, motion: .indeterminate(style), schedule: try FrameSchedule(period: 1, framesPerSecond: 24))
        let decoded = try PillowAnimation.decode(try timeline.animatedPNG())
        // round(P x F) frames, looping forever, each 1/F.
        #expect(decoded.frameCount == 24 && decoded.loop == 0)
        #expect(decoded.frameControls.allSatisfy { Self.sameFraction($0.delayNumerator, $0.delayDenominator, 1, 24) })
        for index in [0, 7, 23] {
            #expect(decoded.frames[index] == (try timeline.scene(ofFrame: index).renderImage()), "frame \(index)")
        }
        let seam = Self.seam(decoded.frames)
        #expect(
            Self.isSeamless(seam), "\(style): wrap \(seam.wrap), neighbours \(seam.neighbours), steps \(seam.steps)")
        print(
            "\(style) loop: wrap \(seam.wrap), steps around it \(seam.neighbours), all steps \(seam.steps.min() ?? 0)...\(seam.steps.max() ?? 0)"
        )
        // The static indeterminate look is frame 0 of arc and bar.
        if style == .arc || style == .bar {
            #expect(try timeline.scene(ofFrame: 0).renderImage() == (try layout.scene(progress: 0.5).renderImage()))
        }
        // The check can fail: the same motion with a duplicated end frame (phases k / (n - 1),
        // the last one the first again) stalls at the seam.
        // (Only the frames the seam looks at are drawn; the others stay blank.)
        let blank = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0])
        let duplicated = try (0..<24).map { k in
            [0, 1, 2, 21, 22, 23].contains(k) ? try style.scene(of: layout, phase: Double(k) / 23).renderImage() : blank
        }
        #expect(!Self.isSeamless(Self.seam(duplicated, allSteps: false)), "\(style): a duplicated end frame passes")
    }

    // MARK: Chromium playing the animated SVG

    /// Times in one animation: frame `k` is at `k / F`.
    struct Played {
        var name: String
        var svg: String
        var time: Double
        var light: RGBAImage
        /// The dark frame, for the times also shown in dark appearance.
        var dark: RGBAImage?
    }

    @Test func chromiumPlaysTheAnimatedSVGAsTheFrames() throws {
        var played: [Played] = []
        var reduced: [(name: String, svg: String, expected: RGBAImage)] = []
        // Progress animations, with a hold: frames at k / F, and a time in the hold.
        let progressCases = [
            try Timeline(
                layout: ProgressIndicator(shape: .ring).layout(), motion: .progress(from: 0, to: 1, timing: .default),
                schedule: FrameSchedule(duration: 1, framesPerSecond: 10, hold: 0.5)),
            try Timeline(
                layout: ProgressIndicator(shape: .bar).layout(),
                motion: .progress(from: 0.2, to: 0.8, timing: .easeInEaseOut),
                schedule: FrameSchedule(duration: 0.5, framesPerSecond: 8)),
        ]
        for (caseIndex, timeline) in progressCases.enumerated() {
            let svg = String(decoding: try timeline.animatedSVG(), as: UTF8.self)
            _ = try ParsedXML(parsing: svg)
            let count = timeline.schedule.frameCount
            for index in 0..<count {
                let scene = try timeline.scene(ofFrame: index)
                played.append(
                    Played(
                        name: "progress \(caseIndex), frame \(index)", svg: svg,
                        time: timeline.schedule.time(ofFrame: index), light: try scene.renderImage(),
                        dark: index % 3 == 1 ? try scene.appearance(.dark).renderImage() : nil))
            }
            let last = try timeline.scene(ofFrame: count - 1)
            if timeline.schedule.hold > 0 {
                played.append(
                    Played(
                        name: "progress \(caseIndex), in the hold", svg: svg,
                        time: timeline.schedule.time(ofFrame: count - 1) + 0.3,
                        light: try last.renderImage(), dark: try last.appearance(.dark).renderImage()))
            }
            reduced.append(("progress \(caseIndex)", svg, try last.renderImage()))
        }
        // Indeterminate styles, one period at 12 fps.
        for style in IndeterminateStyle.allCases {
            let timeline = Timeline(
                layout: try Self.indeterminateLayout(style), motion: .indeterminate(style),
                schedule: try FrameSchedule(period: 1, framesPerSecond: 12))
            let svg = String(decoding: try timeline.animatedSVG(), as: UTF8.self)
            // Well-formed XML, as an <img> needs it.
            #expect(throws: Never.self, "\(style)") { try ParsedXML(parsing: svg) }
            // The spinner steps at the frames' times (12 steps a period at 12 fps), where either
            // side of the step is right and the SVG's delays (written to the millisecond) decide:
            // it is taken half a frame later, where frame k is still what a viewer sees.
            let lag = style == .spinner ? 0.5 / Double(timeline.schedule.framesPerSecond) : 0
            // Every other frame of the period, dark at two of them.
            for index in stride(from: 0, to: timeline.schedule.frameCount, by: 2) {
                let scene = try timeline.scene(ofFrame: index)
                played.append(
                    Played(
                        name: "\(style), frame \(index)", svg: svg, time: timeline.schedule.time(ofFrame: index) + lag,
                        light: try scene.renderImage(),
                        dark: index % 6 == 2 ? try scene.appearance(.dark).renderImage() : nil))
            }
            reduced.append(("\(style)", svg, try timeline.scene(ofFrame: 0).renderImage()))
        }
        let items = played.map {
            BrowserItem.inline(svg: $0.svg, width: $0.light.width, height: $0.light.height, time: $0.time)
        }
        let light = try Browser.shared.render(items, options: .light)
        let darkIndices = played.indices.filter { played[$0].dark != nil }
        let dark = try Browser.shared.render(darkIndices.map { items[$0] }, options: .dark)
        var worst = (light: NeighbourhoodWorst(), dark: NeighbourhoodWorst())
        for (index, frame) in played.enumerated() {
            worst.light.note(Self.expectMatch(light[index], frame.light, "\(frame.name), light"), frame.name)
        }
        for (position, index) in darkIndices.enumerated() {
            guard let png = played[index].dark else { continue }
            worst.dark.note(Self.expectMatch(dark[position], png, "\(played[index].name), dark"), played[index].name)
        }
        print("Chromium playing animated SVGs vs APNG frames: light \(worst.light); dark \(worst.dark)")
        // Reduced motion: the end state (indeterminate: the first frame), inline and as <img>.
        let still = reduced.flatMap { entry in
            [
                BrowserItem.inline(svg: entry.svg, width: entry.expected.width, height: entry.expected.height),
                BrowserItem.image(svg: entry.svg, width: entry.expected.width, height: entry.expected.height),
            ]
        }
        let shownStill = try Browser.shared.render(still, options: BrowserOptions(reducesMotion: true))
        for (index, entry) in reduced.enumerated() {
            Self.expectMatch(shownStill[2 * index], entry.expected, "\(entry.name), reduced motion, inline")
            Self.expectMatch(shownStill[2 * index + 1], entry.expected, "\(entry.name), reduced motion, <img>")
        }
        // The comparison can fail: frame 3 of the ring shown at the time of frame 4.
        let frame3 = try #require(played.firstIndex { $0.name == "progress 0, frame 3" })
        let atFrame4 = NeighbourhoodComparison(light[frame3 + 1], played[frame3].light)
        #expect(atFrame4.share > 0.01, "frame 4's picture passes for frame 3: \(atFrame4)")
    }

    /// The browser bound of issue 9.
    static let bound = 0.005

    @discardableResult
    static func expectMatch(
        _ browser: RGBAImage, _ png: RGBAImage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> NeighbourhoodComparison {
        let comparison = NeighbourhoodComparison(browser, png)
        if comparison.share > bound {
            let comparison = NeighbourhoodComparison(browser, png, recordsDifference: true)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-oracle")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(name.map { $0.isLetter || $0.isNumber ? $0 : "-" } + ".png")
            try? comparison.writeDifference(to: file.path)
            Issue.record("\(name): \(comparison); difference: \(file.path)", sourceLocation: sourceLocation)
        }
        return comparison
    }

    /// The worst of many comparisons.
    struct NeighbourhoodWorst: CustomStringConvertible {
        var share = 0.0
        var name = "none"
        var count = 0

        mutating func note(_ comparison: NeighbourhoodComparison, _ name: String) {
            count += 1
            if comparison.share >= share { (share, self.name) = (comparison.share, name) }
        }

        var description: String { "worst of \(count): \((share * 100_000).rounded() / 1000) % (\(name))" }
    }
}
