import PBGeometry
import PBTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Trimming (`trimmedPath(from:to:offset:scope:)`): the partial-stroke semantics of DESIGN.md.
@Suite("Trimming")
struct TrimmingTests {
    /// Paths to trim: curves, arcs, several subpaths, closed ones.
    static let paths: [String] = [
        "M 0 0 C 30 100 70 100 100 0",
        "M 0 0 C 100 100 0 100 100 0",  // a cusp
        "M 100 0 A 100 100 0 1 1 -100 0 A 100 100 0 1 1 100 0 Z",  // a circle of two arcs
        "M 0 0 A 80 30 25 1 0 50 50",  // an elliptical arc
        "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z M 200 200 h 30 v 7 l -4 1",
        "M 0 0 H 10 V 10 H 0 Z M 20 0 C 30 10 40 -10 50 0 M 60 60 Q 70 80 90 60 Z",
        "M 0.1 0.2 L 0.3 0.7 L 1.9 0.11 L 2.3 5.17 Z",
    ]

    static let fractions = [0, 0.05, 0.1, 0.25, 1.0 / 3, 0.5, 0.61, 0.77, 0.9, 0.999, 1]

    @Test("The trimmed length is (to - from) times the length", arguments: paths)
    func lengths(data: String) throws {
        let path = try parse(data)
        for accuracy in [1e-6, 1e-9] {
            let measure = PathMeasure(path, accuracy: accuracy)
            let total = independentLength(of: path)
            for a in Self.fractions {
                for b in Self.fractions where a < b {
                    let trimmed = try measure.trimmedPath(from: a, to: b)
                    let length = independentLength(of: trimmed)
                    // Each cut is placed within accuracy × length; the total within as much.
                    expectClose(
                        length, (b - a) * total, absolute: 3 * accuracy * total,
                        "from \(a) to \(b) at accuracy \(accuracy)")
                }
            }
        }
    }

    @Test("Consecutive pieces meet exactly; the first starts and the last ends where the path does", arguments: paths)
    func piecesMeet(data: String) throws {
        let path = try parse(data)
        let measure = PathMeasure(path)
        let segments = drawnSegments(of: path)
        let boundaries = Set(
            measure.subpathLengths.indices.map { index in
                measure.subpathLengths[..<index].reduce(0, +) / measure.length
            })
        let cuts = Self.fractions
        for (a, b, c) in zip(cuts, zip(cuts.dropFirst(), cuts.dropFirst(2))).map({ ($0, $1.0, $1.1) }) {
            let first = try measure.trimmedPath(from: a, to: b)
            let second = try measure.trimmedPath(from: b, to: c)
            let end = try #require(drawnSegments(of: first).last).end
            let start = try #require(drawnSegments(of: second).first).start
            // Where a subpath ends and the next begins, the pieces are on either side of the gap.
            if !boundaries.contains(b) {
                #expect(end == start, "trim(\(a), \(b)) ends at \(end), trim(\(b), \(c)) starts at \(start)")
            }
        }
        let head = try measure.trimmedPath(from: 0, to: 0.37)
        let tail = try measure.trimmedPath(from: 0.37, to: 1)
        #expect(drawnSegments(of: head).first?.start == segments.first?.start)
        #expect(drawnSegments(of: tail).last?.end == segments.last?.end)
    }

    @Test("trim(0, 1) is the path itself; closed subpaths stay closed", arguments: paths)
    func whole(data: String) throws {
        let path = try parse(data)
        let trimmed = try path.trimmedPath(from: 0, to: 1)
        #expect(trimmed == path)
        #expect(trimmed.subpaths.map(\.isClosed) == path.subpaths.map(\.isClosed))
        #expect(try path.trimmedPath(from: -1, to: 2) == path)
    }

