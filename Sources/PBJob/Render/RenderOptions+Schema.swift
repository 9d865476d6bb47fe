import PBGeometry
import PBRendering

extension RenderOptions {
    /// Every option of `pbrender render`, declared once: the command line, curve files, help and
    /// the server's query strings all read this list.
    package static let schema: [Option<RenderOptions>] =
        PathSource.schema.map { $0.lifted(\.source) } + progressOptions + sourceOptions + animationOptions
        + outputOptions + formatOptions + canvasOptions + documentOptions + strokeOptions + colourOptions
        + labelOptions + webOptions

    /// What every option left out means, read by help's "(default …)": one value for the whole schema.
    private static let defaults = RenderOptions()

    /// The progress and frame sequences.
    package static let progressOptions: [Option<RenderOptions>] = [
        .value(
            "progress", \.progress, placeholder: "P", section: "PROGRESS",
            help:
                "How far along the path the progress runs (strokeEnd): 0.5, 50% or a ratio of counts like 512/1024. Pinned to 0...1."
        ),
        .value(
            "values", \.values, placeholder: "V,V,...", section: "PROGRESS", file: .top("values"),
            help:
                "Several values laid end to end along the path in order, each its own colour (--value-colors: one a value), e.g. 0.2,0.15,0.1 (a storage bar); none negative. A total above 1 is cut at the end, with a warning."
        ),
        .value(
            "stroke-start", \.strokeStart, placeholder: "S", section: "PROGRESS",
            help:
                "Where the progress starts (strokeStart, default \(default: Default.start)); nothing is drawn when S >= P."
        ),
        .number(
            "offset", \.offset, .any, placeholder: "F", section: "PROGRESS",
            help:
                "Move the drawn part along the path by F of its length (Lottie's trim offset; default \(default: Default.start)), wrapping across the seam of a closed path."
        ),
        .value(
            "frames", \.frames, placeholder: "N", section: "PROGRESS",
            help:
                "Render N frames with progress from A to B, evenly spaced: to a file pattern given by -o ('frame-%03d.png'), or as one animation of exactly N frames (-o \(ImageFormat.list(ImageFormat.animatedFormats, extensions: true, conjunction: "or"))), with --duration or --fps. A sequence of files replaces the old one whole, old frames past N included; a kill leaves one or the other, or a state the next frames run into the folder completes."
        ),
        .value(
            "from", \.from, placeholder: "A", section: "PROGRESS",
            help: "The progress of the first frame (default \(default: Default.start))."),
        .value(
            "to", \.to, placeholder: "B", section: "PROGRESS",
            help: "The progress of the last frame (default \(default: Default.end))."),
    ]

    /// Where and how the image is written.
    package static let outputOptions: [Option<RenderOptions>] = [
        .value(
            "output", \.output, short: "o", placeholder: "OUT", section: "OUTPUT",
            help:
                "The file to write ('-' for standard output; default progress.png), or for frames a pattern with %d like 'frames/f-%03d.png' (a missing last folder is created). A link in a sticky, world-writable folder (/tmp) is followed only if it is yours or the folder owner's."
        ),
        .value(
            "format", \.format, placeholder: "FORMAT", section: "OUTPUT",
            help:
                "\(ImageFormat.list(ImageFormat.all)) (default: from the output's extension; apng is an animated PNG)."
        ),
        .value(
            "compression", \.compression, placeholder: "MODE", section: "OUTPUT", file: .style("compression"),
            help:
                "How hard PNG and APNG are compressed, the same pixels in every mode: fast (ISA-L, about 5 times less CPU a frame, files about 14 % larger), default (libdeflate 6) or small (libdeflate 11, about 6 % smaller, about 50 times the compression time)."
        ),
        .flag(
            "force", \.force, section: "OUTPUT",
            help: "Write an image to standard output even when it is a terminal."),
        .flag(
            "durable", \.durable, section: "OUTPUT",
            help:
                "Flush each file to the disk before it replaces the old one, and the folder after (fsync), so the new file survives a power loss or a crash of the system. Without it a file is still replaced whole (a new file renamed over the old), but after a power loss some file systems (XFS; ext4 mounted noauto_da_alloc) can show the old file or an empty one. Costs about 0.4 ms of CPU a file here, more on slow disks."
        ),
        .value(
            "appearance", \.appearance, placeholder: "MODE", section: "OUTPUT",
            help:
                "light or dark (default \(default: defaults.appearance)): the colours a PNG or PDF is drawn in (an SVG carries both)."
        ),
    ]

