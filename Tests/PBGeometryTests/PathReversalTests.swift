import PBGeometry
import Testing

/// Reversal: the same curves run the other way.
@Suite("Path: reversal")
struct PathReversalTests {
    static let paths = [
        "M 0 0 C 30 100 70 100 100 0",
        "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25",
        "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z",
        "M 0 0 H 10 V 10 Z M 20 0 C 30 10 40 -10 50 0 M 60 60 Q 70 80 90 60 Z M 1 1",
        "M 0 0 A 80 30 25 1 0 50 50 A 0 3 0 0 0 7 7 L 0 0",
    ]

    @Test("The reversed path has the same length and runs through the same points backwards", arguments: paths)
    func reversed(data: String) throws {
        let path = try parse(data)
        let reversed = path.reversed()
        let (measure, reverseMeasure) = (PathMeasure(path, accuracy: 1e-12), PathMeasure(reversed, accuracy: 1e-12))
        expectClose(reverseMeasure.length, measure.length, relative: 1e-11)
        #expect(reversed.subpaths.count == path.subpaths.count)
        for (original, backwards) in zip(path.subpaths, reversed.subpaths.reversed()) {
            #expect(backwards.isClosed == original.isClosed)
            // A closed subpath keeps its start; an open one starts at its old end.
            #expect(backwards.start == (original.isClosed ? original.start : original.end))
            let forward = PathMeasure(Path(joining: [original]), accuracy: 1e-12)
            let back = PathMeasure(Path(joining: [backwards]), accuracy: 1e-12)
            expectClose(back.length, forward.length, relative: 1e-11)
            guard forward.length > 0 else { continue }
            for fraction in stride(from: 0.0, through: 1.0, by: 0.0625) {
                let a = try #require(forward.location(atFraction: fraction))
                // Closed: the same start, so fraction f backwards is 1 - f forwards.
                let b = try #require(back.location(atFraction: 1 - fraction))
                expectClose(b.point, a.point, absolute: 1e-8, "\(data) at \(fraction)")
                if fraction > 0 && fraction < 1 {
                    expectClose(b.tangent, -a.tangent, absolute: 1e-6, "\(data) at \(fraction)")
                }
            }
        }
    }

    @Test("Reversing a closed subpath makes its closing line an ordinary segment")
    func closedSubpath() throws {
        let path = try parse("M 0 0 H 10 V 10 Z")
        let reversed = path.reversed()
        #expect(
            reversed.elements == [
                .move(to: Point(0, 0)), .line(to: Point(10, 10)), .line(to: Point(10, 0)), .line(to: Point(0, 0)),
                .closeSubpath,
            ])
    }

    @Test("Curves reversed: the same points at 1 - t")
    func curves() throws {
        let segments = drawnSegments(
            of: try parse("M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25"))
        for segment in segments {
            let reversed = segment.reversed()
            #expect(reversed.start == segment.end && reversed.end == segment.start)
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                expectClose(reversed.point(at: t), segment.point(at: 1 - t), absolute: 1e-12)
            }
        }
    }
}
