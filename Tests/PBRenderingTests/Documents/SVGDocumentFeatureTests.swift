import PBDocument
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// What librsvg draws of a document that pbrender's own engine dropped or drew otherwise
/// (issue 29): each feature, at progress 1 with the fills at the end, is rsvg-convert's picture;
/// in between, the progress still runs along the elements.
@Suite("ProgressIndicator: a document's features, drawn by librsvg")
struct SVGDocumentFeatureTests {
    /// One document a feature, each on a 120 × 80 canvas.
    static let features: [(name: String, body: String)] = [
        (
            "clip-path",
            #"<clipPath id="c"><rect width="60" height="80"/></clipPath>"#
                + #"<circle cx="60" cy="40" r="30" fill="orange" stroke="black" stroke-width="4" clip-path="url(#c)"/>"#
        ),
        (
            "mask",
            #"<mask id="m"><rect width="120" height="80" fill="white"/><circle cx="60" cy="40" r="15" fill="black"/></mask>"#
                + #"<rect x="20" y="10" width="80" height="60" fill="teal" mask="url(#m)"/>"#
        ),
        (
            "marker",
            #"<marker id="a" markerWidth="6" markerHeight="6" refX="3" refY="3"><circle cx="3" cy="3" r="3" fill="red"/></marker>"#
                + #"<polyline points="10,70 60,10 110,70" fill="none" stroke="navy" stroke-width="3" marker-start="url(#a)" marker-mid="url(#a)" marker-end="url(#a)"/>"#
        ),
        (
            "pattern",
            #"<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="purple"/></pattern>"#
                + #"<rect x="10" y="10" width="100" height="60" fill="url(#p)" stroke="black"/>"#
        ),
        (
            "filter",
            #"<filter id="b"><feGaussianBlur stdDeviation="3"/></filter>"#
                + #"<rect x="30" y="20" width="60" height="40" fill="green" filter="url(#b)"/>"#
        ),
        (
            "nested svg",
            #"<svg x="10" y="10" width="50" height="50" viewBox="0 0 10 10"><circle cx="5" cy="5" r="8" fill="crimson"/></svg>"#
        ),
        (
            "selectors",
            "<style>svg > rect { fill: green } g rect { fill: blue } [data-x] { fill: gold }</style>"
                + #"<rect width="30" height="30"/><g><rect x="40" width="30" height="30"/></g>"#
                + #"<rect data-x="" x="80" width="30" height="30"/>"#
        ),
        (
            "currentColor",
            #"<g color="red"><rect width="50" height="50" fill="currentColor" color="blue"/></g>"#
        ),
        (
            "CSS transform and em",
            #"<rect width="2em" height="1em" fill="olive" style="transform: translate(20px, 10px) rotate(10deg)"/>"#
        ),
        (
            "group opacity",
            #"<g opacity="0.5"><rect width="60" height="60" fill="black"/><rect x="30" y="20" width="60" height="60" fill="black"/></g>"#
        ),
    ]

    static func svg(_ body: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">"# + body + "</svg>"
    }

    func indicator(_ text: String, progress: Double) throws -> ProgressIndicator {
        var style = ProgressStyle()
        style.trackTintColor = .clear
        style.elementFills = .atEnd
        var indicator = ProgressIndicator(document: try SVGDocument(string: text), style: style)
        indicator.progress = progress
        return indicator
    }

    @Test("Each feature at progress 1 with its fills is rsvg-convert's picture", arguments: features)
    func atOne(name: String, body: String) throws {
        let text = Self.svg(body)
        let ours = try RGBAImage(png: try indicator(text, progress: 1).scene().render(as: .png))
        let theirs = try ExternalRenderer.rsvg(text)
        let (share, comparison) = paintedDifference(ours, theirs)
        #expect(share <= 0.005, "\(name): \(comparison)")
    }

    @Test("The comparison can fail: a feature at 0.5 is not its picture at 1")
    func atHalf() throws {
        let text = Self.svg(Self.features[0].body)
        let ours = try RGBAImage(png: try indicator(text, progress: 0.5).scene().render(as: .png))
        #expect(paintedDifference(ours, try ExternalRenderer.rsvg(text)).share > 0.1)
    }
}
