import PBCommandLine
import Testing

@testable import PBJob
@testable import PBRendering

#if canImport(Glibc)
    import Glibc
#endif

/// Errors are values (issue 8): every kind of `CommandLineError` ends in its exit code (2 for
/// what the input asked, 1 for failures of the system or the renderer) and the HTTP status a
/// server answers with (400 and 500), and a renderer's Cairo failure keeps Cairo's status code
/// all the way to the message.
@Suite struct ErrorMappingTests {
    /// A real Cairo failure: a surface wider than Cairo allows (CAIRO_STATUS_INVALID_SIZE, 32).
    static func cairoFailure() throws -> RenderError {
        try #require(throws: RenderError.self) { try CairoSurface(imageWidth: 40000, height: 1) }
    }

    static let inputKinds: [CommandLineError.Kind] = [
        .usage("unknown option '--colour'"),
        .invalidValue(option: "line-width", value: "-1", expected: "a number >= 0"),
        .rejectedValue(option: "progress-color", reason: "'blu' is not a colour"),
        .input("give either '--progress' or '--values', not both"),
        .located(file: "c.json", position: TextPosition(line: 2, column: 7), message: "expected a number"),
        .render(RenderError(.invalidValue(name: "lineWidth", value: "-1", requirement: "a finite number >= 0"))),
        .render(RenderError(.canvasTooLarge(dimension: .width, points: 1e308, pixels: nil))),
        .render(RenderError(.tooManyPixels(width: 10000, height: 10000))),
        .render(RenderError(.dashPatternTooFine(length: 1e9))),
        .render(RenderError(.emptyPath)),
        .render(RenderError(.pathTooLarge)),
        .render(RenderError(.pathOutOfReach(distance: 1e16))),
        .render(RenderError(.notApplicable(name: "startAngle", reason: "a bar runs straight"))),
        .render(RenderError(.invalidLabel("no such token"))),
        .file(FileError.reading("missing.json", code: ENOENT)),
        .file(FileError(.read, .standardInput, .directory)),
    ]

    static let failureKinds: [CommandLineError.Kind] = [
        .render(RenderError(.encoding("compression failed"))),
        .render(RenderError(.cairo(status: 1, message: "out of memory"))),
        .file(FileError.writing("/read-only/o.png", code: EROFS)),
        .file(FileError(.write, .frame(2, path: "f-2.png"), .directory)),
        .failure("the renderer failed"),
    ]

    @Test("Input errors exit with 2 and answer 400", arguments: inputKinds)
    func inputErrors(kind: CommandLineError.Kind) {
        let error = CommandLineError(kind)
        #expect(error.exitCode == .usageError)
        #expect(error.exitCode.rawValue == 2)
        #expect(error.httpStatus == 400)
    }

    @Test("Failures of the system or the renderer exit with 1 and answer 500", arguments: failureKinds)
    func failures(kind: CommandLineError.Kind) {
        let error = CommandLineError(kind)
        #expect(error.exitCode == .failure)
        #expect(error.exitCode.rawValue == 1)
        #expect(error.httpStatus == 500)
    }

    @Test("A Cairo failure keeps its status code through the command line's error and message")
    func cairoStatusSurvives() throws {
        let cairo = try Self.cairoFailure()
        guard case .cairo(let status, _) = cairo.kind else {
            Issue.record("expected .cairo, got \(cairo.kind)")
            return
        }
        #expect(status == 32)
        let error = CommandLineError(.render(cairo))
        #expect(error.kind == .render(cairo))
        #expect(error.exitCode == .failure && error.httpStatus == 500)
        #expect(
            error.message
                == "cairo: invalid value (typically too big) for the size of the input (surface, pattern, etc.) (status 32)"
        )
    }

    @Test("Usage errors carry the command's usage line; other kinds print none")
    func usageLines() {
        let result = runTool(["--progress", "0.5", "--colour", "red"])
        #expect(result.exitCode == 2)
        #expect(result.error.hasSuffix(Usage.render + "\n"))
        let input = runTool(["--progress", "0.5", "--line-width", "-1", "-o", "-"])
        #expect(input.exitCode == 2)
        #expect(!input.error.contains("USAGE:"))
    }
}
