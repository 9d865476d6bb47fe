import PBGeometry
import PBTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading SVG path data: every command, absolute and relative, against elements spelled out by
/// hand in absolute coordinates, and what SVG's arcs draw.
@Suite("SVG path data: parsing")
struct SVGPathParserTests {
    static let p = ExpectedPath()

    /// Valid inputs and the exact elements each one describes (arcs kept as SVG gives them).
    static let validCases: [(data: String, expected: ExpectedPath)] = [
        ("", p),
        (" \t\n\r\u{0C}", p),
        ("M 10 20", p.M(10, 20)),
        ("M 10 20 L 30 40", p.M(10, 20).L(30, 40)),
        ("m 10 20 l 30 40", p.M(10, 20).L(40, 60)),
        // Pairs after a move are lines, absolute after M and relative after m.
        ("M 10 20 30 40 50 60", p.M(10, 20).L(30, 40).L(50, 60)),
        ("m 10 20 30 40 50 60", p.M(10, 20).L(40, 60).L(90, 120)),
        ("M 1 2 M 3 4", p.M(1, 2).M(3, 4)),
        ("M 1 2 m 3 4", p.M(1, 2).M(4, 6)),
        // Compact numbers.
        ("M10-20", p.M(10, -20)),
        ("M.5.5", p.M(0.5, 0.5)),
        ("M1.5.5.5.5", p.M(1.5, 0.5).L(0.5, 0.5)),
        ("M-1-2-3-4", p.M(-1, -2).L(-3, -4)),
        ("M+1+2", p.M(1, 2)),
        ("M1e2 1E-2", p.M(100, 0.01)),
        ("M1e2-1e2", p.M(100, -100)),
        ("M1e2.5", p.M(100, 0.5)),
        ("M 1e+2,-1.5e-1", p.M(100, -0.15)),
        ("M 1. 2.", p.M(1, 2)),
        ("M 007 -0.50", p.M(7, -0.5)),
        ("M1,2L3,4", p.M(1, 2).L(3, 4)),
        ("M 1 , 2 , 3 , 4", p.M(1, 2).L(3, 4)),
        ("M\t1\n2\r\nL\u{0C}3\r4", p.M(1, 2).L(3, 4)),
        ("M 0.1000000000000000055511151231257827 1", p.M(0.1, 1)),
        ("M 123456789012345678901234567890 0.000000000000000000000000000001", p.M(1.2345678901234568e29, 1e-30)),
        ("M 1e-400 -0", p.M(0, 0)),
        // Lines: H and V, absolute and relative.
        ("M 0 0 H 10 V 20 h -5 v -5", p.M(0, 0).L(10, 0).L(10, 20).L(5, 20).L(5, 15)),
        ("M 1 1 H 2 3 4 v 1 2", p.M(1, 1).L(2, 1).L(3, 1).L(4, 1).L(4, 2).L(4, 4)),
        ("M 1 1 l 1 1 2 2", p.M(1, 1).L(2, 2).L(4, 4)),
        // Cubics and the S reflection rule.
        ("M 0 0 C 10 20 30 40 50 60", p.M(0, 0).C(10, 20, 30, 40, 50, 60)),
        ("M 10 10 c 10 20 30 40 50 60", p.M(10, 10).C(20, 30, 40, 50, 60, 70)),
        (
            "M 0 0 C 10 20 30 40 50 60 S 90 100 110 120",
            p.M(0, 0).C(10, 20, 30, 40, 50, 60).C(70, 80, 90, 100, 110, 120)
        ),
        ("M 0 0 s 10 20 30 40", p.M(0, 0).C(0, 0, 10, 20, 30, 40)),
        ("M 0 0 S 10 10 20 0 30 -10 40 0", p.M(0, 0).C(0, 0, 10, 10, 20, 0).C(30, -10, 30, -10, 40, 0)),
        ("M 0 0 c 1 1 2 2 3 3 s 4 0 5 5", p.M(0, 0).C(1, 1, 2, 2, 3, 3).C(4, 4, 7, 3, 8, 8)),
        ("M 0 0 Q 1 1 2 2 S 5 5 6 6", p.M(0, 0).Q(1, 1, 2, 2).C(2, 2, 5, 5, 6, 6)),
        ("M 0 0 C 1 1 2 2 3 3 L 5 5 S 6 6 7 7", p.M(0, 0).C(1, 1, 2, 2, 3, 3).L(5, 5).C(5, 5, 6, 6, 7, 7)),
        // Quadratics and the T reflection rule.
        ("M 0 0 Q 10 20 30 40 T 70 40", p.M(0, 0).Q(10, 20, 30, 40).Q(50, 60, 70, 40)),
        ("M 0 0 q 10 20 30 40 t 30 -40", p.M(0, 0).Q(10, 20, 30, 40).Q(50, 60, 60, 0)),
        ("M 0 0 Q 10 20 30 40 T 70 40 80 30", p.M(0, 0).Q(10, 20, 30, 40).Q(50, 60, 70, 40).Q(90, 20, 80, 30)),
        ("M 0 0 L 10 10 T 20 0", p.M(0, 0).L(10, 10).Q(10, 10, 20, 0)),
        ("M 0 0 t 10 10", p.M(0, 0).Q(0, 0, 10, 10)),
        ("M 0 0 C 1 1 2 2 3 3 T 10 10", p.M(0, 0).C(1, 1, 2, 2, 3, 3).Q(3, 3, 10, 10)),
        // Arcs: separators, flags without separators, implicit repeats, relative end points.
        ("M 0 0 A 25 25 0 0 1 50 0", p.M(0, 0).A(25, 25, 0, false, true, 50, 0)),
        ("M 0 0 A 10,10,0,0,1,20,0", p.M(0, 0).A(10, 10, 0, false, true, 20, 0)),
        ("M 10 10 a25 25 -30 1150 50", p.M(10, 10).A(25, 25, -30, true, true, 60, 60)),
        ("M 10 10 a25,25 -30 0,1 50,50", p.M(10, 10).A(25, 25, -30, false, true, 60, 60)),
        (
            "M0 0A10 10 0 1 0 20 0 10 10 0 0 1 40 0",
            p.M(0, 0).A(10, 10, 0, true, false, 20, 0).A(10, 10, 0, false, true, 40, 0)
        ),
        ("M 0 0 a 30 20 45 1 0 10 10", p.M(0, 0).A(30, 20, 45, true, false, 10, 10)),
        // Arcs that draw a line or nothing, and negative radii, are kept as given (what they
        // draw: `drawnArcs`).
        ("M 0 0 A 0 10 0 0 1 20 0", p.M(0, 0).A(0, 10, 0, false, true, 20, 0)),
        ("M 0 0 A 10 0 0 0 1 20 0", p.M(0, 0).A(10, 0, 0, false, true, 20, 0)),
        ("M 5 5 A 10 10 0 0 1 5 5 L 6 6", p.M(5, 5).A(10, 10, 0, false, true, 5, 5).L(6, 6)),
        ("M 5 5 a 10 10 0 1 1 0 0 z", p.M(5, 5).A(10, 10, 0, true, true, 5, 5).Z()),
        ("M 0 0 A -10 -20 0 0 1 10 0", p.M(0, 0).A(-10, -20, 0, false, true, 10, 0)),
        // Close, and what comes after: the current point is the subpath's start.
        ("M 0 0 L 10 0 Z", p.M(0, 0).L(10, 0).Z()),
        ("M 0 0 L 10 0 z Z", p.M(0, 0).L(10, 0).Z()),
        ("M 10 10 l 10 0 l 0 10 z l 5 5", p.M(10, 10).L(20, 10).L(20, 20).Z().M(10, 10).L(15, 15)),
        ("M 10 10 L 20 20 Z m 5 5 l 1 1", p.M(10, 10).L(20, 20).Z().M(15, 15).L(16, 16)),
        ("M 10 10 L 20 20 Z h 5", p.M(10, 10).L(20, 20).Z().M(10, 10).L(15, 10)),
        ("M 0 0 C 1 1 2 2 3 3 Z S 5 5 6 6", p.M(0, 0).C(1, 1, 2, 2, 3, 3).Z().M(0, 0).C(0, 0, 5, 5, 6, 6)),
        ("M 0 0 L 1 1 Z Z M 2 2", p.M(0, 0).L(1, 1).Z().M(2, 2)),
    ]

