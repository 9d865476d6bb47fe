import Foundation
import PBDocument
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// A document's `<linearGradient>` and `<radialGradient>` fills and strokes, drawn: colours at
/// points computed by hand, colours that stay put as progress grows, and whole drawings against
/// rsvg-convert (which draws gradients with the same Cairo patterns, so the tolerance is tight).
@Suite("ProgressIndicator: a document's gradients, drawn")
struct SVGDocumentGradientDrawingTests {
    /// A logo in the ways designers' tools write gradients: bounding-box units with a rotated
    /// template (`href`), user space with a focus and `reflect`, `fill-opacity` and
    /// `stop-opacity`, a gradient stroke under a skew, and a horizontal line whose bounding-box
    /// gradient cannot paint it (drawn in its fallback colour).
    static let logo = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="120">
          <defs>
            <linearGradient id="sunset" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stop-color="#ff5f6d"/><stop offset="1" stop-color="#ffc371"/>
            </linearGradient>
            <radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="140" cy="60" r="40" fx="125" fy="45" spreadMethod="reflect">
              <stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.5" stop-color="#36d1dc"/><stop offset="1" stop-color="#5b86e5"/>
            </radialGradient>
            <linearGradient id="ink" xlink:href="#sunset" gradientTransform="rotate(90 0.5 0.5)"/>
          </defs>
          <rect x="10" y="20" width="80" height="80" rx="12" fill="url(#sunset)" stroke="#333" stroke-width="3"/>
          <circle cx="140" cy="60" r="38" fill="url(#glow)" fill-opacity="0.8" stroke="url(#ink)" stroke-width="6"/>
          <g transform="translate(30 0) skewX(25)"><ellipse cx="20" cy="112" rx="14" ry="5" fill="none" stroke="url(#sunset)" stroke-width="4"/></g>
          <path d="M100 10 H190" stroke="url(#sunset) #f0f" stroke-width="4"/>
        </svg>
        """

    /// The indicator drawing every fill (no track, so only what progress reached is stroked).
    func indicator(_ doc: SVGDocument, progress: Double, lineWidth: Double? = nil) -> ProgressIndicator {
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.lineWidth = lineWidth
        style.elementFills = .always
        var indicator = ProgressIndicator(document: doc, style: style)
        indicator.progress = progress
        return indicator
    }

    func image(_ doc: SVGDocument, progress: Double, lineWidth: Double? = nil) throws -> RGBAImage {
        try RGBAImage(png: try indicator(doc, progress: progress, lineWidth: lineWidth).scene().render(as: .png))
    }

    /// Expects the pixel's colour within 2 of 255 a channel, opaque.
    func expectColor(
        _ image: RGBAImage, _ x: Int, _ y: Int, _ expected: (Double, Double, Double),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pixel = image[x, y]
        let channels = [pixel.red, pixel.green, pixel.blue].map(Double.init)
        let wanted = [expected.0, expected.1, expected.2].map { $0 * 255 }
        #expect(pixel.alpha == 255, "(\(x), \(y))", sourceLocation: sourceLocation)
        for (got, want) in zip(channels, wanted) {
            #expect(abs(got - want) <= 2, "(\(x), \(y)): \(channels) against \(wanted)", sourceLocation: sourceLocation)
        }
    }

    @Test("A bounding-box gradient runs across the element's box; gradientTransform turns it in the box's units")
    func boundingBoxUnits() throws {
        let red = ##"<stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/>"##
        let doc = try document(
            ##"<defs><linearGradient id="across">"## + red + ##"</linearGradient>"##
                + ##"<linearGradient id="down" href="#across" gradientTransform="rotate(90 .5 .5)"/></defs>"##
                + ##"<rect x="20" y="10" width="100" height="40" fill="url(#across)"/>"##
                + ##"<rect x="20" y="55" width="100" height="40" fill="url(#down)"/>"##)
        let picture = try image(doc, progress: 0, lineWidth: 0)
        // Across: pixel x covers x + 0.5, a fraction (x + 0.5 - 20) / 100 of the box's width.
        for x in [20, 45, 70, 119] {
            let t = (Double(x) + 0.5 - 20) / 100
            expectColor(picture, x, 30, (1 - t, 0, t))
        }
        // Down: turned about the box's centre, red at its top, blue at its bottom.
        for y in [55, 65, 75, 94] {
            let t = (Double(y) + 0.5 - 55) / 40
            expectColor(picture, 70, y, (1 - t, 0, t))
        }
    }

    @Test("A stroke's gradient stays put on the canvas as progress grows, whichever way the path runs")
    func strokeStaysPut() throws {
        // Drawn right to left; the gradient runs left to right in user space.
        let doc = try document(
            ##"<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="10" x2="190">"##
                + ##"<stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>"##
                + ##"<path d="M190 50 H10" stroke="url(#g)" stroke-width="10"/>"##)
        let half = try image(doc, progress: 0.5)
        for x in [110, 150, 185] {
            let t = (Double(x) + 0.5 - 10) / 180
            expectColor(half, x, 50, (1 - t, 0, t))
        }
        #expect(half[60, 50].alpha == 0 && half[95, 50].alpha == 0)
        // At the end, the same colours where the half already was, and the rest.
        let whole = try image(doc, progress: 1)
        #expect(whole[150, 50] == half[150, 50])
        expectColor(whole, 20, 50, (1 - 10.5 / 180, 0, 10.5 / 180))
    }

    @Test("The logo, with gradient fills and strokes, at progress 1 paints what rsvg-convert paints; PDF, SVG alike")
    func logoAgainstRsvg() throws {
        let doc = try SVGDocument(string: Self.logo)
        let scene = try indicator(doc, progress: 1).scene()
        let ours = try RGBAImage(png: try scene.render(as: .png))
        let theirs = try ExternalRenderer.rsvg(Self.logo)
        let comparison = PixelComparison(ours, theirs, threshold: 16)
        #expect(comparison.share <= 0.005, "\(comparison)")
        // The line whose box has no height: its fallback colour.
        expectColor(ours, 150, 10, (1, 0, 1))
        // The comparison can fail: the same logo with the radial gradient's focus at its centre.
        let centred = try SVGDocument(string: Self.logo.replacingOccurrences(of: #" fx="125" fy="45""#, with: ""))
        let moved = PixelComparison(try image(centred, progress: 1), theirs, threshold: 16)
        #expect(moved.share > 0.02, "\(moved)")

        // Our SVG: gradients in user space, each where its element is.
        let svg = String(decoding: try scene.render(as: .svg), as: UTF8.self)
        #expect(svg.components(separatedBy: "<linearGradient ").count - 1 == 3)
        #expect(svg.components(separatedBy: "<radialGradient ").count - 1 == 1)
        #expect(svg.contains(##"fx="125" fy="45""##) && svg.contains(##"spreadMethod="reflect""##))
        let raster = PixelComparison(ours, try ExternalRenderer.rsvg(svg), threshold: 16)
        #expect(raster.share <= 0.005, "\(raster)")
        // PDF through poppler (its own rasteriser, over white): the gradients alike; what differs
        // by more than 24 is poppler's antialiasing along the outlines (1.4 % of the canvas).
        let pdf = PixelComparison(ours, try ExternalRenderer.pdftoppm(try scene.render(as: .pdf)), threshold: 24)
        #expect(pdf.share <= 0.02, "\(pdf)")
    }

    @Test("Designers' icons (elementary and breeze) at progress 1 with their fills paint what rsvg-convert paints")
    func designerIcons() throws {
        // What pbrender does not draw (filters, masks, clips, patterns, images, text) or draws
        // otherwise (a group's opacity, applied to each element apart) is left out.
        let unlike = /<(filter|mask|clipPath|pattern|image|text|foreignObject)\b|[^-a-z]opacity[=:]/
        var (compared, withGradients) = (0, 0)
        for file in try designerIconSample() {
            let data = try Data(contentsOf: file)
            let text = String(decoding: data, as: UTF8.self)
            guard text.firstMatch(of: unlike) == nil else { continue }
            let doc = try SVGDocument(data: Array(data), fileName: file.lastPathComponent)
            let ours = try image(doc, progress: 1, lineWidth: 0)
            let theirs = try ExternalRenderer.rsvg(data)
            guard ours.width == theirs.width, ours.height == theirs.height else {
                Issue.record("\(file.path): \(ours.width) x \(ours.height) against \(theirs.width) x \(theirs.height)")
                continue
            }
            let (share, comparison) = paintedDifference(ours, theirs)
            #expect(share <= 0.005, "\(file.path): \(comparison), \(share * 100) % of painted pixels")
            compared += 1
            if !doc.gradients.isEmpty { withGradients += 1 }
        }
        #expect(compared >= 400 && withGradients >= 5, "\(compared) compared, \(withGradients) with gradients")
    }

    @Test("A reference to no gradient, or a bounding-box gradient on a line, warns and paints nothing")
    func unpaintedReferences() throws {
        let doc = try document(
            ##"<linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1"/></linearGradient>"##
                + ##"<path d="M10 50 H190" stroke="url(#g)" stroke-width="10"/>"##
                + ##"<path d="M10 80 H190" stroke="url(#nowhere)" stroke-width="10"/>"##)
        #expect(
            doc.warnings.map(\.description) == [
                #"test.svg:1: warning: stroke url(#g) paints nothing: its gradient is in objectBoundingBox units and the <path> has no width or no height (gradientUnits="userSpaceOnUse" paints it)"#,
                "test.svg:1: warning: stroke url(#nowhere) paints nothing: no gradient has that id",
            ])
        let picture = try image(doc, progress: 1)
        #expect(picture.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
    }

    @Test("One stop paints its colour, faded by the paint's opacity; no stops paint nothing")
    func stopCounts() throws {
        let doc = try document(
            ##"<linearGradient id="one"><stop offset="0.3" stop-color="#0f0"/></linearGradient>"##
                + ##"<linearGradient id="none"/>"##
                + ##"<rect x="10" y="10" width="50" height="50" fill="url(#one)" fill-opacity="0.5"/>"##
                + ##"<rect x="100" y="10" width="50" height="50" fill="url(#none) #f00"/>"##)
        let elements = doc.elements.map {
            ProgressIndicator.element($0, style: ProgressStyle(), overrides: [], gradients: doc.gradients)
        }
        #expect(elements[0]?.fill == .color(Color(red: 0, green: 1, blue: 0, alpha: 0.5)))
        #expect(elements[1]?.fill == nil)
    }
}