    /// The options formats declare (GIF's matte colour), each read into ``formatOptions``.
    static let formatOptions: [Option<RenderOptions>] = ImageFormat.declaredOptions.map { .format($0, \.formatOptions) }

    /// The canvas and the shape.
    package static let canvasOptions: [Option<RenderOptions>] = [
        .number(
            "width", \.indicator.width, .positive, placeholder: "W", section: "CANVAS AND SHAPE",
            help: "Canvas width in points (default: the shape's, the curve file's, or the path's stroked bounds)."
        ).then { $0.canvasFromSize = false },
        .number(
            "height", \.indicator.height, .positive, placeholder: "H", section: "CANVAS AND SHAPE",
            help: "Canvas height in points."
        ).then { $0.canvasFromSize = false },
        Option(
            name: "size", shortName: nil, placeholder: "W[xH]",
            help: "Canvas width and height at once: 64 for a square, 64x32.", section: "CANVAS AND SHAPE",
            fileKey: nil, isRepeatable: false, expectation: "a size like 64 or 64x32"
        ) { options, input throws(OptionValueError) in
            guard case .text(let text) = input else { throw .invalid }
            let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 1 || sides.count == 2 else { throw .invalid }
            let numbers = try sides.map { (side: Substring) throws(OptionValueError) -> Double in
                let value = try Double(optionText: String(side))
                guard value > 0 else { throw .invalid }
                return value
            }
            options.indicator.width = numbers[0]
            options.indicator.height = numbers.last
            options.canvasFromSize = true
        },
        .number(
            "scale", \.indicator.scale, .positive, placeholder: "S", section: "CANVAS AND SHAPE",
            help:
                "Pixels per point in a PNG, e.g. 2 for @2x (default \(default: defaults.indicator.scale)); SVG and PDF are vector."
        ),
        .number(
            "padding", \.indicator.padding, .nonNegative, placeholder: "P", section: "CANVAS AND SHAPE",
            help:
                "Space kept clear around a shape, or around a path fitted to its stroke (default \(default: defaults.indicator.padding))."
        ),
        .value(
            "start-angle", \.indicator.startAngle, placeholder: "DEG", section: "CANVAS AND SHAPE",
            help:
                "Where a ring, semicircle or gauge starts, in degrees clockwise from 3 o'clock (ring -90: 12 o'clock; semicircle 180; gauge 135). Taken modulo 360."
        ),
        .flag(
            "counterclockwise", \.counterclockwise, section: "CANVAS AND SHAPE",
            help: "Run the other way: a shape counterclockwise (a bar right to left), a path reversed."),
        .value(
            "view-box", \.viewBox, placeholder: "'X Y W H'", section: "CANVAS AND SHAPE", file: .top("viewBox"),
            help:
                "The rectangle of the path's coordinates the canvas shows, as an SVG viewBox ('0 0 16 16' for a 16-unit icon): the canvas is W x H points unless --size, --width or --height give another, which the box fills centred, its aspect kept (xMidYMid meet). For --path-data and curve files; an SVG document has its own."
        ),
    ]

