import Foundation
import PBGeometry
import Testing

@Suite("EllipticalArc: cubic approximation")
struct ArcCubicApproximationTests {
    static let arcs: [EllipticalArc] = [
        EllipticalArc(
            center: Point(128, 128), radiusX: 100, radiusY: 100, startAngle: .degrees(-90), sweepAngle: .degrees(360)),
        EllipticalArc(
            center: Point(0, 0), radiusX: 50, radiusY: 20, xAxisRotation: .degrees(30), startAngle: .radians(0.3),
            sweepAngle: .radians(-2.5)),
        EllipticalArc(
            center: Point(-7, 3), radiusX: 1e4, radiusY: 3, startAngle: .radians(1), sweepAngle: .radians(0.01)),
    ].compactMap { $0 }

    @Test(arguments: arcs)
    func staysOnTheEllipse(arc: EllipticalArc) throws {
        let cubics = arc.cubicApproximation()
        #expect(cubics.first?.start == arc.start && cubics.last?.end == arc.end)
        for (a, b) in zip(cubics, cubics.dropFirst()) { #expect(a.end == b.start) }
        // Every point of every cubic is on the ellipse to 4.3e-6 of the larger radius: map it
        // back to the unit circle and check its radius.
        let larger = max(arc.radiusX, arc.radiusY)
        let φ = arc.xAxisRotation.radians
        for cubic in cubics {
            for step in 0...64 {
                let p = cubic.point(at: Double(step) / 64)
                let (dx, dy) = (p.x - arc.center.x, p.y - arc.center.y)
                let x = (cos(φ) * dx + sin(φ) * dy) / arc.radiusX
                let y = (-sin(φ) * dx + cos(φ) * dy) / arc.radiusY
                let radial = abs((x * x + y * y).squareRoot() - 1) * min(arc.radiusX, arc.radiusY)
                #expect(radial <= 4.3e-6 * larger)
            }
        }
    }

    @Test func theArcsExist() {
        #expect(Self.arcs.count == 3)
    }

    @Test func splitsAtMultiplesOfAQuarterOfPi() throws {
        let ring = try #require(Self.arcs.first)
        #expect(ring.cubicApproximation().count == 8)
        // A trimmed part shares the whole ring's cubics up to its last, cut one.
        let part = ring.subsegment(from: 0, to: 0.4)
        let (whole, cut) = (ring.cubicApproximation(), part.cubicApproximation())
        #expect(cut.count == 4)
        #expect(Array(cut.dropLast()) == Array(whole.prefix(3)))
        #expect(cut.last?.start == whole[3].start)
    }

    @Test func aSweepOfZeroHasNoCubics() throws {
        let arc = try #require(
            EllipticalArc(center: .zero, radiusX: 1, radiusY: 1, startAngle: .zero, sweepAngle: .zero))
        #expect(arc.cubicApproximation().isEmpty)
    }
}
