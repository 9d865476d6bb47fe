import PBJob
import PBRendering

/// `pbrender badge`: a shields-style badge, a title box and a value box with a small progress bar
/// and the value, in every still format.
enum BadgeCommand: Command {
    static let name = "badge"
    static let overview =
        "Draw a shields-style badge: a title, a small progress bar and the value ("
        + ImageFormat.list(ImageFormat.stillFormats, displayNames: true) + ")."
    static let usage = "badge --progress P [--title TEXT] [--total N] [--style STYLE] [-o OUT] [options]"
    static let options = BadgeOptions.schema
    static let discussion = """
        The value is the progress as a whole percentage rounded to nearest ("87%"; never 0%
        above 0 nor 100% below 1), or with --total N the completed count of N ("217/250",
        rounded alike), then --suffix. The value box takes the
        colour of the last --color-stops stop at or below the progress (default red #E05D44,
        from 50% orange, 70% yellow, 80% yellow-green, 90% green, 95% bright green). Text widths
        are Pango's measurements, so titles in any script fit. The SVG is an image for
        assistive technology (role="img", aria-label "coverage: 87%") and carries its dark
        appearance in a prefers-color-scheme rule.

        EXAMPLES:
          pbrender badge --title coverage --progress 0.87 -o coverage.svg
          pbrender badge --title tests --progress 217/250 --total 250 --style flat-square -o tests.svg
          pbrender badge --title 覆盖率 --progress 87% --scale 2 -o coverage@2x.png
          pbrender badge --title build --progress 0.4 --style for-the-badge --suffix ' done' -o build.png

        EXIT CODES: 0 success, 1 runtime failure (writing a file, Cairo), 2 usage or input error.
        """

    static func run(_ given: [ArgumentParser<BadgeOptions>.Given], context: CommandContext) throws(CommandLineError) {
        try JobOutput.write(RenderJob(badge: given, context: context), context: context)
    }
}
