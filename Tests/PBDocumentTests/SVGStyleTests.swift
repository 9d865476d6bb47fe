import PBDocument
import PBGeometry
import PBStyle
import PBTestCore
import Testing

/// The cascade and the computed values of each element's style.
@Suite("SVGStyle: cascade and computed values")
struct SVGStyleTests {
    func styles(_ body: String) throws -> [SVGStyle] {
        try document(body).elements.map(\.style)
    }

    @Test("SVG's initial values: black fill, no stroke, width 1, butt caps, miter joins, miter limit 4")
    func initial() throws {
        let style = try #require(try styles(##"<path d="M0 0 H1"/>"##).first)
        #expect(style == SVGStyle())
        #expect(style.fill == .color(.black))
        #expect(style.stroke == SVGPaint.none)
        #expect(!style.hasStroke)
        #expect(style.strokeStyle == StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4))
    }

    @Test("Presentation attributes, then the sheet, then style=\"\"; !important last")
    func precedence() throws {
        let sheet = "<style>path { stroke: blue } .a { stroke: green } #x { stroke-width: 3 }</style>"
        let result = try styles(
            sheet + ##"<path stroke="red" d="M0 0 H1"/><path class="a" stroke="red" d="M0 0 H1"/>"##
                + ##"<path class="a" style="stroke: #FF0000" d="M0 0 H1"/><path id="x" style="stroke-width: 2" d="M0 0 H1"/>"##
                + ##"<path stroke-width="9" id="x" d="M0 0 H1"/>"##)
        #expect(
            result.map(\.stroke) == [
                .color(hex(0x0000FF)), .color(hex(0x008000)), .color(hex(0xFF0000)),
                .color(hex(0x0000FF)), .color(hex(0x0000FF)),
            ])
        #expect(result.map(\.strokeWidth) == [1, 1, 1, 2, 3])
        let important = try styles(
            "<style>.b { fill: red !important }</style>" + ##"<path class="b" style="fill: blue" d="M0 0 H1"/>"##)
        #expect(important.first?.fill == .color(hex(0xFF0000)))
    }

    @Test("Specificity: an id beats classes beat a type, whatever the order; comma lists and compounds")
    func specificity() throws {
        let result = try styles(
            "<style>/* Illustrator */ #i { fill: #111 } .c.d { fill: #222 } .c { fill: #333 } rect, circle { fill: #444 }"
                + " path.c { fill: #555 } g > path { fill: #666 } @media print { path { fill: #777 } }</style>"
                + ##"<rect class="c d" id="i" width="1" height="1"/><rect class="c d" width="1" height="1"/>"##
                + ##"<circle class="c" r="1"/><circle r="1"/><path class="c" d="M0 0 H1"/><g><path d="M0 0 H1"/></g>"##)
        #expect(
            result.map(\.fill)
                == [0x111111, 0x222222, 0x333333, 0x444444, 0x555555, 0x000000].map { SVGPaint.color(hex($0)) })
    }

    @Test("Illustrator's classes: .cls-1{fill:none;stroke:#000;stroke-width:2px}")
    func illustrator() throws {
        let style = try #require(
            try styles(
                "<defs><style>.cls-1{fill:none;stroke:#000;stroke-miterlimit:10;stroke-width:2px;}</style></defs>"
                    + ##"<circle class="cls-1" cx="5" cy="5" r="4"/>"##
            ).first)
        #expect(style.fill == SVGPaint.none)
        #expect(style.stroke == .color(.black))
        #expect(style.strokeWidth == 2)
        #expect(style.miterLimit == 10)
        #expect(style.hasStroke)
    }

