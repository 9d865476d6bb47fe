import PBDocument
import PBGeometry
import PBRendering

/// The input options a command was given (`--path`, `--path-data`, `--shape`), before the input
/// is read: at most one, which ``input(context:)`` turns into a ``PathInput``.
package struct PathSource: Sendable {
    /// One input option as given.
    package enum Given: Sendable {
        /// `--path FILE` (`-` for standard input).
        case file(String)
        /// `--path-data DATA`.
        case data(Path)
        /// `--shape SHAPE`.
        case shape(ProgressShape)

        /// The option that gives it.
        var optionName: String {
            switch self {
            case .file: "path"
            case .data: "path-data"
            case .shape: "shape"
            }
        }
    }

    /// The input options given, in order.
    package var given: [Given] = []

    /// No input given yet.
    package init() {}

    /// The options, shared by every command that takes a path: each adds what it gives to
    /// ``given``.
    package static let schema: [Option<PathSource>] = [
        option(
            "path", placeholder: "FILE", Given.file,
            help:
                "An SVG document (its shapes, in document order) or a curve file: JSON with \"path\" (SVG path data) and optional \"width\", \"height\", \"style\", \"values\", \"valueColors\" ('-' reads standard input)."
        ),
        option(
            "path-data", placeholder: "DATA", Given.data, help: "SVG path data given directly, e.g. 'M 0 0 L 100 0'."),
        option(
            "shape", placeholder: "SHAPE", Given.shape,
            help: "A built-in shape: bar, ring (the default), semicircle or gauge."),
    ]

    /// An input option whose value of type `V` is added to ``given`` as `make` makes it.
    private static func option<V: OptionValue>(
        _ name: String, placeholder: String, _ make: @escaping @Sendable (V) -> Given, help: String
    ) -> Option<PathSource> {
        Option(
            name: name, shortName: nil, placeholder: placeholder, help: help, section: "INPUT", fileKey: nil,
            isRepeatable: false, expectation: V.expectation
        ) { source, input throws(OptionValueError) in
            switch input {
            case .text(let text): source.given.append(make(try V(optionText: text)))
            case .json(let json): source.given.append(make(try V(json: json)))
            case .present: throw .invalid
            }
        }
    }

    /// Whether an input option was given.
    package var isEmpty: Bool { given.isEmpty }

    /// The input: the file named read (from standard input for `-`), the path data, the shape,
    /// or a ring when nothing is given.
    ///
    /// - Throws: a usage error when more than one input option is given; an input error when the
    ///   file cannot be read or is invalid.
    package func input(context: CommandContext) throws(CommandLineError) -> PathInput {
        guard given.count <= 1 else {
            let names = Self.schema.map(\.name)
            let givenNames = names.filter { name in given.contains { $0.optionName == name } }
            throw .usage(
                "give one of \(options: names, conjunction: "and"), not \(options: givenNames, conjunction: "and")")
        }
        switch given.first {
        case .file(let file):
            let bytes = try file == "-" ? context.readStandardInput() : context.readFile(file)
            return try PathInput.read(bytes, file: file == "-" ? "<stdin>" : file)
        case .data(let path): return .pathData(path)
        case .shape(let shape): return .shape(shape)
        case nil: return .shape(.ring)
        }
    }

    /// The input a measuring command works on, which must be given.
    ///
    /// - Throws: a usage error when no input (or more than one) is given; as ``input(context:)``.
    package func requiredInput(context: CommandContext) throws(CommandLineError) -> PathInput {
        guard !given.isEmpty else {
            throw .usage(
                "give a path with \(option: "path", "FILE"), \(option: "path-data", "DATA") or \(option: "shape", "SHAPE")"
            )
        }
        return try input(context: context)
    }

    /// The `--accuracy` option every measuring command has.
    package static func accuracyOption<Root>(
        _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, Double>
    ) -> Option<Root> {
        .number(
            "accuracy", keyPath(), .within(1e-15...0.1), placeholder: "A", section: "MEASURING",
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
