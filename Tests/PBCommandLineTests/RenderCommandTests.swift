import Foundation
import PBRendering
import PBTestSupport
import Testing

/// `pbrender [render]`, in process, writing into a fresh temporary directory.
@Suite struct RenderCommandTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "pbrender-render-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func image(_ name: String) throws -> RGBAImage {
        try RGBAImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))))
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func rendersTheDefaultRing() throws {
        let result = runTool(["--progress", "0.5", "-o", path("ring.png")])
        #expect(result.exitCode == 0 && result.error.isEmpty && result.output.isEmpty)
        let ring = try image("ring.png")
        #expect(ring.width == 256 && ring.height == 256)
        // Half way: the right half is progress, the left half track.
        #expect(ring.matches(.systemBlue, at: 250, 128))
        #expect(ring.matches(.systemGray5, at: 6, 128))
        #expect(try files() == ["ring.png"])
    }

    @Test func acceptsPercentagesAndRatiosOfCounts() throws {
        for (name, progress) in [("a.png", "0.25"), ("b.png", "25%"), ("c.png", "262144/1048576")] {
            #expect(runTool(["render", "--shape", "bar", "--progress", progress, "-o", path(name)]).exitCode == 0)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: path("a.png")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("b.png"))) == a)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("c.png"))) == a)
        expectUsageError(
            ["--progress", "5/0", "-o", path("x.png")],
            "option '--progress': the total in '5/0' must be above zero (an unknown total has no progress)")
        // Refused where it is read, the same for every option that takes a progress.
        for option in ["--progress", "--from", "--animate-from"] {
            expectUsageError(
                [option, "1e300/1e-300", "-o", path("x.png")],
                "option '\(option)': '1e300/1e-300' is not a finite number: the ratio overflows")
        }
    }

    @Test func choosesTheFormatFromTheExtensionOrTheFlag() throws {
        #expect(runTool(["--progress", "0.5", "-o", path("r.svg")]).exitCode == 0)
        #expect(runTool(["--progress", "0.5", "-o", path("r.pdf")]).exitCode == 0)
        #expect(runTool(["--progress", "0.5", "-o", path("r.img"), "--format", "svg"]).exitCode == 0)
        let svg = try String(contentsOfFile: path("r.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns="))
        #expect(try String(contentsOfFile: path("r.img"), encoding: .utf8) == svg)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("r.pdf"))).starts(with: Array("%PDF".utf8)))
        expectUsageError(
            ["--progress", "0.5", "-o", path("r.jpg")],
            "cannot tell the format of '\(path("r.jpg"))' from its extension: use .png, .svg, .pdf, .apng, .webp or .gif, or '--format'",
            usage: Usage.render)
        expectUsageError(
            ["--progress", "0.5", "--format", "bmp"],
            "option '--format' expects one of 'png', 'svg', 'pdf', 'apng', 'webp', 'gif', not 'bmp'")
    }

    @Test func writesToStandardOutput() throws {
        let result = runTool(["--progress", "0.5", "--shape", "bar", "-o", "-"])
        #expect(result.exitCode == 0)
        #expect(result.outputBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func flagsOverrideTheCurveFilesStyle() throws {
        let file = """
            {"width": 100, "height": 100, "path": "M 10 50 H 90",
             "style": {"lineWidth": 10, "progressColor": "#FF0000", "lineCap": "butt"}}
            """
        let files = ["c.json": file]
        #expect(runTool(["--path", "c.json", "--progress", "1", "-o", path("red.png")], files: files).exitCode == 0)
        #expect(
            runTool(
                ["--path", "c.json", "--progress", "1", "--progress-color", "#00FF00", "-o", path("green.png")],
                files: files
            ).exitCode == 0)
        let red = try image("red.png")
        let green = try image("green.png")
        #expect(red.matches(Color(red: 1, green: 0, blue: 0), at: 50, 50))
        #expect(green.matches(Color(red: 0, green: 1, blue: 0), at: 50, 50))
        // Butt caps from the file: nothing left of x = 10.
        #expect(red[8, 50].alpha == 0 && red[12, 50].alpha == 255)
    }

    @Test func fitsAPathWithoutACanvasToItsStroke() throws {
        let result = runTool([
            "--path-data", "M 100 100 H 200", "--line-width", "10", "--progress", "1", "-o", path("f.png"),
        ])
        #expect(result.exitCode == 0)
        let fitted = try image("f.png")
        // 100 long plus round caps of 5 each side; 10 tall.
        #expect(fitted.width == 110 && fitted.height == 10)
    }

    @Test func rendersFramesOnEveryCore() throws {
        let result = runTool(["--shape", "ring", "--frames", "5", "-o", path("frame-%02d.png")])
        #expect(result.exitCode == 0)
        #expect(result.error.isEmpty)
        #expect(try files() == (0..<5).map { "frame-0\($0).png" })
        #expect(try image("frame-00.png").count(of: .systemBlue) == 0)
        // Frame 2 of 0...4 is progress 0.5: the right half.
        let middle = try image("frame-02.png")
        #expect(middle.matches(.systemBlue, at: 250, 128) && middle.matches(.systemGray5, at: 6, 128))
        #expect(try image("frame-04.png").matches(.systemBlue, at: 6, 128))
        // The same frame rendered alone is the same file.
        #expect(runTool(["--progress", "0.5", "-o", path("single.png")]).exitCode == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path("single.png")))
                == Data(contentsOf: URL(fileURLWithPath: path("frame-02.png"))))
    }

    @Test func aSingleFrameIsTheFirstFramesProgress() throws {
        // One frame from 0.5 to 1 is the frame at 0.5 (`--from`), not at `--to`.
        #expect(runTool(["--frames", "1", "--from", "0.5", "--to", "1", "-o", path("one-%d.png")]).exitCode == 0)
        #expect(runTool(["--progress", "0.5", "-o", path("half.png")]).exitCode == 0)
        #expect(try files() == ["half.png", "one-0.png"])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path("one-0.png")))
                == Data(contentsOf: URL(fileURLWithPath: path("half.png"))))
    }

    @Test func frameRangesAndPatterns() throws {
        let result = runTool(["--frames", "3", "--from", "0.5", "--to", "1", "-o", path("p%%-%d.svg")])
        #expect(result.exitCode == 0)
        #expect(try files() == ["p%-0.svg", "p%-1.svg", "p%-2.svg"])
        expectUsageError(
            ["--frames", "0", "-o", path("f%d.png")],
            "option '--frames' expects a whole number from 1 to 1000000, not '0'")
        expectUsageError(
            ["--frames", "3", "-o", path("frame.png")],
            "the frame pattern '\(path("frame.png"))' has no %d for the frame number (like 'frame-%03d.png')")
        expectUsageError(
            ["--frames", "3", "-o", path("f%s.png")],
            "the frame pattern '\(path("f%s.png"))' must contain exactly one %d (like 'frame-%03d.png'), and %% for a percent sign"
        )
        expectUsageError(
            ["--frames", "3"], "'--frames' needs '-o' with a file pattern, like -o 'frame-%03d.png'",
            usage: Usage.render)
        expectUsageError(
            ["--frames", "3", "--progress", "1", "-o", path("f%d.png")],
            "give either '--progress' or '--frames', not both", usage: Usage.render)
        expectUsageError(
            ["--progress", "1", "--from", "0"], "option '--from' only applies with '--frames'", usage: Usage.render)
    }

    @Test func controlCharactersInAMessageAreEscaped() {
        expectUsageError(
            ["--fo\no\u{7}"], "unknown option '--fo\\no\\u{7}'", usage: Usage.render)
    }

    @Test func paintsThatWouldHideEachOtherAreRefused() {
        let out = path("paints.png")
        expectUsageError(
            ["--progress", "0.5", "--color-stops", "0:red", "--progress-gradient", "red,blue", "-o", out],
            "give either '--progress-gradient' (colours along the path) or '--color-stops' (one colour by value), not both",
            usage: Usage.render)
        expectUsageError(
            ["--values", "0.2,0.3", "--color-stops", "0:red", "-o", out],
            "give either '--color-stops' or '--values' (each value has its own colour), not both", usage: Usage.render)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func badInputEndsWithCodeTwoAndNoFile() throws {
        let out = path("bad.png")
        expectUsageError(
            ["--shape", "rnig", "--progress", "0.5", "-o", out],
            "option '--shape': 'rnig' is not one of 'bar', 'ring', 'semicircle', 'gauge' (did you mean 'ring'?)")
        expectUsageError(
            ["--progress-color", "#12", "--progress", "0.5", "-o", out],
            "option '--progress-color': '#12' is not a colour: use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a), a CSS colour name (tomato) or a system colour (systemBlue)"
        )
        // A near miss of a name is suggested.
        expectUsageError(
            ["--progress-color", "sytemBlue", "--progress", "0.5", "-o", out],
            "option '--progress-color': 'sytemBlue' is not a colour (did you mean 'systemBlue'?): use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a), a CSS colour name (tomato) or a system colour (systemBlue)"
        )
        expectUsageError(
            ["--line-width", "-1", "--progress", "0.5", "-o", out],
            "option '--line-width' expects a number >= 0, not '-1'")
        expectUsageError(
            ["--line-width", "inf", "--progress", "0.5", "-o", out],
            "option '--line-width' expects a number >= 0, not 'inf'")
        expectUsageError(
            ["--line-cap", "flat", "--progress", "0.5", "-o", out],
            "option '--line-cap' expects one of 'butt', 'round', 'square', not 'flat'")
        expectUsageError(
            ["--dash", "0,0", "--progress", "0.5", "-o", out],
            "option '--dash' expects a dash pattern: lengths >= 0 separated by commas, not all zero (like '6,4'), not '0,0'"
        )
        expectUsageError(
            ["--progress", "nan", "-o", out],
            "option '--progress' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not 'nan'")
        expectUsageError(
            ["--width", "20000", "--height", "100", "--progress", "0.5", "-o", out],
            "option '--width' gives a canvas 20000 points wide; the limit is 16384 a side")
        // The side came from '--size': the message names it, not '--width'.
        expectUsageError(
            ["--size", "20000", "--progress", "0.5", "-o", out],
            "option '--size' gives a canvas 20000 points wide; the limit is 16384 a side")
        expectUsageError(
            ["--size", "9000", "--scale", "2", "--progress", "0.5", "-o", out],
            "option '--size' gives a canvas 9000 points wide, 18000 pixels at this scale; the limit is 16384 pixels a side"
        )
        expectUsageError(
            ["-o", out],
            "give the progress with '--progress P' (like 0.5 or 50%) or one of '--values', '--bytes', '--step' and '--phases'; or frames with '--frames N'",
            usage: Usage.render)
        expectUsageError(
            ["--indeterminate", "spinner", "--progress", "0.3", "-o", "spin.apng"],
            "an indeterminate indicator shows activity, not an amount: '--progress' and '--values' do not apply "
                + "with '--indeterminate'", usage: Usage.render)
        expectUsageError(
            ["--shape", "bar", "--path-data", "M 0 0 H 1", "--progress", "1"],
            "give one of '--path', '--path-data' and '--shape', not '--path-data' and '--shape'", usage: Usage.render)
        expectUsageError(
            ["--path", "c.json", "--progress", "1", "-o", out],
            files: ["c.json": "{\"path\": \"M 0 0 H 9\", \"style\": {\"linewidth\": 3}}"],
            "c.json:1:33: unknown key 'linewidth' in 'style' (did you mean 'lineWidth'?)")
        expectUsageError(
            ["--path", "c.json", "--progress", "1", "-o", out],
            files: ["c.json": "{\"path\": \"M 0 0 H 9\", \"style\": {\"lineWidth\": \"3\"}}"],
            "c.json:1:46: 'lineWidth' must be a number >= 0, not a string")
        #expect(try files().isEmpty)
    }

    @Test func aFailedWriteLeavesNothingBehindAndExitsWithOne() throws {
        #expect(FileManager.default.createFile(atPath: path("plain"), contents: Data("x".utf8)))
        let result = runTool(["--progress", "0.5", "-o", path("plain/ring.png")])
        #expect(result.exitCode == 1)
        #expect(result.error.hasPrefix("pbrender: error: cannot write '\(path("plain/ring.png"))': Not a directory"))
        #expect(try files() == ["plain"])
    }

    @Test func aFailedRunNeverClobbersAnExistingFile() throws {
        let original = Data("keep me".utf8)
        #expect(FileManager.default.createFile(atPath: path("out.png"), contents: original))
        #expect(runTool(["--progress", "x", "-o", path("out.png")]).exitCode == 2)
        #expect(runTool(["--width", "99999", "--height", "9", "--progress", "1", "-o", path("out.png")]).exitCode == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("out.png"))) == original)
        // A successful run replaces it whole.
        #expect(runTool(["--progress", "1", "-o", path("out.png")]).exitCode == 0)
        #expect(try image("out.png").width == 256)
        #expect(try files() == ["out.png"])
    }
}
