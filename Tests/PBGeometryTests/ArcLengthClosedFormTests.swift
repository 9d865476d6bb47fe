import PBGeometry
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lengths with a closed form, computed here from the mathematics.
@Suite("Arc length: closed forms")
struct ArcLengthClosedFormTests {
    /// The length of y = x² for x in 0...1: ∫₀¹ √(1 + 4x²) dx.
    static let parabolaLength = 5.0.squareRoot() / 2 + asinh(2) / 4

    @Test(
        "Lines are exact",
        arguments: [
            (Point(0, 0), Point(3, 4), 5.0),
            (Point(-1, -1), Point(5, 7), 10.0),
            (Point(1e-300, 0), Point(4e-300, 4e-300), 5e-300),
            (Point(0, 0), Point(3e300, 4e300), 5e300),
            (Point(2, 2), Point(2, 2), 0.0),
        ])
    func lines(start: Point, end: Point, expected: Double) throws {
        let line = Line(from: start, to: end)
        expectClose(line.length(), expected, relative: 1e-15)
        var path = Path()
        path.move(to: start)
        path.addLine(to: end)
        expectClose(PathMeasure(path).length, expected, relative: 1e-15)
    }

    @Test("A polyline with its closing line: 3-4-5 triangle and a rectangle")
    func polylines() throws {
        expectClose(PathMeasure(try parse("M 0 0 L 3 0 L 3 4 Z")).length, 12, relative: 1e-15)
        expectClose(PathMeasure(try parse("M 0 0 H 30 V 40 H 0 Z")).length, 140, relative: 1e-15)
        var path = Path()
        path.addRect(Rect(x: 10, y: 20, width: 30, height: 40))
        expectClose(PathMeasure(path).length, 140, relative: 1e-15)
    }

    @Test(
        "A circle from four quarter arcs (SVG A commands, both directions, rotated ellipse axes)",
        arguments: [
            "M 150 100 A 50 50 0 0 1 100 150 A 50 50 0 0 1 50 100 A 50 50 0 0 1 100 50 A 50 50 0 0 1 150 100 Z",
            "M 150 100 a 50 50 0 0 0 -50 -50 a 50 50 0 0 0 -50 50 a 50 50 0 0 0 50 50 a 50 50 0 0 0 50 -50 z",
            "M 150 100 A 50 50 33 0 1 100 150 A 50 50 -71 0 1 50 100 A 50 50 12 0 1 100 50 A 50 50 90 0 1 150 100",
        ])
    func circleFromQuarterArcs(data: String) throws {
        let path = try parse(data)
        let arcs = drawnSegments(of: path)
        try #require(arcs.count == 4)
        for segment in arcs {
            guard case .arc(let arc) = segment else {
                Issue.record("expected an arc, got \(segment)")
                continue
            }
            expectClose(arc.length(), 25 * .pi, relative: 1e-14)
        }
        expectClose(PathMeasure(path).length, 100 * .pi, relative: 1e-14)
    }

