import PBDocument
import PBGeometry
import PBRendering
import PBTestCore
import Testing

/// A document as the geometry of a ``ProgressIndicator``: the `sequence` order.
@Suite("ProgressIndicator: from an SVG document")
struct SVGDocumentIndicatorTests {
    @Test("The indicator has each element on the document's canvas, in its own stroke or 1 user unit wide")
    func indicator() throws {
        let doc = try document(
            #"<g transform="scale(2)"><line x2="10" stroke="red" stroke-width="3"/></g><circle cx="50" cy="50" r="5"/>"#
        )
        let indicator = ProgressIndicator(document: doc)
        guard case .elements(let elements, let canvas, let order) = indicator.geometry else {
            Issue.record("not elements: \(indicator.geometry)")
            return
        }
        #expect(canvas == Size(width: 200, height: 100) && order == .sequence)
        #expect(elements.map(\.path) == doc.elements.map(\.path))
        // A uniform scale is drawn on the canvas, the width scaled: 3 user units are 6 points.
        #expect(elements[0].stroke.lineWidth == 6 && elements[0].transform == .identity)
        #expect(elements[0].paint == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(elements[1].stroke.lineWidth == 1 && elements[1].paint == nil)
        var style = ProgressStyle()
        style.lineWidth = 2
        guard case .elements(let widened, _, _) = ProgressIndicator(document: doc, style: style).geometry else {
            return
        }
        // The style's width is for elements without a stroke of their own, unless it overrides.
        #expect(widened.map(\.stroke.lineWidth) == [6, 2])
    }

    /// Found by pbrender-fuzz's `svgdocument` target (`M2-1e308.5.5z`): finite coordinates whose
    /// segment lengths sum past the largest double. The document reads (its coordinates are
    /// valid), its path measures infinite, and the layout refuses it as too large to measure.
    @Test("A path whose length overflows a double reads, measures infinite, and is refused by the layout")
    func lengthOverflow() throws {
        let doc = try SVGDocument(string: #"<svg><path d="M2-1e308.5.5z"/></svg>"#)
        #expect(doc.elements.count == 1)
        #expect(PathMeasure(doc.path, accuracy: 1e-3).length == .infinity)
        // Its first segment alone is 1e308 long, under the largest double (1.8e308); the closing
        // segment, as long again, overflows the sum.
        let first = PathMeasure(try Path(svgPathData: "M2-1e308L.5.5"), accuracy: 1e-3).length
        #expect(abs(first - 1e308) <= 1e293)
        #expect(throws: RenderError(.pathTooLarge)) { try ProgressIndicator(document: doc).scene() }
    }

    @Test("A bootstrap icon fitted to 128 points draws half its length at progress 0.5")
    func icon() throws {
        let doc = try SVGDocument(
            string: """
                <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">
                  <path d="M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14zm0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16z"/>
                </svg>
                """
        ).fitted(to: Size(width: 128, height: 128))
        var indicator = ProgressIndicator(document: doc)
        indicator.progress = 0.5
        let png = try indicator.scene().render(as: .png)
        #expect(png.count > 100)
        guard case .elements(let elements, _, _) = indicator.geometry else { return }
        #expect(elements.map(\.stroke.lineWidth) == [8])
        expectClose(length(doc.path), 8 * (14 * .pi + 16 * .pi), relative: 1e-12)
    }
}
