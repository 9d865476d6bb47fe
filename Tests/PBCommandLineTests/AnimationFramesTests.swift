import PBCommandLine
import PBTestSupport
import Testing

/// `--frames N` for one animated file, and `--poster`: counts and times read back by Pillow, the
/// default image by a decoder without APNG support (libspng).
@Suite struct AnimationFramesTests {
    /// The file `arguments` write to standard output.
    func written(_ arguments: [String]) throws -> [UInt8] {
        let result = runTool(arguments + ["-o", "-", "--force"])
        try #require(result.exitCode == 0, "\(result.error)")
        return result.outputBytes
    }

    @Test func anExactFrameCountOverADuration() throws {
        // The user who computed --duration 9.98 --fps 50 for 500 frames in 10 s.
        let apng = try PillowAnimation.decode(written(["--frames", "500", "--duration", "10", "--format", "apng"]))
        #expect(apng.frameCount == 500)
        #expect(apng.frameControls.allSatisfy { $0.delayNumerator * 50 == $0.delayDenominator }, "1/50 s each, exactly")
        #expect(apng.durations.reduce(0, +) == 10_000)
        // 7 frames in a second: 1/7 s each, a fraction APNG stores exactly.
        let sevenths = try PillowAnimation.decode(written(["--frames", "7", "--duration", "1", "--format", "apng"]))
        #expect(
            sevenths.frameControls.map { [$0.delayNumerator, $0.delayDenominator] }
                == Array(repeating: [1, 7], count: 7))
        // At a frame rate: N frames at F a second.
        let webp = try PillowAnimation.decode(written(["--frames", "60", "--fps", "30", "--format", "webp"]))
        #expect(webp.frameCount == 60 && webp.durations.reduce(0, +) == 2_000)
    }

    @Test func theFramesRunFromAToB() throws {
        let apng = try PillowAnimation.decode(
            written([
                "--frames", "3", "--from", "0.2", "--to", "0.6", "--timing", "linear", "--format", "apng", "--size",
                "64",
            ]))
        var indicator = ProgressIndicator(shape: .ring)
        (indicator.width, indicator.height) = (64, 64)
        for (index, progress) in [0.2, 0.4, 0.6].enumerated() {
            indicator.progress = progress
            #expect(apng.frames[index] == (try indicator.scene().renderImage()), "frame \(index) at \(progress)")
        }
    }

    @Test func thePosterOfAnAPNG() throws {
        var indicator = ProgressIndicator(shape: .ring)
        (indicator.width, indicator.height) = (64, 64)
        let arguments = ["--animate-to", "0.8", "--size", "64", "--format", "apng"]
        for (poster, progress) in [([String](), 0.8), (["--poster", "first"], 0), (["--poster", "30%"], 0.3)] {
            indicator.progress = progress
            let shown = try RGBAImage(png: written(arguments + poster))
            #expect(shown == (try indicator.scene().renderImage()), "\(poster): the picture at \(progress)")
        }
    }

    @Test func whatIsRefused() {
        expectUsageError(
            ["--frames", "500", "--duration", "10", "--fps", "30", "-o", "x.apng"],
            "'--frames' N with '--duration' shows each frame D/N seconds: '--fps' does not apply", usage: Usage.render)
        expectUsageError(
            ["--frames", "5000", "--duration", "10", "-o", "x.apng"],
            "5000 frames in 10 s is 500 frames a second; the limit is 120 (give a longer duration or fewer frames)")
        expectUsageError(
            ["--frames", "1", "-o", "x.apng"], "an animation has from 2 to 10000 frames, not 1")
        expectUsageError(
            ["--animate-to", "1", "--poster", "first", "-o", "x.webp"],
            "option '--poster' applies to APNG only: for a WebP, a viewer without animated WebP support shows the first frame; WebP has no separate default image, so --poster does not apply",
            usage: Usage.render)
        expectUsageError(
            ["--progress", "0.5", "--poster", "last", "-o", "x.png"],
            "option '--poster' chooses the picture of an animation written as one file", usage: Usage.render)
        expectUsageError(
            ["--indeterminate", "spinner", "--poster", "0.5", "-o", "x.apng"],
            "option '--poster' does not apply here: an indeterminate animation shows activity, not a progress: use first or last"
        )
        expectUsageError(
            ["--animate-to", "1", "--from", "0.2", "-o", "x.apng"],
            "option '--from' goes with '--frames'; an animation starts at '--animate-from'", usage: Usage.render)
        expectUsageError(
            ["--frames", "9", "--from", "0.2", "--animate-from", "0.1", "-o", "x.apng"],
            "give the animation's ends with '--animate-from' and '--animate-to' or with '--from' and '--to', not both",
            usage: Usage.render)
    }
}