    @Test("Inheritance through groups and <use>; opacity multiplies")
    func inheritance() throws {
        let result = try styles(
            ##"<defs><path id="p" d="M0 0 H1"/></defs><g stroke="red" stroke-width="4" opacity="0.5" stroke-linecap="round">"##
                + ##"<path d="M0 0 H1" opacity="0.5"/><g stroke-linejoin="bevel"><path d="M0 0 H1" stroke="inherit"/></g>"##
                + ##"<use href="#p" stroke-dasharray="1 2 3" stroke-dashoffset="2"/></g>"##)
        #expect(result.count == 3)
        let red = SVGPaint.color(hex(0xFF0000))
        #expect(result.map(\.stroke) == [red, red, red])
        #expect(result.map(\.strokeWidth) == [4, 4, 4])
        #expect(result.map(\.lineCap) == [.round, .round, .round])
        #expect(result.map(\.opacity) == [0.25, 0.5, 0.5])
        #expect(result[1].lineJoin == .bevel)
        #expect(result[2].dashArray == [1, 2, 3, 1, 2, 3])
        #expect(result[2].dashOffset == 2)
        #expect(result[2].strokeStyle.dash == [1, 2, 3, 1, 2, 3])
    }

    @Test("currentColor takes the element's color, inherited; opacities fold into the effective colours")
    func currentColor() throws {
        let result = try styles(
            ##"<g color="#00ff00"><path d="M0 0 H1" stroke="currentColor" fill="currentColor" color="blue"/>"##
                + ##"<path d="M0 0 H1" stroke="currentColor" stroke-opacity="50%" fill-opacity=".25" opacity="0.5"/></g>"##
        )
        #expect(result[0].stroke == .color(hex(0x0000FF)))
        #expect(result[0].fill == .color(hex(0x0000FF)))
        #expect(result[1].stroke == .color(hex(0x00FF00)))
        #expect(result[1].effectiveStrokeColor?.alpha == 0.25)
        #expect(result[1].effectiveFillColor?.alpha == 0.125)
    }

    @Test("Paints: none, hex, rgb(), hsl(), names, url(#id) with a fallback; fill-rule")
    func paints() throws {
        let result = try styles(
            ##"<path d="M0 0 H1" fill="rgb(255, 0, 0)" stroke="hsl(120, 100%, 50%)"/>"##
                + ##"<path d="M0 0 H1" fill="url(#grad) #00f" stroke="url('#other')" fill-rule="evenodd"/>"##
                + ##"<path d="M0 0 H1" fill="none" stroke="tomato"/>"##)
        #expect(result[0].fill == .color(hex(0xFF0000)))
        #expect(result[0].stroke == .color(hex(0x00FF00)))
        #expect(result[1].fill == .reference(id: "grad", fallback: hex(0x0000FF)))
        #expect(result[1].fill.solidColor == hex(0x0000FF))
        #expect(result[1].stroke == .reference(id: "other", fallback: nil))
        #expect(result[1].fillRule == .evenodd)
        #expect(result[2].fill == SVGPaint.none)
        #expect(result[2].stroke == .color(hex(0xFF6347)))
    }

    @Test("Lengths in styles: units and percentages of the normalized diagonal")
    func styleLengths() throws {
        let result = try styles(##"<path d="M0 0 H1" style="stroke-width: 1mm; stroke-dasharray: 10%, 5"/>"##)
        #expect(abs(result[0].strokeWidth - 96 / 25.4) < 1e-12)
        let diagonal = ((200.0 * 200 + 100 * 100) / 2).squareRoot()
        #expect(result[0].dashArray == [0.1 * diagonal, 5])
    }

    @Test("A value that cannot be read is ignored with a warning, as browsers ignore it")
    func invalidValues() throws {
        let doc = try document(
            ##"<g stroke-width="3"><path d="M0 0 H1" stroke-width="-2" stroke-linecap="pointy" fill="notacolour" stroke-dasharray="1 -1"/></g>"##
        )
        let style = try #require(doc.elements.first?.style)
        #expect(style.strokeWidth == 3)
        #expect(style.lineCap == .butt)
        #expect(style.fill == .color(.black))
        #expect(style.dashArray.isEmpty)
        #expect(doc.warnings.count == 4)
        #expect(doc.warnings.allSatisfy { $0.line == 1 && $0.message.contains("ignored") })
    }

    @Test("A dash array that sums to zero is solid; none clears an inherited one")
    func dashes() throws {
        let result = try styles(
            ##"<path d="M0 0 H1" stroke-dasharray="0 0"/><g stroke-dasharray="4"><path d="M0 0 H1" stroke-dasharray="none"/></g>"##
        )
        #expect(result.map(\.dashArray) == [[], []])
    }
}

/// A colour from `0xRRGGBB`.
func hex(_ value: UInt32) -> Color {
    Color(red8: UInt8(value >> 16 & 0xFF), green8: UInt8(value >> 8 & 0xFF), blue8: UInt8(value & 0xFF))
}
