import Foundation
import PBRendering
import PBTestSupport
import Testing

/// Issue 9's structural checks of the SVG pbrender writes, read back by an XML parser
/// (``ParsedXML``, libxml2) rather than by searching the text: accessibility, escaping, units,
/// arcs, size and determinism.
@Suite struct WebSVGStructureTests {
    static func document(_ arguments: [String]) throws -> (text: String, root: ParsedXML.Element) {
        let text = try Oracle.svg(arguments)
        return (text, try ParsedXML(parsing: text).root)
    }

    @Test(arguments: [
        ("0.37", "37", "Progress: 37%"), ("0.125", "12.5", "Progress: 12.5%"), ("1/3", "33.33", "Progress: 33.33%"),
        ("0", "0", "Progress: 0%"), ("1", "100", "Progress: 100%"),
    ])
    func rootIsAProgressbarWithItsValue(progress: String, now: String, title: String) throws {
        let (_, svg) = try Self.document(["--progress", progress])
        #expect(svg.name == "svg")
        #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(svg.attributes["role"] == "progressbar")
        #expect(svg.attributes["aria-valuemin"] == "0")
        #expect(svg.attributes["aria-valuemax"] == "100")
        #expect(svg.attributes["aria-valuenow"] == now)
        #expect(svg.attributes["aria-hidden"] == nil)
        #expect(svg.all("title").map(\.text) == [title])
        #expect(svg.children.first?.name == "title", "the title is the root's first child")
        #expect(svg.first("desc") == nil)
    }

    @Test func titleAndDescriptionAreTheGivenText() throws {
        let (_, svg) = try Self.document([
            "--progress", "0.5", "--title", "Uploading photos", "--description", "Three of six photos are uploaded.",
        ])
        #expect(svg.all("title").map(\.text) == ["Uploading photos"])
        #expect(svg.all("desc").map(\.text) == ["Three of six photos are uploaded."])
        #expect(svg.attributes["aria-valuenow"] == "50")
    }

    @Test func decorativeIsHiddenWithoutATitle() throws {
        let (_, svg) = try Self.document(["--progress", "0.5", "--decorative", "--description", "ignored"])
        #expect(svg.attributes["aria-hidden"] == "true")
        #expect(svg.first("title") == nil && svg.first("desc") == nil)
        #expect(svg.attributes["role"] == nil && svg.attributes["aria-valuenow"] == nil)
        #expect(!svg.all("path").isEmpty, "still drawn")
    }

    /// Text that would break out of its element or attribute if it were not escaped.
    static let hostile = "</title><script>alert(\"x\")</script> & 'q' ]]> <!-- \" <b>&amp;"

    @Test func hostileTextIsEscaped() throws {
        let (text, svg) = try Self.document([
            "--progress", "0.5", "--title", Self.hostile, "--description", Self.hostile, "--label", "<b>&\"'</b>",
        ])
        #expect(svg.all("title").map(\.text) == [Self.hostile])
        #expect(svg.all("desc").map(\.text) == [Self.hostile])
        #expect(svg.all("text").map(\.text) == ["<b>&\"'</b>"])
        #expect(svg.attributes["aria-valuetext"] == "<b>&\"'</b>")
        #expect(svg.first("script") == nil && svg.first("b") == nil)
        #expect(!text.contains("<script") && !text.contains("<b>"))
        // Characters XML cannot hold are left out rather than written.
        let (_, controls) = try Self.document(["--progress", "0.5", "--title", "a\u{1}b\u{8}c\u{FFFE}d"])
        #expect(controls.all("title").map(\.text) == ["abcd"])
    }

    /// Every static SVG the suite's subjects give, with its name.
    static func staticDocuments() throws -> [(name: String, text: String)] {
        var documents: [(String, String)] = []
        for (name, path) in Oracle.examples {
            documents.append((name, try Oracle.svg(["--path", path, "--progress", "0.6"])))
        }
        for shape in ProgressShape.allCases {
            documents.append((shape.rawValue, try Oracle.svg(["--shape", shape.rawValue, "--progress", "0.6"])))
            documents.append(
                (
                    "\(shape.rawValue) gradient",
                    try Oracle.svg(["--shape", shape.rawValue, "--progress", "0.6", "--progress-gradient", "red,blue"])
                ))
            documents.append(
                (
                    "\(shape.rawValue) labelled",
                    try Oracle.svg(["--shape", shape.rawValue, "--progress", "0.6", "--label", "percent"])
                ))
        }
        return documents
    }

