import PBDocument
import PBGeometry
import PBRendering

/// Which path a command works on: a curve file, SVG path data inline, or a built-in shape (the
/// default).
package struct PathSource: Sendable {
    /// The curve file, `-` for standard input.
    package var file: String?
    /// SVG path data given directly.
    package var data: Path?
    /// A built-in shape.
    package var shape: ProgressShape?

    /// No source given yet.
    package init() {}

    /// The options, shared by every command that takes a path.
    package static let schema: [Option<PathSource>] = [
        .value(
            "path", \.file, placeholder: "FILE", section: "INPUT",
            help:
                "An SVG document (its shapes, in document order) or a curve file: JSON with \"path\" (SVG path data) and optional \"width\", \"height\", \"style\", \"values\", \"valueColors\" ('-' reads standard input)."
        ),
        .value(
            "path-data", \.data, placeholder: "DATA", section: "INPUT",
            help: "SVG path data given directly, e.g. 'M 0 0 L 100 0'."),
        .value(
            "shape", \.shape, placeholder: "SHAPE", section: "INPUT",
            help: "A built-in shape: bar, ring (the default), semicircle or gauge."),
    ]

    /// The curve file or SVG document, when one is named, read (from standard input for `-`).
    ///
    /// - Throws: a usage error when more than one source is given, an input error when the file
    ///   cannot be read or is invalid.
    package func curveFile(context: CommandContext) throws(CommandLineError) -> CurveFile? {
        let given = [file.map { _ in "path" }, data.map { _ in "path-data" }, shape.map { _ in "shape" }]
            .compactMap { $0 }
        guard given.count <= 1 else {
            throw .usage(
                "give one of \(options: ["path", "path-data", "shape"], conjunction: "and"), not \(options: given, conjunction: "and")"
            )
        }
        guard let file else { return nil }
        let bytes = try file == "-" ? context.readStandardInput() : context.readFile(file)
        return try CurveFile.read(bytes, file: file == "-" ? "<stdin>" : file)
    }

    /// What to draw, before options: the curve file's path and canvas, the path data, or the
    /// shape (a ring when nothing is given).
    package func geometry(curveFile: CurveFile?) -> ProgressIndicator.Geometry {
        if let curveFile { return .path(curveFile.path, canvas: curveFile.canvas) }
        if let data { return .path(data, canvas: nil) }
        return .shape(shape ?? .ring)
    }

    /// The path to work on: the curve file's, the path data, or the shape's on its natural
    /// canvas.
    ///
    /// - Throws: a usage error when no source (or more than one) is given, an input error when
    ///   the file cannot be read or is invalid.
    package func path(context: CommandContext, commandName: String) throws(CommandLineError) -> Path {
        try pathAndDocument(context: context, commandName: commandName).path
    }

    /// The path to work on, as ``path(context:commandName:)`` gives it, with the SVG document it
    /// was read from when `--path` named one (its path is the document's, in canvas coordinates).
    ///
    /// - Throws: as ``path(context:commandName:)`` does.
    package func pathAndDocument(context: CommandContext, commandName: String) throws(CommandLineError)
        -> (path: Path, document: SVGDocument?)
    {
        let curveFile = try self.curveFile(context: context)
        if file == nil, data == nil, shape == nil {
            throw .usage(
                "give a path with \(option: "path", "FILE"), \(option: "path-data", "DATA") or \(option: "shape", "SHAPE")"
            )
        }
        switch geometry(curveFile: curveFile) {
        case .path(let path, _):
            return (path, curveFile?.document)
        case .elements(let elements, _, _):
            var joined = Path()
            for element in elements { joined.addPath(element.path) }
            return (joined, curveFile?.document)
        case .shape(let shape):
            do {
                return (try ProgressIndicator(shape: shape).layout().measure.path, nil)
            } catch {
                throw CommandLineError(.render(error))
            }
        }
    }

    /// The `--accuracy` option every measuring command has.
    package static func accuracyOption<Root>(_ keyPath: WritableKeyPath<Root, Double> & Sendable) -> Option<Root> {
        .number(
            "accuracy", keyPath, .within(1e-15...0.1), placeholder: "A", section: "MEASURING",
            help:
                "Bound on the relative error of every length, between 1e-15 and 0.1 (default \(default: PathMeasure.defaultAccuracy))."
        )
    }

    /// Measures `path`, refusing paths with nothing to measure or too large to measure.
    package static func measure(_ path: Path, accuracy: Double) throws(CommandLineError) -> PathMeasure {
        guard !path.isEmpty else { throw .input("the path has nothing to measure: it has no segments") }
        let measure = PathMeasure(path, accuracy: accuracy)
        guard measure.length.isFinite else {
            throw .input("the path is too large to measure: its length overflows a double")
        }
        return measure
    }
}
