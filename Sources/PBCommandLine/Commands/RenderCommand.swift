import PBJob
import PBRendering

/// `pbrender [render]`: the main job. Draws the whole path as the track and the progress part
/// over it, to a PNG, SVG or PDF, or to a sequence of frames.
enum RenderCommand: Command {
    static let name = "render"
    static let overview =
        "Draw a track and the progress along a path as a "
        + ImageFormat.list(ImageFormat.stillFormats, displayNames: true)
        + " image or an animation (the default command)."
    static let usage = """
        [render] [--path FILE | --path-data DATA | --shape SHAPE] --progress P [-o OUT] [options]
               pbrender [render] [...] --frames N [--from A] [--to B] -o PATTERN
        """
    static let options = RenderOptions.schema
    static var discussion: String {
        semantics + "\n\n" + curveFileSection + "\n\n" + Limits.helpSection + "\n" + examples
    }

    /// The curve file's keys, from the options' declarations.
    static var curveFileSection: String {
        let keys = RenderOptions.schema.compactMap(\.fileKey)
        let top = keys.compactMap { if case .top(let key) = $0 { "\"\(key)\"" } else { nil } }
        let style = keys.compactMap { if case .style(let key) = $0 { key } else { nil } }
        let text =
            "A curve file (--path FILE) is JSON: \"path\" (SVG path data), optional \"width\" and \"height\" "
            + "(both or neither), \(top.joined(separator: ", ")), and \"style\", an object whose keys are these "
            + "options' camel-case names, read as the options read them (flags on the command line win): "
            + style.joined(separator: ", ") + "."
        return "CURVE FILE:\n"
            + HelpFormatter.wrap(text, width: HelpFormatter.width - 2).map { "  " + $0 }.joined(separator: "\n")
    }

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
        try JobOutput.write(RenderJob(render: given, context: context, offersFrames: true), context: context)
    }
}
