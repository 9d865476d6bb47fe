import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// Several values in one path (issue 8, feature 1), proven by pixels at points computed by hand:
/// each value its own colour where it lies, laid end to end; no gap, seam or overlap between two
/// values at 1x and 2x; round caps only at the outer ends of the whole run; a total above 1 cut at
/// the end of the path, never rescaled.
///
/// The expectations come from the geometry alone (``RingGeometry``, ``BarGeometry``): a ring's
/// angle is its fraction, a bar's x is its fraction.
@Suite("Several values: pixels")
struct SeveralValuesPixelTests {
    static let green = RGB(hex: 0x34C759)
    static let orange = RGB(hex: 0xFF9500)
    static let red = RGB(hex: 0xFF3B30)
    static let colors = [green, orange, red]

    /// The default ring (256 points, 12-point stroke) with `values` in green, orange and red.
    static func ring(
        _ values: [Double], scale: Double = 1, cap: LineCap = .round, strokeStart: Double = 0,
        colors: [Color] = colors.map(\.color), track: Color = .systemGray5
    ) throws -> RGBAImage {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.values = values
        indicator.strokeStart = strokeStart
        indicator.scale = scale
        indicator.style.lineCap = cap
        // One colour a value (a layout refuses other counts): the three repeat.
        indicator.style.valueColors = values.indices.map { colors[$0 % colors.count] }
        indicator.style.trackTintColor = track
        return try indicator.scene().renderImage()
    }

    /// A bar 256 points wide with a 20-point stroke, `values` in green, orange and red.
    static func bar(_ values: [Double], scale: Double = 1) throws -> RGBAImage {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.values = values
        indicator.scale = scale
        indicator.style.lineWidth = 20
        indicator.style.valueColors = values.indices.map { colors[$0 % colors.count].color }
        return try indicator.scene().renderImage()
    }

    /// Where each value lies, as the issue defines it: end to end from `start`, cut at 1.
    static func runs(_ values: [Double], start: Double = 0) -> [(from: Double, to: Double)] {
        var location = start
        return values.map { value in
            defer { location = min(location + value, 1) }
            return (location, min(location + value, 1))
        }
    }

