import PBGeometry
import PBJob

/// `pbrender trim`: the part of a path between two fractions of its length, as SVG path data.
enum TrimCommand: Command {
    /// What `trim` is told.
    struct Options: Sendable {
        var source = PathSource()
        var from = ProgressAmount(0)
        var to = ProgressAmount(1)
        var offset = 0.0
        var eachSubpath = false
        var accuracy = PathMeasure.defaultAccuracy
        var precision = 9
    }

    static let name = "trim"
    static let overview = "Print the part of a path between two fractions of its length, as SVG path data."
    static let usage =
        "trim (--path FILE | --path-data DATA | --shape SHAPE) [--from A] [--to B] [--offset O] [--each-subpath] [--precision N]"
    static let options: [Option<Options>] =
        PathSource.schema.map { $0.lifted(\.source) } + [
            .value(
                "from", \.from, placeholder: "A", section: "TRIMMING",
                help:
                    "Where the kept part starts, as a fraction of the length (0.25 or 25%; default \(default: Options().from.value))."
            ),
            .value(
                "to", \.to, placeholder: "B", section: "TRIMMING",
                help: "Where the kept part ends, as a fraction of the length (default \(default: Options().to.value))."),
            .number(
                "offset", \.offset, .any, placeholder: "O", section: "TRIMMING",
                help:
                    "Shift both fractions by O, wrapping around the end of the path (default \(default: Options().offset)). On a closed path the kept part runs through the seam as one piece."
            ),
            .flag(
                "each-subpath", \.eachSubpath, section: "TRIMMING",
                help: "Trim each subpath by the same fractions of its own length, instead of the whole path's."),
            .value(
                "precision", \.precision, placeholder: "N", section: "TRIMMING",
                expectation: "a whole number from 0 to 17",
                help:
                    "Decimal places of the numbers printed, without trailing zeros (default \(default: Options().precision): lengths are accurate to 1e-9 anyway, and 80 prints as 80, not 79.99999999999999); 17 prints every digit that reads back exactly.",
                check: { (0...17).contains($0) }),
            PathSource.accuracyOption(\.accuracy),
        ]
    static let discussion = """
        Trimming follows CAShapeLayer's strokeStart and strokeEnd: fractions are pinned to
        0...1 and are of the whole length in drawing order; when A >= B nothing is kept (an
        empty line is printed). Cuts are exact: curves are split (de Casteljau), arcs stay
        arcs, never a polyline. A subpath kept whole stays as it was (closed stays closed).

        EXAMPLES:
          pbrender trim --path Examples/curve.json --from 0 --to 0.5
          pbrender trim --path-data 'M 0 0 H 100 V 100 H 0 Z' --from 0 --to 0.3 --offset 0.9
          pbrender trim --shape ring --to 25%
        """

    static func run(_ given: [ArgumentParser<Options>.Given], context: CommandContext) throws(CommandLineError) {
        var options = Options()
        try apply(given, to: &options)
        let path = try options.source.requiredInput(context: context).path()
        let measure = try PathSource.measure(path, accuracy: options.accuracy)
        let trimmed: Path
        do {
            trimmed = try measure.trimmedPath(
                from: options.from.value, to: options.to.value, offset: options.offset,
                scope: options.eachSubpath ? .eachSubpath : .wholePath)
        } catch {
            throw .input(Sentence(error.description))
        }
        let decimals = options.precision == 17 ? nil : options.precision
        try context.print(trimmed.svgPathData(decimals: decimals) + "\n")
    }
}
