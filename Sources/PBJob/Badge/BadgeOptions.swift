import PBRendering

/// Everything `pbrender badge` is told, typed: filled in from the command line or from a
/// `/badge.svg` query by the declarations of ``schema``.
///
/// The options a badge shares with `render` (`--progress`, `--color-stops`, `--font`, `--scale`,
/// `-o`, …) are `render`'s own declarations, lifted into ``render``: one declaration per option,
/// so the two commands read and explain them alike.
package struct BadgeOptions: Sendable {
    /// The values of the options shared with `render`.
    package var render = RenderOptions()
    /// The title box's text.
    package var title = "progress"
    /// A total count: the value reads `completed/total`.
    package var total: Int?
    /// Text after the value.
    package var suffix = ""
    /// The look.
    package var style = Badge.Style.flat
    /// Fixed colours, overriding the defaults.
    package var color: Color?
    package var darkColor: Color?
    package var titleColor: Color?
    package var darkTitleColor: Color?
    package var textColor: Color?
    /// Whether the value box leaves out the bar.
    package var noBar = false

    /// The options of `render` a badge takes too, by name, with their declarations.
    package static let sharedNames = [
        "progress", "color-stops", "color-stops-blend", "font", "locale", "description", "scale", "output",
        "format", "compression", "force", "appearance",
    ]

    /// Every option of `pbrender badge`, declared once: the command line, help and the server's
    /// `/badge` queries read this list.
    package static let schema: [Option<BadgeOptions>] =
        [
            .value(
                "title", \.title, placeholder: "TEXT", section: "BADGE",
                help:
                    "The title box's text (default \"\(BadgeOptions().title)\"; empty for none): any script, measured by Pango."
            ),
            .value(
                "total", \.total, placeholder: "N", section: "BADGE", expectation: "a whole number >= 1",
                help: "Write the value as a count of N, completed/N (0.87 of 250: \"217/250\"), not a percentage.",
                check: { $0 >= 1 }),
            .value(
                "suffix", \.suffix, placeholder: "TEXT", section: "BADGE",
                help: "Text after the value, as given (' tests' for \"217/250 tests\")."),
            .value(
                "style", \.style, placeholder: "STYLE", section: "BADGE",
                help:
                    "flat (default; rounded, a faint gloss), flat-square, plastic (glossy) or for-the-badge (tall, upper case)."
            ),
            .value(
                "color", \.color, placeholder: "COLOR", section: "BADGE",
                help: "The value box's colour, instead of the colour stops' (default red to green by progress)."),
            .value(
                "dark-color", \.darkColor, placeholder: "COLOR", section: "BADGE",
                help: "The value box's colour in dark appearance (default: its dark variant; other colours stay)."),
            .value(
                "title-color", \.titleColor, placeholder: "COLOR", section: "BADGE",
                help: "The title box's colour (default \(default: Badge.defaultTitleColor))."),
            .value(
                "dark-title-color", \.darkTitleColor, placeholder: "COLOR", section: "BADGE",
                help: "The title box's colour in dark appearance (default \(default: Badge.defaultDarkTitleColor))."),
            .value(
                "text-color", \.textColor, placeholder: "COLOR", section: "BADGE",
                help: "The texts' and the bar's colour (default white)."),
            .flag("no-bar", \.noBar, section: "BADGE", help: "Leave the small progress bar out of the value box."),
        ]
        + sharedNames.map { name in shared(name, help: sharedHelp[name]) }
        + ImageFormat.declaredOptions.map { shared($0.name, help: nil) }

    /// Help of shared options where a badge's reading differs from a progress image's.
    package static let sharedHelp = [
        "progress": "The progress: 0.87, 87% or a ratio of counts like 217/250. Pinned to 0...1.",
        "font":
            "The texts' font as a Pango description (default 'Verdana, DejaVu Sans, Sans 11'; 10 for for-the-badge); any script falls back to a font that has it.",
        "output": "The file to write ('-' for standard output; default badge.svg).",
        "format": "png, svg or pdf (default: from the output's extension).",
    ]

    /// `render`'s declaration of the option `name`, lifted into ``render``, with `help` instead of
    /// its own help when given: the same name, parsing and checks. A name `render` does not declare is a
    /// programming error (every run of the tool and every test would stop on it), never a silently missing option.
    package static func shared(_ name: String, help: String?) -> Option<BadgeOptions> {
        guard let option = RenderOptions.schema.first(where: { $0.name == name })?.lifted(\BadgeOptions.render) else {
            preconditionFailure("BadgeOptions.sharedNames: pbrender render has no option '\(name)'")
        }
        guard let help else { return option }
        return Option(
            name: option.name, shortName: option.shortName, placeholder: option.placeholder, help: help,
            section: option.section, fileKey: option.fileKey, isRepeatable: option.isRepeatable,
            expectation: option.expectation, apply: option.apply)
    }

    /// The badge the options describe.
    ///
    /// - Throws: a usage error without a progress, or for `--color-stops-blend` without stops; the
    ///   `--locale` error.
    package func badge() throws(CommandLineError) -> Badge {
        guard let progress = render.progress else {
            throw .usage("give the progress with \(option: "progress", "P") (like 0.87, 87% or 217/250)")
        }
        var badge = Badge(title: title, progress: progress.value)
        badge.total = total
        badge.suffix = suffix
        badge.style = style
        badge.colors = render.indicator.style.progressValueColors
        if render.colorStopsBlend {
            guard badge.colors != nil else {
                throw .usage(
                    "\(option: "color-stops-blend") blends the stops of \(option: "color-stops"): give them too")
            }
            badge.colors?.isBlended = true
        }
        badge.color = color
        badge.darkColor = darkColor
        if let titleColor {
            badge.titleColor = titleColor
            badge.darkTitleColor = titleColor
        }
        if let darkTitleColor { badge.darkTitleColor = darkTitleColor }
        if let textColor { badge.textColor = textColor }
        badge.font = render.font
        badge.formatter = try render.formatter()
        badge.showsBar = !noBar
        badge.scale = render.indicator.scale
        badge.description = render.indicator.accessibility.description
        return badge
    }
}

extension Badge.Style: ChoiceOptionValue {}
