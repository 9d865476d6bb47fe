import Foundation
import PBRendering
import Testing

@testable import PBCommandLine
@testable import PBJob

@Suite("pbrender badge")
struct BadgeCommandTests {
    static let usage = """
        USAGE: pbrender badge --progress P [--title TEXT] [--total N] [--style STYLE] [-o OUT] [options]
          See 'pbrender badge --help' for more information.
        """

    @Test("The options shared with render are render's, and every changed help belongs to one of them")
    func sharedOptions() {
        let names = Set(BadgeOptions.schema.map(\.name))
        #expect(Set(BadgeOptions.sharedNames).isSubset(of: names))
        #expect(Set(BadgeOptions.sharedHelp.keys).isSubset(of: Set(BadgeOptions.sharedNames)))
        #expect(BadgeOptions.schema.first { $0.name == "font" }?.help == BadgeOptions.sharedHelp["font"])
    }

    @Test("Writes the library's badge: the same bytes as Badge.scene() for the same settings")
    func sameAsTheLibrary() throws {
        let svg = runTool(["badge", "--title", "coverage", "--progress", "0.87", "-o", "-", "--format", "svg"])
        #expect(svg.exitCode == 0, "\(svg.error)")
        #expect(svg.outputBytes == (try Badge(title: "coverage", progress: 0.87).scene().svgData()))

        let options = [
            "badge", "--title", "tests", "--progress", "217/250", "--total", "250", "--style", "plastic", "--suffix",
            " passed", "--color-stops", "0:#000000,0.5:#FFFFFF", "--title-color", "#123456", "--scale", "2",
            "--locale", "de_DE", "-o", "-",
        ]
        var badge = Badge(title: "tests", progress: 217.0 / 250)
        badge.total = 250
        badge.style = .plastic
        badge.suffix = " passed"
        badge.colors = try ValueColors(stops: [(0, .black), (0.5, .white)])
        badge.titleColor = Color(red8: 0x12, green8: 0x34, blue8: 0x56)
        badge.darkTitleColor = badge.titleColor
        badge.scale = 2
        badge.formatter = try ProgressTextFormatter(localeIdentifier: "de_DE")
        let png = runTool(options)
        #expect(png.exitCode == 0, "\(png.error)")
        #expect(png.outputBytes == (try badge.scene().render(as: .png)))
        let image = try RGBAImage(png: png.outputBytes)
        let scene = try badge.scene()
        #expect(image.width == Int(2 * scene.width) && image.height == 36)
    }

    @Test("Writes badge.svg unless told otherwise, and says so")
    func defaultOutput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-badge-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try EndToEndTests.run(["badge", "--progress", "0.5"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.error == "pbrender: wrote badge.svg\n")
        let text = try String(contentsOf: directory.appendingPathComponent("badge.svg"), encoding: .utf8)
        #expect(text.contains("aria-label=\"progress: 50%\""))
    }

    @Test("Usage errors say what to give instead")
    func errors() {
        expectUsageError(
            ["badge", "--title", "x"],
            "give the progress with '--progress P' (like 0.87, 87% or 217/250), or '--start DATE' and '--end DATE' "
                + "for one that moves with the clock",
            usage: Self.usage)
        expectUsageError(
            ["badge", "--progress", "1", "--scale", "2", "-o", "b.svg"],
            "option '--scale' applies to PNG, WebP or GIF output only: SVG and PDF are vector (sized in points)",
            usage: Self.usage)
        expectUsageError(
            ["badge", "--progress", "1", "-o", "b.apng"],
            "a badge is a still image: write PNG, SVG, PDF, WebP or GIF (-o badge.svg)", usage: Self.usage)
        expectUsageError(
            ["badge", "--progress", "1", "--appearance", "dark", "-o", "b.svg"],
            "option '--appearance' applies to PNG, PDF, WebP and GIF: an SVG carries both appearances and follows the viewer's",
            usage: Self.usage)
        expectUsageError(
            ["badge", "--progress", "1", "--color-stops-blend"],
            "'--color-stops-blend' blends the stops of '--color-stops': give them too", usage: Self.usage)
        expectUsageError(
            ["badge", "--progress", "1", "--style", "flat-sqare"],
            "option '--style': 'flat-sqare' is not one of 'flat', 'flat-square', 'plastic', 'for-the-badge', 'social' "
                + "(did you mean 'flat-square'?)")
        expectUsageError(
            ["badge", "--progress", "1", "--total", "0"], "option '--total' expects a whole number >= 1, not '0'")
        expectUsageError(
            ["badge", "--progress", "1", "--shape", "ring"], "unknown option '--shape' (did you mean '--scale'?)",
            usage: Self.usage)
    }

    @Test("Help lists the badge's options, then those it shares with render, explained for badges")
    func help() {
        let help = runTool(["badge", "--help"]).output
        #expect(
            help.hasPrefix(
                "OVERVIEW: Draw a shields-style badge: a title, a small progress bar and the\n"
                    + "          value (PNG, SVG, PDF, WebP or GIF).\n"))
        #expect(help.contains("\nBADGE:\n  --title TEXT "))
        #expect(help.contains("  --progress P              The progress: 0.87, 87% or a ratio of counts like\n"))
        #expect(help.contains("  -o, --output OUT          The file to write ('-' for standard output; default\n"))
        #expect(help.contains("  --color-stops V:C,...  "))
        #expect(!help.contains("--frames"))
        let serve = runTool(["help", "serve"]).output
        #expect(serve.contains("\nROUTES:\n  GET /render.png|svg|pdf|apng?OPTIONS"))
        #expect(serve.contains("  --cache-size SIZE "))
    }
}
