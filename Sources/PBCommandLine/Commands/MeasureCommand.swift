import PBDocument
import PBGeometry
import PBJob

/// `pbrender measure`: the length of a path, of each subpath, and points and tangents along it.
enum MeasureCommand: Command {
    /// What `measure` is told.
    struct Options: Sendable {
        var source = PathSource()
        var at: [ProgressAmount] = []
        var json = false
        var accuracy = PathMeasure.defaultAccuracy
    }

    static let name = "measure"
    static let overview = "Print the length of a path and of each subpath, and points and tangents along it."
    static let usage =
        "measure (--path FILE | --path-data DATA | --shape SHAPE) [--at FRACTION ...] [--json] [--accuracy A]"
    static let options: [Option<Options>] =
        PathSource.schema.map { $0.lifted(\.source) } + [
            .list(
                "at", \.at, placeholder: "FRACTION", section: "MEASURING", expectation: ProgressAmount.expectation,
                help:
                    "Also print the point and unit tangent at this fraction of the whole length (0.5, 50%; pinned to 0...1). Repeatable."
            ),
            .flag(
                "json", \.json, section: "MEASURING", help: "Print JSON (every digit of every number) instead of text."),
            PathSource.accuracyOption(\.accuracy),
        ]
    static let discussion = """
        Lengths are arc lengths of the exact curves (Bézier curves and ellipses by Gauss-Legendre
        quadrature driven by a proven error bound, circles in closed form), each with relative
        error at most the accuracy. The length of a path is the sum of its subpaths in drawing
        order: a closing segment counts, the jump of a move does not. Fractions are of that whole
        length, as CAShapeLayer's strokeEnd is.

        EXAMPLES:
          pbrender measure --path Examples/curve.json --at 0.5
          pbrender measure --path-data 'M 0 0 H 100 V 100' --at 0.25 --at 0.75 --json
        """

    static func run(_ given: [ArgumentParser<Options>.Given], context: CommandContext) throws(CommandLineError) {
        var options = Options()
        try apply(given, to: &options)
        let input = try options.source.requiredInput(context: context)
        let measure = try PathSource.measure(input.path(), accuracy: options.accuracy)
        let elements = (input.document?.elements ?? []).map { element in
            (element: element, length: PathMeasure(element.path, accuracy: options.accuracy).length)
        }
        var locations: [(fraction: Double, location: PathMeasure.Location)] = []
        for fraction in options.at.map(\.value) {
            guard let location = measure.location(atFraction: fraction) else {
                throw .input("the path has zero length, so no point lies at a fraction of it")
            }
            locations.append((min(max(fraction, 0), 1), location))
        }
        try context.print(
            options.json ? json(measure, elements, locations) : text(measure, elements, locations))
    }

    /// An SVG document's element with its length on the canvas.
    typealias MeasuredElement = (element: SVGElement, length: Double)

    /// The text: the length, then a document's elements (tag, `#id`, length) or else the
    /// subpaths, then the locations asked for.
    private static func text(
        _ measure: PathMeasure, _ elements: [MeasuredElement],
        _ locations: [(fraction: Double, location: PathMeasure.Location)]
    ) -> String {
        let number = NumberText.readable
        var out = "length: \(number(measure.length))\n"
        for (index, item) in elements.enumerated() {
            let id = item.element.id.map { " #\($0)" } ?? ""
            out +=
                "element \(index + 1): \(item.element.tag)\(id) (line \(item.element.line)): \(number(item.length))\n"
        }
        for (index, subpath) in measure.subpaths.enumerated() where elements.isEmpty {
            let count = subpath.drawnSegments.count
            let shape = "\(subpath.isClosed ? "closed" : "open"), \(count) segment\(count == 1 ? "" : "s")"
            out += "subpath \(index + 1): \(number(measure.subpathLengths[index])) (\(shape))\n"
        }
        for (fraction, location) in locations {
            out += "at \(number(fraction)): point (\(number(location.point.x)), \(number(location.point.y)))"
            out += ", tangent (\(number(location.tangent.dx)), \(number(location.tangent.dy)))"
            out += ", distance \(number(location.distance))\n"
        }
        return out
    }

    /// The JSON: `length`, `accuracy`, a document's `elements` (`tag`, `id`, `line`,
    /// `length`), `subpaths` and `at`.
    private static func json(
        _ measure: PathMeasure, _ elements: [MeasuredElement],
        _ locations: [(fraction: Double, location: PathMeasure.Location)]
    ) -> String {
        let number = NumberText.exact
        let elementItems = elements.map { item in
            "{\"tag\": \(quoted(item.element.tag)), \"id\": \(item.element.id.map(quoted) ?? "null"), "
                + "\"line\": \(item.element.line), \"length\": \(number(item.length))}"
        }
        let subpaths = measure.subpaths.enumerated().map { index, subpath in
            "{\"length\": \(number(measure.subpathLengths[index])), \"closed\": \(subpath.isClosed), "
                + "\"segments\": \(subpath.drawnSegments.count)}"
        }
        let at = locations.map { fraction, location in
            "{\"fraction\": \(number(fraction)), \"distance\": \(number(location.distance)), "
                + "\"point\": [\(number(location.point.x)), \(number(location.point.y))], "
                + "\"tangent\": [\(number(location.tangent.dx)), \(number(location.tangent.dy))]}"
        }
        return """
            {
              "length": \(number(measure.length)),
              "accuracy": \(number(measure.accuracy)),\(elements.isEmpty ? "" : "\n  \"elements\": [\(elementItems.joined(separator: ", "))],")
              "subpaths": [\(subpaths.joined(separator: ", "))],
              "at": [\(at.joined(separator: ", "))]
            }

            """
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
