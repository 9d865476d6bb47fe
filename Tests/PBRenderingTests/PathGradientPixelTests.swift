import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// A gradient along the path (issue 8, feature 2), proven by pixels: the colour at a point is
/// the gradient's colour at that point's fraction of the whole path's length, interpolated
/// linearly between stops, on a ring (angle = fraction), a bar (x = fraction) and a curve, at 1x
/// and 2x; and it stays where it is as the progress grows.
///
/// The expected colours are interpolated here from the stops by hand (``RGB/mixed(with:at:)``),
/// not by the library. On the curve, `PathMeasure.location(atFraction:)` only says where to probe.
@Suite("Path gradients: pixels")
struct PathGradientPixelTests {
    static let redToBlue = [RGB(255, 0, 0), RGB(0, 0, 255)]
    static let watch = [RGB(hex: 0xFF3B30), RGB(hex: 0xFFCC00), RGB(hex: 0x34C759)]

    /// The colour of evenly spaced `stops` at `fraction`, by hand.
    static func expected(_ stops: [RGB], at fraction: Double) -> (Double, Double, Double) {
        let span = Double(stops.count - 1)
        let position = min(max(fraction, 0), 1) * span
        let index = min(Int(position), stops.count - 2)
        return stops[index].mixed(with: stops[index + 1], at: position - Double(index))
    }

    static func gradient(_ stops: [RGB]) throws -> PathGradient {
        try PathGradient(colors: stops.map(\.color))
    }

    static func ring(_ stops: [RGB], progress: Double, scale: Double = 1) throws -> RGBAImage {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = progress
        indicator.scale = scale
        indicator.style.progressGradient = try gradient(stops)
        return try indicator.scene().renderImage()
    }

    /// The colour changes by at most 255 levels over the ring's 766 points, a third of a level a
    /// point: a pixel's footprint and 8-bit rounding stay within 2 levels; 3 leaves room for the
    /// slices' chords (0.3 points at most, by the renderer's bound).
    static let tolerance = 3.0

    @Test("On a ring the colour at angle θ is the gradient at fraction θ / 360°", arguments: [1.0, 2.0])
    func ring(scale: Double) throws {
        let ring = RingGeometry(scale: scale)
        let full = try Self.ring(Self.redToBlue, progress: 1, scale: scale)
        for fraction in stride(from: 0.02, through: 0.98, by: 0.04) {
            for outward in [-4.0, 0, 4] {
                expectPixel(
                    full, at: ring.pixel(atFraction: fraction, outward: outward),
                    is: Self.expected(Self.redToBlue, at: fraction), tolerance: Self.tolerance, "at \(fraction)")
            }
        }
        // Three stops, progress 0.8: red to yellow over the first half, yellow to green after;
        // the track past the end.
        let partial = try Self.ring(Self.watch, progress: 0.8, scale: scale)
        for fraction in [0.03, 0.1, 0.25, 0.4, 0.5, 0.6, 0.7, 0.77] {
            expectPixel(
                partial, at: ring.pixel(atFraction: fraction), is: Self.expected(Self.watch, at: fraction),
                tolerance: Self.tolerance, "at \(fraction)")
        }
        expectPixel(partial, at: ring.pixel(atFraction: 0.85), is: .track)
    }

