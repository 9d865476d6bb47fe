import PBGeometry
import Testing

/// Exact splits: a subsegment runs through the original's points at the mapped parameters.
@Suite("Curves: subsegments")
struct CurveSubsegmentTests {
    static let ranges: [(Double, Double)] = [(0, 1), (0, 0.5), (0.5, 1), (0.1, 0.35), (0.2, 0.9), (0.7, 0.3), (1, 0)]

    static let segments: [PathSegment] = [
        .line(Line(from: Point(1, 2), to: Point(-3, 7))),
        .quadCurve(QuadraticBezier(from: Point(0, 0), control: Point(300, -40), to: Point(20, 100))),
        .curve(CubicBezier(from: Point(0, 0), control1: Point(30, 100), control2: Point(70, 100), to: Point(100, 0))),
        .curve(CubicBezier(from: Point(0, 0), control1: Point(100, 100), control2: Point(-50, 100), to: Point(100, 0))),
        .curve(CubicBezier(from: Point(0, 0), control1: Point(100, 100), control2: Point(0, 100), to: Point(100, 0))),
        .arc(
            centreArc(
                center: Point(10, 20), radiusX: 80, radiusY: 30, xAxisRotation: .degrees(25),
                startAngle: .radians(0.3), sweepAngle: .radians(-4))),
        .arc(
            centreArc(
                center: Point(0, 0), radiusX: 5, radiusY: 5, startAngle: .degrees(-90), sweepAngle: .degrees(360))),
    ]

    @Test("subsegment(from: t0, to: t1) at s is the original at t0 + s (t1 - t0)", arguments: segments)
    func mapped(segment: PathSegment) {
        for (t0, t1) in Self.ranges {
            let piece = segment.subsegment(from: t0, to: t1)
            #expect(piece.start == segment.point(at: t0))
            #expect(piece.end == segment.point(at: t1))
            for s in stride(from: 0.0, through: 1.0, by: 0.0625) {
                // The original evaluated independently of the split.
                expectClose(
                    piece.point(at: s), segment.point(at: t0 + s * (t1 - t0)), absolute: 1e-12, "\(t0)...\(t1) at \(s)")
            }
        }
    }

    @Test("Bézier subsegments against the Bernstein polynomials evaluated here")
    func bernstein() {
        let p = [Point(0, 0), Point(100, 100), Point(-50, 100), Point(100, 0)]
        func cubic(_ t: Double) -> Point {
            let s = 1 - t
            let w = [s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t]
            return Point(zip(w, p).reduce(0) { $0 + $1.0 * $1.1.x }, zip(w, p).reduce(0) { $0 + $1.0 * $1.1.y })
        }
        let curve = CubicBezier(from: p[0], control1: p[1], control2: p[2], to: p[3])
        for (t0, t1) in Self.ranges {
            let piece = curve.subsegment(from: t0, to: t1)
            for s in stride(from: 0.0, through: 1.0, by: 0.1) {
                expectClose(piece.point(at: s), cubic(t0 + s * (t1 - t0)), absolute: 1e-12)
            }
        }
        let whole = curve.length(accuracy: 1e-12)
        let parts = [0, 0.2, 0.5, 0.7, 1].adjacentPairs().map {
            curve.subsegment(from: $0, to: $1).length(accuracy: 1e-12)
        }
        expectClose(parts.reduce(0, +), whole, relative: 1e-11)
    }

    @Test("Arc subsegments stay on the same ellipse and keep the direction")
    func arcs() throws {
        let arc = try #require(
            EllipticalArc(
                center: Point(10, 20), radiusX: 80, radiusY: 30, xAxisRotation: .degrees(25),
                startAngle: .radians(0.3), sweepAngle: .radians(-4)))
        let ellipse = EllipseEquation(center: Point(10, 20), radiusX: 80, radiusY: 30, rotationDegrees: 25)
        for (t0, t1) in Self.ranges {
            let piece = arc.subsegment(from: t0, to: t1)
            #expect(piece.center == arc.center)
            #expect(piece.radiusX == 80 && piece.radiusY == 30)
            expectClose(piece.sweepAngle.radians, -4 * (t1 - t0), absolute: 1e-15)
            for s in stride(from: 0.0, through: 1.0, by: 0.1) {
                expectClose(ellipse.value(at: piece.point(at: s)), 1, absolute: 1e-13)
            }
        }
        // Split lengths add up.
        let parts = [0, 0.15, 0.4, 0.9, 1].adjacentPairs().map {
            arc.subsegment(from: $0, to: $1).length(accuracy: 1e-12)
        }
        expectClose(parts.reduce(0, +), arc.length(accuracy: 1e-12), relative: 1e-11)
    }
}

private extension Array {
    func adjacentPairs() -> [(Element, Element)] {
        Array<(Element, Element)>(zip(self, dropFirst()))
    }
}