    @Test func unitsAreUserUnitsAndNumbersShort() throws {
        let decimals = try Regex("[0-9]\\.[0-9]{4,}")
        let trailingZero = try Regex("\\.[0-9]*0(?![0-9])")
        let points = try Regex("[0-9](pt|mm|cm|in)\\b")
        let plain = try Regex("^[0-9]+(\\.[0-9]{1,3})?$")
        for (name, text) in try Self.staticDocuments() {
            let svg = try ParsedXML(parsing: text).root
            for dimension in ["width", "height"] {
                let value = try #require(svg.attributes[dimension], "\(name)")
                #expect(value.wholeMatch(of: plain) != nil, "\(name): \(dimension)=\"\(value)\" is not a plain number")
            }
            let viewBox = "0 0 \(svg.attributes["width"] ?? "") \(svg.attributes["height"] ?? "")"
            #expect(svg.attributes["viewBox"] == viewBox, "\(name)")
            #expect(text.firstMatch(of: points) == nil, "\(name) has a unit")
            // Presentation attributes, not style soup: no style attribute in a static SVG.
            #expect(svg.descendants.allSatisfy { $0.attributes["style"] == nil }, "\(name) has a style attribute")
            for path in svg.all("path") {
                let data = path.attributes["d"] ?? ""
                #expect(data.firstMatch(of: decimals) == nil, "\(name): more than 3 decimals in \(data)")
                #expect(data.firstMatch(of: trailingZero) == nil, "\(name): a trailing zero in \(data)")
            }
        }
    }

    @Test(arguments: ["ring", "semicircle", "gauge"])
    func roundShapesAreArcs(shape: String) throws {
        let (_, svg) = try Self.document(["--shape", shape, "--progress", "0.6"])
        let paths = svg.all("path").compactMap { $0.attributes["d"] }
        #expect(paths.count == 2, "a track and a progress")
        for data in paths {
            #expect(data.contains("A"), "\(data) has no arc")
            #expect(!data.contains("C") && !data.contains("Q"), "\(data) has curves")
        }
        // The curve files drawn with arcs keep them too.
        for example in ["ring", "gauge", "semicircle", "steps-ring", "thick-track"] {
            let path = Oracle.root.appendingPathComponent("Examples/\(example).json").path
            let (_, file) = try Self.document(["--path", path, "--progress", "0.6"])
            for data in file.all("path").compactMap({ $0.attributes["d"] }) {
                #expect(data.contains("A") && !data.contains("C"), "\(example): \(data)")
            }
        }
    }

    /// The default ring at 0.5: a few hundred bytes. 609 bytes measured (the size, viewBox and
    /// ARIA attributes, a title, a dark-mode rule and two paths of two arcs); Cairo's SVG of the
    /// same scene, the reference before the writer replaced it (commit 4b610b3), was 1,192 bytes
    /// with neither accessibility nor dark mode.
    @Test func theDefaultRingIsAFewHundredBytes() throws {
        let bytes = try Oracle.run(["--progress", "0.5", "-o", "-", "--format", "svg"])
        #expect(bytes.count <= 700, "\(bytes.count) bytes")
        #expect(bytes.count >= 300, "\(bytes.count) bytes: something is missing")
        print("default ring at 0.5: \(bytes.count) bytes of SVG")
    }

    /// Arguments whose SVGs carry content-derived names (dark rules, gradients, masks, labels).
    static let deterministicCases: [[String]] = [
        ["--progress", "0.5"],
        ["--progress", "0.7", "--progress-gradient", "#FF3B30,#FFCC00,#34C759", "--label", "percent"],
        ["--shape", "bar", "--values", "0.2,0.3", "--live"],
        ["--bytes", "3145728/10485760", "--label", "{bytes} of {totalBytes}", "--locale", "ar_EG"],
    ]

    @Test func bytesAreTheSameEveryTimeAndInEveryProcess() throws {
        for arguments in Self.deterministicCases {
            let first = try Oracle.run(arguments + ["-o", "-", "--format", "svg"])
            let second = try Oracle.run(arguments + ["-o", "-", "--format", "svg"])
            #expect(first == second, "\(arguments)")
            for _ in 0..<2 {
                let process = try Self.runBinary(arguments + ["-o", "-", "--format", "svg"])
                #expect(process == first, "\(arguments): another process wrote other bytes")
            }
        }
        // Different content, different names: two scenes inlined in one page cannot clash.
        let classes = try Regex("pb[0-9a-f]{1,8}-")
        let a = try Oracle.svg(["--progress", "0.5"])
        let b = try Oracle.svg(["--progress", "0.6"])
        #expect(
            a.firstMatch(of: classes).map { String(a[$0.range]) }
                != b.firstMatch(of: classes).map { String(b[$0.range]) })
    }

    /// Standard output of the real `pbrender` binary (a process of its own, so nothing in this
    /// process's memory can make two runs agree).
    static func runBinary(_ arguments: [String]) throws -> [UInt8] {
        let outcome = try ChildProcess.run(EndToEndTests.binary, arguments, in: Oracle.root)
        try #require(outcome.status == 0, "pbrender \(arguments): \(outcome.errorText)")
        return Array(outcome.output)
    }
}
