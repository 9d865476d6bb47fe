import PBRendering
import PBTestSupport
import Testing

/// The paint options of issue 8 as a user gives them, proven by pixels at hand-computed points
/// of the default ring (fraction f at angle -90° + 360° f): colour by value (`--color-stops`
/// stepping, `--color-stops-blend` interpolating, stops in increasing order, below the first stop
/// the first), several values (`--values`, `--value-colors`), gradients with placed stops, and the
/// same in a curve file.
@Suite struct PaintOptionsTests {
    /// The PNG `pbrender` writes for `arguments`, decoded.
    static func image(
        _ arguments: [String], files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RGBAImage {
        let result = runTool(arguments + ["-o", "-", "--format", "png"], files: files)
        try #require(result.exitCode == 0, "\(arguments): \(result.error)", sourceLocation: sourceLocation)
        return try RGBAImage(png: result.outputBytes)
    }

    static let stops = "0:#FF3B30,0.5:#FF9500,0.8:#34C759"
    static let (red, orange, green) = (RGB(hex: 0xFF3B30), RGB(hex: 0xFF9500), RGB(hex: 0x34C759))

    /// The colour of the progress stroke: at the middle of the progress, and near its start.
    func expectProgressColor(
        _ image: RGBAImage, progress: Double, is expected: (Double, Double, Double), tolerance: Double = 1,
        _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ring = RingGeometry()
        for fraction in [progress / 2, 0.02] {
            expectPixel(
                image, at: ring.pixel(atFraction: fraction), is: expected, tolerance: tolerance, comment,
                sourceLocation: sourceLocation)
        }
    }

    static func exact(_ rgb: RGB) -> (Double, Double, Double) { (Double(rgb.red), Double(rgb.green), Double(rgb.blue)) }

    @Test(
        "--color-stops takes the last stop at or below the progress",
        arguments: [(0.05, red), (0.3, red), (0.49, red), (0.5, orange), (0.79, orange), (0.8, green), (1.0, green)])
    func stepping(progress: Double, expected: RGB) throws {
        let image = try Self.image(["--progress", "\(progress)", "--color-stops", Self.stops])
        expectProgressColor(image, progress: progress, is: Self.exact(expected), "at \(progress)")
    }

    @Test("Below the first stop, the first stop's colour; stepping and blending alike", arguments: [false, true])
    func belowTheFirstStop(blend: Bool) throws {
        let options = ["--color-stops", "0.2:#FF0000,0.6:#00FF00"] + (blend ? ["--color-stops-blend"] : [])
        for progress in [0.05, 0.1, 0.2] {
            let image = try Self.image(["--progress", "\(progress)"] + options)
            expectProgressColor(image, progress: progress, is: (255, 0, 0), "at \(progress)")
        }
        // Above the last, the last.
        let image = try Self.image(["--progress", "0.9"] + options)
        expectProgressColor(image, progress: 0.9, is: (0, 255, 0))
    }

    @Test(
        "--color-stops-blend interpolates between the stops around the progress, linearly in each channel",
        arguments: [
            (0.25, red, orange, 0.5), (0.1, red, orange, 0.2), (0.5, orange, green, 0.0), (0.65, orange, green, 0.5),
            (0.74, orange, green, 0.8), (0.8, green, green, 0.0), (0.95, green, green, 0.0),
        ])
    func blending(progress: Double, from: RGB, to: RGB, t: Double) throws {
        let image = try Self.image(["--progress", "\(progress)", "--color-stops", Self.stops, "--color-stops-blend"])
        expectProgressColor(image, progress: progress, is: from.mixed(with: to, at: t), "at \(progress)")
    }

    @Test("Stops must be given in increasing order", arguments: ["0.5:#F00,0.2:#0F0", "0.5:#F00,0.5:#0F0"])
    func stopsInIncreasingOrder(stops: String) {
        let result = runTool(["--progress", "0.5", "--color-stops", stops, "-o", "-"])
        #expect(result.exitCode == 2)
        #expect(result.error.hasPrefix("pbrender: error: option '--color-stops': '\(stops)'"))
        #expect(result.error.contains("increasing order"))
        #expect(result.outputBytes.isEmpty)
    }

    @Test("--values with --value-colors: each value its colour where it lies")
    func values() throws {
        let image = try Self.image(["--values", "0.2,0.15,0.1", "--value-colors", "#34C759,#FF9500,#FF3B30"])
        let ring = RingGeometry()
        for (fraction, color) in [(0.1, Self.green), (0.275, Self.orange), (0.4, Self.red), (0.7, RGB.track)] {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: color, "at \(fraction)")
        }
    }

    @Test("--progress-gradient with stops placed by '@': before the first and after the last, their colours")
    func placedGradientStops() throws {
        let image = try Self.image(["--progress", "1", "--progress-gradient", "#FF0000@0.25,#0000FF@0.75"])
        let ring = RingGeometry()
        for fraction in [0.05, 0.2, 0.3, 0.5, 0.7, 0.8, 0.95] {
            let t = min(max((fraction - 0.25) / 0.5, 0), 1)
            expectPixel(
                image, at: ring.pixel(atFraction: fraction), is: RGB(255, 0, 0).mixed(with: RGB(0, 0, 255), at: t),
                tolerance: 3, "at \(fraction)")
        }
    }

    @Test("A curve file takes values and valueColors at its top level and the paints in its style")
    func curveFileKeys() throws {
        let ring = RingGeometry()
        let path = "M 128 6 A 122 122 0 1 1 128 250 A 122 122 0 1 1 128 6 Z"
        // The same circle as the default ring, as a path on the same canvas.
        let values = """
            {"width": 256, "height": 256, "path": "\(path)", "values": [0.2, 0.15, 0.1],
             "valueColors": ["#34C759", "#FF9500", "#FF3B30"]}
            """
        let image = try Self.image(["--path", "v.json"], files: ["v.json": values])
        for (fraction, color) in [(0.1, Self.green), (0.275, Self.orange), (0.4, Self.red), (0.7, RGB.track)] {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: color, "at \(fraction)")
        }
        let stops = """
            {"width": 256, "height": 256, "path": "\(path)",
             "style": {"colorStops": "\(Self.stops)", "colorStopsBlend": true}}
            """
        let blended = try Self.image(["--path", "s.json", "--progress", "0.65"], files: ["s.json": stops])
        expectProgressColor(blended, progress: 0.65, is: Self.orange.mixed(with: Self.green, at: 0.5))
        let gradient = """
            {"width": 256, "height": 256, "path": "\(path)", "style": {"progressGradient": "#FF0000,#0000FF"}}
            """
        let graded = try Self.image(["--path", "g.json", "--progress", "1"], files: ["g.json": gradient])
        for fraction in [0.1, 0.5, 0.9] {
            expectPixel(
                graded, at: ring.pixel(atFraction: fraction),
                is: RGB(255, 0, 0).mixed(with: RGB(0, 0, 255), at: fraction), tolerance: 3, "at \(fraction)")
        }
    }
}