    /// How an SVG document's elements are drawn.
    package static let documentOptions: [Option<RenderOptions>] = [
        .value(
            "order", \.order, placeholder: "ORDER", section: "SVG DOCUMENTS",
            help:
                "How progress spreads over an SVG document's elements: sequence (the default: the whole document as one path in document order), together (every element at the same fraction of its own length) or delayed (element i of n over the progress window [i D/(n-1), i D/(n-1) + 1 - D], D from --delay)."
        ),
        .number(
            "delay", \.delay, .within(0...1), placeholder: "D", section: "SVG DOCUMENTS",
            help:
                "How far apart the delayed order's windows start, in all, from 0 (together) to nearly 1 (one after another; at 1 each appears whole at once; default \(default: ElementOrder.defaultDelay)); implies --order delayed."
        ),
        .value(
            "fills", \.indicator.style.elementFills, placeholder: "WHEN", section: "SVG DOCUMENTS",
            help:
                "When an SVG document's fills and markers show (librsvg draws them as the document says: colours, gradients, patterns, clips, masks, filters): none (the default: strokes only), always, or at-end (once the progress is complete). Text and images, which have no outline to draw along, appear when the drawing reaches them (always with 'always'); an element with no stroke of its own is outlined in the progress colour while its fill paints."
        ),
    ]

    /// How the track and progress are stroked.
    package static let strokeOptions: [Option<RenderOptions>] = [
        .number(
            "line-width", \.indicator.style.lineWidth, .nonNegative, placeholder: "W", section: "STROKE",
            file: .style("lineWidth"),
            help:
                "Width of the progress stroke in points (default \(default: ProgressShape.ring.defaultLineWidth); \(default: ProgressShape.bar.defaultLineWidth) for a bar; at most an eighth of a smaller shape: 2 at --size 16)."
        ),
        .number(
            "track-width", \.indicator.style.trackWidth, .nonNegative, placeholder: "W", section: "STROKE",
            file: .style("trackWidth"), help: "Width of the track stroke (default: the line width)."),
        .value(
            "line-cap", \.indicator.style.lineCap, placeholder: "CAP", section: "STROKE", file: .style("lineCap"),
            help:
                "butt, round or square (default \(default: defaults.indicator.style.lineCap)); caps sit on the ends of the progress."
        ),
        .value(
            "line-join", \.indicator.style.lineJoin, placeholder: "JOIN", section: "STROKE",
            file: .style("lineJoin"),
            help: "miter, round or bevel (default \(default: defaults.indicator.style.lineJoin))."),
        .number(
            "miter-limit", \.indicator.style.miterLimit, .atLeastOne, placeholder: "M", section: "STROKE",
            file: .style("miterLimit"),
            help:
                "Longest miter as a multiple of the width before it is bevelled (default \(default: defaults.indicator.style.miterLimit), at least 1)."
        ),
        .value(
            "dash", \.indicator.style.dashPattern, placeholder: "LENGTHS", section: "STROKE", file: .style("dash"),
            expectation: "a dash pattern: lengths >= 0 separated by commas, not all zero (like '6,4')",
            help: "Dash pattern laid along the whole path, e.g. '6,4'; progress reveals it, the dashes stay put.",
            check: { $0.allSatisfy { $0 >= 0 } && ($0.isEmpty || $0.contains { $0 > 0 }) }),
        .number(
            "dash-phase", \.indicator.style.dashPhase, .any, placeholder: "D", section: "STROKE",
            file: .style("dashPhase"),
            help:
                "How far into the dash pattern the path starts (default \(default: defaults.indicator.style.dashPhase))."
        ),
        .flag(
            "zero-dot", \.indicator.style.showsZeroProgressDot, section: "STROKE", file: .style("zeroDot"),
            help: "At zero progress keep the dot a round or square cap makes (hidden by default)."),
        Option(
            name: "each-subpath", shortName: nil, placeholder: nil,
            help: "Progress is a fraction of each subpath's length, not of the whole path.", section: "STROKE",
            fileKey: .style("eachSubpath"), isRepeatable: false, expectation: Bool.expectation
        ) { options, input throws(OptionValueError) in
            let on: Bool
            switch input {
            case .present: on = true
            case .text(let text): on = try Bool(optionText: text)
            case .json(let json): on = try Bool(json: json)
            }
            options.indicator.style.trimScope = on ? .eachSubpath : .wholePath
        },
    ]

