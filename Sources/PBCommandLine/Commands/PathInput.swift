import PBGeometry

/// The options that say which path a command works on: a curve file or path data inline.
enum PathInput {
    static let options = [
        OptionSpec(
            name: "--path", valueName: "FILE",
            help: "A curve file: JSON with \"path\" (SVG path data) and optional \"width\", \"height\", \"style\"."),
        OptionSpec(
            name: "--path-data", valueName: "DATA", help: "SVG path data given directly, e.g. 'M 0 0 L 100 0'."),
    ]

    /// Reads the path named by `--path` or given by `--path-data` (exactly one of them).
    ///
    /// - Throws: a usage error when neither or both are given, the file cannot be read, or its
    ///   contents (or the data) are invalid.
    static func path(from arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> Path {
        switch (arguments.value("--path"), arguments.value("--path-data")) {
        case (let file?, nil):
            return try CurveFile.decode(context.readFile(file), file: file).path
        case (nil, let data?):
            do {
                return try Path(svgPathData: data)
            } catch {
                throw .usage("invalid path data in '--path-data': \(error)")
            }
        case (nil, nil):
            throw .usage("give a path with '--path FILE' or '--path-data DATA'; see '\(arguments.commandName) --help'")
        case (_?, _?):
            throw .usage("give either '--path' or '--path-data', not both")
        }
    }

    /// The `--accuracy` option every measuring command has.
    static let accuracyOption = OptionSpec(
        name: "--accuracy", valueName: "A",
        help: "Bound on the relative error of every length, between 1e-15 and 0.1 (default 1e-9).")

    /// The accuracy asked for, or the default.
    static func accuracy(from arguments: ParsedArguments) throws(CommandLineError) -> Double {
        guard let accuracy = try arguments.number("--accuracy") else { return PathMeasure.defaultAccuracy }
        guard accuracy >= 1e-15 && accuracy <= 0.1 else {
            throw .usage("option '--accuracy' must be between 1e-15 and 0.1, not \(accuracy)")
        }
        return accuracy
    }

    /// Measures `path`, refusing paths with nothing to measure or too large to measure.
    static func measure(_ path: Path, accuracy: Double) throws(CommandLineError) -> PathMeasure {
        guard !path.isEmpty else { throw .usage("the path has nothing to measure: it has no segments") }
        let measure = PathMeasure(path, accuracy: accuracy)
        guard measure.length.isFinite else {
            throw .usage("the path is too large to measure: its length overflows a double")
        }
        return measure
    }
}