    @Test(
        "A circle from addArc and addEllipse", arguments: [1e-6, 1.0, 37.5, 1e6])
    func circleFromBuilders(radius: Double) throws {
        let circumference = 2 * .pi * radius
        // A whole turn from a start that is not 0: angles stay within one turn, so the end is
        // spelled a turn before the start (running clockwise) or after it.
        var arc = Path()
        arc.addArc(
            center: Point(3, -4), radius: radius, startAngle: .degrees(17 - 360), endAngle: .degrees(17),
            clockwise: true)
        expectClose(PathMeasure(arc).length, circumference, relative: 1e-14)

        var counterclockwise = Path()
        counterclockwise.addArc(
            center: .zero, radius: radius, startAngle: .radians(1), endAngle: .radians(1 - 2 * .pi), clockwise: false)
        expectClose(PathMeasure(counterclockwise).length, circumference, relative: 1e-14)

        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 5, y: 5, width: 2 * radius, height: 2 * radius))
        expectClose(PathMeasure(ellipse).length, circumference, relative: 1e-14)

        var halves = Path()
        halves.addArc(center: .zero, radius: radius, startAngle: .zero, endAngle: .radians(.pi), clockwise: true)
        halves.addArc(
            center: .zero, radius: radius, startAngle: .radians(.pi), endAngle: .radians(2 * .pi), clockwise: true)
        expectClose(PathMeasure(halves).length, circumference, relative: 1e-14)
    }

    @Test(
        "The exact length of quadratic Bézier curves",
        arguments: [
            ((0.0, 0.0), (50.0, 100.0), (100.0, 0.0)),
            ((0.0, 0.0), (100.0, 0.0), (100.0, 100.0)),
            ((10.0, 20.0), (-300.0, 7.0), (40.0, -15.0)),
            ((0.0, 0.0), (1000.0, 1.0), (0.0, 2.0)),  // a hairpin
            ((0.0, 0.0), (1e-3, 2e-3), (5e-3, -1e-3)),
            ((0.0, 0.0), (2e5, 1e5), (1e5, 3e5)),
        ])
    func quadraticBezier(p0: (Double, Double), p1: (Double, Double), p2: (Double, Double)) {
        let exact = ReferenceMath.quadraticBezierLength(p0, p1, p2)
        let curve = QuadraticBezier(from: Point(p0.0, p0.1), control: Point(p1.0, p1.1), to: Point(p2.0, p2.1))
        for accuracy in [1e-3, 1e-6, 1e-9, 1e-12] {
            #expect(relativeError(curve.length(accuracy: accuracy), exact) < accuracy, "accuracy \(accuracy)")
        }
        expectClose(curve.cubic.length(), exact, relative: 1e-9)
    }

    @Test("The reference formula for quadratics agrees with cases known by other means")
    func quadraticReferenceSelfCheck() {
        // A quadratic with a control point on the chord's midpoint is a line run at constant speed.
        expectClose(ReferenceMath.quadraticBezierLength((0, 0), (1.5, 2), (3, 4)), 5, relative: 1e-15)
        // y = x² from 0 to 1.
        expectClose(
            ReferenceMath.quadraticBezierLength((0, 0), (0.5, 0), (1, 1)), Self.parabolaLength, relative: 1e-15)
        // Collinear, turning back: x = 200t - 150t² goes out to 400/6 and back to 50.
        expectClose(ReferenceMath.quadraticBezierLength((0, 0), (100, 0), (50, 0)), 250.0 / 3, relative: 1e-15)
    }

    @Test("y = x² from 0 to 1 as a quadratic and as its degree-elevated cubic")
    func parabola() throws {
        // The quadratic with control (0.5, 0) runs x = t, y = t².
        let quadratic = QuadraticBezier(from: Point(0, 0), control: Point(0.5, 0), to: Point(1, 1))
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            expectClose(quadratic.point(at: t), Point(t, t * t), absolute: 1e-16)
        }
        // Degree elevation by hand: c1 = p0 + 2/3 (p1 - p0), c2 = p2 + 2/3 (p1 - p2).
        let cubic = CubicBezier(
            from: Point(0, 0), control1: Point(1.0 / 3, 0), control2: Point(2.0 / 3, 1.0 / 3), to: Point(1, 1))
        expectClose(quadratic.cubic.control1, cubic.control1, absolute: 1e-15)
        expectClose(quadratic.cubic.control2, cubic.control2, absolute: 1e-15)
        for accuracy in [1e-3, 1e-5, 1e-7, 1e-9, 1e-11] {
            #expect(relativeError(quadratic.length(accuracy: accuracy), Self.parabolaLength) < accuracy)
            #expect(relativeError(cubic.length(accuracy: accuracy), Self.parabolaLength) < accuracy)
            let measure = PathMeasure(try parse("M 0 0 Q 0.5 0 1 1"), accuracy: accuracy)
            #expect(relativeError(measure.length, Self.parabolaLength) < accuracy)
        }
    }

    @Test(
        "Ellipse perimeters against the arithmetic-geometric mean",
        arguments: [(100.0, 50.0), (100.0, 1.0), (3.0, 2.0), (100.0, 0.001), (0.5, 80.0)])
    func ellipsePerimeter(a: Double, b: Double) throws {
        let exact = ReferenceMath.ellipsePerimeter(a, b)
        for accuracy in [1e-3, 1e-5, 1e-7, 1e-9, 1e-11] {
            var path = Path()
            path.addEllipse(in: Rect(x: -a, y: -b, width: 2 * a, height: 2 * b))
            let measured = PathMeasure(path, accuracy: accuracy).length
            #expect(relativeError(measured, exact) < accuracy, "accuracy \(accuracy): \(measured) vs \(exact)")
        }
    }

    @Test("The AGM perimeter agrees with mpmath's 4a E(1 - b²/a²) (References/make_references.py)")
    func ellipseReferenceSelfCheck() {
        // Literals printed by make_references.py ("Closed-form cross-checks").
        expectClose(ReferenceMath.ellipsePerimeter(100, 50), 484.42241102738380992142515982, relative: 1e-15)
        expectClose(ReferenceMath.ellipsePerimeter(100, 1), 400.109832972265186074746449611, relative: 1e-15)
        expectClose(ReferenceMath.ellipsePerimeter(3, 2), 15.8654395892905897913316630278, relative: 1e-15)
        expectClose(ReferenceMath.ellipsePerimeter(100, 0.001), 400.000000247984396530664305557, relative: 1e-15)
        expectClose(ReferenceMath.ellipsePerimeter(1, 1), 2 * .pi, relative: 1e-15)
    }

    @Test(
        "A cubic with collinear, monotone control points is as long as its chord",
        arguments: [
            (Point(0, 0), Point(10, 5), Point(60, 30), Point(100, 50)),
            (Point(-3, 7), Point(-3, 7), Point(-3, 17), Point(-3, 27)),
            (Point(1, 1), Point(2, 2), Point(2, 2), Point(4, 4)),
            (Point(0, 0), Point(0, 0), Point(100, -100), Point(100, -100)),
        ])
    func collinearCubic(p0: Point, p1: Point, p2: Point, p3: Point) {
        let chord = hypot(p3.x - p0.x, p3.y - p0.y)
        let curve = CubicBezier(from: p0, control1: p1, control2: p2, to: p3)
        for accuracy in [1e-3, 1e-6, 1e-9, 1e-12] {
            #expect(relativeError(curve.length(accuracy: accuracy), chord) < accuracy)
        }
    }

    @Test("A cubic that runs back along its line measures the distance travelled, not the chord")
    func collinearCubicTurningBack() {
        // Control points 0, 100, -100, 0 on the x axis give x(t) = 300 t (1 - t) (1 - 2t), with
        // a maximum at t = (3 - √3) / 6 and the opposite minimum at t = (3 + √3) / 6.
        let curve = CubicBezier(from: Point(0, 0), control1: Point(100, 0), control2: Point(-100, 0), to: Point(0, 0))
        let extremum = 300 * { (t: Double) in t * (1 - t) * (1 - 2 * t) }((3 - 3.0.squareRoot()) / 6)
        // Out to the maximum, over to the minimum, and back to 0.
        expectClose(curve.length(accuracy: 1e-12), 4 * extremum, relative: 1e-11)
        // Either half on its own is measured.
        expectClose(curve.arcLength(from: 0, to: 0.5, accuracy: 1e-12), 2 * extremum, relative: 1e-11)
    }

    @Test("The cubic with a cusp at t = 1/2 has length 100 (2√2 - 1)")
    func cuspClosedForm() {
        // x = 100 (3t - 6t² + 4t³), y = 300 t (1 - t): speed 300 |1 - 2t| √((1 - 2t)² + 1).
        let curve = CubicBezier(
            from: Point(0, 0), control1: Point(100, 100), control2: Point(0, 100), to: Point(100, 0))
        let exact = 100 * (2 * 2.0.squareRoot() - 1)
        for accuracy in [1e-3, 1e-5, 1e-7, 1e-9, 1e-11] {
            #expect(relativeError(curve.length(accuracy: accuracy), exact) < accuracy, "accuracy \(accuracy)")
        }
    }
}
