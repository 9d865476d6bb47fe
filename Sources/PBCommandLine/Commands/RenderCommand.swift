import PBRendering

/// `pbrender [render]`: the main job. Draws the whole path as the track and the progress part
/// over it, to a PNG, SVG or PDF, or to a sequence of frames.
enum RenderCommand: Command {
    static let name = "render"
    static let overview = "Draw a track and the progress along a path as a PNG, SVG or PDF (the default command)."
    static let usage = """
        [render] [--path FILE | --path-data DATA | --shape SHAPE] --progress P [-o OUT] [options]
               pbrender [render] [...] --frames N [--from A] [--to B] -o PATTERN
        """
    static let progressOptions = [
        OptionSpec(
            name: "--progress", valueName: "P",
            help:
                "How far along the path the progress runs (strokeEnd): 0.5, 50% or a ratio of counts like 512/1024. Pinned to 0...1."
        ),
        OptionSpec(
            name: "--stroke-start", valueName: "S",
            help: "Where the progress starts (strokeStart, default 0); nothing is drawn when S >= P."),
        OptionSpec(
            name: "--frames", valueName: "N",
            help: "Render N frames with progress from A to B, evenly spaced, to the file pattern given by -o."),
        OptionSpec(name: "--from", valueName: "A", help: "The progress of the first frame (default 0)."),
        OptionSpec(name: "--to", valueName: "B", help: "The progress of the last frame (default 1)."),
    ]
    static let outputOptions = [
        OptionSpec(
            name: "--output", shortName: "-o", valueName: "OUT",
            help:
                "The file to write ('-' for standard output; default progress.png), or for frames a pattern with %d like 'frame-%03d.png'."
        ),
        OptionSpec(
            name: "--format", valueName: "FORMAT", help: "png, svg or pdf (default: from the output's extension)."),
    ]
    static let options =
        PathInput.options + SceneOptions.inputOptions + progressOptions + outputOptions + SceneOptions.canvasOptions
        + StyleSettings.all.map(\.option)
    static let discussion = """
        SEMANTICS:
          Progress is a fraction of the whole path's length in drawing order, as CAShapeLayer's
          strokeEnd: a closing segment counts, the jump of a move does not. The track is the
          whole path, drawn first; the progress is the path trimmed exactly to [S, P], with caps
          on its ends (a round cap reaches lineWidth/2 past the progress end). Zero progress
          draws nothing (--zero-dot keeps the dot); full progress on a closed path is joined at
          the seam, with no caps. Dashes are laid along the whole path and stay put.

        LIMITS:
          A PNG may have at most 16384 pixels a side and 67108864 pixels in all. A dash pattern
          may lay at most 100000 dashes along the path.

        EXAMPLES:
          pbrender --progress 0.5 -o ring.png
          pbrender --shape bar --progress 75% --scale 2 -o bar@2x.png
          pbrender --path Examples/curve.json --progress 0.3 -o curve.svg
          pbrender --shape gauge --frames 60 -o 'gauge-%02d.png'

        EXIT CODES: 0 success, 1 runtime failure (writing a file, Cairo), 2 usage or input error.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) {
        var scene = try SceneOptions.scene(from: arguments, context: context)
        if let start = arguments.value("--stroke-start") {
            scene.strokeStart = try ProgressValue.parse(start, option: "--stroke-start")
        }
        if arguments.has("--frames") {
            return try FrameSequence(arguments: arguments, scene: scene).render(context: context)
        }
        for option in ["--from", "--to"] where arguments.has(option) {
            throw .usage("option '\(option)' only applies with '--frames'")
        }
        guard let progress = arguments.value("--progress") else {
            throw .usage("give the progress with '--progress P' (like 0.5 or 50%), or frames with '--frames N'")
        }
        scene.progress = try ProgressValue.parse(progress, option: "--progress")
        let output = arguments.value("--output")
        let format = try self.format(arguments, output: output ?? "progress.png")
        let bytes = try render(scene, as: format)
        switch output {
        case "-":
            try context.writeOutput(bytes)
        case let path?:
            do { try OutputFile.write(bytes, to: path) } catch { throw CommandLineError(error) }
        case nil:
            let path = "progress.\(format.rawValue)"
            do { try OutputFile.write(bytes, to: path) } catch { throw CommandLineError(error) }
            context.writeError("pbrender: wrote \(path)\n")
        }
    }

    /// The format `--format` names, or else the one the output's extension names (PNG for
    /// standard output).
    static func format(_ arguments: ParsedArguments, output: String) throws(CommandLineError) -> ImageFormat {
        let names = ImageFormat.allCases.map(\.rawValue).joined(separator: ", ")
        if let name = arguments.value("--format") {
            guard let format = ImageFormat(rawValue: name.lowercased()) else {
                throw .usage("unknown format '\(name)'; the formats are \(names)")
            }
            return format
        }
        if output == "-" { return .png }
        guard let format = ImageFormat(fileName: output) else {
            throw .usage(
                "cannot tell the format of '\(output)' from its extension: use .png, .svg or .pdf, or '--format'")
        }
        return format
    }

    /// Renders with `renderer` (reuse one per thread for frames), mapping renderer errors to
    /// exit codes: 2 for what the input asked, 1 otherwise.
    static func render(_ scene: ProgressScene, as format: ImageFormat, with renderer: SceneRenderer = SceneRenderer())
        throws(CommandLineError) -> [UInt8]
    {
        do {
            return try renderer.render(scene, as: format)
        } catch {
            switch error.kind {
            case .invalidScene, .canvasTooLarge: throw .usage(error.message)
            case .cairo, .encoding: throw .failure(error.message)
            }
        }
    }
}