    @Test("A partly trimmed closed subpath is open")
    func partialClosedIsOpen() throws {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 60))
        for (a, b) in [(0.0, 0.999), (0.001, 1.0), (0.2, 0.7)] {
            let trimmed = try path.trimmedPath(from: a, to: b)
            #expect(trimmed.subpaths.count == 1)
            #expect(trimmed.subpaths.allSatisfy { !$0.isClosed }, "from \(a) to \(b)")
        }
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        // 0.9 of the square ends on the closing line, which is then an ordinary segment.
        let trimmed = try rect.trimmedPath(from: 0, to: 0.9)
        #expect(trimmed.subpaths.count == 1 && !trimmed.subpaths[0].isClosed)
        expectClose(independentLength(of: trimmed), 36, relative: 1e-12)
        #expect(drawnSegments(of: trimmed).last?.end == Point(0, 4))
    }

    @Test(
        "Fractions are pinned to 0...1",
        arguments: [(-1.0, 0.5, 0.0, 0.5), (0.25, 2.0, 0.25, 1.0), (-0.5, 0.0, 0, 0), (1, 3, 1, 1)])
    func pinning(from: Double, to: Double, pinnedFrom: Double, pinnedTo: Double) throws {
        let path = try parse("M 0 0 C 30 100 70 100 100 0 L 50 50")
        #expect(try path.trimmedPath(from: from, to: to) == path.trimmedPath(from: pinnedFrom, to: pinnedTo))
    }

    @Test("from >= to gives an empty path", arguments: [(0.5, 0.5), (0.7, 0.2), (1, 0), (0, 0), (1, 1), (2, 1.5)])
    func empty(from: Double, to: Double) throws {
        let path = try parse("M 0 0 C 30 100 70 100 100 0 Z")
        let trimmed = try path.trimmedPath(from: from, to: to)
        #expect(trimmed.isEmpty)
        #expect(trimmed.subpaths.isEmpty)
        #expect(try path.trimmedPath(from: from, to: to, offset: 0.3).isEmpty)
    }

    @Test(
        "NaN and infinities are errors naming the argument",
        arguments: [
            (Double.nan, 1.0, 0.0, "from"), (0, .nan, 0, "to"), (0, 1, .nan, "offset"),
            (-.infinity, 1, 0, "from"), (0, .infinity, 0, "to"), (0, 1, -.infinity, "offset"),
        ])
    func nonFinite(from: Double, to: Double, offset: Double, argument: String) throws {
        let path = try parse("M 0 0 L 10 0")
        let error = try #require(throws: TrimError.self) {
            try path.trimmedPath(from: from, to: to, offset: offset)
        }
        #expect(error.argument == argument)
        let value = [from, to, offset][["from", "to", "offset"].firstIndex(of: argument) ?? 0]
        #expect(error.value.isNaN ? value.isNaN : error.value == value)
        #expect(error.description.contains("'\(argument)'"))
        #expect(throws: TrimError.self) { try PathMeasure(path).trimmedPath(from: from, to: to, offset: offset) }
    }

    @Test("A trimmed cubic is a cubic on the original curve")
    func cubicStaysCubic() throws {
        let curve = CubicBezier(
            from: Point(0, 0), control1: Point(30, 100), control2: Point(70, 100), to: Point(100, 0))
        let path = chainedPath([.curve(curve)])
        let trimmed = try path.trimmedPath(from: 0.2, to: 0.65)
        let segments = drawnSegments(of: trimmed)
        try #require(segments.count == 1)
        guard case .curve(let piece) = segments[0] else {
            Issue.record("expected a cubic, got \(segments[0])")
            return
        }
        // The piece's ends are on the curve at the parameters where the arc length matches.
        // The total is mpmath's (ReferenceLengthTests); the partial lengths the tests' own.
        let total = 189.3476293014299250646741
        let t0 = try #require(parameter(of: piece.start, on: curve))
        let t1 = try #require(parameter(of: piece.end, on: curve))
        expectClose(ReferenceLength.of(curve, from: 0, to: t0), 0.2 * total, relative: 1e-8)
        expectClose(ReferenceLength.of(curve, from: 0, to: t1), 0.65 * total, relative: 1e-8)
        // Every point of the piece is the original's at the mapped parameter.
        for s in stride(from: 0.0, through: 1.0, by: 0.0625) {
            expectClose(piece.point(at: s), curve.point(at: t0 + s * (t1 - t0)), absolute: 1e-12)
        }
    }

    @Test("A trimmed quadratic is a quadratic, a trimmed arc an arc on the same ellipse")
    func quadraticAndArc() throws {
        let quadratic = try parse("M 0 0 Q 0.5 0 1 1")
        let quadraticPiece = try #require(drawnSegments(of: try quadratic.trimmedPath(from: 0.1, to: 0.9)).first)
        guard case .quadCurve(let q) = quadraticPiece else {
            Issue.record("expected a quadratic, got \(quadraticPiece)")
            return
        }
        for s in stride(from: 0.0, through: 1.0, by: 0.125) {
            // On y = x².
            let p = q.point(at: s)
            expectClose(p.y, p.x * p.x, absolute: 1e-15)
        }

        // The ellipse centred at (10, 20), radii 80 and 30, axis rotated by 25 degrees.
        let ellipse = EllipseEquation(center: Point(10, 20), radiusX: 80, radiusY: 30, rotationDegrees: 25)
        let arc = try #require(
            EllipticalArc(
                center: ellipse.center, radiusX: 80, radiusY: 30, xAxisRotation: .degrees(25),
                startAngle: .radians(0.3), sweepAngle: .radians(-4)))
        let path = chainedPath([.arc(arc)])
        for (a, b) in [(0.0, 0.5), (0.1, 0.2), (0.5, 1.0), (0.33, 0.91)] {
            let segments = drawnSegments(of: try path.trimmedPath(from: a, to: b))
            try #require(segments.count == 1)
            guard case .arc(let piece) = segments[0] else {
                Issue.record("expected an arc, got \(segments[0])")
                continue
            }
            for s in stride(from: 0.0, through: 1.0, by: 0.05) {
                expectClose(ellipse.value(at: piece.point(at: s)), 1, absolute: 1e-13, "from \(a) to \(b) at \(s)")
            }
            // Same direction of travel: counterclockwise on screen, like the original.
            #expect(!piece.isClockwise)
        }
    }

    @Test("An offset wraps a window through the seam of a closed ring into one subpath")
    func wrapAround() throws {
        var rings: [Path] = []
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 60))
        rings.append(ellipse)
        var rect = Path()
        rect.addRect(Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.7))
        rings.append(rect)
        var rounded = Path()
        rounded.addRoundedRect(in: Rect(x: 1, y: 2, width: 30, height: 20), cornerWidth: 5, cornerHeight: 7)
        rings.append(rounded)
        rings.append(try parse("M 0.1 0.2 L 0.3 0.7 L 1.9 0.11 L 2.3 5.17 Z"))
        rings.append(try parse("M 0 0 C 10 20 30 40 50 0 Q 25 -30 0 0"))  // ends where it starts, not closed

        for ring in rings {
            let measure = PathMeasure(ring)
            let seam = try #require(drawnSegments(of: ring).first).start
            let trimmed = try measure.trimmedPath(from: 0, to: 0.3, offset: 0.9)
            try #require(trimmed.subpaths.count == 1, "\(ring.svgPathData) → \(trimmed.svgPathData)")
            let piece = trimmed.subpaths[0]
            #expect(!piece.isClosed)
            expectClose(independentLength(of: trimmed), 0.3 * independentLength(of: ring), relative: 3e-9)
            expectClose(piece.start, try #require(measure.location(atFraction: 0.9)).point, absolute: 1e-9)
            expectClose(piece.end, try #require(measure.location(atFraction: 0.2)).point, absolute: 1e-9)
            // Through the seam: one of the joints is exactly the ring's start.
            #expect(piece.segments.dropFirst().contains { $0.start == seam })
            // The same as from 0.9 to 1.2, and as from -0.1 to 0.2.
            expectSameGeometry(try measure.trimmedPath(from: 0.5, to: 0.8, offset: 0.4), trimmed, absolute: 1e-12)
            expectSameGeometry(try measure.trimmedPath(from: 0.1, to: 0.4, offset: -0.2), trimmed, absolute: 1e-12)
        }
    }

    @Test("An offset on several subpaths keeps the tail and then the head")
    func offsetAcrossSubpaths() throws {
        let path = try parse("M 0 0 H 10 M 0 10 H 30")
        let trimmed = try path.trimmedPath(from: 0, to: 0.5, offset: 0.75)
        // The window is 0.75...1 (30 to 40) then 0...0.25 (0 to 10).
        #expect(
            trimmed.elements == [
                .move(to: Point(20, 10)), .line(to: Point(30, 10)), .move(to: Point(0, 0)), .line(to: Point(10, 0)),
            ])
        // An offset of a whole number changes nothing.
        expectSameGeometry(
            try path.trimmedPath(from: 0.1, to: 0.6, offset: 3), try path.trimmedPath(from: 0.1, to: 0.6),
            absolute: 1e-12)
    }

    @Test("Each subpath trimmed by the same fractions with .eachSubpath")
    func eachSubpath() throws {
        let path = try parse("M 0 0 H 10 M 0 10 H 30 Z M 0 20 A 5 5 0 1 1 0 30")
        let measure = PathMeasure(path)
        let lengths = [10, 60, 5 * Double.pi]
        for (a, b) in [(0.0, 0.5), (0.25, 0.75), (0.1, 1.0)] {
            let trimmed = try measure.trimmedPath(from: a, to: b, scope: .eachSubpath)
            try #require(trimmed.subpaths.count == 3)
            for (subpath, length) in zip(trimmed.subpaths, lengths) {
                let piece = Path(joining: [subpath])
                expectClose(independentLength(of: piece), (b - a) * length, relative: 1e-9)
            }
            expectClose(trimmed.subpaths[0].start, Point(10 * a, 0), absolute: 1e-12)
        }
        // Whole: the path itself.
        #expect(try measure.trimmedPath(from: 0, to: 1, scope: .eachSubpath) == path)
        // With an offset, each window wraps: the open subpaths give a tail and a head, the closed
        // one a single piece through its seam.
        let wrapped = try measure.trimmedPath(from: 0.9, to: 1.0, offset: 0.05, scope: .eachSubpath)
        try #require(wrapped.subpaths.count == 5)
        expectClose(independentLength(of: Path(joining: [wrapped.subpaths[2]])), 6, relative: 1e-9)
        #expect(wrapped.subpaths[2].segments.dropFirst().contains { $0.start == Point(0, 10) })
        expectClose(independentLength(of: Path(joining: Array(wrapped.subpaths[0...1]))), 1, relative: 1e-9)
    }

    @Test("trimmedPieces: each piece names its source subpath and how far along it it starts")
    func pieces() throws {
        let measure = PathMeasure(try parse("M 0 0 H 10 M 0 10 H 30 Z"))  // 10, then 30 + 30
        let pieces = try measure.trimmedPieces(from: 0.1, to: 0.5)  // 7...35
        #expect(pieces.map(\.sourceIndex) == [0, 1])
        try #require(pieces.count == 2)
        expectClose(pieces[0].sourceDistance, 7, absolute: 1e-12)
        expectClose(pieces[1].sourceDistance, 0, absolute: 1e-12)
        #expect(Path(joining: pieces.map(\.subpath)) == (try measure.trimmedPath(from: 0.1, to: 0.5)))
        // Through the seam of the closed subpath: one piece starting 0.9 of the way round it.
        let wrapped = try measure.trimmedPieces(from: 0.9, to: 1.1, offset: 0.05, scope: .eachSubpath)
        let ring = try #require(wrapped.first { $0.sourceIndex == 1 })
        expectClose(ring.sourceDistance, 0.95 * 60, absolute: 1e-9)
    }

    @Test("Zero-length subpaths do not disturb trimming")
    func zeroLengthSubpaths() throws {
        let path = try parse("M 5 5 M 0 0 H 10 M 3 3 Z M 0 10 H 10 M 7 7")
        let trimmed = try path.trimmedPath(from: 0.25, to: 0.75)
        expectClose(independentLength(of: trimmed), 10, relative: 1e-12)
        let segments = drawnSegments(of: trimmed)
        #expect(segments.first?.start == Point(5, 0))
        #expect(segments.last?.end == Point(5, 10))
    }

    @Test("Random paths: lengths, contiguous pieces that meet exactly, and the whole path", arguments: 0..<30)
    func randomPaths(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 7000 + seed)
        let path = try parse(RandomPathData.make(using: &generator))
        let measure = PathMeasure(path)
        let total = independentLength(of: path)
        #expect(try measure.trimmedPath(from: 0, to: 1) == path)
        guard measure.length > 0 else { return }
        var cuts = (0..<4).map { _ in Double.random(in: 0...1, using: &generator) }.sorted()
        cuts = [0] + cuts + [1]
        var previousEnd: Point?
        for (a, b) in zip(cuts, cuts.dropFirst()) where a < b {
            let trimmed = try measure.trimmedPath(from: a, to: b)
            expectClose(independentLength(of: trimmed), (b - a) * total, absolute: 3e-9 * total, "seed \(seed)")
            for subpath in trimmed.subpaths {
                // Each piece is one connected run: every segment starts where the last ended.
                var current = subpath.start
                for segment in subpath.segments {
                    #expect(segment.start == current, "seed \(seed): \(trimmed.svgPathData)")
                    current = segment.end
                }
            }
            let segments = drawnSegments(of: trimmed)
            if let previousEnd, let first = segments.first {
                // The next window starts where the last one ended, unless that is a subpath's end.
                let atBoundary = path.subpaths.contains { $0.drawnSegments.last?.end == previousEnd }
                #expect(atBoundary || first.start == previousEnd, "seed \(seed) at \(a)")
            }
            previousEnd = segments.last?.end
        }
        #expect(previousEnd == drawnSegments(of: path).last?.end, "seed \(seed)")
    }

    /// The parameter at which `curve` passes through `point` (by bisection on the distance along
    /// a fine grid), or `nil`.
    func parameter(of point: Point, on curve: CubicBezier) -> Double? {
        var best = (t: 0.0, distance: Double.infinity)
        for i in 0...10000 {
            let t = Double(i) / 10000
            let d = curve.point(at: t).distance(to: point)
            if d < best.distance { best = (t, d) }
        }
        // Refine by golden-section search on the distance.
        var (low, high) = (max(0, best.t - 1e-4), min(1, best.t + 1e-4))
        for _ in 0..<200 {
            let m1 = low + (high - low) * 0.381966
            let m2 = low + (high - low) * 0.618034
            if curve.point(at: m1).distance(to: point) < curve.point(at: m2).distance(to: point) {
                high = m2
            } else {
                low = m1
            }
        }
        let t = (low + high) / 2
        return curve.point(at: t).distance(to: point) < 1e-9 ? t : nil
    }
}

/// The implicit equation of an ellipse: `value(at:)` is 1 exactly on it.
struct EllipseEquation {
    var center: Point
    var radiusX: Double
    var radiusY: Double
    var rotationDegrees: Double

    func value(at point: Point) -> Double {
        let φ = rotationDegrees * .pi / 180
        let (dx, dy) = (point.x - center.x, point.y - center.y)
        // Into the ellipse's own axes: rotate by -φ.
        let u = cos(φ) * dx + sin(φ) * dy
        let v = -sin(φ) * dx + cos(φ) * dy
        return (u / radiusX) * (u / radiusX) + (v / radiusY) * (v / radiusY)
    }
}
