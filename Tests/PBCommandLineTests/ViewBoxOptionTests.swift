import PBCommandLine
import PBGeometry
import PBRendering
import Testing

@testable import PBJob

/// `--view-box` maps path data's and curve files' coordinates onto the canvas, as an SVG
/// document's `viewBox` does (`xMidYMid meet`).
@Suite("--view-box")
struct ViewBoxOptionTests {
    /// The still scene and its track's path (the first shape layer) for `arguments`.
    func scene(_ arguments: [String], files: [String: String] = [:]) throws -> (scene: Scene, track: Path) {
        let context = CommandContext(
            writeOutput: { _ in }, writeError: { _ in },
            readFile: { name throws(CommandLineError) in Array((files[name] ?? "").utf8) })
        let job = try RenderJob(arguments: arguments + ["--progress", "0.5", "--format", "svg"], context: context)
        guard case .scene(let scene) = job.content else { throw CommandLineError(.usage("not a still")) }
        for case .shape(let layer) in scene.layers { return (scene, layer.path.path) }
        throw CommandLineError(.usage("no shape layer"))
    }

    @Test("A 16-unit icon's line fills a 128-point canvas: 14 units long become 112 points, centred")
    func pathDataOnALargerCanvas() throws {
        let (scene, track) = try scene(["--path-data", "M1 8 H15", "--view-box", "0 0 16 16", "--size", "128"])
        #expect(scene.width == 128 && scene.height == 128)
        #expect(track.bounds == Rect(x: 8, y: 64, width: 112, height: 0))
    }

    @Test("Without a size the canvas is the box; one side given, the other follows the box's aspect")
    func canvasFromTheBox() throws {
        let alone = try scene(["--path-data", "M0 0 H32", "--view-box", "0 -8 32 16"])
        #expect(alone.scene.width == 32 && alone.scene.height == 16)
        #expect(alone.track.bounds == Rect(x: 0, y: 8, width: 32, height: 0))
        let wide = try scene(["--path-data", "M0 0 H32", "--view-box", "0 -8 32 16", "--width", "64"])
        #expect(wide.scene.width == 64 && wide.scene.height == 32)
        #expect(wide.track.bounds == Rect(x: 0, y: 16, width: 64, height: 0))
        // A canvas of another aspect: the box is scaled to fit inside (x 2), centred vertically.
        let tall = try scene(["--path-data", "M0 0 H32", "--view-box", "0 -8 32 16", "--size", "64x100"])
        #expect(tall.track.bounds == Rect(x: 0, y: 50, width: 64, height: 0))
    }

    @Test("A curve file's viewBox key does the same")
    func curveFileKey() throws {
        let file = #"{"path": "M1 8 H15", "viewBox": "0 0 16 16"}"#
        let (scene, track) = try scene(["--path", "icon.json", "--size", "128"], files: ["icon.json": file])
        #expect(scene.width == 128 && track.bounds == Rect(x: 8, y: 64, width: 112, height: 0))
    }

    @Test("A stroke cut at the canvas's edges is named with how far; one that fits, or half a pixel less, is not")
    func strokePastTheCanvas() throws {
        func warnings(_ arguments: [String]) throws -> [String] {
            let context = CommandContext(writeOutput: { _ in }, writeError: { _ in }, readFile: { _ in [] })
            return try RenderJob(arguments: arguments + ["--progress", "1", "--format", "png"], context: context)
                .warnings.map(\.description)
        }
        // 0...16 is 0...128 points; round caps 12 wide reach 6 past both ends.
        let line = ["--path-data", "M0 8 H16", "--line-width", "12"]
        #expect(
            try warnings(line + ["--view-box", "0 0 16 16", "--size", "128"]) == [
                "the stroke reaches 6 points past the canvas's left and right edges and is cut there: give the path "
                    + "room with a larger canvas or option '--view-box', or a thinner stroke with option '--line-width'"
            ])
        // The same line in a box with room for its caps.
        #expect(try warnings(line + ["--view-box", "-1 -1 18 18", "--size", "144"]).isEmpty)
        // Butt caps 0.8 wide at x = 0 reach 0.4 points past the left edge (and 0.8 pixels at 2x).
        let butt = ["--path-data", "M0 0 V10", "--size", "10", "--line-width", "0.8", "--line-cap", "butt"]
        #expect(try warnings(butt).isEmpty)
        #expect(try warnings(butt + ["--scale", "2"]).count == 1)
        // A canvas that fits the stroke (no size) never cuts it.
        #expect(try warnings(line).isEmpty)
    }

    @Test("Refused for a built-in shape and for a box that is not four numbers with a positive size")
    func refusals() {
        #expect(throws: CommandLineError.self) { try scene(["--shape", "ring", "--view-box", "0 0 16 16"]) }
        for text in ["0 0 16", "0 0 0 16", "0 0 16 -1", "a b c d"] {
            let error = #expect(throws: CommandLineError.self) {
                try scene(["--path-data", "M0 0 H1", "--view-box", text])
            }
            #expect(error.map { "\($0)" }?.hasPrefix("option '--view-box' expects four numbers") == true, "\(text)")
        }
    }
}
