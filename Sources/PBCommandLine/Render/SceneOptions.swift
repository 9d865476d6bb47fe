import PBGeometry
import PBRendering

/// The render options that make the scene: what path, what canvas, what style.
enum SceneOptions {
    static let inputOptions = [
        OptionSpec(
            name: "--shape", valueName: "SHAPE",
            help: "A built-in shape: bar, ring (the default), semicircle or gauge.")
    ]

    static let canvasOptions = [
        OptionSpec(
            name: "--width", valueName: "W",
            help:
                "Canvas width in points (default: the curve file's, the shape's, or the path's stroked bounds)."),
        OptionSpec(name: "--height", valueName: "H", help: "Canvas height in points."),
        OptionSpec(name: "--scale", valueName: "S", help: "Pixels per point in a PNG, e.g. 2 for @2x (default 1)."),
        OptionSpec(
            name: "--padding", valueName: "P",
            help: "Space kept clear around a shape, or around a path fitted to its stroke (default 0)."),
        OptionSpec(
            name: "--start-angle", valueName: "DEG",
            help: "Where a ring starts, in degrees clockwise from 3 o'clock (default -90: 12 o'clock)."),
        OptionSpec(
            name: "--counterclockwise", help: "Run a shape the other way (a bar right to left)."),
    ]

    /// Builds the scene the options describe, at progress 0.
    static func scene(from arguments: ParsedArguments, context: CommandContext) throws(CommandLineError)
        -> ProgressScene
    {
        let sources = ["--path", "--path-data", "--shape"].filter { arguments.has($0) }
        guard sources.count <= 1 else {
            throw .usage("give one of '--path', '--path-data' and '--shape', not \(sources.joined(separator: " and "))")
        }
        var style = ProgressStyle()
        var width = try positive("--width", arguments)
        var height = try positive("--height", arguments)
        let padding = try arguments.number("--padding") ?? 0
        guard padding >= 0 else { throw .usage("option '--padding' must be >= 0, not \(padding)") }
        let scale = try positive("--scale", arguments) ?? 1
        var path: Path
        var fitsStroke = false
        if let file = arguments.value("--path") {
            let curve = try CurveFile.decode(context.readFile(file), file: file)
            if let node = curve.style { try StyleSettings.apply(file: node, fileName: file, to: &style) }
            try StyleSettings.apply(arguments: arguments, to: &style)
            path = curve.path
            width = width ?? curve.width
            height = height ?? curve.height
            fitsStroke = width == nil && height == nil
        } else if let data = arguments.value("--path-data") {
            do {
                path = try Path(svgPathData: data)
            } catch {
                throw .usage("invalid path data in '--path-data': \(error)")
            }
            try StyleSettings.apply(arguments: arguments, to: &style)
            fitsStroke = width == nil && height == nil
        } else {
            let shape = try self.shape(arguments)
            style.lineWidth = shape.defaultLineWidth
            try StyleSettings.apply(arguments: arguments, to: &style)
            if let problem = style.problem { throw .usage(problem) }
            let size = shape.defaultCanvasSize(style: style, padding: padding)
            width = width ?? size.width
            height = height ?? size.height
            let rect = Rect(x: 0, y: 0, width: width ?? size.width, height: height ?? size.height).insetBy(padding)
            let startAngle = (try arguments.number("--start-angle") ?? -90) * .pi / 180
            path = shape.path(
                in: rect, style: style, startAngle: startAngle, clockwise: !arguments.has("--counterclockwise"))
        }
        if let problem = style.problem { throw .usage(problem) }
        guard !path.isEmpty else { throw .usage("the path has nothing to draw: it has no segments") }
        if fitsStroke {
            // No canvas given: the canvas is the stroked bounds, plus the padding.
            let bounds: Rect?
            do {
                bounds = try path.strokedBounds(style: style)
            } catch {
                throw .usage(error.message)
            }
            guard let bounds else { throw .usage("the path has nothing to draw: it has no segments") }
            path = path.transformed(by: Transform(translationX: padding - bounds.minX, y: padding - bounds.minY))
            width = bounds.width + 2 * padding
            height = bounds.height + 2 * padding
        }
        guard let width, let height, width > 0, height > 0 else {
            throw .usage("give both '--width' and '--height', or neither (the canvas then fits the stroke)")
        }
        let measure = PathMeasure(path)
        guard measure.length.isFinite else {
            throw .usage("the path is too large to draw: its length overflows a double")
        }
        return ProgressScene(width: width, height: height, measure: measure, style: style, progress: 0, scale: scale)
    }

    private static func shape(_ arguments: ParsedArguments) throws(CommandLineError) -> ProgressShape {
        guard let name = arguments.value("--shape") else { return .ring }
        guard let shape = ProgressShape(rawValue: name) else {
            let names = ProgressShape.allCases.map(\.rawValue)
            throw .usage(
                "unknown shape '\(name)'\(didYouMean(name, among: names)); the shapes are \(names.joined(separator: ", "))"
            )
        }
        return shape
    }

    private static func positive(_ option: String, _ arguments: ParsedArguments) throws(CommandLineError) -> Double? {
        guard let value = try arguments.number(option) else { return nil }
        guard value > 0 else { throw .usage("option '\(option)' must be above zero, not \(value)") }
        return value
    }
}
