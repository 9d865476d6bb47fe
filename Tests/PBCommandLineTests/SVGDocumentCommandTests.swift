import Foundation
import PBCommandLine
import PBRendering
import PBSynchronization
import PBTestSupport
import Testing

@testable import PBJob

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--path` with an SVG document: `render`, `measure`, `trim` and the server's `curve=`, against
/// lengths and pixels computed by hand.
@Suite struct SVGDocumentCommandTests {
    /// A circle of radius 20 centred at (30, 50), then a 30 × 40 rectangle at (60, 30), on a
    /// 100 × 100 canvas. By SVG 2 the circle starts at its rightmost point (50, 50) and runs
    /// clockwise on screen (down first); the rectangle starts at its top-left corner and runs
    /// along the top. Lengths: 2π·20 = 40π and 2·(30 + 40) = 140.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
          <circle id="dot" cx="30" cy="50" r="20"/>
          <rect id="box" x="60" y="30" width="30" height="40"/>
        </svg>
        """
    static let circleLength = 40 * Double.pi
    static let rectLength = 140.0
    static let total = circleLength + rectLength

    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "pbrender-svgdoc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func image(_ name: String) throws -> RGBAImage {
        try RGBAImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))))
    }

    /// Whether nothing is painted at a pixel (the canvas is transparent by default).
    static func isBlank(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        image[x, y].alpha == 0
    }

    @Test("A document read by content (no .svg extension) draws half its length at 0.5, in document order")
    func rendersHalfTheLength() throws {
        let result = runTool(
            ["--path", "drawing", "--progress", "0.5", "--line-width", "4", "-o", path("half.png")],
            files: ["drawing": Self.document])
        #expect(result.exitCode == 0)
        #expect(result.error.isEmpty)
        let image = try image("half.png")
        #expect(image.width == 100 && image.height == 100)
        // Half of 40π + 140 is 20π + 70 ≈ 132.83: the whole circle (125.66), then 7.17 along the
        // rectangle's top, ending at x ≈ 67.2 (a round cap reaches 69.2).
        let end = 60 + Self.total / 2 - Self.circleLength
        #expect(abs(end - 67.168) < 1e-3)
        for (x, y) in [(50, 50), (30, 70), (10, 50), (30, 30), (61, 30), (65, 30)] {
            #expect(image.matches(.systemBlue, at: Double(x), Double(y)), "(\(x), \(y)) is progress")
        }
        // Past the end along the top, the rectangle's other sides, and the jump from the circle's
        // end (50, 50) to the rectangle's start (60, 30): nothing (no track by default).
        for (x, y) in [(73, 30), (85, 30), (90, 50), (75, 70), (60, 50), (55, 40)] {
            #expect(Self.isBlank(image, x, y), "(\(x), \(y)) is blank")
        }
    }

    @Test("At 0.25 the circle is drawn clockwise on screen from its rightmost point, a bit past half")
    func rendersInSVG2Direction() throws {
        let result = runTool(
            ["--path", "d.svg", "--progress", "0.25", "--line-width", "4", "-o", path("quarter.png")],
            files: ["d.svg": Self.document])
        #expect(result.exitCode == 0)
        let image = try image("quarter.png")
        // A quarter of the total is 66.42, past the half circle (62.83) by 3.58: (50, 50) down to
        // (30, 70), to (10, 50), and 3.58 up the left side; the top (30, 30) is not reached.
        #expect(image.matches(.systemBlue, at: 30, 70))
        #expect(image.matches(.systemBlue, at: 10, 50))
        #expect(Self.isBlank(image, 30, 30))
        #expect(Self.isBlank(image, 45, 37))
        #expect(Self.isBlank(image, 61, 30))
    }

    @Test("--size scales the whole document, and --track-color draws the outline beneath")
    func scalesAndDrawsTheTrack() throws {
        let result = runTool(
            [
                "--path", "d.svg", "--progress", "0.5", "--size", "200", "--line-width", "6", "--track-color",
                "#FF0000",
                "-o", path("big.png"),
            ],
            files: ["d.svg": Self.document])
        #expect(result.exitCode == 0)
        let image = try image("big.png")
        #expect(image.width == 200 && image.height == 200)
        // Every coordinate doubles: progress ends at x ≈ 134.3 on the top (y = 60).
        #expect(image.matches(.systemBlue, at: 20, 100))
        #expect(image.matches(.systemBlue, at: 126, 60))
        #expect(image.matches(Color(red: 1, green: 0, blue: 0, alpha: 1), at: 150, 60))
        #expect(image.matches(Color(red: 1, green: 0, blue: 0, alpha: 1), at: 180, 100))
        // The jump between the elements is not part of the outline.
        #expect(Self.isBlank(image, 110, 80))
    }

    @Test("A still PNG or PDF job holds its document rewritten only; an SVG job keeps it measured")
    func stillJobsHoldTheMarkup() throws {
        let context = CommandContext(
            writeOutput: { _ in }, writeError: { _ in },
            readFile: { _ throws(CommandLineError) in Array(Self.document.utf8) },
            readStandardInput: { [] })
        for (format, isMeasured) in [("png", false), ("pdf", false), ("webp", false), ("svg", true)] {
            let job = try RenderJob(
                arguments: ["--path", "d.svg", "--progress", "0.5", "--format", format], context: context)
            guard case .scene(let scene) = job.content else {
                Issue.record("\(format): not a still scene")
                continue
            }
            let layers = scene.layers.compactMap { if case .document(let layer) = $0 { layer } else { nil } }
            #expect(layers.count == 1 && layers.allSatisfy { ($0.measure != nil) == isMeasured }, "\(format)")
        }
    }

    @Test("Standard input: '--path -' reads a document")
    func readsStandardInput() throws {
        let output = Locked<[UInt8]>([])
        let context = CommandContext(
            writeOutput: { bytes in output.withLock { $0 += bytes } }, writeError: { _ in },
            readFile: { name throws(CommandLineError) in throw CommandLineError(FileError.reading(name, code: ENOENT))
            },
            readStandardInput: { Array(Self.document.utf8) })
        let code = Tool.run(["--path", "-", "--progress", "0.5", "--line-width", "4", "-o", "-"], context: context)
        #expect(code == 0)
        let image = try RGBAImage(png: output.withLock { $0 })
        #expect(image.width == 100)
        #expect(image.matches(.systemBlue, at: 65, 30))
        #expect(Self.isBlank(image, 73, 30))
        let measured = Locked<[UInt8]>([])
        let measure = CommandContext(
            writeOutput: { bytes in measured.withLock { $0 += bytes } }, writeError: { _ in },
            readFile: { name throws(CommandLineError) in throw CommandLineError(FileError.reading(name, code: ENOENT))
            },
            readStandardInput: { Array(Self.document.utf8) })
        #expect(Tool.run(["measure", "--path", "-"], context: measure) == 0)
        #expect(String(decoding: measured.withLock { $0 }, as: UTF8.self).contains("element 2: rect #box"))
    }

    @Test("The document's warnings reach the job's warnings")
    func warnsAboutText() throws {
        let withText = Self.document.replacingOccurrences(
            of: "</svg>", with: "  <text x=\"5\" y=\"5\">Hi</text>\n</svg>")
        let result = runTool(
            ["--path", "d.svg", "--progress", "1", "-o", path("text.png")], files: ["d.svg": withText])
        #expect(result.exitCode == 0)
        #expect(
            result.error
                == "pbrender: warning: d.svg:5: a <text> element appears when the drawing reaches it: "
                + "text has no outline to draw along\n")
        let job = try RenderJob(arguments: ["--progress", "1"])
        #expect(job.warnings.isEmpty)  // a shape, not a document: no document warnings
    }

    @Test("measure prints the total and each element; its lengths are the closed forms")
    func measuresElements() throws {
        let text = runTool(["measure", "--path", "d.svg"], files: ["d.svg": Self.document])
        #expect(text.exitCode == 0)
        let lines = text.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("length: 265.6637061") == true)
        #expect(lines.dropFirst().first?.hasPrefix("element 1: circle #dot (line 3): 125.6637061") == true)
        #expect(lines.last == "element 2: rect #box (line 4): 140")

        let result = runTool(["measure", "--path", "d.svg", "--json"], files: ["d.svg": Self.document])
        #expect(result.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let length = try #require(json["length"] as? Double)
        #expect(abs(length - Self.total) <= 1e-9 * Self.total)
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.map { $0["tag"] as? String } == ["circle", "rect"])
        #expect(elements.map { $0["id"] as? String } == ["dot", "box"])
        let lengths = elements.compactMap { $0["length"] as? Double }
        #expect(lengths.count == 2)
        #expect(abs(lengths[0] - Self.circleLength) <= 1e-9 * Self.circleLength)
        #expect(abs(lengths[1] - Self.rectLength) <= 1e-9 * Self.rectLength)
    }

    @Test("trim prints path data in canvas coordinates (after the viewBox)")
    func trimsInCanvasCoordinates() {
        // A 10 × 10 viewBox on a 100 × 100 canvas: every coordinate times 10.
        let scaled = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 10 10">
              <line x1="1" y1="1" x2="9" y2="1"/><polyline points="1,5 9,5"/>
            </svg>
            """
        let result = runTool(["trim", "--path", "s.svg", "--to", "0.75"], files: ["s.svg": scaled])
        #expect(result.exitCode == 0)
        // Lengths 80 + 80; three quarters is the first line and half the second.
        #expect(result.output == "M 10,10 L 90,10 M 10,50 L 50,50\n")
    }

    @Test("A malformed document: file:line:column, exit 2, the old output untouched")
    func refusesMalformedDocuments() throws {
        let original = Data("keep me".utf8)
        #expect(FileManager.default.createFile(atPath: path("out.png"), contents: original))
        let bad = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <circle r=\"5\"\n</svg>\n"
        let result = runTool(
            ["--path", "bad.svg", "--progress", "0.5", "-o", path("out.png")], files: ["bad.svg": bad])
        #expect(result.exitCode == 2)
        #expect(result.output.isEmpty)
        let pattern = #/^pbrender: error: bad\.svg:\d+:\d+: not well-formed XML: [^\n]+\n$/#
        #expect(result.error.wholeMatch(of: pattern) != nil, "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("out.png"))) == original)
        // A value that cannot be read names its element's line.
        expectUsageError(
            ["measure", "--path", "u.svg"],
            files: ["u.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<circle r=\"5qq\"/></svg>"],
            "u.svg:2: <circle> r: unknown unit 'qq' (use none, px, mm, cm, in, pt, pc, Q, em, ex or %)")
        expectUsageError(
            ["measure", "--path", "e.svg"], files: ["e.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"],
            "e.svg: the document has nothing to draw (no path, line, polyline, polygon, rect, circle or ellipse)")
    }

    @Test("An entity is refused and nothing it names is read")
    func refusesEntities() throws {
        let secret = path("secret.txt")
        try "TOP-SECRET-TEXT".write(toFile: secret, atomically: true, encoding: .utf8)
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY leak SYSTEM "file://\(secret)">]>
            <svg xmlns="http://www.w3.org/2000/svg"><path id="&leak;" d="M 0 0 H 10"/><text>&leak;</text></svg>
            """
        for arguments in [
            ["measure", "--path", "x.svg", "--json"], ["--path", "x.svg", "--progress", "1", "-o", "-"],
        ] {
            let result = runTool(arguments, files: ["x.svg": document])
            #expect(result.exitCode == 2)
            #expect(result.output.isEmpty)
            #expect(result.error.contains("entities are refused"))
            #expect(!result.error.contains("TOP-SECRET"))
            #expect(result.error.split(separator: "\n").count == 1)
        }
    }

    @Test("The server's curve= takes a document too")
    func serverCurveTakesADocument() throws {
        let encoded = try #require(Self.document.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let job = try RenderJob(query: "curve=\(encoded)&progress=0.5&line-width=4")
        let image = try RGBAImage(png: try job.render().bytes)
        #expect(image.width == 100 && image.height == 100)
        #expect(image.matches(.systemBlue, at: 65, 30))
        #expect(Self.isBlank(image, 73, 30))
        // JSON still works.
        let json = try #require(
            "{\"path\": \"M 0 0 H 10\"}".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        #expect(throws: Never.self) { try RenderJob(query: "curve=\(json)&progress=0.5") }
    }
}
