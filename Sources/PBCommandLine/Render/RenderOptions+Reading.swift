import PBGeometry
import PBRendering

extension RenderOptions {
    /// The options of a render: the curve file's first (when `--path` names one), then the
    /// command line's, in order, so flags override the file.
    ///
    /// - Throws: the first error in the file or the options.
    static func read(
        _ given: [ArgumentParser<RenderOptions>.Given], context: CommandContext
    ) throws(CommandLineError) -> (options: RenderOptions, curveFile: CurveFile?) {
        var options = RenderOptions()
        for item in given where PathSource.schema.contains(where: { $0.name == item.option.name }) {
            try item.apply(to: &options)
        }
        let curveFile = try options.source.curveFile(context: context)
        try curveFile?.apply(to: &options)
        for item in given { try item.apply(to: &options) }
        return (options, curveFile)
    }

    /// The indicator the options describe, at their progress.
    ///
    /// - Throws: a usage error for options that contradict each other.
    func indicator(curveFile: CurveFile?) throws(CommandLineError) -> ProgressIndicator {
        var indicator = self.indicator
        indicator.geometry = source.geometry(curveFile: curveFile)
        indicator.isClockwise = !counterclockwise
        if let values {
            guard progress == nil else { throw .usage("give either '--progress' or '--values', not both") }
            indicator.values = values.map(\.value)
        } else if let progress {
            indicator.values = [progress.value]
        }
        indicator.strokeStart = strokeStart?.value ?? 0
        if colorStopsBlend {
            guard indicator.style.progressValueColors != nil else {
                throw .usage("'--color-stops-blend' blends the stops of '--color-stops': give them too")
            }
            indicator.style.progressValueColors?.isBlended = true
        }
        if indicator.style.progressGradient != nil, values != nil {
            throw .usage("give either '--progress-gradient' or '--values' (each value has its own colour), not both")
        }
        return indicator
    }

    /// Whether the progress was given at all (as `--progress`, `--values` or a file's values).
    var hasProgress: Bool { progress != nil || values != nil }

    /// The format `--format` names, or else the one the output's extension names (PNG for
    /// standard output).
    func format(forOutput output: String) throws(CommandLineError) -> ImageFormat {
        if let format { return format }
        if output == "-" { return .png }
        guard let format = ImageFormat(fileName: output) else {
            throw .usage(
                "cannot tell the format of '\(output)' from its extension: use .png, .svg or .pdf, or '--format'")
        }
        return format
    }
}