    /// What they are painted with.
    package static let colourOptions: [Option<RenderOptions>] = [
        .value(
            "progress-color", \.indicator.style.progressTintColor, placeholder: "COLOR", section: "COLOURS",
            file: .style("progressColor"),
            help:
                "Progress tint: #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), a CSS colour name or a system colour (default \(default: defaults.indicator.style.progressTintColor))."
        ),
        .value(
            "track-color", \.indicator.style.trackTintColor, placeholder: "COLOR", section: "COLOURS",
            file: .style("trackColor"),
            help: "Track tint (default \(default: defaults.indicator.style.trackTintColor))."),
        .value(
            "background", \.indicator.style.backgroundColor, placeholder: "COLOR", section: "COLOURS",
            file: .style("background"),
            help: "Canvas colour (default \(default: defaults.indicator.style.backgroundColor))."),
        .value(
            "value-colors", \.indicator.style.valueColors, placeholder: "C,C,...", section: "COLOURS",
            file: .top("valueColors"),
            help:
                "The colours of --values, in order, one a value (default systemBlue, systemGreen, systemOrange, systemRed, ..., repeating)."
        ),
        .value(
            "progress-gradient", \.indicator.style.progressGradient, placeholder: "C,C,...", section: "COLOURS",
            file: .style("progressGradient"),
            help:
                "Colours along the whole path, evenly spaced or at fractions ('#FF3B30,#FFCC00,#34C759', '#F00@0,#0F0@0.8'); they stay put as progress grows."
        ),
        .value(
            "track-gradient", \.indicator.style.trackGradient, placeholder: "C,C,...", section: "COLOURS",
            file: .style("trackGradient"), help: "Colours along the whole path for the track."),
        .value(
            "color-stops", \.indicator.style.progressValueColors, placeholder: "V:C,...", section: "COLOURS",
            file: .style("colorStops"),
            help:
                "Progress colour by progress value: the last stop at or below it ('0:#FF3B30,0.5:#FF9500,0.8:#34C759')."
        ),
        .flag(
            "color-stops-blend", \.colorStopsBlend, section: "COLOURS", file: .style("colorStopsBlend"),
            help: "Blend between colour stops instead of stepping."),
        Option(
            name: "track-fill", shortName: nil, placeholder: "COLOR",
            help: "Fill under the track: the whole path, or the full pie of a ring or gauge (default none).",
            section: "COLOURS", fileKey: .style("trackFill"), isRepeatable: false,
            expectation: "a colour or 'none'"
        ) { options, input throws(OptionValueError) in
            options.indicator.style.trackFillColor = try fill(input)
        },
        Option(
            name: "progress-fill", shortName: nil, placeholder: "COLOR",
            help:
                "Fill under the progress: the pie wedge from the centre of a ring or gauge to the progress, or the trimmed path (default none).",
            section: "COLOURS", fileKey: .style("progressFill"), isRepeatable: false,
            expectation: "a colour or 'none'"
        ) { options, input throws(OptionValueError) in
            options.indicator.style.progressFillColor = try fill(input)
        },
    ]

