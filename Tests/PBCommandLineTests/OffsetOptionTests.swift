import Foundation
import PBRendering
import PBTestSupport
import Testing

/// `--offset F` (Lottie's trim offset) on the default ring, against pixels computed by hand.
///
/// The ring (256 × 256) is centred at (128, 128) with its stroke's centre line 122 from the
/// centre; it starts at 12 o'clock and runs clockwise, so the fraction t of its length is at the
/// angle θ = 360°·t clockwise from the top: (128 + 122 sin θ, 128 − 122 cos θ).
@Suite struct OffsetOptionTests {
    static func point(degrees: Double) -> (x: Double, y: Double) {
        let θ = degrees * Double.pi / 180
        return (128 + 122 * sin(θ), 128 - 122 * cos(θ))
    }

    func ring(_ arguments: [String]) throws -> RGBAImage {
        let result = runTool(["--shape", "ring", "-o", "-", "--force"] + arguments)
        #expect(result.exitCode == 0, "\(result.error)")
        return try RGBAImage(png: result.outputBytes)
    }

    func expect(
        _ image: RGBAImage, progressAt: [Double], trackAt: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for degrees in progressAt {
            let (x, y) = Self.point(degrees: degrees)
            #expect(image.matches(.systemBlue, at: x, y), "\(degrees)° is progress", sourceLocation: sourceLocation)
        }
        for degrees in trackAt {
            let (x, y) = Self.point(degrees: degrees)
            #expect(image.matches(.systemGray5, at: x, y), "\(degrees)° is track", sourceLocation: sourceLocation)
        }
    }

    @Test("The window moves by the offset: 0.25 at offset 0.5 runs from 6 to 9 o'clock")
    func movesTheWindow() throws {
        let image = try ring(["--progress", "0.25", "--offset", "0.5"])
        expect(image, progressAt: [190, 225, 260], trackAt: [0, 45, 90, 170, 280, 315])
    }

    @Test("Across the seam of a closed path the window wraps as one piece; -0.125 is 0.875")
    func wrapsAcrossTheSeam() throws {
        let image = try ring(["--progress", "0.25", "--offset", "0.875"])
        // 0.875 ... 1.125: from 315° through the top to 45°.
        expect(image, progressAt: [325, 350, 0, 10, 35], trackAt: [90, 180, 270, 300, 60])
        let negative = try ring(["--progress", "0.25", "--offset", "-0.125"])
        #expect(negative == image)
        // Offset 0 draws what no offset draws.
        #expect(try ring(["--progress", "0.25", "--offset", "0"]) == (try ring(["--progress", "0.25"])))
    }

    @Test("Works for any path source: an SVG document's circle, moved half way round")
    func movesADocumentsWindow() throws {
        // A circle of radius 40 at (50, 50), starting at its rightmost point, clockwise on screen:
        // 0.25 at offset 0.5 runs from the leftmost point (10, 50) up to the top (50, 10).
        let document = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40"/></svg>
            """
        let result = runTool(
            ["--path", "c.svg", "--progress", "0.25", "--offset", "0.5", "--line-width", "4", "-o", "-", "--force"],
            files: ["c.svg": document])
        #expect(result.exitCode == 0)
        let image = try RGBAImage(png: result.outputBytes)
        let r = 40 / 2.0.squareRoot()
        #expect(image.matches(.systemBlue, at: 50 - r, 50 - r))  // 10:30, the middle of the window
        #expect(image[Int(50 + r), Int(50 + r)].alpha == 0)  // 4:30, where no offset would draw
        #expect(image[90, 50].alpha == 0)
    }

    @Test func refusedWhereTheRestWouldNotMove() {
        expectUsageError(
            ["--progress", "0.5", "--offset", "0.5", "--label", "Hi"],
            "option '--offset' applies to a still image of one progress value, not with '--label'", usage: Usage.render)
        expectUsageError(
            ["--offset", "0.5", "--animate-to", "1", "-o", "a.apng"],
            "option '--offset' applies to a still image of one progress value, not with '--animate-to'",
            usage: Usage.render)
        expectUsageError(
            ["--values", "0.2,0.3", "--offset", "0.5"],
            "option '--offset' applies to a still image of one progress value, not with '--values'", usage: Usage.render
        )
    }
}