    @Test("Stops at given fractions, and a hard stop, on a ring")
    func placedStops() throws {
        // Red at 0.2 to green at 0.6, then a hard stop to blue at 0.6.
        let gradient = try PathGradient(stops: [
            .init(location: 0.2, color: RGB(255, 0, 0).color), .init(location: 0.6, color: RGB(0, 255, 0).color),
            .init(location: 0.6, color: RGB(0, 0, 255).color),
        ])
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = 1
        indicator.style.progressGradient = gradient
        let image = try indicator.scene().renderImage()
        let ring = RingGeometry()
        for fraction in [0.05, 0.15, 0.19] {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: RGB(255, 0, 0), "before the first stop")
        }
        for fraction in [0.25, 0.4, 0.55] {
            let t = (fraction - 0.2) / 0.4
            expectPixel(
                image, at: ring.pixel(atFraction: fraction), is: RGB(255, 0, 0).mixed(with: RGB(0, 255, 0), at: t),
                tolerance: 3, "at \(fraction)")
        }
        // Either side of the hard stop, 2 points away: green, then blue.
        let justBefore = 1 - 2 / (0.4 * 2 * Double.pi * ring.radius)
        expectPixel(
            image, at: ring.pixel(atFraction: 0.6, along: -2),
            is: RGB(255, 0, 0).mixed(with: RGB(0, 255, 0), at: justBefore), tolerance: 3)
        for fraction in [0.61, 0.8, 0.97] {
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: RGB(0, 0, 255), "after the hard stop")
        }
        expectPixel(image, at: ring.pixel(atFraction: 0.6, along: 2), is: RGB(0, 0, 255))
    }

    @Test("On a bar the colour at x is the gradient at fraction (x - w/2) / (width - w)", arguments: [1.0, 2.0])
    func bar(scale: Double) throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.progress = 0.9
        indicator.scale = scale
        indicator.style.lineWidth = 20
        indicator.style.progressGradient = try Self.gradient(Self.watch)
        let image = try indicator.scene().renderImage()
        let bar = BarGeometry(scale: scale)
        for fraction in stride(from: 0.0, through: 0.88, by: 0.04) {
            for across in [-7.0, 0, 7] {
                expectPixel(
                    image, at: bar.pixel(atFraction: fraction, across: across),
                    is: Self.expected(Self.watch, at: fraction), tolerance: Self.tolerance, "at \(fraction)")
            }
        }
        // The caps hold the colours at the ends: the first before the start.
        expectPixel(image, at: bar.pixel(atFraction: 0, along: -5), is: Self.watch[0])
        expectPixel(image, at: bar.pixel(atFraction: 0.95), is: .track)
    }

    /// The curve of `Examples/curve.json`, on its 256-point canvas.
    static let curve = "M 20 200 C 60 20, 200 20, 236 200"

    static func curveImage(_ stops: [RGB], progress: Double, scale: Double = 1) throws -> RGBAImage {
        var indicator = ProgressIndicator(path: try Path(svgPathData: curve), canvas: Size(width: 256, height: 256))
        indicator.progress = progress
        indicator.scale = scale
        indicator.style.progressGradient = try gradient(stops)
        return try indicator.scene().renderImage()
    }

    @Test(
        "On a curve the colour at a point is the gradient at that point's fraction of the length",
        arguments: [1.0, 2.0])
    func curve(scale: Double) throws {
        let image = try Self.curveImage(Self.watch, progress: 1, scale: scale)
        let measure = PathMeasure(try Path(svgPathData: Self.curve))
        for fraction in stride(from: 0.0, through: 1, by: 0.05) {
            let location = try #require(measure.location(atFraction: fraction))
            let normal = Vector(dx: -location.tangent.dy, dy: location.tangent.dx)
            for across in [-3.0, 0, 3] {
                let point = location.point + across * normal
                expectPixel(
                    image, at: (point.x * scale, point.y * scale), is: Self.expected(Self.watch, at: fraction),
                    tolerance: Self.tolerance, "at \(fraction)")
            }
        }
    }

    @Test(
        "Where the run's caps join the stroke there is no hairline: every pixel of the cap and the stroke's start is its colour",
        arguments: [1.0, 2.0], [false, true])
    func noHairlineAtTheCaps(scale: Double, onRing: Bool) throws {
        let image: RGBAImage
        let start: Point
        let tangent: Vector
        let length: Double
        if onRing {
            image = try Self.ring(Self.watch, progress: 0.8, scale: scale)
            let ring = RingGeometry()
            start = Point(ring.center.x, ring.center.y - ring.radius)
            tangent = Vector(dx: 1, dy: 0)
            length = 2 * Double.pi * ring.radius
        } else {
            image = try Self.curveImage(Self.watch, progress: 0.8, scale: scale)
            let measure = PathMeasure(try Path(svgPathData: Self.curve))
            let location = try #require(measure.location(atFraction: 0))
            (start, tangent, length) = (location.point, location.tangent, measure.length)
        }
        let normal = Vector(dx: -tangent.dy, dy: tangent.dx)
        // A disc about the start, inside the cap and the stroke by a pixel and a half, every
        // quarter pixel: behind the start the first colour, after it the gradient's colour there.
        let radius = 6 - 1.5 / scale
        var worst = (difference: 0.0, at: "")
        for along in stride(from: -radius, through: radius, by: 0.25 / scale) {
            for across in stride(from: -radius, through: radius, by: 0.25 / scale)
            where along * along + across * across <= radius * radius {
                let point = start + along * tangent + across * normal
                let wanted = Self.expected(Self.watch, at: max(along, 0) / length)
                let pixel = image.rgb((point.x * scale, point.y * scale))
                let difference = zip(pixel.channels, [wanted.0, wanted.1, wanted.2]).map { abs(Double($0) - $1) }.max()
                if let difference, difference > worst.difference {
                    worst = (difference, "\(pixel) at \(along) along, \(across) across")
                }
            }
        }
        #expect(worst.difference <= Self.tolerance, "\(worst.at)")
    }

    @Test("The colours stay put as the progress grows: the same at a point at progress 0.6 and 0.9")
    func staysPut() throws {
        let ring = RingGeometry()
        let (early, late) = (try Self.ring(Self.watch, progress: 0.6), try Self.ring(Self.watch, progress: 0.9))
        for fraction in [0.05, 0.2, 0.35, 0.5, 0.55] {
            let point = ring.pixel(atFraction: fraction)
            let (a, b) = (early.rgb(point), late.rgb(point))
            #expect(zip(a.channels, b.channels).allSatisfy { abs($0 - $1) <= 1 }, "\(a) then \(b) at \(fraction)")
            // And it is the colour of the whole path's fraction, not of the progress's.
            expectPixel(early, at: point, is: Self.expected(Self.watch, at: fraction), tolerance: Self.tolerance)
        }
        let measure = PathMeasure(try Path(svgPathData: Self.curve))
        let (curveEarly, curveLate) = (
            try Self.curveImage(Self.redToBlue, progress: 0.6), try Self.curveImage(Self.redToBlue, progress: 0.9)
        )
        for fraction in [0.1, 0.3, 0.5] {
            let point = try #require(measure.location(atFraction: fraction)).point
            let (a, b) = (curveEarly.rgb((point.x, point.y)), curveLate.rgb((point.x, point.y)))
            #expect(zip(a.channels, b.channels).allSatisfy { abs($0 - $1) <= 1 }, "\(a) then \(b) at \(fraction)")
            expectPixel(
                curveEarly, at: (point.x, point.y), is: Self.expected(Self.redToBlue, at: fraction),
                tolerance: Self.tolerance)
        }
    }

    @Test("A translucent gradient has one opacity all along: no band where its slices meet", arguments: [1.0, 2.0])
    func translucentGradient(scale: Double) throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = 1
        indicator.scale = scale
        indicator.style.trackTintColor = .clear
        indicator.style.progressGradient = try PathGradient(colors: [
            Color(red: 1, green: 0, blue: 0, alpha: 0.5), Color(red: 0, green: 0, blue: 1, alpha: 0.5),
        ])
        let image = try indicator.scene().renderImage()
        let ring = RingGeometry(scale: scale)
        // Every quarter point along the ring (slices are a few points long), across the stroke.
        let steps = Int(2 * Double.pi * ring.radius * 4)
        var worst = (difference: 0, at: 0.0)
        for step in 1..<steps {
            let fraction = Double(step) / Double(steps)
            for outward in [-4.0, 0, 4] {
                let point = ring.pixel(atFraction: fraction, outward: outward)
                let alpha = Int(image[Int(point.x.rounded(.down)), Int(point.y.rounded(.down))].alpha)
                if abs(alpha - 128) > worst.difference { worst = (abs(alpha - 128), fraction) }
            }
        }
        #expect(worst.difference <= 1, "opacity off by \(worst.difference) levels at \(worst.at)")
        // Half of the gradient's colour over white.
        for fraction in [0.1, 0.5, 0.9] {
            let (r, g, b) = RGB(255, 0, 0).mixed(with: RGB(0, 0, 255), at: fraction)
            expectPixel(
                image, at: ring.pixel(atFraction: fraction),
                is: (255 - (255 - r) / 2, 255 - (255 - g) / 2, 255 - (255 - b) / 2), tolerance: 3, "at \(fraction)")
        }
    }

    @Test("A track gradient runs along the whole track, under the progress")
    func trackGradient() throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = 0.3
        indicator.style.trackGradient = try PathGradient(colors: [.black, .white])
        let image = try indicator.scene().renderImage()
        let ring = RingGeometry()
        expectPixel(image, at: ring.pixel(atFraction: 0.15), is: RGB(hex: 0x007AFF))
        for fraction in [0.4, 0.6, 0.8, 0.95] {
            let level = 255 * fraction
            expectPixel(image, at: ring.pixel(atFraction: fraction), is: (level, level, level), tolerance: 3)
        }
    }
}
