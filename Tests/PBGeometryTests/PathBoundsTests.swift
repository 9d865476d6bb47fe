import PBGeometry
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds are tight: the extremes of the curves, not the boxes of their control points.
@Suite("Path: bounds")
struct PathBoundsTests {
    @Test(
        "Bounds worked out by hand",
        arguments: [
            // y = 300 t (1 - t) peaks at 75, halfway; the control points reach 100.
            ("M 0 0 C 0 100 100 100 100 0", Rect(x: 0, y: 0, width: 100, height: 75)),
            // y = 200 t (1 - t) peaks at 50.
            ("M 0 0 Q 50 100 100 0", Rect(x: 0, y: 0, width: 100, height: 50)),
            // A quarter circle from 12 to 3 o'clock around (0, 0), radius 10.
            ("M 0 -10 A 10 10 0 0 1 10 0", Rect(x: 0, y: -10, width: 10, height: 10)),
            // Three quarters the other way round: out to (-10, 0) and (0, 10).
            ("M 0 -10 A 10 10 0 1 0 10 0", Rect(x: -10, y: -10, width: 20, height: 20)),
            // The half circle below (0, 0)-(20, 0), centred at (10, 0).
            ("M 0 0 A 10 10 0 0 0 20 0", Rect(x: 0, y: 0, width: 20, height: 10)),
            // Lone moves are not drawn and do not count.
            ("M -100 -100 M 0 0 L 5 5 M 100 100", Rect(x: 0, y: 0, width: 5, height: 5)),
            // The closing line counts.
            ("M 0 0 H 10 V 10 Z", Rect(x: 0, y: 0, width: 10, height: 10)),
        ])
    func handWorked(data: String, expected: Rect) throws {
        let bounds = try #require(try parse(data).bounds)
        expectClose(bounds, expected, absolute: 1e-12)
    }

    @Test(
        "A rotated ellipse: half-widths √(a² cos² φ + b² sin² φ) and √(a² sin² φ + b² cos² φ)",
        arguments: [0.0, 17, 30, 45, 90, 123.4])
    func rotatedEllipse(degrees: Double) throws {
        let (a, b) = (50.0, 20.0)
        let arc = try #require(
            EllipticalArc(
                center: Point(7, -3), radiusX: a, radiusY: b, xAxisRotation: .degrees(degrees),
                startAngle: .radians(0.4), sweepAngle: .degrees(360)))
        let φ = degrees * .pi / 180
        let w = (a * a * cos(φ) * cos(φ) + b * b * sin(φ) * sin(φ)).squareRoot()
        let h = (a * a * sin(φ) * sin(φ) + b * b * cos(φ) * cos(φ)).squareRoot()
        expectClose(arc.bounds, Rect(x: 7 - w, y: -3 - h, width: 2 * w, height: 2 * h), absolute: 1e-12)
    }

    static let curves = [
        "M 0 0 C 30 100 70 100 100 0",
        "M 0 0 C 100 100 -50 100 100 0",
        "M 0 0 C 100 100 0 100 100 0",
        "M 10 10 C -40 80 160 -70 30 30",
        "M 0 0 Q 300 -40 20 100",
        "M 0 0 A 80 30 25 1 0 50 50",
        "M 0 0 A 80 30 -65 0 1 50 50",
        "M 0 0 A 30 30 0 1 1 0.001 0",
        "M 0 0 A 100 0.5 20 0 0 60 40",
        "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z M 200 200 h 30 v 7 l -4 1",
    ]

    @Test("Bounds contain every point of the curve and are reached by it", arguments: curves)
    func sampled(data: String) throws {
        let path = try parse(data)
        let bounds = try #require(path.bounds)
        let segments = drawnSegments(of: path)
        var sampled: Rect?
        for segment in segments {
            for i in 0...20000 {
                let p = segment.point(at: Double(i) / 20000)
                sampled = sampled.map { $0.union(p) } ?? Rect(x: p.x, y: p.y, width: 0, height: 0)
            }
        }
        let dense = try #require(sampled)
        let size = max(bounds.width, bounds.height)
        // Contains: no sample outside (up to rounding).
        #expect(dense.minX >= bounds.minX - 1e-12 * size && dense.maxX <= bounds.maxX + 1e-12 * size)
        #expect(dense.minY >= bounds.minY - 1e-12 * size && dense.maxY <= bounds.maxY + 1e-12 * size)
        // Tight: the samples come within the sampling error of each edge (at an extremum the
        // curve is flat, so the error is second order in the step).
        expectClose(dense, bounds, absolute: 1e-6 * size, "\(data)")
    }

    @Test("Tighter than the control points' box")
    func tighterThanControlPoints() throws {
        let bounds = try #require(try parse("M 0 0 C 0 -100 100 200 100 100").bounds)
        #expect(bounds.minY > -100 && bounds.maxY < 200)
    }

    @Test("No bounds for a path that draws nothing")
    func empty() throws {
        #expect(Path().bounds == nil)
        #expect(try parse("M 1 2 M 3 4").bounds == nil)
        #expect(try parse("M 1 2 Z").bounds == nil)
    }

    @Test("Control points near the largest double: the extremes are found, not lost to overflow")
    func hugeControlPoints() throws {
        // x(t) = 9 t (1 - t)^2 + 3e308 t^2 (1 - t) + t^3 peaks near t = 2/3 at 4/9 x 1e308 (the other terms add
        // about 1); 3 x 1e308 overflowed the derivative's coefficients, and the bounds were the end points' 1 x 1
        // (found by the fuzzer's svgdocument target).
        let cubic = try #require(try parse("M0-2c3-.4 1e308.3 1-1").bounds)
        #expect(abs(cubic.maxX / (4.0 / 9.0 * 1e308) - 1) < 1e-12)
        #expect(cubic.minX == 0)
        // x(t) = 2e308 t (1 - t) + t^2 peaks near t = 1/2 at 0.5e308.
        let quadratic = try #require(try parse("M0 0 Q1e308 1 1 0").bounds)
        #expect(abs(quadratic.maxX / 0.5e308 - 1) < 1e-12)
        #expect(quadratic.maxY > 0.49 && quadratic.maxY < 0.51)
    }
}
