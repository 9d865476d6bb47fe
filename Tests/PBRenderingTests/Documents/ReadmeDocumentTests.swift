import Foundation
import PBDocument
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// The library article's SVG document example compiles and runs: it is the body of ``runs()`` between
/// the markers, and a test checks the article shows exactly those lines.
@Suite struct ReadmeDocumentTests {
    @Test func runs() throws {
        let bytes = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>"#.utf8)
        // README begin
        let document = try SVGDocument(data: bytes, fileName: "icon.svg")
        for element in document.elements {
            print(element.tag, element.id ?? "-", PathMeasure(element.path).length)  // circle - 43.98229715025711
        }
        var icon = ProgressIndicator(document: document.fitted(to: Size(width: 128, height: 128)), order: .together)
        icon.progress = 0.5
        let png = try icon.scene().render(as: .png)
        // README end
        #expect(abs(PathMeasure(document.path).length - 14 * .pi) < 1e-12)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func theREADMEShowsThisCode() throws {
        #expect(
            try ReadmeSnippet.isShown(
                from: #filePath, importing: "PBDocument", in: "Sources/PBJob/PBJob.docc/UsingTheLibrary.md"))
    }
}
