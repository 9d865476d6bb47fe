import PBTestCore
import Testing

@testable import PBDocument

/// A document's warnings, one per cause with its count.
@Suite("SVGDocument: warnings once per cause")
struct DocumentWarningTallyTests {
    @Test("Three <text>s are one warning; 600 <use>s of nothing are one, with the count")
    func oncePerCause() throws {
        let doc = try document(
            String(repeating: ##"<text x="1" y="9">a</text>"##, count: 3)
                + String(repeating: ##"<use href="#nothing"/>"##, count: 600) + ##"<path d="M0 0H9" stroke="red"/>"##)
        #expect(
            doc.warnings.map(\.message) == [
                "3 <text> elements appear when the drawing reaches them: text has no outline to draw along",
                ##"<use> href="#nothing" refers to no element: nothing drawn (600 times)"##,
            ])
    }
}
