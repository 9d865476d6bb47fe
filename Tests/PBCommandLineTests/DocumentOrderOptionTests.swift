import Foundation
import PBCommandLine
import PBRendering
import PBTestSupport
import Testing

@testable import PBJob

/// `--order`, `--delay` and the style flags with an SVG document, through the command line.
@Suite("render: --order, --delay and style flags with SVG documents")
struct DocumentOrderOptionTests {
    /// Two lines of length 100, red above, green below, both 8 wide, on a 200 × 100 canvas.
    static let document = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
          <line x1="50" y1="20" x2="150" y2="20" stroke="#FF0000" stroke-width="8"/>
          <line x1="50" y1="70" x2="150" y2="70" stroke="#00FF00" stroke-width="8"/>
        </svg>
        """

    func render(_ arguments: [String]) throws -> (RunResult, RGBAImage?) {
        let result = runTool(["--path", "d.svg", "-o", "-"] + arguments, files: ["d.svg": Self.document])
        guard result.exitCode == 0 else { return (result, nil) }
        return (result, try RGBAImage(png: result.outputBytes))
    }

    @Test("Each order through the command line: 0.5 is the first line, half of each, or the first line")
    func orders() throws {
        let (_, sequence) = try render(["--progress", "0.5"])
        let (_, together) = try render(["--progress", "0.5", "--order", "together"])
        let (_, delayed) = try render(["--progress", "0.5", "--delay", "0.5"])
        let images = try [sequence, together, delayed].map { try #require($0) }
        #expect(images[0][140, 20].red == 255 && images[0][60, 70].alpha == 0)
        #expect(images[1][60, 20].red == 255 && images[1][140, 20].alpha == 0 && images[1][60, 70].green == 255)
        #expect(images[2][140, 20].red == 255 && images[2][60, 70].alpha == 0)
    }

    @Test("Style flags override every element's own style; without them the document's colours are drawn")
    func styleFlagsOverride() throws {
        let (_, own) = try render(["--progress", "1"])
        #expect(try #require(own)[100, 70].green == 255)
        let (_, flagged) = try render(["--progress", "1", "--progress-color", "#0000FF", "--line-width", "2"])
        let image = try #require(flagged)
        #expect(image[100, 70].blue == 255 && image[100, 70].green == 0)
        // 2 wide now: 3 points off the line is blank (it was inside the 8-wide stroke).
        #expect(image[100, 73].alpha == 0)
    }

    @Test("--fills draws a gradient fill where the document puts it; a gradient stroke that cannot paint draws nothing")
    func gradientFills() throws {
        let document = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
              <linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
              <rect x="20" y="10" width="100" height="80" fill="url(#g)"/>
              <line x1="0" y1="95" x2="200" y2="95" stroke="url(#g)"/>
            </svg>
            """
        let result = runTool(
            ["--path", "g.svg", "--progress", "0", "--fills", "always", "-o", "-"], files: ["g.svg": document])
        #expect(result.exitCode == 0)
        // librsvg draws the document: a bounding-box gradient on a line paints nothing, as rsvg-convert
        // draws it (TODO(issue 29): name it once, as the old reader did).
        #expect(result.error.isEmpty, "\(result.error)")
        let image = try RGBAImage(png: result.outputBytes)
        // Pixel 70 covers x = 70.5: a fraction 0.505 of the way across the rectangle.
        let pixel = image[70, 50]
        #expect(abs(Int(pixel.red) - 126) <= 2 && pixel.green == 0 && abs(Int(pixel.blue) - 129) <= 2, "\(pixel)")
        #expect(image[150, 50].alpha == 0)
    }

    @Test("--order and --delay are refused for other sources, a delay outside 0...1, and with another order")
    func refusals() throws {
        let ring = runTool(["--progress", "0.5", "--order", "together", "-o", "-"])
        #expect(ring.exitCode == 2)
        #expect(ring.error.contains("'--order' orders the elements of an SVG document"), "\(ring.error)")
        let data = runTool(["--path-data", "M0 0H10", "--progress", "0.5", "--delay", "0.2", "-o", "-"])
        #expect(data.exitCode == 2 && data.error.contains("'--delay'"))
        for arguments in [["--delay", "1.5"], ["--delay", "0.2", "--order", "together"], ["--order", "zigzag"]] {
            let (result, _) = try render(["--progress", "0.5"] + arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result.error)")
            #expect(result.error.contains(arguments.count == 2 ? "delay" : "order"), "\(result.error)")
        }
        let fills = runTool(["--shape", "bar", "--progress", "0.5", "--fills", "always", "-o", "-"])
        #expect(
            fills.exitCode == 2 && fills.error.contains("'--fills' draws an SVG document's fills"), "\(fills.error)")
        let (spinner, _) = try render(["--indeterminate", "arc"])
        #expect(spinner.exitCode == 2 && spinner.error.contains("several elements"), "\(spinner.error)")
    }

    @Test(
        "A live or animated SVG of a document is refused where a dash cannot move it, naming why, with nothing written")
    func liveAndAnimatedRefusals() {
        let line = #"<line x1="10" y1="20" x2="110" y2="20" stroke="black"/>"#
        func document(_ body: String) -> String {
            #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">"# + body + "</svg>"
        }
        for (body, arguments, named) in [
            (
                line, ["--progress", "0.5", "--offset", "0.2", "--live"],
                "option '--offset' applies to a still image of one progress value, not with '--live'"
            ),
            (
                #"<g transform="skewX(30)">"# + line + "</g>", ["--animate-to", "1"],
                "option '--animate-to' does not apply here: an animated SVG reveals each element with a dash measured in its own space, and <line> (line 1) is skewed"
            ),
            (
                #"<line x1="10" y1="20" x2="110" y2="20" stroke="black" stroke-dasharray="4 2"/>"#,
                ["--progress", "0.5", "--live"],
                "a live SVG moves the progress with a dash, so <line> (line 1) cannot keep a dash pattern"
            ),
            (line, ["--indeterminate", "arc"], "a document's indeterminate SVG is not written"),
        ] {
            let result = runTool(
                ["--path", "d.svg", "-o", "-", "--format", "svg"] + arguments, files: ["d.svg": document(body)])
            #expect(result.exitCode == 2, "\(arguments)")
            #expect(result.error.contains(named), "\(result.error)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("A gradient along the path on a document is drawn in its first colour, said once")
    func gradientsAsOneColor() throws {
        let document =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><line x1="10" y1="20" x2="110" y2="20" stroke="black" stroke-width="8"/><line x1="10" y1="60" x2="110" y2="60" stroke="black" stroke-width="8"/></svg>"#
        let result = runTool(
            [
                "--path", "d.svg", "--progress", "0.5", "--progress-gradient", "#FF0000,#0000FF", "--track-gradient",
                "#00FF00,#0000FF", "-o", "-", "--format", "png",
            ], files: ["d.svg": document])
        #expect(result.exitCode == 0, "\(result.error)")
        for (option, color) in [("progress-gradient", "#FF0000"), ("track-gradient", "#00FF00")] {
            let warning =
                "pbrender: warning: option '--\(option)' is drawn in its first colour (\(color)) on a document"
            #expect(result.error.components(separatedBy: warning).count - 1 == 1, "\(result.error)")
        }
        // The first line (the progress's half), red to its end; the second, the track's green.
        let image = try RGBAImage(png: result.outputBytes)
        #expect(image[100, 20].red == 255 && image[100, 20].blue == 0, "\(image[100, 20])")
        #expect(image[100, 60].green == 255 && image[100, 60].red == 0, "\(image[100, 60])")
    }

    @Test("The server's query takes order= and delay= with a document body, and refuses them without one")
    func query() throws {
        let job = try RenderJob(query: "progress=0.5&order=together", body: Array(Self.document.utf8))
        let image = try RGBAImage(png: try job.render().bytes)
        #expect(image[60, 20].red == 255 && image[140, 20].alpha == 0 && image[60, 70].green == 255)
        #expect(throws: CommandLineError.self) { try RenderJob(query: "progress=0.5&delay=0.3&shape=ring") }
    }
}
