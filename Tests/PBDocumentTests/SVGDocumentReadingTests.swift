import Foundation
import PBGeometry
import PBTestCore
import Testing

@testable import PBDocument

/// Reading untrusted bytes: what is refused, and that errors say where.
@Suite("SVGDocument: reading and bad input")
struct SVGDocumentReadingTests {
    @Test("Not well-formed XML names the file, line and column")
    func notWellFormed() throws {
        let error = try #require(
            readingError("<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n    <path d=\"M0 0\">\n</svg>"))
        guard case .notWellFormed(let message) = error.kind else {
            Issue.record("expected notWellFormed, got \(error.kind)")
            return
        }
        #expect(message.contains("tag"))
        #expect(error.line == 4)
        #expect(error.column != nil)
        #expect(error.description.hasPrefix("bad.svg:4:"))
    }

    /// Found by pbrender-fuzz's `svgdocument` target: libxml2's message for bytes that are not
    /// UTF-8 has a second line (`Bytes: 0xFF 0xFF 0xFF 0x39`), which reached the error's text.
    @Test("An error for bytes that are not UTF-8 is one line, with the bytes libxml2 names")
    func notUTF8IsOneLine() throws {
        let data =
            Array("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<path d=\"M0 0V".utf8) + [0xFF, 0xFF, 0xFF]
            + Array("9\"/></svg>".utf8)
        do {
            _ = try SVGDocument(data: data, fileName: "bad.svg")
            Issue.record("expected an error")
        } catch {
            guard case .notWellFormed(let message) = error.kind else {
                Issue.record("expected notWellFormed, got \(error.kind)")
                return
            }
            #expect(error.line == 2)
            #expect(error.column != nil)
            #expect(!error.description.contains("\n") && !error.description.contains("\r"))
            #expect(message.hasPrefix("Input is not proper UTF-8"))
            #expect(message.hasSuffix("Bytes: 0xFF 0xFF 0xFF 0x39"))
            #expect(!message.contains("  "))
        }
    }

    /// Found by pbrender-fuzz's `svgdocument` target: a style sheet's value that spans lines was
    /// quoted as it was, line breaks and all, in its warning.
    @Test("A warning for a style value that spans lines is one line")
    func multilineStyleValueWarning() throws {
        let document = try SVGDocument(
            string: "<svg><style>path{stroke-width:1\n\n  2}</style><path d=\"M0 0H1\"/></svg>", fileName: "a.svg")
        #expect(document.warnings.count == 1)
        let text = try #require(document.warnings.first).description
        #expect(text.hasPrefix("a.svg:") && !text.contains("\n"))
        #expect(text.hasSuffix(": warning: stroke-width: \"1 2\" ignored: not a length of zero or more"))
    }

    @Test("An attribute without quotes is an error at its column")
    func unquotedAttribute() throws {
        let error = try #require(readingError("<svg width=10></svg>"))
        #expect(error.line == 1)
        #expect(error.column == 12)
        #expect(error.description == "bad.svg:1:12: " + error.reason)
    }

    @Test("An empty document is not well-formed")
    func empty() throws {
        let error = try #require(readingError(""))
        guard case .notWellFormed = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
    }

    @Test("An external entity naming a local file is refused, and the file's text reaches no message")
    func externalEntity() throws {
        let secret = "TOP-SECRET-\(UInt64.random(in: 0...UInt64.max))"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbdocument-entity-\(ProcessInfo.processInfo.processIdentifier).txt")
        try Data(secret.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for reference in ["file://\(file.path)", file.path] {
            let text = """
                <?xml version="1.0"?>
                <!DOCTYPE svg [ <!ENTITY xxe SYSTEM "\(reference)"> ]>
                <svg xmlns="http://www.w3.org/2000/svg"><desc>&xxe;</desc><path id="&xxe;" d="M0 0 L1 1"/></svg>
                """
            let error = try #require(readingError(text))
            #expect(error.kind == .entityDeclaration)
            #expect((error.line, error.column) == (2, 17))
            #expect(!error.description.contains(secret))
            #expect(!error.description.contains("TOP-SECRET"))
        }
    }

    @Test("An entity used without a declaration is an error, not a read")
    func undeclaredEntity() throws {
        let error = try #require(readingError("<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"&x;\"/></svg>"))
        guard case .notWellFormed(let message) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(message.contains("x"))
    }

    @Test("An entity bomb is refused before it is expanded")
    func billionLaughs() throws {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?><!DOCTYPE svg [\(declarations)]><svg><desc>&lol9;</desc></svg>"
        let error = try #require(readingError(text))
        #expect(error.kind == .entityDeclaration)
    }

    @Test("A DOCTYPE with an external DTD and no entities reads; the DTD is not loaded")
    func externalDTD() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://127.0.0.1:9/svg11.dtd">
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0 H 5"/></svg>
            """
        let document = try SVGDocument(string: text)
        #expect(document.elements.count == 1)
    }

    @Test("A root other than <svg> is refused")
    func notSVG() throws {
        let error = try #require(readingError("<html><svg/></html>"))
        #expect(error.kind == .notSVG(root: "html"))
        #expect(error.line == 1)
    }

    @Test("A canvas of no width or height is refused: SVG draws nothing (found by fuzzing)")
    func zeroCanvas() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" "#
        let wide = readingError(svg + #"width="00" height="16"><path d="M0 0H1"/></svg>"#)
        #expect(wide?.description == #"bad.svg:1: <svg> width="00": "# + Self.message("width"))
        // The height written as zero is named, not the width derived from it through the view box.
        let flat = readingError(svg + #"viewBox="0 0 16 16" height="0"/>"#)
        #expect(flat?.description == #"bad.svg:1: <svg> height="0": "# + Self.message("height"))
    }

    static func message(_ side: String) -> String {
        "a canvas of no \(side) shows nothing (SVG disables rendering)"
    }

    @Test("Size, depth and element counts above the limits are refused")
    func limits() throws {
        let small = SVGDocumentLimits(maximumSize: 100)
        let big = "<svg>" + String(repeating: " ", count: 100) + "</svg>"
        #expect(readingError(big, limits: small)?.kind == .tooLarge(size: big.utf8.count, limit: 100))
        let deep = "<svg>" + String(repeating: "<g>", count: 200) + String(repeating: "</g>", count: 200) + "</svg>"
        #expect(readingError(deep)?.kind == .tooDeep(limit: 128))
        let many = "<svg>" + String(repeating: "<g/>", count: 50) + "</svg>"
        #expect(
            readingError(many, limits: SVGDocumentLimits(maximumElementCount: 40))?.kind == .tooManyElements(limit: 40))
        // <use> doubling at each link: 2^20 shapes from 21 groups, counted from the tree before
        // anything is drawn: the root, the <defs> (passed over), the <use>, and for each group
        // itself and twice a <use> and the group below (4,194,304 elements).
        var chain = "<defs><path id=\"g0\" d=\"M0 0 H1\"/>"
        for level in 1...20 {
            chain += "<g id=\"g\(level)\"><use href=\"#g\(level - 1)\"/><use href=\"#g\(level - 1)\"/></g>"
        }
        chain += "</defs><use href=\"#g20\"/>"
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + chain + "</svg>"
        let limited = SVGDocumentLimits(maximumDrawnElementCount: 1_000)
        #expect(readingError(svg, limits: limited)?.kind == .overBudget(.elements, count: 4_194_304, limit: 1_000))
        #expect(readingError(svg)?.kind == .overBudget(.elements, count: 4_194_304, limit: 20_000))
        // Groups with nothing in them double as fast: what is visited counts, not only what is drawn.
        let empty = svg.replacingOccurrences(of: #"<path id="g0" d="M0 0 H1"/>"#, with: #"<g id="g0"/>"#)
        #expect(readingError(empty, limits: limited)?.kind == .overBudget(.elements, count: 4_194_304, limit: 1_000))
        #expect(
            readingError(svg)?.description
                == "bad.svg: the document draws 4,194,304 elements (each <use> draws what it refers to again); the limit is "
                + "20,000")
    }

    @Test("A chain of <use>s nests as deep as groups: above the depth limit it is refused")
    func useChainDepth() throws {
        var body = #"<defs><path id="u0" d="M0 0 H1"/>"#
        for link in 1...200 { body += ##"<use id="u\##(link)" href="#u\##(link - 1)"/>"## }
        body += ##"</defs><use href="#u200"/>"##
        let error = try #require(readingError("<svg xmlns=\"http://www.w3.org/2000/svg\">" + body + "</svg>"))
        #expect(error.kind == .tooDeep(limit: 128))
        // 60 links are fine.
        let short = body.replacingOccurrences(of: ##"<use href="#u200"/>"##, with: ##"<use href="#u60"/>"##)
        #expect(try SVGDocument(string: "<svg>" + short + "</svg>").elements.count == 1)
    }

    @Test("Style sheets: more rules than the limit, or rules matching too often, are refused")
    func styleRuleLimits() throws {
        let rules = String(repeating: "path { stroke: red } ", count: 11)
        let limits = SVGDocumentLimits(maximumStyleRuleCount: 10, maximumStyleMatchCount: 5_000)
        let one = "<svg><style>\(rules)</style><path d=\"M0 0 H1\"/></svg>"
        #expect(readingError(one, limits: limits)?.kind == .tooManyStyleRules(limit: 10, declarationLimit: 100_000))
        // 10 rules that match each of 600 paths: 600 × (its one attribute + 10 rules × (1 + 1 declaration)).
        let paths = String(repeating: "<path d=\"M0 0 H1\"/>", count: 600)
        let often = "<svg><style>\(String(repeating: "path { stroke: red } ", count: 10))</style>\(paths)</svg>"
        #expect(readingError(often, limits: limits)?.kind == .overBudget(.styleMatches, count: 12_600, limit: 5_000))
        // The same rules on 20 paths are fine.
        let few =
            "<svg><style>\(String(repeating: "path { stroke: red } ", count: 10))</style>"
            + String(repeating: "<path d=\"M0 0 H1\"/>", count: 20) + "</svg>"
        #expect(try SVGDocument(string: few, limits: limits).elements.count == 20)
    }

    @Test("Dash lists are bounded by their runs of digits: numbers need no separator (1+2, 1.2.3)")
    func dashListBound() throws {
        #expect(DocumentReader.listCount("1+2,3") == 3)
        #expect(DocumentReader.listCount("1.2.3") == 3)
        #expect(DocumentReader.listCount("1e3 -2 , 4px") == 4)
        #expect(DocumentReader.listCount("none") == 0)
        // Found by the budget fuzzer: a sheet's `1+2,3` is three entries, drawn twice (odd), on the
        // rect: six, where counting separators said four.
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg"><style>rect{stroke-dasharray:1+2,3}</style>"#
            + #"<rect width="5" height="5" stroke="red"/></svg>"#
        let limits = SVGDocumentLimits(maximumDrawnDashCount: 5)
        #expect(readingError(svg, limits: limits)?.kind == .overBudget(.dashEntries, count: 6, limit: 5))
    }

    @Test("What draws nothing wherever it stands is said once a kind: animations, media, text along a path")
    func undrawnElements() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <rect width="10" height="10"><animate attributeName="x" to="5" dur="1s"/><set attributeName="y" to="5"/></rect>
            <circle r="5"><animate attributeName="r" to="9" dur="1s"/></circle>
            <path id="p" d="M0 50h100"/><text><textPath href="#p">along</textPath></text><video/>
            </svg>
            """
        let messages = try SVGDocument(string: svg).warnings.map(\.message)
        #expect(
            messages.contains(
                "2 <animate> elements animate nothing: the document is drawn as it stands, its animations left out"))
        #expect(
            messages.contains(
                "a <set> element animates nothing: the document is drawn as it stands, its animations left out"))
        #expect(messages.contains("a <textPath> element draws nothing: librsvg does not lay text along a path"))
        #expect(messages.contains("a <video> element draws nothing: its content is not SVG and is left out"))
    }

    @Test("Dashes laid along a stroke count against the dash budget: length over period, plus one, times the dashes")
    func dashesAlongAStroke() throws {
        // Found by the budget fuzzer: a rect 6 × 10^30 units tall dashed `1 2 3` (200 bytes) took Cairo
        // 2 GiB. A 100 × 50 rect dashed `2 3 1 4` (period 10, perimeter 300): (300 / 10 + 1) × 2 = 62 dashes.
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="100" height="50" stroke="red" "#
            + #"stroke-dasharray="2 3 1 4"/></svg>"#
        #expect(
            readingError(svg, limits: SVGDocumentLimits(maximumDrawnDashCount: 61))?.kind
                == .overBudget(.dashes, count: 62, limit: 61))
        _ = try SVGDocument(string: svg, limits: SVGDocumentLimits(maximumDrawnDashCount: 62))
        let huge =
            #"<svg xmlns="http://www.w3.org/2000/svg"><style>rect{stroke-dasharray:1,2,3}</style>"#
            + #"<rect stroke="red" width="5" height="5888888888888888888888888888888"/></svg>"#
        guard case .overBudget(.dashes, let count, 1_000_000) = readingError(huge, limits: .default)?.kind else {
            Issue.record("expected the dash budget")
            return
        }
        #expect(count > 1e30)
        // Found by the budget fuzzer: an element without a stroke, its outline drawn in the progress
        // stroke along a `<g>`'s pattern (period 335 × 2); 450 bytes kept the rewrite walking 10^103
        // periods.
        let outline =
            #"<svg xmlns="http://www.w3.org/2000/svg"><g stroke-dasharray="2 328 5">"#
            + #"<rect width="12" height="5555555555555555555555555555555555555555555555555555555555"/></g></svg>"#
        guard case .overBudget(.dashes, let outlineCount, 1_000_000) = readingError(outline, limits: .default)?.kind
        else {
            Issue.record("expected the dash budget for an outline")
            return
        }
        #expect(outlineCount > 1e55)
    }

    @Test("The budget resolves a <use> as the reader does: a reference with spaces around it counts")
    func useReferenceBound() throws {
        // Found by the budget fuzzer: the reader trims `href="\t#b"` and draws #b, the budget took it for
        // no reference and counted nothing (35 elements drawn, 20 estimated).
        func cost(_ reference: String) throws -> (estimate: DocumentCost, visits: Int) {
            let svg =
                #"<svg xmlns="http://www.w3.org/2000/svg"><defs><rect id="r" width="1" height="1"/></defs>"#
                + #"<use href="\#(reference)"/></svg>"#
            let tree = try XMLTree.read(Array(svg.utf8), fileName: nil, limits: .default)
            var reader = DocumentReader(tree: tree, fileName: nil, limits: .default)
            let estimate = try reader.checkCost()
            _ = try reader.read()
            return (estimate, reader.visits)
        }
        let plain = try cost("#r")
        #expect(plain.estimate.elements >= Double(plain.visits))
        for spaced in [" #r", "\t#r ", "\n#r"] {
            let result = try cost(spaced)
            #expect(result.visits == plain.visits)
            #expect(result.estimate == plain.estimate)
        }
    }

    @Test("A <use> cycle is an error: itself, an ancestor, or through another <use>")
    func useCycles() throws {
        let cases = [
            ##"<use id="a" href="#a"/>"##,
            ##"<g id="a"><g><use href="#a"/></g></g>"##,
            ##"<defs><g id="a"><use xlink:href="#b"/></g><g id="b"><use href="#a"/></g></defs><use href="#a"/>"##,
            ##"<defs><symbol id="s"><use href="#s"/></symbol></defs><use href="#s"/>"##,
        ]
        for body in cases {
            do {
                _ = try document(body)
                Issue.record("expected a cycle: \(body)")
            } catch {
                guard case .useCycle = error.kind else {
                    Issue.record("expected a cycle, got \(error)")
                    continue
                }
                #expect(error.line == 1)
            }
        }
        // Using the same element twice, side by side, is no cycle.
        #expect(
            try document(##"<defs><path id="p" d="M0 0 H1"/></defs><use href="#p"/><use href="#p" x="3"/>"##)
                .elements.count == 2)
    }

    @Test("An unknown unit names the unit and the attribute")
    func unknownUnit() throws {
        let error = try #require(readingError(#"<svg><rect width="10qq" height="5"/></svg>"#))
        #expect(error.kind == .unknownUnit(element: "rect", attribute: "width", unit: "qq"))
        #expect(error.description.contains("unknown unit 'qq'"))
    }

    @Test(
        "Malformed transforms, points, view boxes, lengths and path data are errors",
        arguments: [
            (#"<g transform="rotate(45"><path d="M0 0 H1"/></g>"#, "transform"),
            (#"<path transform="scale(1,2,3)" d="M0 0 H1"/>"#, "transform"),
            (#"<path transform="translate(1 2),," d="M0 0 H1"/>"#, "transform"),
            (#"<path transform="spin(3)" d="M0 0 H1"/>"#, "transform"),
            (#"<polygon points="0,0 10,0 10"/>"#, "points"),
            (#"<polyline points="0,0 a 10,0"/>"#, "points"),
            (#"<circle r="x5"/>"#, "r"),
            (#"<svg viewBox="0 0 10"/>"#, "viewBox"),
            (#"<svg viewBox="0 0 10 10" preserveAspectRatio="xMidYMid cover"/>"#, "preserveAspectRatio"),
        ])
    func malformed(body: String, attribute: String) throws {
        do {
            _ = try document(body)
            Issue.record("expected an error for \(body)")
        } catch {
            guard case .invalidValue(_, let name, _, _) = error.kind else {
                Issue.record("got \(error)")
                return
            }
            #expect(name == attribute)
            #expect(error.line == 1)
        }
    }

    @Test("Bad path data keeps the path parser's error")
    func badPathData() throws {
        let error = try #require(readingError("<svg>\n<path d=\"M 0 0 L 5\"/></svg>"))
        guard case .invalidPathData(let element, let inner) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(element == "path")
        #expect(inner.offset == 9)
        #expect(error.line == 2)
    }

    @Test("Sniffing by content")
    func sniffing() {
        #expect(SVGDocument.looksLikeSVG(Array("<svg/>".utf8)))
        #expect(
            SVGDocument.looksLikeSVG(
                Array(
                    "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg>\n<svg:svg/>".utf8)
            ))
        #expect(!SVGDocument.looksLikeSVG(Array("{\"path\": \"M0 0\"}".utf8)))
        #expect(!SVGDocument.looksLikeSVG(Array("M 0 0 L 10 10".utf8)))
        #expect(!SVGDocument.looksLikeSVG(Array("<html><svg/></html>".utf8)))
    }
}
