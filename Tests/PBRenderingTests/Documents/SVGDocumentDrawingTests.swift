import Foundation
import PBDocument
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// A document drawn element by element: each in its own style and user space, in each order,
/// against pixels placed by hand and against rsvg-convert drawing the same document.
@Suite("ProgressIndicator: a document, each element in its own style")
struct SVGDocumentDrawingTests {
    /// Two horizontal lines of the same length (100): red on top, a translucent blue below.
    static let twoLines = """
        <line x1="50" y1="20" x2="150" y2="20" stroke="#FF0000" stroke-width="8"/>
        <line x1="50" y1="70" x2="150" y2="70" stroke="#0000FF" stroke-width="8" stroke-opacity="0.5"/>
        """

    /// An Illustrator- and Inkscape-style drawing: a `<style>` class, a skewed group with a
    /// rounded rectangle, a circle and a dashed polyline with round joins, all stroked.
    static let drawing = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120">
          <style>.cls-1{fill:none;stroke:#000;stroke-width:2px}.cls-2{fill:none;stroke:#e4572e;stroke-width:6px;stroke-linecap:round}</style>
          <g transform="translate(20 10) skewX(30)"><rect class="cls-2" x="0" y="0" width="40" height="40" rx="8"/></g>
          <circle class="cls-1" cx="130" cy="35" r="25"/>
          <polyline points="10,100 50,70 90,100 130,70 170,100" fill="none" stroke="#29a" stroke-width="5" stroke-dasharray="10 4" stroke-linejoin="round"/>
        </svg>
        """

    static let red = Color(red: 1, green: 0, blue: 0)

    func image(_ doc: SVGDocument, progress: Double, order: ElementOrder = .sequence) throws -> RGBAImage {
        // Line-drawing: no track where progress has not reached.
        var style = ProgressStyle()
        style.trackTintColor = .clear
        var indicator = ProgressIndicator(document: doc, style: style, order: order)
        indicator.progress = progress
        return try RGBAImage(png: try indicator.scene().render(as: .png))
    }

    @Test("sequence 0.5 of two equal lines: all of the first, none of the second")
    func sequence() throws {
        let picture = try image(try document(Self.twoLines), progress: 0.5)
        #expect(picture.matches(Self.red, at: 60, 20) && picture.matches(Self.red, at: 140, 20))
        #expect(picture[100, 70].alpha == 0)
        // Butt caps (SVG's initial value): nothing before the line's start.
        #expect(picture[47, 20].alpha == 0)
    }

    @Test("together 0.5: half of each line, the second at its stroke-opacity")
    func together() throws {
        let picture = try image(try document(Self.twoLines), progress: 0.5, order: .together)
        #expect(picture.matches(Self.red, at: 70, 20) && picture[130, 20].alpha == 0)
        #expect(picture[70, 70].blue == 255 && abs(Int(picture[70, 70].alpha) - 128) <= 1)
        #expect(picture[130, 70].alpha == 0)
    }

    @Test("delayed 0.5 of two: the first over [0, 0.5], the second over [0.5, 1]")
    func delayed() throws {
        let doc = try document(Self.twoLines)
        let quarter = try image(doc, progress: 0.25, order: .delayed(0.5))
        #expect(quarter.matches(Self.red, at: 95, 20) && quarter[105, 20].alpha == 0 && quarter[60, 70].alpha == 0)
        let threeQuarters = try image(doc, progress: 0.75, order: .delayed(0.5))
        #expect(threeQuarters.matches(Self.red, at: 145, 20))
        #expect(threeQuarters[95, 70].alpha > 0 && threeQuarters[105, 70].alpha == 0)
    }

    @Test("sequence with an offset: the window moves along the whole document and wraps to its start")
    func sequenceOffset() throws {
        var style = ProgressStyle()
        style.trackTintColor = .clear
        let indicator = ProgressIndicator(document: try document(Self.twoLines), style: style)
        // 0.5 moved by 0.75: [0.75, 1] of the whole (the second line's second half) and [0, 0.25]
        // (the first line's first half).
        let scene = try indicator.layout().scene(values: [0.5], offset: 0.75)
        let picture = try RGBAImage(png: try scene.render(as: .png))
        #expect(picture.matches(Self.red, at: 60, 20) && picture[110, 20].alpha == 0)
        #expect(picture[90, 70].alpha == 0 && picture[140, 70].blue == 255)
        // A live SVG moves each element from its start by one value: an offset cannot be live.
        #expect(throws: RenderError.self) { try scene.svgData(isLive: true) }
    }

    @Test("An element's stroke for the layout: width and dashes, SVG's initial caps, joins and miter limit")
    func elementStyle() throws {
        let doc = try document(
            #"<path d="M0 0H10" stroke="lime" stroke-opacity="0.5" opacity="0.4" stroke-dasharray="3 1 2"/><rect width="5" height="5"/>"#
        )
        let stroked = try #require(ProgressIndicator.element(doc.elements[0], style: ProgressStyle(), overrides: []))
        // librsvg paints it (colour, stroke-opacity, opacity) in the rewritten document.
        #expect(stroked.paint == nil)
        #expect(
            stroked.stroke
                == StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4, dash: [3, 1, 2, 3, 1, 2]))
        // A filled rectangle: its outline in the progress paint, 1 user unit, the style's caps.
        let filled = try #require(ProgressIndicator.element(doc.elements[1], style: ProgressStyle(), overrides: []))
        #expect(filled.paint == nil && filled.stroke.lineWidth == 1 && filled.stroke.lineCap == .round)
        // Overrides take the style's values instead, in points on the canvas.
        var style = ProgressStyle()
        style.lineWidth = 3
        style.lineCap = .square
        style.dashPattern = [2, 2]
        let overridden = try #require(
            ProgressIndicator.element(doc.elements[0], style: style, overrides: [.color, .lineWidth, .lineCap, .dash]))
        #expect(overridden.paint == nil)
        #expect(overridden.stroke.lineWidth == 3 && overridden.stroke.lineCap == .square)
        #expect(overridden.stroke.dash == [2, 2] && overridden.stroke.miterLimit == 4)
    }

    @Test("A skewed element keeps its transform and user-space width; a singular one draws nothing")
    func transforms() throws {
        let doc = try document(
            #"<g transform="skewX(30)"><line x2="10" stroke="red" stroke-width="2"/></g><line x2="10" transform="scale(1 0)" stroke="red"/><line x2="10" transform="scale(3)" stroke="red" stroke-width="2" stroke-dasharray="1 2"/>"#
        )
        let skewed = try #require(ProgressIndicator.element(doc.elements[0], style: ProgressStyle(), overrides: []))
        #expect(skewed.transform == doc.elements[0].transform && skewed.stroke.lineWidth == 2)
        #expect(ProgressIndicator.element(doc.elements[1], style: ProgressStyle(), overrides: []) == nil)
        let scaled = try #require(ProgressIndicator.element(doc.elements[2], style: ProgressStyle(), overrides: []))
        #expect(scaled.transform == .identity && scaled.stroke.lineWidth == 6 && scaled.stroke.dash == [3, 6])
    }

    @Test("At progress 1 the drawing (skewed group, class styles, dashes) paints what rsvg-convert paints")
    func wholeDrawingAgainstRsvg() throws {
        let doc = try SVGDocument(string: Self.drawing)
        let theirs = try ExternalRenderer.rsvg(Self.drawing)
        let ours = try image(doc, progress: 1)
        let (share, comparison) = paintedDifference(ours, theirs)
        #expect(share <= 0.005, "\(comparison), \(share * 100) % of painted pixels")
        // The comparison can fail: drawn a little short, many painted pixels differ.
        let (short, _) = paintedDifference(try image(doc, progress: 0.9), theirs)
        #expect(short > 0.05)
    }

    @Test("A skewed, thick stroke matches rsvg-convert; stroked on the canvas at its mean width, it does not")
    func skewedStrokeAgainstRsvg() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="160" height="100">
              <g transform="translate(10 20) skewX(40) scale(1 0.6)"><circle cx="40" cy="60" r="30" fill="none" stroke="#000" stroke-width="12"/></g>
            </svg>
            """
        let doc = try SVGDocument(string: text)
        let theirs = try ExternalRenderer.rsvg(text)
        let (share, comparison) = paintedDifference(try image(doc, progress: 1), theirs)
        #expect(share <= 0.005, "\(comparison)")
        // The same outline stroked on the canvas, as wide as the element's mean width.
        let element = doc.elements[0]
        let naive = Scene(
            width: 160, height: 100,
            layers: [
                .shape(
                    ShapeLayer(
                        path: PathMeasure(element.path),
                        stroke: StrokeStyle(lineWidth: element.canvasLineWidth, lineCap: .butt, lineJoin: .miter),
                        strokePaint: .color(.black)))
            ])
        let (naiveShare, _) = paintedDifference(try RGBAImage(png: try naive.render(as: .png)), theirs)
        #expect(naiveShare > 0.05)
    }

