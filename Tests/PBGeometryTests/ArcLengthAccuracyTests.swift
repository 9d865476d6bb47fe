import PBGeometry
import Testing

/// Lengths of hard curves at every accuracy from 1e-3 to 1e-11, against references computed with
/// mpmath at 30 digits by `References/make_references.py` (pasted below as literals; the tests do
/// not run Python).
@Suite("Arc length: accuracy sweeps")
struct ArcLengthAccuracyTests {
    static let accuracies = [1e-3, 1e-5, 1e-7, 1e-9, 1e-11]

    /// A curve and its exact length.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var segment: PathSegment
        var exact: Double
        var testDescription: String { name }
    }

    static func cubicBezier(_ p: [(Double, Double)], scale: Double = 1) -> CubicBezier {
        let points = p.map { Point($0.0 * scale, $0.1 * scale) }
        return CubicBezier(from: points[0], control1: points[1], control2: points[2], to: points[3])
    }

    static func cubic(_ p: [(Double, Double)], scale: Double = 1) -> PathSegment {
        .curve(cubicBezier(p, scale: scale))
    }

    static let arch = [(0.0, 0.0), (30.0, 100.0), (70.0, 100.0), (100.0, 0.0)]

    /// Cubics with no closed form (make_references.py, "Cubic lengths").
    static let cubics: [Case] = [
        Case(name: "arch", segment: cubic(arch), exact: 189.347629301429925064674077611),
        Case(
            name: "S curve", segment: cubic([(0, 0), (100, 0), (0, 100), (100, 100)]),
            exact: 167.654262742028566915097813984),
        Case(
            name: "cusp", segment: cubic([(0, 0), (100, 100), (0, 100), (100, 0)]),
            exact: 182.842712474619009760337744842),
        Case(
            name: "near cusp", segment: cubic([(0, 0), (100, 100), (0.1, 100), (100, 0)]),
            exact: 182.829933670240190349783808126),
        Case(
            name: "nearer cusp", segment: cubic([(0, 0), (100, 100), (1e-4, 100), (100, 0)]),
            exact: 182.842699606807302528623921426),
        Case(
            name: "loop", segment: cubic([(0, 0), (100, 100), (-50, 100), (100, 0)]),
            exact: 197.190775227063157984246218691),
        Case(
            name: "spike (control points far out, nearly flat)",
            segment: cubic([(0, 0), (300, 0), (-200, 0.5), (100, 0.5)]), exact: 300.002249514957480772125316373),
        Case(
            name: "far from the origin",
            segment: cubic([
                (1e7 + 0.25, -3e6 + 0.5), (1e7 + 30.25, -3e6 + 100.5), (1e7 + 70.75, -3e6 + 99.5), (1e7 + 100.0, -3e6),
            ]), exact: 188.962798003494683328909183083),
    ]

    /// The arch scaled by powers of two, which scale lengths exactly (make_references.py, "Arch
    /// scaled by 2^k").
    static let scaledArches: [Case] = [
        Case(name: "arch × 2⁻⁴⁰", segment: cubic(arch, scale: 0x1p-40), exact: 1.72210665642914978038492406642e-10),
        Case(name: "arch × 2⁴⁰", segment: cubic(arch, scale: 0x1p40), exact: 208189920108741.850672257497149),
        Case(name: "arch × 2⁻³⁰⁰", segment: cubic(arch, scale: 0x1p-300), exact: 9.29525209673265977299201938948e-89),
        Case(name: "arch × 2³⁰⁰", segment: cubic(arch, scale: 0x1p300), exact: 3.85707932920658653068968987344e+92),
        // Squares of these coordinates leave the range of doubles.
        Case(
            name: "arch × 2⁻⁶⁰⁰", segment: cubic(arch, scale: 0x1p-600), exact: 4.56312613263652913105799677042e-179),
        Case(name: "arch × 2⁶⁰⁰", segment: cubic(arch, scale: 0x1p600), exact: 7.85700935716990366842515929432e+182),
    ]

    /// Elliptical arcs from centre parameters (make_references.py, "Elliptical arcs").
    static let arcs: [Case] = [
        Case(
            name: "eccentric arc",
            segment: .arc(
                centreArc(
                    center: Point(10, 20), radiusX: 50, radiusY: 20, xAxisRotation: .degrees(30),
                    startAngle: .radians(-1), sweepAngle: .radians(4))),
            exact: 142.447866493102462806293991534),
        Case(
            name: "flat arc",
            segment: .arc(
                centreArc(
                    center: Point(0, 0), radiusX: 100, radiusY: 0.01, xAxisRotation: .degrees(-15),
                    startAngle: .radians(0.1), sweepAngle: .radians(6))),
            exact: 397.827272170809816768054257706),
        Case(
            name: "flatter arc",
            segment: .arc(
                centreArc(
                    center: Point(5, 5), radiusX: 100, radiusY: 1e-6, startAngle: .radians(-3),
                    sweepAngle: .radians(-3.5))),
            exact: 203.341987767153475935580324516),
        Case(
            name: "flat ellipse",
            segment: .arc(
                centreArc(
                    center: Point(0, 0), radiusX: 100, radiusY: 0.001, startAngle: .zero, sweepAngle: .degrees(360))),
            exact: 400.000000247984396530419376197),
    ]

    @Test("Cubics", arguments: cubics)
    func cubicLengths(_ test: Case) {
        expectAccurate(test)
    }

    @Test("Tiny and huge coordinates", arguments: scaledArches)
    func scaledLengths(_ test: Case) {
        expectAccurate(test)
    }

    @Test("Elliptical arcs", arguments: arcs)
    func arcLengths(_ test: Case) {
        expectAccurate(test)
    }

    @Test(
        "Partial lengths, arcLength(from:to:accuracy:)",
        arguments: [
            // make_references.py, "Partial cubic lengths"; the second is 50 ((1 + 0.75²)^(3/2) - 1).
            ([(0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.0)], 0.25, 0.75, 39.7542485937368560255733542957),
            ([(0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.0)], 0.5, 0.875, 47.65625),
            (
                [(0.0, 0.0), (100.0, 100.0), (-50.0, 100.0), (100.0, 0.0)], 0.125, 0.625,
                52.8479124113973315698496490602
            ),
        ])
    func partial(points: [(Double, Double)], t0: Double, t1: Double, exact: Double) {
        let curve = Self.cubicBezier(points)
        for accuracy in Self.accuracies {
            let measured = curve.arcLength(from: t0, to: t1, accuracy: accuracy)
            #expect(relativeError(measured, exact) < accuracy, "accuracy \(accuracy): \(measured) vs \(exact)")
        }
    }

    /// Expects the segment's length, alone and through ``PathMeasure``, within each accuracy.
    func expectAccurate(_ test: Case, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = chainedPath([test.segment])
        for accuracy in Self.accuracies {
            let alone = test.segment.length(accuracy: accuracy)
            #expect(
                relativeError(alone, test.exact) < accuracy,
                "\(test.name) at accuracy \(accuracy): \(alone), relative error \(relativeError(alone, test.exact))",
                sourceLocation: sourceLocation)
            let measured = PathMeasure(path, accuracy: accuracy).length
            #expect(
                relativeError(measured, test.exact) < accuracy,
                "\(test.name) measured at accuracy \(accuracy): \(measured)", sourceLocation: sourceLocation)
        }
    }
}