    /// Where the progress comes from besides `--progress`.
    package static let sourceOptions: [Option<RenderOptions>] = [
        .value(
            "bytes", \.bytes, placeholder: "R/T", section: "PROGRESS SOURCES",
            help:
                "Bytes received / expected (progress = R / T, divided as doubles; {bytes} and {totalBytes} like 3.1 MB); 'R/?' for an unknown total: indeterminate."
        ),
        .value(
            "step", \.step, placeholder: "N/M", section: "PROGRESS SOURCES",
            help: "Step N of M done (progress N / M; {step} and {stepCount})."),
        .value(
            "phases", \.phasesFile, placeholder: "FILE", section: "PROGRESS SOURCES",
            help:
                "Weighted phases: JSON {\"phases\": [{\"weight\": 2, \"message\": \"Sending name changes\"}, ...]}; with --phase."
        ),
        .value(
            "phase", \.phase, placeholder: "N", section: "PROGRESS SOURCES",
            help: "The current phase, from 1: those before it are done ({phase}, {phaseCount}, {message})."),
        .value(
            "phase-progress", \.phaseProgress, placeholder: "F", section: "PROGRESS SOURCES",
            help: "How much of the current phase is done (default \(default: Default.start))."),
        .number(
            "elapsed", \.elapsed, .nonNegative, placeholder: "SECONDS", section: "PROGRESS SOURCES",
            help: "Seconds so far, for {remaining}: elapsed x (1 - p) / p, as \"About 2 minutes remaining\"."),
        .value(
            "started-at", \.startedAt, placeholder: "ISO8601", section: "PROGRESS SOURCES",
            help: "When the work started (with --now, for reproducible output), for {remaining}."),
        .value(
            "start", \.start, placeholder: "DATE", section: "PROGRESS SOURCES",
            help:
                "With --end, progress that moves with the clock: (now - start) / (end - start), pinned to 0...1, in steps of half a percent or finer (a step moves the progress end by at most a pixel). Dates in RFC 3339 (ISO 8601): 2026-12-01T09:00:00Z, 2026-12-01T10:00:00+01:00."
        ),
        .value(
            "end", \.end, placeholder: "DATE", section: "PROGRESS SOURCES",
            help:
                "When the progress of --start reaches 1, and {remaining} reads the time left until it (\"3 days left\"). Alone, a countdown: the label counts down and the path is drawn as its track."
        ),
        .value(
            "now", \.now, placeholder: "DATE", section: "PROGRESS SOURCES",
            help:
                "The moment to draw --start/--end at (default: the clock's; a server's at each request), or the moment --started-at is measured to: the same image on every run."
        ),
    ]

    /// The options of animations and indeterminate indicators.
    package static let animationOptions: [Option<RenderOptions>] = [
        .value(
            "animate-from", \.animateFrom, placeholder: "A", section: "ANIMATION",
            help: "Animate the progress from A (default \(default: Default.start)) ..."),
        .value(
            "animate-to", \.animateTo, placeholder: "B", section: "ANIMATION",
            help: "... to B (default \(default: Default.end)); the last frame is exactly B."),
        .number(
            "duration", \.duration, .positive, placeholder: "SECONDS", section: "ANIMATION",
            help:
                "How long the animation runs (default \(default: Default.duration)): round(D x F) + 1 frames, frame k at k/F seconds; with --frames N, N frames shown D/N seconds each."
        ),
        .value(
            "fps", \.fps, placeholder: "N", section: "ANIMATION", expectation: "a whole number from 1 to 120",
            help:
                "Frames a second (default \(default: Default.fps)); with --frames N and no --duration, N frames at F a second.",
            check: { FrameSchedule.framesPerSecondRange.contains($0) }),
        .value(
            "timing", \.timing, placeholder: "T", section: "ANIMATION",
            help:
                "The timing curve, Core Animation's: linear, ease-in, ease-out, ease-in-out, default (cubic-bezier(0.25,0.1,0.25,1), the default), or cubic-bezier(x1,y1,x2,y2)."
        ),
        .number(
            "hold", \.hold, .nonNegative, placeholder: "SECONDS", section: "ANIMATION",
            help: "Keep the last frame this long (default \(default: defaults.hold))."),
        .value(
            "loop", \.loop, placeholder: "N", section: "ANIMATION", expectation: "a whole number >= 0",
            help: "Play N times (default \(default: defaults.loop); 0 forever).", check: { $0 >= 0 }),
        .value(
            "poster", \.poster, placeholder: "WHEN", section: "ANIMATION",
            help:
                "The picture an APNG shows where it is not played (its default image: many mail clients, ImageMagick): last (the default: the value reached), first, or a progress like 0.75. A GIF's or an animated WebP's such viewers show the first frame; neither has a picture of its own for them."
        ),
        .value(
            "indeterminate", \.indeterminate, placeholder: "STYLE", section: "ANIMATION",
            help:
                "Work of unknown length, looping: spinner (UIActivityIndicatorView's 12 spokes), arc (a turning arc whose ends chase), bar (a sliding segment), pulse (the track breathing)."
        ),
        .number(
            "period", \.period, .positive, placeholder: "SECONDS", section: "ANIMATION",
            help:
                "One loop of an indeterminate indicator (default \(default: defaults.period)): round(P x F) frames, the last step back to the first like any other."
        ),
    ]