    @Test("SVG output: the rewritten document, its groups and classes kept, accessible, rasterised alike")
    func svgOutput() throws {
        let doc = try SVGDocument(string: Self.drawing)
        var indicator = ProgressIndicator(document: doc)
        indicator.progress = 0.7
        let scene = try indicator.scene()
        let svg = String(decoding: try scene.render(as: .svg), as: UTF8.self)
        #expect(svg.contains("role=\"progressbar\"") && svg.contains("aria-valuenow=\"70\""))
        #expect(svg.contains("<title>"))
        #expect(svg.contains("<g transform=\"translate(20 10) skewX(30)\">"))
        #expect(svg.contains("<rect class=\"cls-2\"") && svg.contains("<polyline "))
        #expect(svg.contains("stroke-dasharray:"))
        let raster = try ExternalRenderer.rsvg(svg)
        let (share, comparison) = paintedDifference(try RGBAImage(png: try scene.render(as: .png)), raster)
        #expect(share <= 0.005, "\(comparison)")
    }

    @Test(
        "With fills and no strokes, bootstrap icons at progress 1 paint what rsvg-convert paints",
        arguments: ["github", "alarm", "bicycle", "house-fill", "dice-5", "activity"])
    func iconFills(name: String) throws {
        let file = "/usr/share/bootstrap-icons/svg/\(name).svg"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let doc = try SVGDocument(data: Array(bytes), fileName: file).fitted(to: Size(width: 64, height: 64))
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.lineWidth = 0
        style.elementFills = .atEnd
        var indicator = ProgressIndicator(document: doc, style: style)
        indicator.progress = 1
        let ours = try RGBAImage(png: try indicator.scene().render(as: .png))
        let theirs = try ExternalRenderer.rsvg(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                of: "width=\"16\" height=\"16\"", with: "width=\"64\" height=\"64\""))
        let (share, comparison) = paintedDifference(ours, theirs)
        #expect(share <= 0.005, "\(name): \(comparison)")
        // At the end only: just short of it, nothing is filled.
        indicator.progress = 0.99
        let short = try RGBAImage(png: try indicator.scene().render(as: .png))
        #expect(short.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
    }

    @Test("Elements are painted in document order, fill, track and progress each: a later fill covers a stroke")
    func documentOrderOfPainting() throws {
        let text =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"#
            + ##"<line x1="10" y1="50" x2="90" y2="50" stroke="#f00" stroke-width="6"/>"##
            + ##"<rect x="40" y="40" width="20" height="20" fill="#00f" stroke="#0f0" stroke-width="2"/></svg>"##
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.elementFills = .always
        var indicator = ProgressIndicator(document: try SVGDocument(string: text), style: style)
        indicator.progress = 1
        let ours = try RGBAImage(png: try indicator.scene().render(as: .png))
        // The rectangle's fill over the line, as in rsvg-convert; the line on either side of it.
        #expect(ours[50, 50] == (0, 0, 255, 255) && ours[20, 50] == (255, 0, 0, 255))
        #expect(ours[50, 50] == (try ExternalRenderer.rsvg(text))[50, 50])
        // Half way (the line is 80 long, the rectangle 80 round): the line drawn, the fill over it.
        indicator.progress = 0.5
        #expect(try RGBAImage(png: try indicator.scene().render(as: .png))[50, 50] == (0, 0, 255, 255))
    }

    @Test("A filled icon outlined while it draws ends as the icon: at 1 its fill alone, as rsvg-convert paints it")
    func outlineGivesWayToTheFill() throws {
        let file = "/usr/share/bootstrap-icons/svg/github.svg"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let doc = try SVGDocument(data: Array(bytes), fileName: file).fitted(to: Size(width: 64, height: 64))
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.elementFills = .atEnd
        var indicator = ProgressIndicator(document: doc, style: style)
        let theirs = try ExternalRenderer.rsvg(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                of: "width=\"16\" height=\"16\"", with: "width=\"64\" height=\"64\""))
        indicator.progress = 1
        let (share, comparison) = paintedDifference(try RGBAImage(png: try indicator.scene().render(as: .png)), theirs)
        #expect(share <= 0.005, "\(comparison)")
        // Just short of 1: the outline in the progress colour, no fill.
        indicator.progress = 0.99
        let drawing = try RGBAImage(png: try indicator.scene().render(as: .png))
        #expect(drawing.matches(.systemBlue, at: 1, 32), "\(drawing[1, 32])")
        #expect(paintedDifference(drawing, theirs).share > 0.2, "\(paintedDifference(drawing, theirs).share)")
        // A live SVG hides the outline once its value reaches 1, its fill shown alone.
        let live = String(decoding: try indicator.scene().svgData(isLive: true), as: UTF8.self)
        #expect(live.contains("clamp(0, calc((1 - var(--progress, 0.99)) * 1000000000), 1))"))
        #expect(live.contains("opacity:clamp(0, calc((var(--progress, 0.99) - 1) * 1000000000 + 1), 1);stroke:none"))
    }

    @Test("fill-rule evenodd leaves the hole rsvg-convert leaves; nonzero does not")
    func fillRule() throws {
        let ring = #"<path d="M10 10h80v80h-80z M30 30h40v40h-40z" fill="black" fill-rule="evenodd"/>"#
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"# + ring + "</svg>"
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.lineWidth = 0
        style.elementFills = .always
        var indicator = ProgressIndicator(document: try SVGDocument(string: text), style: style)
        indicator.progress = 0
        let ours = try RGBAImage(png: try indicator.scene().render(as: .png))
        #expect(ours[50, 50].alpha == 0 && ours[20, 20].alpha == 255)
        let (share, comparison) = paintedDifference(ours, try ExternalRenderer.rsvg(text))
        #expect(share <= 0.005, "\(comparison)")
        let nonzero = ProgressIndicator(
            document: try SVGDocument(string: text.replacingOccurrences(of: "evenodd", with: "nonzero")), style: style)
        #expect(try RGBAImage(png: try nonzero.scene().render(as: .png))[50, 50].alpha == 255)
    }

    @Test("Dashes stay put in the element's own space: a line stretched twice as wide, its window moved by a quarter")
    func stretchedDashes() throws {
        // 40 user units long, 80 points on the canvas; dashes of 4 user units are 8 points.
        let doc = try document(
            #"<line x1="0" y1="10" x2="40" y2="10" transform="scale(2 1)" stroke="black" stroke-width="4" stroke-dasharray="4 4"/>"#
        )
        var style = ProgressStyle()
        style.trackTintColor = .clear
        let indicator = ProgressIndicator(document: doc, style: style)
        guard case .elements(let elements, _, _) = indicator.geometry else { return }
        #expect(elements[0].transform == Transform(scaleX: 2, y: 1))
        // Half the length, moved by a quarter: canvas 20...60, which holds the dashes (laid from
        // the line's start) at 20...24, 32...40 and 48...56.
        let scene = try indicator.layout().scene(values: [0.5], offset: 0.25)
        let picture = try RGBAImage(png: try scene.render(as: .png))
        for x in [22, 36, 52] { #expect(picture[x, 10].alpha == 255, "\(x) is a dash") }
        for x in [12, 18, 28, 44, 58, 66] { #expect(picture[x, 10].alpha == 0, "\(x) is blank") }
        // The stroke is 4 user units tall, and the y scale is 1: 4 points.
        #expect(picture[22, 8].alpha == 255 && picture[22, 13].alpha == 0)
    }

    @Test("PDF output rasterises to the PNG's pixels")
    func pdfOutput() throws {
        let doc = try SVGDocument(string: Self.drawing)
        var indicator = ProgressIndicator(document: doc, order: .together)
        indicator.progress = 0.7
        let scene = try indicator.scene()
        let raster = try ExternalRenderer.pdftoppm(try scene.render(as: .pdf))
        let comparison = PixelComparison(try RGBAImage(png: try scene.render(as: .png)), raster, threshold: 80)
        #expect(comparison.share <= 0.005, "\(comparison)")
    }

    @Test("A live SVG of a document: one --progress moves each element by its own exact map, in every order")
    func liveExpressions() throws {
        // Lines of 100 and 300: 400 in all.
        let doc = try document(
            #"<line x1="0" y1="10" x2="100" y2="10" stroke="red"/><line x1="0" y1="50" x2="300" y2="50" stroke="blue"/>"#,
            attributes: #"width="300" height="60""#)
        func live(_ order: ElementOrder) throws -> String {
            var indicator = ProgressIndicator(document: doc, order: order)
            indicator.progress = 0.5
            return String(decoding: try indicator.scene().svgData(isLive: true), as: UTF8.self)
        }
        // sequence: the first reaches its 100 at 0.25 (p × 400 px), the second starts there.
        let sequence = try live(.sequence)
        #expect(sequence.contains("stroke-dasharray:clamp(0px, calc(var(--progress, 0.5) * 400px - 0px), 100px) 101px"))
        #expect(sequence.contains("clamp(0px, calc(var(--progress, 0.5) * 400px - 100px), 300px) 301px"))
        // together: each its own length.
        let together = try live(.together)
        #expect(together.contains("calc(var(--progress, 0.5) * 100px - 0px), 100px)"))
        #expect(together.contains("calc(var(--progress, 0.5) * 300px - 0px), 300px)"))
        // delayed 0.5: windows [0, 0.5] and [0.5, 1], so 200 and 600 px per unit of progress.
        let delayed = try live(.delayed(0.5))
        #expect(delayed.contains("calc(var(--progress, 0.5) * 200px - 0px), 100px)"))
        #expect(delayed.contains("calc(var(--progress, 0.5) * 600px - 300px), 300px)"))
        // The elements keep their places and fills, their own strokes hidden: copies draw them.
        #expect(sequence.components(separatedBy: #";stroke:none""#).count - 1 == 2)
        // Fills at the end: each element's fill (and markers) shown by CSS once the value reaches 1.
        let filled = try document(
            #"<rect x="10" y="10" width="50" height="20" fill="red" stroke="blue"/><circle cx="100" cy="30" r="10"/>"#)
        var style = ProgressStyle()
        style.elementFills = .atEnd
        var indicator = ProgressIndicator(document: filled, style: style)
        indicator.progress = 0.5
        let svg = String(decoding: try indicator.scene().svgData(isLive: true), as: UTF8.self)
        let gate = #"style="opacity:clamp(0, calc((var(--progress, 0.5) - 1) * 1000000000 + 1), 1);stroke:none""#
        #expect(svg.components(separatedBy: gate).count - 1 == 2)
        #expect(svg.contains(#"<rect x="10" y="10" width="50" height="20" fill="red" stroke="blue" "# + gate))
        // The circle has no stroke: its outline hides at 1, when its fill shows alone.
        #expect(svg.contains("clamp(0, calc((1 - var(--progress, 0.5)) * 1000000000), 1))"))
    }

    @Test("A live SVG of a document in delayed(1): each element whole, shown from the value where it appears")
    func liveJumps() throws {
        // Three elements appearing at 0 (above it), 0.5 and 1; the circle at half opacity.
        let doc = try document(
            #"<line x1="0" y1="10" x2="100" y2="10" stroke="red"/><circle cx="50" cy="50" r="20" stroke="blue" fill="none" opacity="0.5"/><line x1="0" y1="90" x2="300" y2="90" stroke="green"/>"#,
            attributes: #"width="320" height="100""#)
        var style = ProgressStyle()
        style.trackTintColor = .clear
        var indicator = ProgressIndicator(document: doc, style: style, order: .delayed(1))
        indicator.progress = 0.5
        let half = String(decoding: try indicator.scene().svgData(isLive: true), as: UTF8.self)
        let gates = [
            "calc(var(--progress, 0.5) * 100000000)", "calc((var(--progress, 0.5) - 0.5) * 100000000 + 1)",
            "calc((var(--progress, 0.5) - 1) * 100000000 + 1)",
        ].map { "stroke-dasharray:none;opacity:clamp(0, \($0), 1)\"/>" }
        // Whole and undashed (the circle joined at its seam, in a group of its opacity).
        #expect(
            half.contains(
                ##"d="M 0,10 L 100,10" style="fill:none;marker-start:none;marker-mid:none;marker-end:none;"## + gates[0]
            ))
        #expect(half.contains(##"<g opacity="0.5"><path stroke="blue" fill="none" opacity="0.5" d="M 70,50 A 20,20"##))
        #expect(
            half.contains(
                "Z\" style=\"fill:none;marker-start:none;marker-mid:none;marker-end:none;" + gates[1] + "</g>"))
        #expect(
            half.contains(
                ##"d="M 0,90 L 300,90" style="fill:none;marker-start:none;marker-mid:none;marker-end:none;"## + gates[2]
            ))
        #expect(!half.contains("clamp(0px"))
    }

    @Test("A live SVG keeps an element's opacity, once for all its strokes, as the still SVG does")
    func liveOpacity() throws {
        // A line of 100, then two lines of 100 in one element (200 in all) at a quarter opacity.
        let doc = try document(
            #"<line x1="0" y1="10" x2="100" y2="10" stroke="red"/><path d="M0 30H100M0 40H100" stroke="blue" opacity="0.25"/>"#
        )
        var style = ProgressStyle()
        style.trackTintColor = .clear
        var indicator = ProgressIndicator(document: doc, style: style, order: .together)
        indicator.progress = 0.5
        let live = String(decoding: try indicator.scene().svgData(isLive: true), as: UTF8.self)
        // The element's subpaths, 200 per unit of progress, the second from 100 on: one group.
        let group = try #require(live.components(separatedBy: #"<g opacity="0.25">"#).dropFirst().first)
        let strokes = group.components(separatedBy: "</g>")[0].components(separatedBy: "<path").dropFirst()
        #expect(strokes.count == 2, "\(live)")
        #expect(strokes.first?.contains("clamp(0px, calc(var(--progress, 0.5) * 200px - 0px), 100px)") == true)
        #expect(strokes.last?.contains("clamp(0px, calc(var(--progress, 0.5) * 200px - 100px), 100px)") == true)
        // Each copy's own opacity is the group's, not again its own.
        #expect(strokes.allSatisfy { $0.contains(";opacity:clamp(0, calc((var(--progress") })
        // The red line, at full opacity, is outside it.
        #expect(!group.contains("red") && live.contains("calc(var(--progress, 0.5) * 100px - 0px)"))
    }
}