    @Test("Valid path data reads as the elements it describes", arguments: validCases)
    func valid(data: String, expected: ExpectedPath) throws {
        let path = try parse(data)
        #expect(
            path.elements == expected.elements,
            "\(data) read as \(path.svgPathData), expected \(expected.path.svgPathData)")
    }

    /// SVG arcs and the segments they draw, spelled out as lines and arcs with positive radii.
    static let drawnCases: [(data: String, drawn: ExpectedPath)] = [
        // A zero radius draws a line; an arc to the same point draws nothing.
        ("M 0 0 A 0 10 0 0 1 20 0", p.M(0, 0).L(20, 0)),
        ("M 0 0 A 10 0 0 0 1 20 0", p.M(0, 0).L(20, 0)),
        ("M 5 5 A 10 10 0 0 1 5 5 L 6 6", p.M(5, 5).L(6, 6)),
        ("M 5 5 a 10 10 0 1 1 0 0 z", p.M(5, 5).Z()),
        // Negative radii are their absolute values.
        ("M 0 0 A -10 -20 0 0 1 10 0", p.M(0, 0).A(10, 20, 0, false, true, 10, 0)),
    ]

    @Test("Arcs draw what SVG says: a line for a zero radius, nothing to the same point", arguments: drawnCases)
    func drawnArcs(data: String, drawn: ExpectedPath) throws {
        let path = try parse(data)
        #expect(path.subpaths == drawn.path.subpaths, "\(data) draws \(drawnSegments(of: path))")
        #expect(path != drawn.path, "\(data): the arc itself is kept")
    }

    @Test("Arcs keep SVG's endpoint parameters and lie on the ellipse they describe")
    func arcParameters() throws {
        let path = try parse("M 10 10 a25 25 -30 1150 50")
        guard case .svgArc(let parameters) = path.elements.last, path.elements.count == 2 else {
            Issue.record("expected a move and an SVG arc, got \(path.elements)")
            return
        }
        #expect(parameters.end == Point(60, 60))
        #expect(parameters.radiusX == 25 && parameters.radiusY == 25 && parameters.xAxisRotation == .degrees(-30))
        #expect(parameters.isLargeArc && parameters.isClockwise)
        guard case .arc(let arc) = try #require(drawnSegments(of: path).first) else {
            Issue.record("expected an arc")
            return
        }
        #expect(arc.start == Point(10, 10))
        #expect(arc.end == Point(60, 60))
        #expect(arc.isClockwise)
        // The end points are √5000 ≈ 70.7 apart, more than the diameter 50: the radii are scaled
        // up to √5000 / 2 and the arc is the half circle centred halfway.
        let radius = 5000.0.squareRoot() / 2
        expectClose(arc.radiusX, radius, relative: 1e-15)
        expectClose(arc.radiusY, radius, relative: 1e-15)
        expectClose(arc.center, Point(35, 35), absolute: 1e-12)
        expectClose(arc.length(), .pi * radius, relative: 1e-14)
        // Clockwise on screen from (10, 10) to (60, 60): through the point right of the chord.
        expectClose(
            arc.point(at: 0.5), Point(35 + radius / 2.0.squareRoot(), 35 - radius / 2.0.squareRoot()), absolute: 1e-12)
    }

    @Test(
        "Radii too small are scaled up: half an ellipse through both end points",
        arguments: [
            // The chord along the x axis of the ellipse: rx becomes half the chord.
            ("M 0 0 A 1 1 0 0 1 10 0", (5.0, 5.0), 0.0, Point(5, 0)),
            ("M 0 0 A 2 1 0 1 0 40 0", (20.0, 10.0), 0.0, Point(20, 0)),
            // Rotated a quarter turn, the x axis of the ellipse is vertical.
            ("M 0 0 A 1 3 90 0 0 0 60", (30.0, 90.0), 90.0, Point(0, 30)),
            // In general the radii grow by √λ, λ the value of the ellipse's equation at an end.
            ("M 3 4 A 6 2 30 1 1 -13 -8", nil, 30.0, Point(-5, -2)),
        ] as [(String, (Double, Double)?, Double, Point)])
    func scaledRadii(data: String, radii: (Double, Double)?, rotation: Double, center: Point) throws {
        let path = try parse(data)
        guard case .arc(let arc) = try #require(drawnSegments(of: path).first) else {
            Issue.record("expected an arc")
            return
        }
        guard case .svgArc(let given) = path.elements.last else {
            Issue.record("expected an SVG arc element")
            return
        }
        // The radii keep their ratio; the scale is fixed by the end points lying on the ellipse
        // around the chord's midpoint.
        var (rx, ry) = radii ?? (given.radiusX, given.radiusY)
        if radii == nil {
            let given = EllipseEquation(center: center, radiusX: rx, radiusY: ry, rotationDegrees: rotation)
            let scale = given.value(at: arc.start).squareRoot()
            #expect(scale > 1)
            (rx, ry) = (rx * scale, ry * scale)
        }
        let ellipse = EllipseEquation(center: center, radiusX: rx, radiusY: ry, rotationDegrees: rotation)
        expectClose(arc.radiusX, rx, relative: 1e-14)
        expectClose(arc.radiusY, ry, relative: 1e-14)
        expectClose(arc.center, center, absolute: 1e-12)
        expectClose(abs(arc.sweepAngle.radians), .pi, relative: 1e-15)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            expectClose(ellipse.value(at: arc.point(at: t)), 1, absolute: 1e-13, "t = \(t)")
        }
    }

    @Test(
        "The four arcs between two points: flags choose the centre and the direction",
        arguments: [(false, false), (false, true), (true, false), (true, true)])
    func arcFlags(large: Bool, sweep: Bool) throws {
        // The circles of radius 5 through (0, 0) and (8, 0) are centred at (4, ±3).
        let data = "M 0 0 A 5 5 0 \(large ? 1 : 0) \(sweep ? 1 : 0) 8 0"
        guard case .arc(let arc) = try #require(drawnSegments(of: try parse(data)).first) else {
            Issue.record("expected an arc")
            return
        }
        // The small arc turning clockwise on screen (y down) bulges up, to y < 0: its centre is
        // below, at (4, 3).
        let centerBelow = (large != sweep)
        expectClose(arc.center, Point(4, centerBelow ? 3 : -3), absolute: 1e-12)
        let half = asin(0.8)  // the half angle of the small arc
        expectClose(arc.length(), 5 * (large ? 2 * .pi - 2 * half : 2 * half), relative: 1e-14)
        #expect((arc.sweepAngle > .zero) == sweep)
        // The middle of the arc is on the chord's perpendicular bisector: near the chord for a
        // small arc (|y| = 5 - 3), across the circle for a large one (|y| = 5 + 3). Clockwise on
        // screen (y down) from (0, 0) to (8, 0) passes above the chord, where y < 0.
        let middle = arc.point(at: 0.5)
        expectClose(middle.x, 4, absolute: 1e-12)
        expectClose(abs(middle.y), large ? 8 : 2, absolute: 1e-12)
        #expect((middle.y < 0) == sweep)
    }

    @Test("Numbers are read correctly rounded")
    func correctlyRounded() throws {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<2000 {
            let bits = UInt64.random(in: 0x0010_0000_0000_0000...0x7FEF_FFFF_FFFF_FFFF, using: &generator)
            let value = Double(bitPattern: bits)
            let digits = Int.random(in: 1...25, using: &generator)
            for text in [value.description, String(value.description.prefix(digits + 1)), "\(value)e-3"] {
                guard let expected = Double(text), expected.isFinite else { continue }
                let path = try parse("M \(text) -\(text)")
                #expect(path.subpaths.first?.start == Point(expected, -expected), "\(text)")
            }
        }
    }
}
