import PBGeometry
import Testing

/// Inputs at the edges of what doubles hold, each first found by `pbrender-fuzz`: they must
/// give finite geometry or a clear error, never NaN, a trap or a hang.
@Suite("Extreme inputs")
struct ExtremeInputTests {
    @Test(
        "Radii far larger than the chord give a finite centre and read back equal",
        // Large arcs: their small counterparts sweep less than their start angle resolves (1e-300
        // radians) and are their chords (below).
        arguments: ["M 0 0 A 1e300 1e300 45 1 0 1 1", "M 5 5 A 1e200 1e200 0 1 1 5 6"])
    func hugeRadii(data: String) throws {
        let path = try Path(svgPathData: data)
        guard case .arc(let arc) = try #require(path.subpaths.first?.segments.first) else {
            Issue.record("expected an arc")
            return
        }
        #expect(arc.center.isFinite)
        #expect(arc.startAngle.isFinite && arc.sweepAngle.isFinite)
        // The flags SVG gave, kept with the path's element, are the arc's.
        guard case .svgArc(let svgArc) = path.elements.last else {
            Issue.record("expected an SVG arc element")
            return
        }
        #expect((abs(arc.sweepAngle.radians) > .pi) == svgArc.isLargeArc)
        // The end points lie on the ellipse, whose centre is as far from them as the radii say.
        let distance = (arc.start - arc.center).length
        #expect(distance >= min(arc.radiusX, arc.radiusY) * (1 - 1e-12))
        #expect(distance <= max(arc.radiusX, arc.radiusY) * (1 + 1e-12))
        #expect(try Path(svgPathData: path.svgPathData) == path)
        #expect(PathMeasure(path).length.isFinite)
    }

    /// Radii 1e20 and 1e-309 with end points 1e-310 apart: the small arc turns round the thin
    /// ellipse's tip in 1e-14 radians about π, which its angles resolve to 4 % (measured 2.44e-9
    /// at accuracy 1e-3 and 2.45e-9 at 1e-9; found by fuzzing). It is its chord.
    @Test("An arc whose angles cannot resolve its sweep is its chord, at every accuracy")
    func sweepUnresolvedRoundATip() throws {
        let path = try Path(svgPathData: "M 0,0 L 0,1e-323 A 1e20,1e-309 0 0 1 1e-310,0")
        guard case .line = try #require(path.subpaths.first?.segments.last) else {
            Issue.record("expected a line, not \(path.subpaths.first?.segments ?? [])")
            return
        }
        #expect(PathMeasure(path, accuracy: 1e-3).length == PathMeasure(path, accuracy: 1e-9).length)
    }

    /// Radii 1e-32 and 1e308 with end points 5 apart: the arc's sweep, 1e-278 radians from
    /// about -π/2, is below the resolution of its start angle, and measured 5e-324 (found by
    /// fuzzing: an arc shorter than its chord). It is its chord, a line of length 5.
    @Test("A sweep below the resolution of its start angle makes the chord")
    func sweepBelowAngleResolution() throws {
        let path = try Path(svgPathData: "M 0 0 L 5e-324 5e-324 A 1e-32-1e308 0 0 1 1e-310 5")
        // Subnormal coordinates, as the parser reads them (the literals would not compile).
        let (tiny, end) = (Double.leastNonzeroMagnitude, Double("1e-310") ?? 0)
        #expect(path.subpaths.first?.segments.last == .line(Line(from: Point(tiny, tiny), to: Point(end, 5))))
        expectClose(PathMeasure(path).length, 5, relative: 1e-12)
    }

    @Test(
        "The small arc of radii far larger than the chord is about as long as the chord",
        arguments: [
            "M 0 0 A 1e16 2e16 0 0 1 1 1", "M 0 0 A 1e300 2e300 0 0 1 1 1", "M 0 0 A 1e9 1e9 0 0 0 1 1",
            "M 1 1 A 1e12 3e12 30 0 1 0 0",
        ])
    func smallArcOfHugeRadii(data: String) throws {
        // The arc bulges from its chord by about chord² / (8 r): nothing at these radii, so it is
        // as long as the chord, √2.
        // The sweep comes from the half chord (2 asin |u| on the unit circle), not from the
        // directions to a centre found only to rounding, which gave 1.4043 at 1e16 and 0 at
        // 1e300 (found by fuzzing: an arc shorter than its chord).
        let path = try Path(svgPathData: data)
        expectClose(PathMeasure(path).length, 2.0.squareRoot(), relative: 1e-9)
        // Each sweeps less than 2^30 ulps of its start angle (1e-9 radians and less): the chord.
        let isLine = if case .line = path.subpaths.first?.segments.first { true } else { false }
        #expect(isLine, "\(path.subpaths.first?.segments ?? [])")
    }

    @Test("Radii so large that the end points cannot be told apart on the ellipse make a line")
    func radiiBeyondResolution() throws {
        let path = try Path(svgPathData: "M 0 0 A 1e308 1e308 0 0 1 1e-300 0")
        #expect(path.subpaths.first?.segments == [.line(Line(from: Point(0, 0), to: Point(1e-300, 0)))])
    }

    @Test(
        "Arcs whose ellipse lies beyond the range of a double are drawn as lines",
        arguments: [
            // A chord of 3e29 and radii 1e300 by 1000: the radii scale up by 1e26, past 1e308.
            ("M 0 333333333333333333333333333330 A 1e300 1e3 1 1 0 1 1", Point(0, 3.3333333333333333e29), Point(1, 1)),
            // A centre halfway between 1e308 and 1.5e308.
            ("M 1e308 0 A 1 1 0 0 0 1.5e308 0", Point(1e308, 0), Point(1.5e308, 0)),
        ])
    func ellipseBeyondRange(data: String, start: Point, end: Point) throws {
        let path = try Path(svgPathData: data)
        #expect(path.subpaths.first?.segments == [.line(Line(from: start, to: end))])
        #expect(try Path(svgPathData: path.svgPathData) == path)
    }

    @Test("An arc too small to separate its end points is written once, as SVG reads it: nothing")
    func arcBelowResolution() throws {
        // A piece of an ellipse with radii 1e-300 around (1, 1): every point of it is (1, 1).
        let arc = try #require(
            EllipticalArc(
                center: Point(1, 1), radiusX: 1e-300, radiusY: 1e-300, startAngle: .zero, sweepAngle: .radians(0.5)))
        #expect(arc.start == arc.end)
        let path = chainedPath([.arc(arc)])
        let data = path.svgPathData
        #expect(data == "M 1,1 A 1e-300,1e-300 0 0 1 1,1 A 1e-300,1e-300 0 0 1 1,1")
        // Read back, the arcs are kept as SVG arcs that draw nothing.
        let reread = try Path(svgPathData: data)
        #expect(reread.subpaths == Path(elements: [.move(to: Point(1, 1))]).subpaths)
        #expect(reread.isEmpty)
    }

    @Test("Trims of arcs below the resolution of their coordinates write as path data")
    func trimmedTinyArc() throws {
        let path = try Path(svgPathData: "M 0 0 A 1e-30 1e-300 1e300 0 1 1e-319 0")
        for (from, to) in [(0.0, 0.25), (0.25, 1), (0.1, 0.9)] {
            let trimmed = try path.trimmedPath(from: from, to: to)
            _ = try Path(svgPathData: trimmed.svgPathData)
        }
    }

    /// Appending a segment once copied the whole subpath (a copy of it was kept alive across
    /// the append), so that long path data read in quadratic time: minutes for 1e5 segments
    /// in a debug build. The limit guards against that, not a speed: three minutes leave room for
    /// AddressSanitizer on a loaded machine (it took over one in a CI rehearsal beside a fuzzing
    /// campaign), and quadratic time would take far longer.
    @Test("Long path data reads, measures and writes in linear time", .timeLimit(.minutes(3)))
    func longPathData() throws {
        let count = 200_000
        var data = "M 0 0"
        data.reserveCapacity(8 * count)
        for index in 0..<count { data += index % 2 == 0 ? " l 1 1" : " l 1 -1" }
        // Twice the default segment limit: read without limits.
        let path = try Path(svgPathData: data, limits: .unlimited)
        #expect(path.subpaths.count == 1 && path.subpaths[0].segments.count == count)
        let measure = PathMeasure(path)
        expectClose(measure.length, Double(count) * 2.0.squareRoot(), relative: 1e-10)
        let half = try measure.trimmedPath(from: 0.25, to: 0.75).subpaths[0].segments.count
        #expect((count / 2)...(count / 2 + 2) ~= half)
        #expect(try Path(svgPathData: path.svgPathData, limits: .unlimited) == path)
        var built = Path()
        built.move(to: .zero)
        for index in 0..<count { built.addLine(to: Point(Double(index + 1), 0)) }
        #expect(built.subpaths[0].segments.count == count)
    }

    @Test(
        "A short subpath after a very long one keeps its length",
        arguments: [("M 4 0 L 10 0 L 1 1e18 M 2 0 L 3 0 Z", 2.0), ("M 0 0 L 1e300 0 M 0 0 H 1 V 1 H 0 Z", 4)])
    func shortSubpathAfterALongOne(data: String, expected: Double) throws {
        // Each subpath's length is its own sum: a difference of distances along the whole path
        // cancelled to 0 (the 2-unit subpath after one of 1e18; found by fuzzing).
        let measure = PathMeasure(try Path(svgPathData: data))
        #expect(measure.subpathLengths.last == expected)
        #expect(measure.length >= measure.subpathLengths[0])
    }

    @Test(
        "A very flat ellipse measures four radii in either direction, at every accuracy",
        arguments: [
            "M 0,0 A 1,1e-12 0 1 0 1e-9,0", "M 0,0 A 1,1e-12 0 1 1 1e-9,0", "M 0,0 A 1e-31,1e-320 0 1 0 1e-310,0",
        ],
        [1e-3, 1e-6, 1e-9])
    func flatEllipseInBothDirections(data: String, accuracy: Double) throws {
        // An ellipse of radii R and r = 1e-12 R is, to within r, a segment of length 2R run there
        // and back: 4R, less the chord left out (1e-9 R at most). The vertices, near-kinks of
        // the speed, are where the integral is cut; for a clockwise sweep the cuts were taken in
        // the wrong order and the length was 4.14 or 3.92 (found by fuzzing).
        let path = try Path(svgPathData: data)
        guard case .arc(let arc) = try #require(path.subpaths.first?.segments.first) else {
            Issue.record("expected an arc")
            return
        }
        expectClose(PathMeasure(path, accuracy: accuracy).length, 4 * arc.radiusX, relative: accuracy + 1e-9)
    }
}
