import PBGeometry
import PBTestCore
import Testing

@testable import PBDocument

/// The rewritten document librsvg draws: each element's visible part as its own dash window, in
/// its own user space, and nothing unsafe kept.
@Suite("SVGDocumentMeasure: the rewritten document")
struct DocumentRewriteTests {
    /// `document` rewritten with each element showing `parts` (fractions of its canvas length).
    func rewritten(_ doc: SVGDocument, parts: [[SVGDocumentAppearance.Part]], fills: Bool = false) -> String {
        let appearance = SVGDocumentAppearance(
            size: doc.canvasSize,
            elements: parts.map { SVGDocumentAppearance.Element(parts: $0, showsFill: fills) },
            showsContent: doc.content.map { _ in fills }, progress: SVGDocumentAppearance.Stroke(paint: "#007AFF"))
        return SVGDocumentMeasure(doc).rewritten(appearance)
    }

    /// The numbers of the `stroke-dasharray` and `stroke-dashoffset` declarations, in order.
    func dashes(_ text: String) -> [[Double]] {
        var result: [[Double]] = []
        var rest = text[...]
        while let range = rest.firstRange(of: "stroke-dash") {
            let after = rest[range.upperBound...]
            // The declarations only (`stroke-dasharray:…`), not the element's own attribute (`="…"`).
            let name = after.prefix { $0.isLetter }
            if after.dropFirst(name.count).first == ":" {
                let value = after.dropFirst(name.count + 1).prefix { $0 != ";" && $0 != "\"" }
                result.append(value.split(separator: " ").compactMap { Double($0) })
            }
            rest = after
        }
        return result
    }

    @Test("A part of a line is its dash: the length shown, then a gap past its end; nothing shown is no stroke")
    func line() throws {
        let doc = try document(##"<line x1="10" y1="10" x2="110" y2="10" stroke="red"/>"##)
        #expect(dashes(rewritten(doc, parts: [[.init(start: 0, end: 0.25)]])) == [[25, 101], [0]])
        // From 0.5 to 0.75: the dash starts 50 in.
        #expect(dashes(rewritten(doc, parts: [[.init(start: 0.5, end: 0.75)]])) == [[25, 101], [-50]])
        #expect(rewritten(doc, parts: [[]]).contains("stroke:none"))
        // Whole: the element's own stroke, no dash.
        #expect(dashes(rewritten(doc, parts: [[.init(start: 0, end: 1)]])).isEmpty)
    }

    @Test("Lengths are the element's own: a scale(2) line cut at a quarter of its canvas length, a skewed one too")
    func userSpace() throws {
        // 50 user units, 100 on the canvas: a quarter is 12.5 user units.
        let scaled = try document(##"<line x2="50" stroke="red" transform="scale(2)"/>"##)
        expectClose(dashes(rewritten(scaled, parts: [[.init(start: 0, end: 0.25)]]))[0][0], 12.5)
        // A vertical line of 40 under skewX(30): 40 / cos 30° on the canvas, a straight line, so a
        // fraction of the canvas length is that fraction of the 40 user units.
        let skewed = try document(##"<line y2="40" stroke="red" transform="skewX(30)"/>"##)
        expectClose(dashes(rewritten(skewed, parts: [[.init(start: 0, end: 0.3)]]))[0][0], 12, relative: 1e-9)
        // A circle under a non-uniform scale: the cut point maps back to the same angle's arc length
        // in user space; half the ellipse (by symmetry) is half the circle, to 1e-6 of the circle's length.
        let squashed = try document(##"<circle r="10" cx="50" cy="50" stroke="red" transform="scale(3 1)"/>"##)
        expectClose(
            dashes(rewritten(squashed, parts: [[.init(start: 0, end: 0.5)]]))[0][0], 10 * .pi, relative: 0,
            absolute: 1e-6 * 20 * .pi)
    }

    @Test("An element's own dashes stay put: its pattern cut to the part shown")
    func ownDashes() throws {
        let doc = try document(##"<line x2="100" stroke="red" stroke-dasharray="10 5"/>"##)
        // [0, 32]: dashes at 0-10, 15-25 and 30-32.
        #expect(dashes(rewritten(doc, parts: [[.init(start: 0, end: 0.32)]])) == [[10, 5, 10, 5, 2, 101], [-0.0]])
        #expect(DashWindow.visible((12, 27), own: [10, 5], offset: 0).map { [$0.start, $0.end] } == [[15, 25]])
    }

    @Test("Dashes too fine for a double far along a subpath end the cut after at most 100,000 periods")
    func dashesFinerThanDoubles() throws {
        // A dash of 1 each 10^30: from the second period on, adding the dash's 1 to where its period
        // starts changes nothing (past 2^53 a double's step is 2 or more), so no period showed a dash
        // and the walk to 10^300 never ended: without the bound, this call does not return (found by
        // fuzzing, with a document's pattern).
        let visible = DashWindow.visible((0, 1e300), own: [1, 1e30], offset: 0)
        #expect(visible.first.map { [$0.start, $0.end] } == [0, 1])
        #expect(visible.count <= DashWindow.maximumDashCount)
    }

    @Test("A sheet's !important dashes do not beat the part: the flag goes, the element keeps the rule's value")
    func importantRules() throws {
        let doc = try document(
            "<style>line { stroke-dasharray: 4 1 !important }</style>"
                + ##"<line x2="100" stroke="red" style="stroke-dasharray: 9"/>"##)
        let text = rewritten(doc, parts: [[.init(start: 0, end: 0.1)]])
        #expect(!text.contains("!important"))
        // In the element's style: its own 9, the rule's value pinned after it, then the part, [0, 10] of 4 1
        // (dashes at 0-4 and 5-9; the one starting at 10 shows nothing).
        #expect(Array(dashes(text).suffix(4)) == [[9], [4, 1], [4, 1, 4, 101], [0]])
    }

    @Test("pathLength does not distort the dash: it goes, the dash in user units")
    func pathLength() throws {
        let doc = try document(##"<line x2="100" stroke="red" pathLength="1"/>"##)
        let text = rewritten(doc, parts: [[.init(start: 0, end: 0.5)]])
        #expect(!text.contains("pathLength"))
        #expect(dashes(text) == [[50, 101], [0]])
    }

    @Test("The rewrite is safe to serve: no script, handler, foreignObject, animation or outside reference")
    func safety() throws {
        let doc = try document(
            ##"<script>alert(1)</script><foreignObject><p>x</p></foreignObject>"##
                + ##"<rect width="10" height="10" onclick="alert(2)" fill="url(http://example.com/#g)"/>"##
                + ##"<image href="file:///etc/passwd" width="5" height="5"/><use href="other.svg#a"/>"##
                + ##"<path d="M0 0H9" stroke="red" style="stroke:url(https://example.com/p.svg#x)"><animate attributeName="d"/></path>"##
                + ##"<a href="javascript:alert(3)"><circle r="3" fill="blue"/></a>"##
                // A prefix bound nowhere (found by fuzzing): librsvg refuses XML that uses one.
                + ##"<rect unbound:x="1" width="3" height="3"/>"##)
        let text = rewritten(doc, parts: doc.elements.map { _ in [.init(start: 0, end: 1)] }, fills: true)
        for forbidden in [
            "script", "alert", "foreignObject", "onclick", "example.com", "file:", "other.svg", "animate", "unbound",
        ] {
            #expect(!text.contains(forbidden), "\(forbidden) in \(text)")
        }
    }
}
