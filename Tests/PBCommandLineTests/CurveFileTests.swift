import PBGeometry
import Testing

@testable import PBCommandLine
@testable import PBJob

@Suite struct CurveFileTests {
    @Test func readsTheDesignExample() throws {
        let text = """
            {
              "width": 256, "height": 256,
              "path": "M 20 200 C 60 20, 200 20, 236 200",
              "style": { "lineWidth": 12 }
            }
            """
        let file = try CurveFile.decode(Array(text.utf8), file: "curve.json")
        #expect(file.canvas == Size(width: 256, height: 256))
        #expect(
            file.path.elements == [
                .move(to: Point(20, 200)),
                .curve(to: Point(236, 200), control1: Point(60, 20), control2: Point(200, 20)),
            ])
        // The style is read into the render options.
        var options = RenderOptions()
        try file.apply(to: &options)
        #expect(options.indicator.style.lineWidth == 12)
    }

    @Test(arguments: [
        (
            "{\"path\": \"M 0 0 L 1 1\", \"widht\": 3}",
            "c.json:1:25: unknown key 'widht' in the curve file (did you mean 'width'?)"
        ),
        ("{\"width\": 10, \"height\": 10}", "c.json:1:1: the curve file has no 'path' (a string of SVG path data)"),
        ("{\"path\": 5}", "c.json:1:10: 'path' must be a string of SVG path data, not a number"),
        (
            "{\"path\": \"M 0 0\", \"width\": -1, \"height\": 5}",
            "c.json:1:28: 'width' must be a positive number, not -1"
        ),
        (
            "{\"path\": \"M 0 0\", \"width\": \"5\", \"height\": 5}",
            "c.json:1:28: 'width' must be a positive number, not a string"
        ),
        (
            "{\"path\": \"M 0 0\", \"height\": 5}",
            "c.json:1:29: 'height' is given without 'width': give both or neither"
        ),
        ("[1]", "c.json:1:1: the curve file must be a JSON object, not an array"),
        (
            "{\n  \"path\": \"M 0 0 L 10\"\n}",
            "c.json:2:11: invalid path data in 'path': expected a number for the 'L' command at offset 10 (line 1, column 11)"
        ),
        (
            "{\"path\": \"M 0 0\", \"width\": 1e999, \"height\": 5}",
            "c.json:1:28: invalid JSON: the number 1e999 is out of range"
        ),
    ])
    func reportsWhatAndWhere(text: String, message: String) throws {
        let error = try #require(throws: CommandLineError.self) {
            try CurveFile.decode(Array(text.utf8), file: "c.json")
        }
        #expect(error.message == message)
        #expect(error.exitCode == .usageError && error.usage == nil)
    }
}
