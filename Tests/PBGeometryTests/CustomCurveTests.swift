import Foundation
import PBGeometry
import Testing

/// A curve type of the user's own, measured by the protocol's default (adaptive quadrature).
@Suite("ParametricCurve: a conforming type of one's own")
struct CustomCurveTests {
    /// The parabola y = x² for x in `from...to`, parameterised as `x = from + t (to - from)`.
    struct Parabola: ParametricCurve {
        var from: Double
        var to: Double
        var start: Point { point(at: 0) }
        var end: Point { point(at: 1) }
        func point(at t: Double) -> Point {
            let x = from + t * (to - from)
            return Point(x, x * x)
        }
        func derivative(at t: Double) -> Vector {
            let x = from + t * (to - from)
            return Vector(dx: to - from, dy: 2 * x * (to - from))
        }
        func subsegment(from t0: Double, to t1: Double) -> Parabola {
            Parabola(from: from + t0 * (to - from), to: from + t1 * (to - from))
        }
        func reversed() -> Parabola { Parabola(from: to, to: from) }
        func transformed(by transform: Transform) -> Parabola { self }
        var bounds: Rect { Rect(enclosing: start, end) }
    }

    /// ∫ √(1 + 4x²) dx = x √(1 + 4x²) / 2 + asinh(2x) / 4.
    static func exactLength(from a: Double, to b: Double) -> Double {
        func primitive(_ x: Double) -> Double { x * (1 + 4 * x * x).squareRoot() / 2 + asinh(2 * x) / 4 }
        return primitive(b) - primitive(a)
    }

    @Test(arguments: [1e-3, 1e-6, 1e-9, 1e-11])
    func measuresWithinTheAccuracy(accuracy: Double) {
        for (a, b) in [(0.0, 1.0), (-3.0, 2.0), (0.5, 40.0)] {
            let exact = Self.exactLength(from: a, to: b)
            let measured = Parabola(from: a, to: b).length(accuracy: accuracy)
            #expect(abs(measured - exact) / exact < accuracy, "\(a)...\(b): \(measured) vs \(exact)")
        }
    }

    @Test func invertsItsArcLength() {
        let parabola = Parabola(from: 0, to: 1)
        let half = Self.exactLength(from: 0, to: 1) / 2
        let t = parabola.parameter(atLength: half, accuracy: 1e-12)
        #expect(abs(Self.exactLength(from: 0, to: t) - half) < 1e-11)
    }
}