    /// The label's options.
    package static let labelOptions: [Option<RenderOptions>] = [
        .value(
            "label", \.label, placeholder: "TEMPLATE", section: "LABEL", file: .style("label"),
            help:
                "Text drawn with the progress: tokens {percent} {fraction} {completed} {total} {bytes} {totalBytes} {step} {stepCount} {phase} {phaseCount} {message} {remaining} {title}, {{ for a brace; or a token name alone ('percent')."
        ),
        .value(
            "font", \.font, placeholder: "FONT", section: "LABEL", file: .style("font"),
            help:
                "The label's font as a Pango description, e.g. 'Sans Bold 14' (default Sans Bold 12); any script falls back to a font that has it."
        ),
        .value(
            "label-color", \.labelColor, placeholder: "COLOR", section: "LABEL", file: .style("labelColor"),
            help: "The label's colour (default black; white in dark appearance)."),
        .value(
            "dark-label-color", \.darkLabelColor, placeholder: "COLOR", section: "LABEL",
            file: .style("darkLabelColor"), help: "The label's colour in dark appearance."),
        .value(
            "label-position", \.labelPosition, placeholder: "WHERE", section: "LABEL", file: .style("labelPosition"),
            help:
                "center (of a ring; the default for round shapes and closed paths), above (the default for bars and open paths), below, leading, trailing, or end (following the progress end). Outside the shape the canvas grows, unless --width/--height fix it: then the shape shrinks."
        ),
        .value(
            "locale", \.locale, placeholder: "LOCALE", section: "LABEL",
            help:
                "How numbers, percents and byte counts are written: fr_FR (42 %), de_DE, ar_EG (Arabic-Indic digits), ja_JP, ... (default: en_US_POSIX, reproducible)."
        ),
    ]

    /// The options of web SVG output and accessibility.
    static let webOptions: [Option<RenderOptions>] = [
        .flag(
            "live", \.live, section: "WEB AND ACCESSIBILITY",
            help:
                "Write an SVG whose progress follows the CSS custom property --progress (0...1; --value-1, --value-2, ... for --values) set on the <svg> or an ancestor when it is inlined in a page; its own values are the initial ones."
        ),
        .value(
            "title", \.indicator.accessibility.title, placeholder: "TEXT", section: "WEB AND ACCESSIBILITY",
            help: "The accessible name, the SVG's <title> (default \"Progress: 37%\")."),
        .value(
            "description", \.indicator.accessibility.description, placeholder: "TEXT", section: "WEB AND ACCESSIBILITY",
            help: "A longer description, the SVG's <desc>."),
        .flag(
            "decorative", \.indicator.accessibility.isDecorative, section: "WEB AND ACCESSIBILITY",
            help: "Decoration only: aria-hidden=\"true\", no title."),
        .value(
            "dark-progress-color", \.indicator.style.darkProgressTintColor, placeholder: "COLOR",
            section: "WEB AND ACCESSIBILITY", file: .style("darkProgressColor"),
            help:
                "Progress tint in dark appearance (default: the tint's dark variant, #0A84FF for systemBlue; other colours stay)."
        ),
        .value(
            "dark-track-color", \.indicator.style.darkTrackTintColor, placeholder: "COLOR",
            section: "WEB AND ACCESSIBILITY", file: .style("darkTrackColor"),
            help: "Track tint in dark appearance (default: its dark variant, #2C2C2E for systemGray5)."),
        .value(
            "dark-background", \.indicator.style.darkBackgroundColor, placeholder: "COLOR",
            section: "WEB AND ACCESSIBILITY", file: .style("darkBackground"),
            help: "Canvas colour in dark appearance (default: the background's dark variant)."),
    ]

    /// A fill colour, or none (`none` as text, `null` in JSON).
    private static func fill(_ input: OptionInput) throws(OptionValueError) -> Color? {
        switch input {
        case .text(let text) where text.lowercased() == "none": return nil
        case .json(.null): return nil
        case .text(let text): return try Color(optionText: text)
        case .json(let json): return try Color(json: json)
        case .present: throw .invalid
        }
    }
}
