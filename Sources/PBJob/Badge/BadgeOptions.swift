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
    /// Free text instead of the value.
    package var message: String?
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
        "progress", "start", "end", "now", "color-stops", "color-stops-blend", "font", "locale", "description", "scale",
        "output", "format", "compression", "force", "appearance",
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
                "message", \.message, placeholder: "TEXT", section: "BADGE",
                help:
                    "Free text in the value box instead of the value ('passing', 'v1.2'; shields.io's message), measured by Pango as the title is; the bar still shows the progress unless --no-bar. Without a progress: a static badge, no bar, grey unless --color says."
            ),
            .value(
                "style", \.style, placeholder: "STYLE", section: "BADGE",
                help:
                    "flat (default; rounded, a faint gloss), flat-square, plastic (glossy), for-the-badge (tall, upper case) or social (GitHub's buttons: light boxes, the value in a bubble, the bar in its colour)."
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
                help:
                    "The texts' and the bar's colour (default white; social: dark grey, its bar in the value's colour)."
            ),
            .flag("no-bar", \.noBar, section: "BADGE", help: "Leave the small progress bar out of the value box."),
        ]
        + sharedNames.map { name in shared(name, help: sharedHelp[name]) }
        + ImageFormat.declaredOptions.map { shared($0.name, help: nil) }

    /// Help of shared options where a badge's reading differs from a progress image's.
    package static let sharedHelp = [
        "progress": "The progress: 0.87, 87% or a ratio of counts like 217/250. Pinned to 0...1.",
        "start":
            "With --end, a progress that moves with the clock: (now - start) / (end - start), pinned to 0...1, in half-percent steps. Dates in RFC 3339 (ISO 8601): 2026-12-01T09:00:00Z.",
        "end": "When the progress of --start reaches 1.",
        "now": "The moment to draw --start/--end at (default: the clock's; a server's at each request).",
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

    /// The value box's colour for a message without a progress: shields.io's `lightgrey`.
    static let staticMessageColor = Color(red8: 0x9F, green8: 0x9F, blue8: 0x9F)

    /// The badge the options describe, with how it depends on the clock when its progress is a
    /// schedule's (`--start`, `--end`) read at the clock's time.
    ///
    /// - Throws: a usage error without a progress or with two, or for `--color-stops-blend` without
    ///   stops; the `--locale` error; the schedule's errors.
    package func badge(context: CommandContext) throws(CommandLineError) -> (badge: Badge, time: TimeDependence?) {
        let schedule = try render.schedule()
        let progress: Double
        var time: TimeDependence?
        switch (render.progress, schedule) {
        case (let given?, nil):
            progress = given.value
        case (nil, let schedule?) where schedule.start != nil:
            // The fewest steps: half percents, finer than a badge's bar of a few dozen pixels, and
            // its whole percentage reads as the exact fraction's.
            let steps = ProgressSchedule.minimumStepCount
            progress = schedule.state(at: render.moment(context: context), steps: steps).fraction ?? 0
            time = render.timeDependence(of: schedule, steps: steps, showsTimeLeft: false, context: context)
        case (_?, _?):
            throw .usage("give either \(option: "progress") or \(option: "start")/\(option: "end"), not both")
        case (nil, nil) where message != nil:
            // A message alone is a static badge, as shields.io's: no bar, and its grey unless a colour is given.
            progress = 1
        default:
            throw .usage(
                "give the progress with \(option: "progress", "P") (like 0.87, 87% or 217/250), or "
                    + "\(option: "start", "DATE") and \(option: "end", "DATE") for one that moves with the clock")
        }
        if message != nil, total != nil || !suffix.isEmpty {
            throw .usage(
                "\(option: "message") replaces the value, which \(option: total != nil ? "total" : "suffix") writes: "
                    + "give one of them")
        }
        var badge = Badge(title: title, progress: progress)
        badge.total = total
        badge.suffix = suffix
        badge.message = message
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
        badge.textColor = textColor
        badge.font = render.font
        badge.formatter = try render.formatter()
        badge.showsBar = !noBar && (render.progress != nil || schedule != nil)
        if render.progress == nil && schedule == nil && color == nil { badge.color = Self.staticMessageColor }
        badge.scale = render.indicator.scale
        badge.description = render.indicator.accessibility.description
        return (badge, time)
    }
}

extension Badge.Style: ChoiceOptionValue {}