    @Test(
        "Each value is its colour along its stretch, across the stroke; the track shows after the run",
        arguments: [[0.2, 0.15, 0.1], [0.5, 0.25], [0.05, 0.3, 0.4], [0.1, 0.1, 0.1, 0.1, 0.1, 0.1]], [1.0, 2.0])
    func colorsWhereTheValuesLie(values: [Double], scale: Double) throws {
        let image = try Self.ring(values, scale: scale)
        let ring = RingGeometry(scale: scale)
        let runs = Self.runs(values)
        for (index, run) in runs.enumerated() {
            // Inside the stretch, clear of the boundaries by more than a pixel and a half.
            let margin = 3 / (2 * Double.pi * ring.radius)
            for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let fraction = run.from + margin + t * (run.to - run.from - 2 * margin)
                for outward in [-4.0, 0, 4] {
                    expectPixel(
                        image, at: ring.pixel(atFraction: fraction, outward: outward),
                        is: Self.colors[index % Self.colors.count], "value \(index) of \(values) at \(fraction)")
                }
            }
        }
        let end = runs.last?.to ?? 0
        // The track, well past the end cap (6 points) and before the start cap.
        for fraction in stride(from: end + 0.02, through: 0.98, by: 0.02) {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: .track, "track at \(fraction)")
        }
    }

    /// The boundaries to check for seams: the ends of each stretch but the last.
    static func boundaries(_ values: [Double], start: Double = 0) -> [Double] {
        runs(values, start: start).dropLast().map(\.to)
    }

    @Test(
        "No pixel between two values is lighter or darker than both (composited over white)",
        arguments: [[0.2, 0.15, 0.1], [0.123, 0.2, 0.31], [1.0 / 3, 1.0 / 3, 0.2]], [1.0, 2.0])
    func noGapBetweenValues(values: [Double], scale: Double) throws {
        let image = try Self.ring(values, scale: scale)
        let ring = RingGeometry(scale: scale)
        for (index, boundary) in Self.boundaries(values).enumerated() {
            let (before, after) = (Self.colors[index % 3], Self.colors[(index + 1) % 3])
            // Along the boundary's normal (the path's tangent), 3 points either side, at every
            // quarter pixel; across the stroke, every pixel fully inside it.
            let inside = ring.lineWidth / 2 - 1.5 / scale
            for across in stride(from: -inside, through: inside, by: 0.5 / scale) {
                for along in stride(from: -3.0, through: 3, by: 0.25 / scale) {
                    let point = ring.pixel(atFraction: boundary, along: along, outward: across)
                    let pixel = image.rgb(point)
                    for (channel, (a, b)) in zip(pixel.channels, zip(before.channels, after.channels)) {
                        #expect(
                            channel <= max(a, b) + 2 && channel >= min(a, b) - 2,
                            "\(pixel) at \(point) between \(before) and \(after) (boundary \(boundary), scale \(scale))"
                        )
                    }
                }
            }
        }
    }

    @Test(
        "Translucent values: the opacity across a boundary neither dips (a gap) nor doubles (an overlap)",
        arguments: [1.0, 2.0])
    func noGapOrOverlapInOpacity(scale: Double) throws {
        let half = Self.colors.map { rgb in
            var color = rgb.color
            color.alpha = 0.5
            return color
        }
        let values = [0.2, 0.15, 0.1]
        let image = try Self.ring(values, scale: scale, colors: half, track: .clear)
        let ring = RingGeometry(scale: scale)
        let inside = ring.lineWidth / 2 - 1.5 / scale
        for boundary in Self.boundaries(values) {
            for across in stride(from: -inside, through: inside, by: 0.5 / scale) {
                for along in stride(from: -3.0, through: 3, by: 0.25 / scale) {
                    let point = ring.pixel(atFraction: boundary, along: along, outward: across)
                    let (x, y) = (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
                    let alpha = Int(image[x, y].alpha)
                    // 0.5 is 127.5: one level of rounding either way.
                    #expect(abs(alpha - 128) <= 1, "alpha \(alpha) at \(point) (boundary \(boundary), scale \(scale))")
                }
            }
        }
    }

    @Test(
        "Values of different opacities: each keeps its own across the boundary, none shows through another",
        arguments: [1.0, 2.0])
    func mixedOpacities(scale: Double) throws {
        // Opaque green, then orange at 50 %, then opaque red.
        var colors = Self.colors.map(\.color)
        colors[1].alpha = 0.5
        let values = [0.2, 0.15, 0.1]
        let image = try Self.ring(values, scale: scale, colors: colors, track: .clear)
        let ring = RingGeometry(scale: scale)
        let inside = ring.lineWidth / 2 - 1.5 / scale
        for (index, boundary) in Self.boundaries(values).enumerated() {
            let alphas = index == 0 ? (255, 128) : (128, 255)
            for across in stride(from: -inside, through: inside, by: 0.5 / scale) {
                // Clear of the boundary's antialiased pixel: one opacity on each side.
                for along in stride(from: 1.5 / scale, through: 4, by: 0.25 / scale) {
                    for (side, alpha) in [(-along, alphas.0), (along, alphas.1)] {
                        let point = ring.pixel(atFraction: boundary, along: side, outward: across)
                        let pixel = image[Int(point.x.rounded(.down)), Int(point.y.rounded(.down))]
                        #expect(
                            abs(Int(pixel.alpha) - alpha) <= 1,
                            "alpha \(pixel.alpha) at \(point), \(side) from \(boundary)")
                    }
                }
            }
        }
        // The half-transparent orange over white, nowhere tinted by its neighbours.
        for fraction in [0.21, 0.25, 0.3, 0.34] {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: RGB(255, 202, 127), "at \(fraction)")
        }
    }

    @Test(
        "Round caps sit only at the outer ends of the run; inner boundaries bulge into neither value",
        arguments: [1.0, 2.0])
    func capsOnlyAtTheOuterEnds(scale: Double) throws {
        let values = [0.2, 0.15, 0.1]
        let round = try Self.ring(values, scale: scale)
        let butt = try Self.ring(values, scale: scale, cap: .butt)
        let ring = RingGeometry(scale: scale)
        // Just before the start (half a cap radius back along the tangent) the round cap is the
        // first value's colour; butt caps leave the track there. Past the cap's radius, the track.
        for across in [-2.0, 0, 2] {
            expectPixel(round, at: ring.pixel(atFraction: 0, along: -3, outward: across), is: Self.green)
            expectPixel(butt, at: ring.pixel(atFraction: 0, along: -3, outward: across), is: .track)
            expectPixel(round, at: ring.pixel(atFraction: 0, along: -8, outward: across), is: .track)
            // Just after the end: the last value's cap.
            expectPixel(round, at: ring.pixel(atFraction: 0.45, along: 3, outward: across), is: Self.red)
            expectPixel(butt, at: ring.pixel(atFraction: 0.45, along: 3, outward: across), is: .track)
            expectPixel(round, at: ring.pixel(atFraction: 0.45, along: 8, outward: across), is: .track)
        }
        // At the inner boundaries a cap of either value (radius 6) would push its colour into
        // the other: on each side, within a cap's radius, only that side's colour.
        for (index, boundary) in Self.boundaries(values).enumerated() {
            let (before, after) = (Self.colors[index], Self.colors[index + 1])
            for along in stride(from: 1.5, through: 5.5, by: 0.5) {
                for across in [-3.0, 0, 3] {
                    expectPixel(
                        round, at: ring.pixel(atFraction: boundary, along: -along, outward: across), is: before,
                        "\(along) before \(boundary)")
                    expectPixel(
                        round, at: ring.pixel(atFraction: boundary, along: along, outward: across), is: after,
                        "\(along) after \(boundary)")
                }
            }
        }
    }

    @Test("Values are laid from strokeStart, with the first value's cap just before it", arguments: [1.0, 2.0])
    func laidFromStrokeStart(scale: Double) throws {
        let image = try Self.ring([0.25, 0.25], scale: scale, strokeStart: 0.25)
        let ring = RingGeometry(scale: scale)
        for (fraction, color) in [
            (0.2, RGB.track), (0.3, Self.green), (0.45, Self.green), (0.55, Self.orange),
            (0.7, Self.orange), (0.8, RGB.track),
        ] {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: color, "at \(fraction)")
        }
        expectPixel(image, at: ring.pixel(atFraction: 0.25, along: -3), is: Self.green)
        expectPixel(image, at: ring.pixel(atFraction: 0.75, along: 3), is: Self.orange)
    }

    @Test("A total above 1 is cut at the end: later values shortened or dropped, never rescaled")
    func cutAtTheEnd() throws {
        // 0.5 + 0.4 + 0.3: green to 0.5, orange to 0.9, red shortened to 0.9...1. Rescaled, the
        // boundaries would be at 0.417 and 0.75, so 0.45 would be orange and 0.8 red.
        let shortened = try Self.ring([0.5, 0.4, 0.3])
        let ring = RingGeometry()
        for (fraction, color) in [
            (0.05, Self.green), (0.45, Self.green), (0.55, Self.orange), (0.8, Self.orange),
            (0.87, Self.orange), (0.93, Self.red), (0.98, Self.red),
        ] {
            expectPixel(shortened, at: ring.pixel(atFraction: fraction), is: color, "at \(fraction)")
        }
        // 0.7 + 0.5 + 0.2: orange shortened to 0.7...1, red dropped: not one red pixel.
        let dropped = try Self.ring([0.7, 0.5, 0.2])
        for (fraction, color) in [(0.65, Self.green), (0.75, Self.orange), (0.97, Self.orange)] {
            expectPixel(dropped, at: ring.pixel(atFraction: fraction), is: color, "at \(fraction)")
        }
        #expect(dropped.count(of: Self.red.color, tolerance: 30) == 0)

        // On a bar the end of the run is the end of the path: its cap is the last value drawn.
        let bar = BarGeometry()
        let barImage = try Self.bar([0.7, 0.5, 0.2])
        for (fraction, color) in [(0.35, Self.green), (0.69, Self.green), (0.71, Self.orange), (0.99, Self.orange)] {
            expectPixel(barImage, at: bar.pixel(atFraction: fraction), is: color, "bar at \(fraction)")
        }
        expectPixel(barImage, at: bar.pixel(atFraction: 1, along: 5), is: Self.orange, "the end cap")
        #expect(barImage.count(of: Self.red.color, tolerance: 30) == 0)
    }

    @Test("On a bar, x is the fraction: each value where it lies, and no gap at 1x and 2x", arguments: [1.0, 2.0])
    func barValues(scale: Double) throws {
        let values = [0.2, 0.15, 0.1]
        let image = try Self.bar(values, scale: scale)
        let bar = BarGeometry(scale: scale)
        for (index, run) in Self.runs(values).enumerated() {
            for t in [0.1, 0.5, 0.9] {
                let fraction = run.from + t * (run.to - run.from)
                expectPixel(image, at: bar.pixel(atFraction: fraction), is: Self.colors[index], "at \(fraction)")
            }
        }
        expectPixel(image, at: bar.pixel(atFraction: 0.7), is: .track)
        for (index, boundary) in Self.boundaries(values).enumerated() {
            let (before, after) = (Self.colors[index], Self.colors[index + 1])
            let inside = bar.lineWidth / 2 - 1.5 / scale
            for across in stride(from: -inside, through: inside, by: 0.5 / scale) {
                for along in stride(from: -3.0, through: 3, by: 0.25 / scale) {
                    let pixel = image.rgb(bar.pixel(atFraction: boundary, along: along, across: across))
                    for (channel, (a, b)) in zip(pixel.channels, zip(before.channels, after.channels)) {
                        #expect(channel <= max(a, b) + 2 && channel >= min(a, b) - 2, "\(pixel) at \(along), \(across)")
                    }
                }
            }
        }
    }
}
