import PBGeometry
import Testing

/// The tests' own arc lengths (``ReferenceLength``, which the trimming tests measure pieces
/// with) against mpmath: each path of `TrimmingTests.paths`, integrated at 40 digits by
/// tanh-sinh quadrature split at the speed's minima (cusps) and at the ellipses' quarter turns,
/// with SVG's arc conversion (F.6.5, F.6.6) done in mpmath too. The numbers are pasted here;
/// the tests never run Python.
@Suite struct ReferenceLengthTests {
    static let references: [(String, Double)] = [
        ("M 0 0 C 30 100 70 100 100 0", 189.3476293014299250646741),
        ("M 0 0 C 100 100 0 100 100 0", 182.8427124746190097603377),
        ("M 100 0 A 100 100 0 1 1 -100 0 A 100 100 0 1 1 100 0 Z", 628.3185307179586476925287),
        ("M 0 0 A 80 30 25 1 0 50 50", 290.6495116500798283348822),
        (
            "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z M 200 200 h 30 v 7 l -4 1",
            219.0603057924877020627095
        ),
        ("M 0 0 H 10 V 10 H 0 Z M 20 0 C 30 10 40 -10 50 0 M 60 60 Q 70 80 90 60 Z", 140.2944037174898790267671),
        ("M 0.1 0.2 L 0.3 0.7 L 1.9 0.11 L 2.3 5.17 Z", 12.75477144596602371593778),
    ]

    @Test("Every trimming path is covered", arguments: TrimmingTests.paths)
    func covered(data: String) {
        #expect(Self.references.contains { $0.0 == data })
    }

    @Test("Within 1e-12 of mpmath's length", arguments: references)
    func matchesMpmath(data: String, length: Double) throws {
        let path = try parse(data)
        expectClose(ReferenceLength.of(path), length, relative: 1e-12)
    }
}
