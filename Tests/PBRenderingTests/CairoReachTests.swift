import PBDocument
import PBGeometry
import PBRendering
import Testing

@testable import PBScene

/// Drawings within Cairo's reach: Cairo holds device coordinates as 24.8 fixed-point numbers, so
/// a point beyond 2^23 pixels from the origin wraps around (``Scene/maximumReach``).
@Suite("Layout: Cairo's fixed-point reach")
struct CairoReachTests {
    /// A path without a canvas gets one around its stroke, wherever its coordinates are: at 10^7
    /// Cairo's stroke extents wrapped around, and the path was moved to (16777222, 16777222),
    /// off its own 112-point canvas.
    @Test("A path far from the origin is placed on its canvas, measured exactly")
    func farPath() throws {
        let path = try Path(svgPathData: "M 10000000,10000000 l 100,100")
        let layout = try ProgressIndicator(path: path).layout()
        #expect(layout.width == 112 && layout.height == 112)
        #expect(layout.measure.path.bounds == Rect(x: 6, y: 6, width: 100, height: 100))
    }

    /// The cheap bound that decides whether a path is measured about its centre holds every point
    /// the exact bounds hold: for curves by their control points, for SVG arcs with radii SVG
    /// scales up (1 by 10^-9 across a chord of 10 becomes an ellipse 10^10 wide), after a close
    /// (the arc starts at the subpath's start), and for arcs in centre form.
    @Test(
        "The cheap reach bounds every point the exact bounds hold",
        arguments: [
            "M 0 0 L 3 -4", "M 1 1 C 50 -80 -90 40 2 2", "M 0 0 Q 0 100 10 0",
            "M 0 -5 A 1 1e-9 0 0 1 0 5", "M 0 0 A 3 3 0 1 0 0 0.001", "M 10 0 L 20 0 Z A 30 30 0 1 1 10 1",
            "M 1e6 1e6 a 8e6 1 45 1 1 1 1",
        ])
    func cheapReach(data: String) throws {
        let path = try Path(svgPathData: data)
        let box = try #require(path.bounds)
        let exact = max(-box.minX, box.maxX, -box.minY, box.maxY)
        #expect(Path.reach(of: [path]) >= exact * (1 - 1e-12), "\(data): \(Path.reach(of: [path])) < \(exact)")
        var circle = Path()
        circle.addArc(
            center: Point(x: -7, y: 2), radius: 5, startAngle: .zero, endAngle: .degrees(270), clockwise: false)
        #expect(Path.reach(of: [circle]) >= 12)
    }

    /// A filled rectangle 8 million points wide covers the canvas; at 9 million Cairo would draw
    /// nothing (rsvg-convert does), so the layout refuses it, naming how far it reaches; at
    /// scale 2 the same 5 million points are 10 million pixels. The reach is the layout's stroked
    /// bounds: 6 points more, half the progress's default 12-point line.
    @Test("A drawing beyond Cairo's fixed-point reach is refused; one within it is drawn")
    func reach() throws {
        func indicator(width: Int) throws -> ProgressIndicator {
            let doc = try SVGDocument(
                string: #"<svg width="300" height="150"><path d="M0,0H\#(width)V100H0z"/></svg>"#)
            var style = ProgressStyle()
            style.elementFills = .always
            var indicator = ProgressIndicator(document: doc, style: style)
            indicator.progress = 1
            return indicator
        }
        let drawn = try RGBAImage(png: try indicator(width: 8_000_000).scene().render(as: .png))
        #expect(drawn[150, 50] == (0, 0, 0, 255))
        let error = #expect(throws: RenderError.self) { try indicator(width: 9_000_000).scene() }
        #expect(error?.kind == .pathOutOfReach(distance: 9_000_006))
        #expect(
            error?.description
                == "the drawing reaches 9000006 pixels from the canvas's corner; Cairo draws within 8388608 pixels "
                + "of it, so its shapes would be drawn wrongly: move or scale the coordinates onto the canvas")
        var scaled = try indicator(width: 5_000_000)
        #expect(throws: Never.self) { try scaled.layout() }
        scaled.scale = 2
        #expect(throws: RenderError(.pathOutOfReach(distance: 10_000_012))) { try scaled.layout() }
    }

    /// Found by pbrender-fuzz's `render` target (`M 0 01e308 L 100 0`): a reach that overflows to
    /// infinity at the scale made the message count its powers of ten for ever.
    @Test("The message names a reach of any size, infinite included", .timeLimit(.minutes(1)))
    func reachMessages() {
        let messages = [1e13, 1.5e307, .infinity].map { RenderError(.pathOutOfReach(distance: $0)).description }
        let expected = [
            "the drawing reaches about 10^13 pixels from t", "the drawing reaches about 10^307 pixels from ",
            "the drawing reaches more than 10^308 pixels f",
        ]
        #expect(messages.map { String($0.prefix(45)) } == expected)
    }

    /// Found by pbrender-fuzz's `budget` target (reduced from 3.8 kB): a path whose points lie
    /// near 10^17 user units, drawn on a 32-point canvas, made Cairo's `cairo_fill_extents` (called
    /// by librsvg) spin without end. Out of Cairo's reach, it is refused before librsvg is called.
    @Test("A document far beyond Cairo's reach is refused rather than hanging librsvg", .timeLimit(.minutes(1)))
    func reachHang() throws {
        let data =
            """
                M 9999999,9999999999 L 333333333333,3333835012611 L 333333333333333300,3 L
                333,3.3333501233333336e23 L 33333333.333333332,0.3333333333333333 L 33333333.3,999 L
                99,9999999999 M 9999999,9999999999 L 333333333333,3333835012611 L 33333,33333333.333333332
                L 0.3333333333333333,333333333333333300000 L 33333333.33,333333333333333300 L
                99,9999999999 L 333,33333333.333333332 L 333,333335012611 L 33333,33333333.333333332 L
                0.3333333333333333,333333333333333300000 L 33333333.33,333333333333333300 L
                3333333333.33,333333333333333300 L 33333,999 L 9933333333,3333333333.33 L 999,9999993333 L
                33333333.333333332,0.3333333333333333 L 33333333.33,333333333333333300 L 3,333 L
                3.3333501233333336e23,33333 L 333,3 L 333,333333333333 L 33333333.333333332,0.33 L
                333333333333333300,3333333333.33 L 333333333333333300,33333 L 999,9999999999 L
                33333333.333333332,0.3333333333333333 L 33333333.33,333333333333333300 L
                333333333333,3333333333.3333335 L 33333333333333.33,333333333333333300 L 3,333 L
                333333333333,33333333.333333332 L 0.33,333333333333333300 L
                3333333333.33,333333333333333300 L 33333,33.333333333333336 L
                33333333.33,333333333333333300 L 3333333333.33,333333333333333300
            """
        let doc = try SVGDocument(string: "<svg><path d=\"\(data)\"/></svg>").fitted(to: Size(width: 32, height: 32))
        var indicator = ProgressIndicator(document: doc)
        indicator.progress = 1
        #expect { try indicator.scene().render(as: .png) } throws: { error in
            guard let error = error as? RenderError, case .pathOutOfReach(let distance) = error.kind else {
                return false
            }
            return distance > 1e20
        }
    }
}
