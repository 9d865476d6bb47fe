import PBGeometry
import PBStyle
import PBTestCore
import Testing

@testable import PBDocument

/// The cascade as librsvg applies it, and what the progress needs of each element's computed
/// style (colours and paint servers are librsvg's: the rewrite keeps them as they are).
@Suite("SVGStyle: cascade and what the progress needs")
struct SVGStyleTests {
    func styles(_ body: String) throws -> [SVGStyle] {
        try document(body).elements.map(\.style)
    }

    @Test("SVG's initial values: the fill paints, no stroke, width 1, no dashes, no markers")
    func initial() throws {
        let style = try #require(try styles(##"<path d="M0 0 H1"/>"##).first)
        #expect(style == SVGStyle())
        #expect(style.fillPaints)
        #expect(!style.hasStroke)
        #expect(style.strokeWidth == 1)
        #expect(style.dashArray.isEmpty && style.dashOffset == 0)
        #expect(!style.hasMarkers)
    }

    @Test("Presentation attributes, then the sheet, then style=\"\"; !important last")
    func precedence() throws {
        let sheet = "<style>path { stroke-width: 5 } .a { stroke-width: 6 } #x { stroke-width: 3 }</style>"
        let result = try styles(
            sheet + ##"<path stroke="red" stroke-width="2" d="M0 0 H1"/><path class="a" stroke="red" d="M0 0 H1"/>"##
                + ##"<path class="a" stroke="red" style="stroke-width: 7" d="M0 0 H1"/>"##
                + ##"<path id="x" stroke="red" style="stroke-width: 2" d="M0 0 H1"/>"##
                + ##"<path stroke-width="9" stroke="red" id="x" d="M0 0 H1"/>"##)
        #expect(result.map(\.strokeWidth) == [5, 6, 7, 2, 3])
        let important = try styles(
            "<style>.b { stroke-width: 4 !important }</style>"
                + ##"<path class="b" stroke="red" style="stroke-width: 8" d="M0 0 H1"/>"##)
        #expect(important.first?.strokeWidth == 4)
    }

    @Test("Selectors librsvg matches: >, descendants, [attr], an id beats classes beat a type")
    func selectors() throws {
        let result = try styles(
            "<style>#i { stroke-width: 1 } .c.d { stroke-width: 2 } .c { stroke-width: 3 } rect, circle { stroke-width: 4 }"
                + " svg > path { stroke-width: 5 } g path { stroke-width: 6 } [data-w] { stroke-width: 7 }"
                + " @media print { path { stroke-width: 8 } }</style>"
                + ##"<rect class="c d" id="i" stroke="red" width="1" height="1"/><rect class="c d" stroke="red" width="1" height="1"/>"##
                + ##"<circle class="c" stroke="red" r="1"/><circle stroke="red" r="1"/><path stroke="red" d="M0 0 H1"/>"##
                + ##"<g><path stroke="red" d="M0 0 H1"/></g><line data-w="" stroke="red" x2="1"/>"##)
        #expect(result.map(\.strokeWidth) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test("A selector that ends inside an attribute test is skipped, not read past its end")
    func selectorEndingInAnOperator() throws {
        // Found by fuzzing: `[a^` (and the other two-byte operators) read past the selector's end.
        for selector in ["[a^", "[a~", "[a|", "[a$", "[a*", "rect[a^"] {
            #expect(Selector(parsing: selector) == nil, "\(selector)")
            let result = try styles(
                "<style>\(selector), rect { stroke-width: 3 }</style>" + #"<rect stroke="red" width="1" height="1"/>"#)
            #expect(result.map(\.strokeWidth) == [3], "\(selector)")
        }
        #expect(Selector(parsing: "[a^=b]") != nil)
    }

    @Test("Illustrator's classes: .cls-1{fill:none;stroke:#000;stroke-width:2px}")
    func illustrator() throws {
        let style = try #require(
            try styles(
                "<defs><style>.cls-1{fill:none;stroke:#000;stroke-miterlimit:10;stroke-width:2px;}</style></defs>"
                    + ##"<circle class="cls-1" cx="5" cy="5" r="4"/>"##
            ).first)
        #expect(!style.fillPaints)
        #expect(style.hasStroke)
        #expect(style.strokeWidth == 2)
    }

    @Test("Inheritance through groups and <use>; an odd dash list is repeated")
    func inheritance() throws {
        let result = try styles(
            ##"<defs><path id="p" d="M0 0 H1"/></defs><g stroke="red" stroke-width="4">"##
                + ##"<path d="M0 0 H1"/><g><path d="M0 0 H1" stroke="inherit"/></g>"##
                + ##"<use href="#p" stroke-dasharray="1 2 3" stroke-dashoffset="2"/></g>"##)
        #expect(result.count == 3)
        #expect(result.allSatisfy { $0.hasStroke })
        #expect(result.map(\.strokeWidth) == [4, 4, 4])
        #expect(result[2].dashArray == [1, 2, 3, 1, 2, 3])
        #expect(result[2].dashOffset == 2)
    }

    @Test("A fill paints unless none or fully transparent")
    func fills() throws {
        let result = try styles(
            ##"<path d="M0 0 H1" fill="url(#nothing) blue"/><path d="M0 0 H1" fill="none" stroke="red"/>"##
                + ##"<path d="M0 0 H1" fill-opacity="0" stroke="red"/><path d="M0 0 H1" fill="currentColor"/>"##)
        #expect(result.map(\.fillPaints) == [true, false, false, true])
    }

    @Test("Lengths in styles: units, em of the element's font size, percentages of the normalized diagonal")
    func styleLengths() throws {
        let result = try styles(
            ##"<path d="M0 0 H1" stroke="red" style="stroke-width: 1mm; stroke-dasharray: 10%, 5"/>"##
                + ##"<g font-size="10"><path d="M0 0 H1" stroke="red" stroke-width="0.5em"/></g>"##)
        #expect(abs(result[0].strokeWidth - 96 / 25.4) < 1e-12)
        let diagonal = ((200.0 * 200 + 100 * 100) / 2).squareRoot()
        #expect(result[0].dashArray == [0.1 * diagonal, 5])
        #expect(result[1].strokeWidth == 5)
    }

    @Test("A value that cannot be read is ignored with a warning, as browsers ignore it")
    func invalidValues() throws {
        let doc = try document(
            ##"<g stroke-width="3"><path d="M0 0 H1" stroke="red" stroke-width="-2" stroke-dasharray="1 -1"/></g>"##)
        let style = try #require(doc.elements.first?.style)
        #expect(style.strokeWidth == 3)
        #expect(style.dashArray.isEmpty)
        #expect(doc.warnings.count == 2)
        #expect(doc.warnings.allSatisfy { $0.line == 1 && $0.message.contains("ignored") })
    }

    @Test("A dash array that sums to zero is solid; none clears an inherited one")
    func dashes() throws {
        let result = try styles(
            ##"<path d="M0 0 H1" stroke="red" stroke-dasharray="0 0"/>"##
                + ##"<g stroke-dasharray="4"><path d="M0 0 H1" stroke="red" stroke-dasharray="none"/></g>"##)
        #expect(result.map(\.dashArray) == [[], []])
    }

    @Test("Hidden elements take no share of the progress: display, visibility, a selector, <switch>")
    func hidden() throws {
        let doc = try document(
            "<style>.gone { display: none }</style>"
                + ##"<path id="a" d="M0 0 H1" stroke="red"/><path id="b" class="gone" d="M0 0 H1" stroke="red"/>"##
                + ##"<g display="none"><path id="c" d="M0 0 H1" stroke="red"/></g>"##
                + ##"<g visibility="hidden"><path id="d" d="M0 0 H1" stroke="red"/>"##
                + ##"<path id="e" d="M0 0 H1" stroke="red" visibility="visible"/></g>"##
                + ##"<switch><path id="f" systemLanguage="xx-unknown" d="M0 0 H1" stroke="red"/>"##
                + ##"<path id="g" d="M0 0 H1" stroke="red"/><path id="h" d="M0 0 H1" stroke="red"/></switch>"##)
        #expect(doc.elements.map(\.id) == ["a", "e", "g"])
    }
}
