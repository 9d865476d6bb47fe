import PBGeometry

/// `pbrender trim`: the part of a path between two fractions of its length, as SVG path data.
enum TrimCommand: Command {
    static let name = "trim"
    static let overview = "Print the part of a path between two fractions of its length, as SVG path data."
    static let usage =
        "trim (--path FILE | --path-data DATA) [--from A] [--to B] [--offset O] [--each-subpath] [--accuracy A]"
    static let options =
        PathInput.options + [
            OptionSpec(
                name: "--from", valueName: "A",
                help: "Where the kept part starts, as a fraction of the length (default 0)."),
            OptionSpec(
                name: "--to", valueName: "B", help: "Where the kept part ends, as a fraction of the length (default 1)."
            ),
            OptionSpec(
                name: "--offset", valueName: "O",
                help:
                    "Shift both fractions by O, wrapping around the end of the path (default 0). On a closed path the kept part runs through the seam as one piece."
            ),
            OptionSpec(
                name: "--each-subpath",
                help: "Trim each subpath by the same fractions of its own length, instead of the whole path's."),
            PathInput.accuracyOption,
        ]
    static let discussion = """
        Trimming follows CAShapeLayer's strokeStart and strokeEnd: fractions are pinned to
        0...1 and are of the whole length in drawing order; when A >= B nothing is kept (an
        empty line is printed). Cuts are exact: curves are split (de Casteljau), arcs stay
        arcs, never a polyline. A subpath kept whole stays as it was (closed stays closed).

        EXAMPLES:
          pbrender trim --path Examples/curve.json --from 0 --to 0.5
          pbrender trim --path-data 'M 0 0 H 100 V 100 H 0 Z' --from 0 --to 0.3 --offset 0.9
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) {
        let path = try PathInput.path(from: arguments, context: context)
        let measure = try PathInput.measure(path, accuracy: PathInput.accuracy(from: arguments))
        let trimmed: Path
        do {
            trimmed = try measure.trimmedPath(
                from: arguments.number("--from") ?? 0, to: arguments.number("--to") ?? 1,
                offset: arguments.number("--offset") ?? 0,
                scope: arguments.has("--each-subpath") ? .eachSubpath : .wholePath)
        } catch let error as TrimError {
            throw .usage(error.description)
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .usage("\(error)")
        }
        try context.print(trimmed.svgPathData + "\n")
    }
}
