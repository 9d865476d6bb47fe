import PBDocument
import PBGeometry
import PBTestCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shapes as SVG 2's equivalent paths, lengths in every unit, transforms, view boxes and `<use>`,
/// against closed forms.
@Suite("SVGDocument: geometry")
struct SVGDocumentGeometryTests {
    @Test("A circle starts at its rightmost point and runs clockwise on screen")
    func circleStart() throws {
        let element = try #require(try document(#"<circle cx="50" cy="40" r="10"/>"#).elements.first)
        let subpath = try #require(element.path.subpaths.first)
        #expect(element.tag == "circle")
        #expect(subpath.start == Point(60, 40))
        #expect(subpath.isClosed)
        #expect(subpath.segments.count == 4)
        // The first quarter goes down (y grows) to the bottom point.
        #expect(subpath.segments[0].end == Point(50, 50))
        #expect(subpath.segments[1].end == Point(40, 40))
        expectClose(length(element.path), 20 * .pi)
    }

    @Test("An ellipse's perimeter is the closed form's; rx or ry alone is a circle")
    func ellipse() throws {
        let doc = try document(#"<ellipse cx="50" cy="40" rx="30" ry="10"/><ellipse rx="5"/><ellipse ry="-1" rx="2"/>"#)
        #expect(doc.elements.count == 3)
        expectClose(length(doc.elements[0].path), ellipsePerimeter(30, 10))
        #expect(doc.elements[0].path.subpaths.first?.start == Point(80, 40))
        expectClose(length(doc.elements[1].path), 10 * .pi)
        expectClose(length(doc.elements[2].path), 4 * .pi)
    }

    @Test("A rectangle starts at (x + rx, y); rx and ry follow SVG 2's auto rules and are clamped")
    func rect() throws {
        let doc = try document(
            #"<rect x="10" y="20" width="40" height="30"/><rect x="10" y="20" width="40" height="30" rx="5"/>"#
                + #"<rect x="10" y="20" width="40" height="30" ry="6" rx="auto"/>"#
                + #"<rect x="0" y="0" width="40" height="30" rx="100" ry="3"/>"#
                + #"<rect x="0" y="0" width="40" height="30" rx="4" ry="8"/>"#
                + #"<rect width="0" height="5"/><rect width="-3" height="5"/>"#)
        #expect(doc.elements.count == 5)
        #expect(doc.elements[0].path.subpaths.first?.start == Point(10, 20))
        expectClose(length(doc.elements[0].path), 140)
        #expect(doc.elements[1].path.subpaths.first?.start == Point(15, 20))
        expectClose(length(doc.elements[1].path), 140 - 40 + 10 * .pi)
        expectClose(length(doc.elements[2].path), 140 - 48 + 12 * .pi)
        // rx clamped to half the width (20): the top and bottom sides vanish.
        expectClose(length(doc.elements[3].path), 2 * (30 - 6) + ellipsePerimeter(20, 3))
        expectClose(length(doc.elements[4].path), 2 * (40 - 8) + 2 * (30 - 16) + ellipsePerimeter(4, 8))
        let first = try #require(doc.elements[3].path.subpaths.first)
        #expect(first.start == Point(20, 0))
        #expect(first.segments.first?.end == Point(40, 3))
    }

    @Test("Lines, polylines and polygons: only the polygon is closed")
    func polyShapes() throws {
        let doc = try document(
            #"<line x1="1" y1="2" x2="4" y2="6"/><polyline points="0,0 30,0 30 40"/>"#
                + #"<polygon points="0 0,30 0 30,40"/><polygon points="0 0 1e1-5"/>"#)
        #expect(doc.elements.map(\.tag) == ["line", "polyline", "polygon", "polygon"])
        expectClose(length(doc.elements[0].path), 5)
        expectClose(length(doc.elements[1].path), 70)
        expectClose(length(doc.elements[2].path), 120)
        #expect(doc.elements[2].path.subpaths.first?.isClosed == true)
        #expect(doc.elements[1].path.subpaths.first?.isClosed == false)
        expectClose(length(doc.elements[3].path), 2 * (125.0).squareRoot())
    }

    @Test(
        "Absolute units convert by CSS's ratios",
        arguments: [
            ("96", 96.0), ("96px", 96), ("1in", 96), ("2.54cm", 96), ("25.4mm", 96), ("101.6Q", 96), ("72pt", 96),
            ("6pc", 96), ("6em", 96), ("12ex", 96), ("1e2", 100), ("-.5in", -48),
        ])
    func units(value: String, expected: Double) throws {
        let element = try #require(try document(#"<line x1="0" y1="0" x2="\#(value)" y2="0"/>"#).elements.first)
        expectClose(element.path.subpaths.first?.segments.first?.end.x ?? .nan, expected, relative: 1e-15)
    }

    @Test("Percentages: x of the width, y of the height, radii of the normalized diagonal")
    func percentages() throws {
        let doc = try document(
            #"<line x1="0" y1="0" x2="50%" y2="0"/><line x1="0" y1="0" x2="0" y2="50%"/><circle r="10%"/>"#
                + #"<rect width="10%" height="10%"/>"#)
        expectClose(length(doc.elements[0].path), 100)
        expectClose(length(doc.elements[1].path), 50)
        let diagonal = ((200.0 * 200 + 100 * 100) / 2).squareRoot()
        expectClose(length(doc.elements[2].path), 2 * .pi * 0.1 * diagonal)
        expectClose(length(doc.elements[3].path), 2 * (20 + 10))
        // Against the view box, not the canvas, when there is one.
        let boxed = try document(#"<line x2="100%"/>"#, attributes: #"width="200" height="100" viewBox="0 0 20 10""#)
        expectClose(length(boxed.elements[0].localPath), 20)
        expectClose(length(boxed.elements[0].path), 200)
    }

    @Test("Transform lists: each function, right to left, nested through groups")
    func transforms() throws {
        func end(_ transform: String) throws -> Point? {
            try document(#"<line x1="0" y1="0" x2="20" y2="10" transform="\#(transform)"/>"#).elements.first?.path
                .subpaths.first?.segments.first?.end
        }
        expectClose(try end("translate(5)"), Point(25, 10))
        expectClose(try end("translate(5,-3)"), Point(25, 7))
        expectClose(try end("scale(2)"), Point(40, 20))
        expectClose(try end("scale(2 3)"), Point(40, 30))
        expectClose(try end("rotate(90)"), Point(-10, 20))
        expectClose(try end("rotate(90 20 0)"), Point(10, 0))
        expectClose(try end("skewX(45)"), Point(30, 10))
        expectClose(try end("skewY(45)"), Point(20, 30))
        expectClose(try end("matrix(1 2 3 4 5 6)"), Point(55, 86))
        // Right to left: the scale acts first, then the translation.
        expectClose(try end("translate(5 0) scale(2)"), Point(45, 20))
        expectClose(try end("scale(2),translate(5 0)"), Point(50, 20))
        let nested = try document(
            #"<g transform="translate(10,0)"><g transform="scale(2)"><line x2="1" y2="1" transform="rotate(90)"/></g></g>"#
        )
        let element = try #require(nested.elements.first)
        expectClose(element.path.subpaths.first?.segments.first?.end, Point(8, 2))
        expectClose(element.transform.apply(to: Point(1, 0)), Point(10, 2))
        // The element keeps its own path and stroke width in its user units.
        expectClose(length(element.localPath), 2.squareRoot())
    }

    @Test("A circle under a non-uniform scale and a skew is the image ellipse, its perimeter exact")
    func circleUnderAffineMaps() throws {
        let cases: [(String, (Double, Double, Double, Double))] = [
            ("scale(3 1)", (3, 0, 0, 1)),
            ("skewX(30)", (1, 0, tan(.pi / 6), 1)),
            ("scale(2 1) skewX(30)", (2, 0, 2 * tan(.pi / 6), 1)),
            ("rotate(20) scale(1 0.25) skewY(-40)", (0, 0, 0, 0)),
            ("matrix(1.3 -0.4 0.9 -0.7 12 -5)", (1.3, -0.4, 0.9, -0.7)),
        ]
        for (transform, matrix) in cases {
            let element = try #require(
                try document(#"<circle cx="7" cy="-3" r="10" transform="\#(transform)"/>"#).elements.first)
            let t = element.transform
            let m = matrix.0 == 0 && matrix.3 == 0 ? (t.a, t.b, t.c, t.d) : matrix
            #expect(
                abs(t.a - m.0) < 1e-15 && abs(t.b - m.1) < 1e-15 && abs(t.c - m.2) < 1e-15 && abs(t.d - m.3) < 1e-15)
            let (big, small) = singularValues(a: m.0, b: m.1, c: m.2, d: m.3)
            expectClose(length(element.path), ellipsePerimeter(10 * big, 10 * small), relative: 1e-11, "\(transform)")
            // Every segment is still an exact elliptical arc.
            for segment in element.path.subpaths.flatMap(\.segments) {
                guard case .arc = segment else {
                    Issue.record("\(transform): \(segment) is not an arc")
                    continue
                }
            }
        }
    }

    @Test("A skewed square's perimeter is 2s + 2s / cos θ")
    func skewedSquare() throws {
        for angle in [10.0, 30, 45, 60, -75] {
            let element = try #require(
                try document(#"<rect width="12" height="12" transform="skewX(\#(angle))"/>"#).elements.first)
            expectClose(length(element.path), 24 + 24 / cos(angle * .pi / 180), "\(angle)°")
        }
    }

    @Test("The canvas: width and height, or from the view box, or 300 × 150")
    func canvas() throws {
        #expect(
            try document("", attributes: #"width="20mm" height="1in""#).canvasSize
                == Size(width: 96 / 25.4 * 20, height: 96))
        #expect(try document("", attributes: #"viewBox="0 0 16 12""#).canvasSize == Size(width: 16, height: 12))
        #expect(
            try document("", attributes: #"width="32" viewBox="0 0 16 12""#).canvasSize == Size(width: 32, height: 24))
        #expect(
            try document("", attributes: #"height="6" viewBox="0 0 16 12""#).canvasSize == Size(width: 8, height: 6))
        #expect(
            try document("", attributes: #"width="100%" height="100%" viewBox="0 0 16 12""#).canvasSize
                == Size(width: 16, height: 12))
        #expect(try document("", attributes: "").canvasSize == Size(width: 300, height: 150))
    }

    @Test(
        "Every preserveAspectRatio maps the view box as SVG says",
        arguments: [
            // viewBox 0 0 10 10 on 100 × 50: meet scales by 5, slice by 10.
            ("xMinYMin meet", (5.0, 0.0, 0.0)), ("xMidYMin meet", (5, 25, 0)), ("xMaxYMin meet", (5, 50, 0)),
            ("xMinYMid", (5, 0, 0)), ("xMidYMid", (5, 25, 0)), ("xMaxYMax meet", (5, 50, 0)),
            ("xMinYMin slice", (10, 0, 0)), ("xMinYMid slice", (10, 0, -25)), ("xMidYMax slice", (10, 0, -50)),
            ("defer xMaxYMax slice", (10, 0, -50)),
        ])
    func preserveAspectRatio(value: String, expected: (scale: Double, tx: Double, ty: Double)) throws {
        let doc = try document(
            #"<circle cx="5" cy="5" r="5"/>"#,
            attributes: #"width="100" height="50" viewBox="0 0 10 10" preserveAspectRatio="\#(value)""#)
        let element = try #require(doc.elements.first)
        #expect(
            element.transform
                == Transform(a: expected.scale, b: 0, c: 0, d: expected.scale, tx: expected.tx, ty: expected.ty))
        expectClose(length(element.path), 10 * .pi * expected.scale)
    }

    @Test("preserveAspectRatio none stretches; a view box's origin moves the drawing")
    func stretchAndOrigin() throws {
        let doc = try document(
            #"<circle cx="5" cy="5" r="5"/>"#,
            attributes: #"width="100" height="50" viewBox="0 0 10 10" preserveAspectRatio="none""#)
        expectClose(length(doc.elements[0].path), ellipsePerimeter(50, 25))
        let moved = try document(#"<line x1="-10" y1="20" x2="0" y2="20"/>"#, attributes: #"viewBox="-10 20 5 5""#)
        expectClose(moved.elements[0].path.subpaths.first?.start, Point(0, 0))
    }

    @Test("A nested <svg> is a viewport at x, y with its own view box")
    func nestedSVG() throws {
        let doc = try document(#"<svg x="10" y="20" width="40" height="40" viewBox="0 0 4 4"><line x2="4"/></svg>"#)
        let element = try #require(doc.elements.first)
        expectClose(element.path.subpaths.first?.start, Point(10, 20))
        expectClose(length(element.path), 40)
    }

    @Test("<use> draws an element, a group or a symbol at x, y; href and xlink:href")
    func use() throws {
        let doc = try document(
            ##"<defs><path id="p" d="M0 0 H10"/><g id="g"><line x2="3"/><circle id="c" r="1"/></g>"##
                + ##"<symbol id="s" viewBox="0 0 1 1"><line x2="1"/></symbol></defs>"##
                + ##"<use href="#p" x="5" y="6"/><use xlink:href="#g" transform="scale(2)" x="1"/>"##
                + ##"<use href="#s" x="100" width="20" height="20"/><use href="#nothing"/>"##)
        #expect(doc.elements.map(\.tag) == ["path", "line", "circle", "line"])
        #expect(doc.elements.map(\.id) == ["p", nil, "c", nil])
        expectClose(doc.elements[0].path.subpaths.first?.start, Point(5, 6))
        // transform then x: (0,0) + (1,0), scaled by 2.
        expectClose(doc.elements[1].path.subpaths.first?.start, Point(2, 0))
        expectClose(length(doc.elements[1].path), 6)
        expectClose(length(doc.elements[2].path), 4 * .pi)
        expectClose(doc.elements[3].path.subpaths.first?.start, Point(100, 0))
        expectClose(length(doc.elements[3].path), 20)
        #expect(doc.warnings.contains { $0.message.contains("#nothing") })
    }

    @Test("What is not drawn is skipped: defs, clipPath, mask, marker, pattern, display none, hidden")
    func skipped() throws {
        let doc = try document(
            #"<defs><path d="M0 0 H1"/></defs><clipPath><rect width="1" height="1"/></clipPath>"#
                + #"<mask><circle r="1"/></mask><marker><line x2="1"/></marker><pattern><line x2="1"/></pattern>"#
                + #"<g display="none"><line x2="1"/></g><g style="display:none"><line x2="1"/></g>"#
                + #"<g visibility="hidden"><line x2="1"/><line x2="7" visibility="visible"/></g>"#
                + #"<title>t</title><sodipodi:namedview xmlns:sodipodi="urn:x"><path d="M0 0 H1"/></sodipodi:namedview>"#
                + #"<path id="drawn" d="M0 0 H2"/><path/><path d=""/><circle r="0"/>"#)
        #expect(doc.elements.map(\.id) == [nil, "drawn"])
        expectClose(length(doc.elements[0].path), 7)
    }

    @Test("<text> is not drawn: one warning names it")
    func text() throws {
        let doc = try document("<text>a</text>\n<g><text>b<tspan>c</tspan></text></g><path d=\"M0 0 H1\"/>")
        #expect(doc.elements.count == 1)
        let warnings = doc.warnings.filter { $0.message.contains("<text>") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.hasPrefix("2 <text> elements") == true)
        #expect(warnings.first?.description.hasPrefix("test.svg:1: warning:") == true)
    }

    @Test("The whole document is one path in document order")
    func wholePath() throws {
        let doc = try document(#"<line x2="10"/><g><circle cx="50" cy="50" r="5"/></g><rect width="3" height="4"/>"#)
        let whole = doc.path
        #expect(whole.subpaths.count == 3)
        #expect(whole.subpaths.map(\.start) == [Point(0, 0), Point(55, 50), Point(0, 0)])
        expectClose(length(whole), 10 + 10 * .pi + 14)
    }

    @Test("A rotated ellipse's arcs under a shear: the image ellipse's perimeter, from L R(φ) diag(rx, ry)")
    func rotatedEllipseUnderShear() throws {
        // Two half arcs of the ellipse with radii 20, 10 rotated by 30°, through ±(20 cos 30°, 20 sin 30°).
        let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
        let data = "M \(20 * c) \(20 * s) A 20 10 30 0 1 \(-20 * c) \(-20 * s) A 20 10 30 0 1 \(20 * c) \(20 * s) Z"
        for (transform, l) in [
            ("skewX(50)", (1.0, 0.0, tan(50 * Double.pi / 180), 1.0)), ("scale(3 0.5)", (3, 0, 0, 0.5)),
            ("matrix(1 0.7 -0.2 0.4 0 0)", (1, 0.7, -0.2, 0.4)), ("scale(-2 1)", (-2, 0, 0, 1)),
        ] {
            let element = try #require(try document(#"<path d="\#(data)" transform="\#(transform)"/>"#).elements.first)
            // M = L R(30°) diag(20, 10), as [[a, c], [b, d]].
            let m = (
                a: (l.0 * c + l.2 * s) * 20, b: (l.1 * c + l.3 * s) * 20, c: (-l.0 * s + l.2 * c) * 10,
                d: (-l.1 * s + l.3 * c) * 10
            )
            let (big, small) = singularValues(a: m.a, b: m.b, c: m.c, d: m.d)
            expectClose(length(element.path), ellipsePerimeter(big, small), relative: 1e-11, "\(transform)")
        }
    }

    @Test("A singular transform flattens a circle onto a segment traversed twice")
    func singularTransform() throws {
        let element = try #require(try document(#"<circle r="10" transform="scale(1 0)"/>"#).elements.first)
        expectClose(length(element.path), 40, relative: 1e-9)
    }

    @Test("fitted(to:) maps the canvas as the root's preserveAspectRatio says")
    func fitted() throws {
        let doc = try document(#"<circle cx="8" cy="8" r="8"/>"#, attributes: #"viewBox="0 0 16 16""#)
        let big = doc.fitted(to: Size(width: 256, height: 128))
        #expect(big.canvasSize == Size(width: 256, height: 128))
        expectClose(length(big.elements[0].path), 128 * .pi)
        expectClose(big.elements[0].path.subpaths.first?.start, Point(192, 64))
        #expect(big.elements[0].canvasLineWidth == 8)
        let stretched = try document(
            #"<circle cx="8" cy="8" r="8"/>"#, attributes: #"viewBox="0 0 16 16" preserveAspectRatio="none""#
        ).fitted(to: Size(width: 32, height: 16))
        expectClose(length(stretched.elements[0].path), ellipsePerimeter(16, 8))
        let sliced = try document(
            #"<circle cx="8" cy="8" r="8"/>"#, attributes: #"viewBox="0 0 16 16" preserveAspectRatio="xMinYMin slice""#
        ).fitted(to: Size(width: 32, height: 16))
        expectClose(sliced.elements[0].path.subpaths.first?.start, Point(32, 16))
    }
}
