import PBRendering

/// `pbrender [render]`: the main job. Draws the whole path as the track and the progress part
/// over it, to a PNG, SVG or PDF, or to a sequence of frames.
enum RenderCommand: Command {
    /// What a render without any progress is told.
    static let missingProgressMessage =
        "give the progress with '--progress P' (like 0.5 or 50%), or frames with '--frames N'"

    static let name = "render"
    static let overview = "Draw a track and the progress along a path as a PNG, SVG or PDF (the default command)."
    static let usage = """
        [render] [--path FILE | --path-data DATA | --shape SHAPE] --progress P [-o OUT] [options]
               pbrender [render] [...] --frames N [--from A] [--to B] -o PATTERN
        """
    static let options = RenderOptions.schema
    static var discussion: String { semantics + "\n\n" + Limits.helpSection + "\n" + examples }

    static let semantics = """
        SEMANTICS:
          Progress is a fraction of the whole path's length in drawing order, as CAShapeLayer's
          strokeEnd: a closing segment counts, the jump of a move does not. The track is the
          whole path, drawn first; the progress is the path trimmed exactly to [S, P], with caps
          on its ends (a round cap reaches lineWidth/2 past the progress end). Zero progress
          draws nothing (--zero-dot keeps the dot); full progress on a closed path is joined at
          the seam, with no caps. Dashes are laid along the whole path and stay put, and so do
          the colours of a gradient. Several values are one stroke with caps at its two ends,
          their boundaries colour changes with no seam.
        """

    static let examples = """
        EXAMPLES:
          pbrender --progress 0.5 -o ring.png
          pbrender --shape bar --progress 75% --scale 2 -o bar@2x.png
          pbrender --path Examples/curve.json --progress 0.3 -o curve.svg
          pbrender --shape bar --values 0.2,0.15,0.1 --value-colors '#34C759,#FF9500,#FF3B30' -o storage.png
          pbrender --progress 0.7 --progress-gradient '#FF3B30,#FFCC00,#34C759' -o ring.png
          pbrender --shape gauge --frames 60 -o 'gauge-%02d.png'

        EXIT CODES: 0 success, 1 runtime failure (writing a file, Cairo), 2 usage or input error.
        """

    static func run(_ given: [ArgumentParser<RenderOptions>.Given], context: CommandContext) throws(CommandLineError) {
        do {
            try render(given, context: context)
        } catch {
            // The canvas's sides came from '--size': the renderer's "width" is that option.
            let names = Set(given.map(\.option.name))
            guard names.contains("size"), names.isDisjoint(with: ["width", "height"]) else { throw error }
            throw error.renamingValues(["width": "size", "height": "size"])
        }
    }

    private static func render(
        _ given: [ArgumentParser<RenderOptions>.Given], context: CommandContext
    ) throws(CommandLineError) {
        let (options, curveFile) = try RenderOptions.read(given, context: context)
        var indicator = try options.indicator(curveFile: curveFile, context: context)
        if options.isAnimation {
            return try Animation(options: options, indicator: indicator).render(context: context)
        }
        if let frames = options.frames {
            return try FrameSequence(count: frames, options: options, indicator: indicator).render(context: context)
        }
        for name in ["from", "to"] where given.contains(where: { $0.option.name == name }) {
            throw .usage("option '--\(name)' only applies with '--frames'")
        }
        guard
            options.hasProgress || indicator.isIndeterminate || options.bytes != nil || options.step != nil
                || options.phasesFile != nil
        else {
            throw .usage(missingProgressMessage)
        }
        if let progress = options.progress, progress.looksLikeAPercentage {
            let text = NumberText.readable(progress.value)
            context.writeError(
                "pbrender: warning: a progress of \(text) is above 1 and is drawn as 1 (did you mean '\(text)%'?)\n")
        }
        let output = options.output ?? "progress.png"
        let format = try options.stillFormat(forOutput: output)
        indicator.scale = try scale(options, for: format)
        let bytes = try render(indicator, as: format, options: options, context: context)
        if output == "-" {
            guard options.force || format == .svg || !context.outputIsTerminal else {
                throw .usage(
                    "standard output is a terminal: redirect it (> file.\(format.rawValue)) or give '--force' to write the \(format.rawValue.uppercased()) there"
                )
            }
            try context.writeOutput(bytes)
        } else {
            do throws(FileError) {
                try OutputFile.write(bytes, to: output)
            } catch {
                throw CommandLineError(error)
            }
            if options.output == nil { context.writeError("pbrender: wrote \(output)\n") }
        }
    }

    /// The scale, refused for vector formats (which have no pixels).
    static func scale(_ options: RenderOptions, for format: ImageFormat) throws(CommandLineError) -> Double {
        guard format == .png || options.indicator.scale == 1 else {
            throw .usage(
                "option '--scale' applies to PNG output only: SVG and PDF are vector (sized in points); set '--width' and '--height' instead"
            )
        }
        return options.indicator.scale
    }

    /// Lays out and renders in the options' appearance, or as a live SVG.
    static func render(
        _ indicator: ProgressIndicator, as format: ImageFormat, options: RenderOptions, context: CommandContext
    ) throws(CommandLineError) -> [UInt8] {
        if options.live && format != .svg {
            throw .usage("option '--live' writes SVG only (an SVG that a page's CSS drives); use -o with .svg")
        }
        if options.appearance != .light && format == .svg {
            throw .usage(
                "option '--appearance' applies to PNG and PDF: an SVG carries both appearances and follows the viewer's"
            )
        }
        do {
            let layout = try indicator.layout()
            // The library's warnings (a pinned progress, values past the end, a label made to fit);
            // a pin already told with its '%' hint above is not told twice.
            for warning in layout.warnings {
                if case .pinned(name: "progress", _, _) = warning.kind, options.progress?.looksLikeAPercentage == true {
                    continue
                }
                context.writeError("pbrender: warning: \(warning.message(naming: { "option '--\(kebabCase($0))'" }))\n")
            }
            let scene = try layout.scene(values: indicator.values, strokeStart: indicator.strokeStart)
            if format == .svg { return try scene.svgData(isLive: options.live) }
            return try scene.appearance(options.appearance).render(as: format)
        } catch {
            throw CommandLineError(.render(error))
        }
    }
}
