import PBGeometry
import PBTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CGPath-style builders and the shapes: where they start, which way they run, how long
/// they are.
@Suite("Path: builders")
struct PathBuilderTests {
    @Test("The current point: none, after a move, after segments, after a close")
    func currentPoint() {
        var path = Path()
        #expect(path.currentPoint == nil)
        path.addLine(to: Point(1, 2))  // with no current point: a move
        #expect(path.elements == [.move(to: Point(1, 2))])
        path.addCurve(to: Point(5, 6), control1: Point(2, 3), control2: Point(4, 5))
        #expect(path.currentPoint == Point(5, 6))
        path.closeSubpath()
        #expect(path.currentPoint == Point(1, 2))
        path.closeSubpath()  // a no-op
        path.addQuadCurve(to: Point(9, 9), control: Point(3, 3))  // opens a new subpath at (1, 2)
        #expect(path.subpaths.count == 2)
        #expect(path.subpaths[1].start == Point(1, 2) && !path.subpaths[1].isClosed)
        var empty = Path()
        empty.closeSubpath()
        #expect(empty.subpaths.isEmpty && empty.isEmpty)
    }

    @Test("addRect: a closed rectangle from the top-left corner, clockwise on screen")
    func rect() throws {
        var path = Path()
        path.addRect(Rect(x: 10, y: 20, width: 30, height: 40))
        let subpath = try #require(path.subpaths.first)
        #expect(path.subpaths.count == 1 && subpath.isClosed)
        #expect(subpath.start == Point(10, 20))
        #expect(subpath.drawnSegments.map(\.end) == [Point(40, 20), Point(40, 60), Point(10, 60), Point(10, 20)])
        expectClose(PathMeasure(path).length, 140, relative: 1e-15)
        #expect(path.bounds == Rect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test(
        "addRoundedRect: length, start, direction, and corners on their ellipses",
        arguments: [(5.0, 5.0), (5, 8), (15, 20), (100, 100), (0, 5), (10, 0), (-3, 4)])
    func roundedRect(cornerWidth: Double, cornerHeight: Double) throws {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        var path = Path()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        // Corner radii are pinned to half the side; a zero (or negative) one makes a rectangle.
        let rx = min(max(cornerWidth, 0), 15)
        let ry = min(max(cornerHeight, 0), 20)
        let subpath = try #require(path.subpaths.first)
        #expect(path.subpaths.count == 1 && subpath.isClosed)
        guard rx > 0 && ry > 0 else {
            var plain = Path()
            plain.addRect(rect)
            #expect(path == plain)
            return
        }
        let expectedLength = 2 * (30 - 2 * rx) + 2 * (40 - 2 * ry) + ReferenceMath.ellipsePerimeter(rx, ry)
        expectClose(PathMeasure(path).length, expectedLength, relative: 1e-9)
        #expect(subpath.start == Point(10 + rx, 20))
        // Clockwise on screen: along the top edge to the right first.
        let first = try #require(PathMeasure(path).location(atDistance: 0.001))
        #expect(first.tangent == Vector(dx: 1, dy: 0) || (30 - 2 * rx == 0 && first.tangent.dy > 0))
        let corners = [
            Point(40 - rx, 20 + ry), Point(40 - rx, 60 - ry), Point(10 + rx, 60 - ry), Point(10 + rx, 20 + ry),
        ]
        var arcs = 0
        for segment in subpath.drawnSegments {
            guard case .arc(let arc) = segment else { continue }
            let center = corners[arcs]
            arcs += 1
            let ellipse = EllipseEquation(center: center, radiusX: rx, radiusY: ry, rotationDegrees: 0)
            #expect(arc.isClockwise && !arc.isLargeArc)
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let p = arc.point(at: t)
                expectClose(ellipse.value(at: p), 1, absolute: 1e-13)
                // The quarter that bulges out of the corner.
                #expect(abs(p.x - rect.center.x) >= abs(center.x - rect.center.x) - 1e-12)
                #expect(abs(p.y - rect.center.y) >= abs(center.y - rect.center.y) - 1e-12)
            }
        }
        #expect(arcs == 4)
        #expect(path.bounds.map { abs($0.minX - 10) + abs($0.maxY - 60) < 1e-12 } == true)
    }

    @Test("addEllipse: starts at 12 o'clock, runs clockwise, closed", arguments: [(100.0, 60.0), (20, 20), (1, 300)])
    func ellipse(width: Double, height: Double) throws {
        let rect = Rect(x: -5, y: 7, width: width, height: height)
        var path = Path()
        path.addEllipse(in: rect)
        let subpath = try #require(path.subpaths.first)
        #expect(path.subpaths.count == 1 && subpath.isClosed)
        #expect(subpath.start == Point(rect.center.x, rect.minY))
        #expect(subpath.closingLine == nil)
        let measure = PathMeasure(path)
        expectClose(measure.length, ReferenceMath.ellipsePerimeter(width / 2, height / 2), relative: 1e-9)
        // A quarter of the way round (by symmetry) is 3 o'clock, half is 6, three quarters 9.
        let allowed = 1e-8 * max(width, height)
        expectClose(
            try #require(measure.location(atFraction: 0.25)).point, Point(rect.maxX, rect.center.y), absolute: allowed)
        expectClose(
            try #require(measure.location(atFraction: 0.5)).point, Point(rect.center.x, rect.maxY), absolute: allowed)
        expectClose(
            try #require(measure.location(atFraction: 0.75)).point, Point(rect.minX, rect.center.y), absolute: allowed)
        expectClose(try #require(measure.location(atFraction: 0)).tangent, Vector(dx: 1, dy: 0), absolute: 1e-13)
        expectClose(try #require(path.bounds), rect, absolute: 1e-12 * max(width, height))
    }

    /// The sweeps documented on `addArc`: clockwise, `endAngle - startAngle` brought into
    /// `0...360°`; counterclockwise, into `-360°...0`. Angles beyond a turn are reduced first
    /// (`1 + 5π` radians is `1 + π`, 957° is 237°). Start and end in radians, as given to
    /// `.radians`, or in degrees; the sweep in radians.
    static let sweeps: [(start: Angle, end: Angle, clockwise: Bool, sweep: Double)] = [
        (.zero, .radians(.pi / 2), true, .pi / 2),
        (.zero, .radians(.pi / 2), false, -3 * .pi / 2),
        (.zero, .radians(-.pi / 2), true, 3 * .pi / 2),
        (.zero, .radians(-.pi / 2), false, -.pi / 2),
        (.zero, .radians(2 * .pi), true, 2 * .pi),
        (.zero, .radians(-2 * .pi), false, -2 * .pi),
        (.radians(1), .radians(1 + 5 * .pi), true, .pi),
        (.radians(1), .radians(1 - 5 * .pi), false, -.pi),
        (.radians(1), .radians(1 + 5 * .pi), false, -.pi),
        (.radians(-.pi / 2), .radians(3 * .pi / 2), true, 2 * .pi),
        (.radians(0.5), .radians(0.5), true, 0),
        (.radians(0.5), .radians(0.5), false, 0),
        (.degrees(57), .degrees(57 + 900), true, .pi),
        (.degrees(57), .degrees(57 + 900), false, -.pi),
        (.degrees(-90), .degrees(270), true, 2 * .pi),
        (.degrees(30), .degrees(30 + 720), true, 0),
    ]

    @Test("addArc: the sweep, direction, start and end", arguments: sweeps)
    func arc(start: Angle, end: Angle, clockwise: Bool, sweep: Double) throws {
        let (center, radius) = (Point(3, -4), 10.0)
        func point(_ angle: Double) -> Point { Point(center.x + radius * cos(angle), center.y + radius * sin(angle)) }
        var path = Path()
        path.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        let start = start.radians
        let subpath = try #require(path.subpaths.first)
        #expect(path.subpaths.count == 1)
        expectClose(subpath.start, point(start), absolute: 1e-14)
        expectClose(PathMeasure(path).length, radius * abs(sweep), relative: 1e-12, absolute: 1e-12)
        guard sweep != 0 else {
            #expect(subpath.segments.isEmpty)
            return
        }
        try #require(subpath.segments.count == 1)
        guard case .arc(let arc) = subpath.segments[0] else {
            Issue.record("expected an arc")
            return
        }
        expectClose(arc.sweepAngle.radians, sweep, absolute: 1e-12)
        expectClose(arc.end, point(start + sweep), absolute: 1e-13)
        // The middle of the arc is at the middle angle: the direction is the right one.
        expectClose(arc.point(at: 0.5), point(start + sweep / 2), absolute: 1e-13)
        // Clockwise on screen, the angle grows (y down).
        #expect((arc.sweepAngle > .zero) == clockwise)
    }

    @Test("addArc after a current point draws a line to the arc's start")
    func arcAfterPoint() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.addArc(center: Point(20, 0), radius: 10, startAngle: .degrees(180), endAngle: .zero, clockwise: true)
        let segments = drawnSegments(of: path)
        #expect(path.subpaths.count == 1)
        try #require(segments.count == 2)
        #expect(segments[0] == .line(Line(from: Point(0, 0), to: Point(10, 0))))
        expectClose(PathMeasure(path).length, 10 + 10 * .pi, relative: 1e-14)
        // Clockwise from 9 o'clock goes over the top, through (20, -10).
        expectClose(segments[1].point(at: 0.5), Point(20, -10), absolute: 1e-13)
    }

    @Test("addEllipticalArc follows SVG: nothing to the same point, a line for a zero radius")
    func ellipticalArc() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.addEllipticalArc(
            to: Point(0, 0), radiusX: 5, radiusY: 5, isLargeArc: false, isClockwise: true)
        #expect(path.subpaths[0].segments.isEmpty)
        path.addEllipticalArc(
            to: Point(10, 0), radiusX: 0, radiusY: 5, isLargeArc: false, isClockwise: true)
        #expect(path.subpaths[0].segments == [.line(Line(from: Point(0, 0), to: Point(10, 0)))])
        path.addEllipticalArc(
            to: Point(20, 0), radiusX: 5, radiusY: 5, isLargeArc: false, isClockwise: true)
        expectClose(PathMeasure(path).length, 10 + 5 * .pi, relative: 1e-14)
    }

    @Test("Derived segments chain: each starts where the element before left the current point", arguments: 0..<20)
    func derivedSegmentsChain(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9000 + seed)
        let path = try parse(RandomPathData.make(using: &generator))
        let moves = path.elements.filter { if case .move = $0 { true } else { false } }
        #expect(path.subpaths.count == moves.count)
        for subpath in path.subpaths {
            var current = subpath.start
            for segment in subpath.segments {
                #expect(segment.start == current, "\(path.svgPathData)")
                current = segment.end
            }
            #expect(subpath.end == current)
        }
    }

    @Test("Elements make consistent subpaths: a joining line before an arc, a move after a close")
    func elementsMakeConsistentSubpaths() throws {
        let arc = try #require(
            EllipticalArc(center: Point(10, 0), radiusX: 5, radiusY: 5, startAngle: .zero, sweepAngle: .degrees(90)))
        // The arc starts at (15, 0), not at the current point (0, 0).
        let path = Path(elements: [.move(to: .zero), .arc(arc), .closeSubpath, .line(to: Point(3, 3))])
        #expect(
            path.elements == [
                .move(to: .zero), .arc(arc), .closeSubpath, .move(to: .zero), .line(to: Point(3, 3)),
            ])
        try #require(path.subpaths.count == 2)
        #expect(path.subpaths[0].segments == [.line(Line(from: .zero, to: Point(15, 0))), .arc(arc)])
        #expect(path.subpaths[0].isClosed && path.subpaths[0].closingLine == Line(from: arc.end, to: .zero))
        #expect(path.subpaths[1].segments == [.line(Line(from: .zero, to: Point(3, 3)))])
        // A segment with no current point begins a subpath at its end.
        #expect(Path(elements: [.line(to: Point(1, 2))]).elements == [.move(to: Point(1, 2))])
        // Non-finite elements are ignored.
        #expect(
            Path(elements: [.move(to: .zero), .line(to: Point(.nan, 1)), .line(to: Point(1, 1))]).elements == [
                .move(to: .zero), .line(to: Point(1, 1)),
            ])
    }

    @Test("addPath appends the other path's subpaths; closing lines are drawn segments")
    func addPathAndClosingLines() throws {
        var path = try parse("M 0 0 L 3 0 L 3 4 Z")
        path.addPath(try parse("M 10 10 L 20 10 L 10 10 Z M 5 5"))
        #expect(path.subpaths.count == 3)
        #expect(path.subpaths[0].closingLine == Line(from: Point(3, 4), to: Point(0, 0)))
        #expect(path.subpaths[0].drawnSegments.count == 3)
        // Already back at the start: no closing line.
        #expect(path.subpaths[1].closingLine == nil)
        #expect(path.subpaths[2].closingLine == nil && path.subpaths[2].drawnSegments.isEmpty)
        expectClose(PathMeasure(path).length, 12 + 20, relative: 1e-15)
    }
}
