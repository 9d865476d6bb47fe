import Foundation
import PBRendering
import PBTestSupport
import Testing

/// Issue 11 through the command line: `--animate-to … -o x.apng` and `--indeterminate … -o
/// x.apng` decoded by Pillow, against the library's timeline of the same animation.
@Suite struct MotionCommandOracleTests {
    static func writeAndDecode(_ arguments: [String]) throws -> (PillowAnimation, [UInt8]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbrender-motion-\(UUID().uuidString).apng")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try Oracle.run(arguments + ["-o", file.path])
        let bytes = Array(try Data(contentsOf: file))
        return (try PillowAnimation.decode(bytes), bytes)
    }

    @Test func anAnimationToAnAPNGFile() throws {
        let (decoded, bytes) = try Self.writeAndDecode([
            "--animate-to", "0.8", "--duration", "0.5", "--fps", "10", "--timing", "ease-in-out", "--hold", "0.25",
            "--loop", "2",
        ])
        // round(0.5 x 10) + 1 frames, each 1/10 s, the last 1/10 + 0.25 = 7/20 s, played twice.
        #expect(decoded.frameCount == 6 && decoded.loop == 2 && decoded.animationControl == [6, 2])
        let delays = decoded.frameControls.map { ($0.delayNumerator, $0.delayDenominator) }
        for (index, (numerator, denominator)) in delays.enumerated() {
            let (expected, over) = index == 5 ? (7, 20) : (1, 10)
            #expect(numerator * over == expected * denominator, "frame \(index): \(numerator)/\(denominator)")
        }
        #expect(decoded.durations.last == 7.0 / 20.0 * 1000 || decoded.durations.last == 350)
        let timeline = try Timeline(
            layout: ProgressIndicator(shape: .ring).layout(),
            motion: .progress(from: 0, to: 0.8, timing: .easeInEaseOut),
            schedule: FrameSchedule(duration: 0.5, framesPerSecond: 10, hold: 0.25, loopCount: 2))
        for index in 0..<6 {
            #expect(decoded.frames[index] == (try timeline.scene(ofFrame: index).renderImage()), "frame \(index)")
        }
        #expect(bytes == (try timeline.animatedPNG()), "the command line writes the library's APNG")
    }

    @Test(arguments: IndeterminateStyle.allCases)
    func anIndeterminateIndicatorToAnAPNGFile(style: IndeterminateStyle) throws {
        let (decoded, _) = try Self.writeAndDecode([
            "--indeterminate", style.rawValue, "--period", "0.5", "--fps", "24", "--format", "apng",
        ])
        // round(0.5 x 24) frames, forever.
        #expect(decoded.frameCount == 12 && decoded.loop == 0)
        var indicator = ProgressIndicator(shape: .ring)
        indicator.isIndeterminate = true
        let timeline = Timeline(
            layout: try indicator.layout(), motion: .indeterminate(style),
            schedule: try FrameSchedule(period: 0.5, framesPerSecond: 24))
        for index in [0, 5, 11] {
            #expect(
                decoded.frames[index] == (try timeline.scene(ofFrame: index).renderImage()), "\(style) frame \(index)")
        }
    }
}
