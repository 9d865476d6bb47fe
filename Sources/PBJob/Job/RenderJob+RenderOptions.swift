import PBRendering

extension RenderJob {
    /// A job from `render`'s options as given (on a command line or in a query), read once: the
    /// curve file, the indicator, its layout and, for an animation, every frame's value.
    ///
    /// - Parameters:
    ///   - given: the options, in order.
    ///   - context: where files and standard input are read.
    ///   - offersFrames: whether numbered frames can be written (a command line), which the
    ///     message for a missing progress suggests; a server suggests an animation instead.
    /// - Throws: the first error in the options, the file or the layout; a value the canvas's
    ///   sides got from `--size` is named as that option.
    package init(
        render given: [ArgumentParser<RenderOptions>.Given], context: CommandContext, offersFrames: Bool
    ) throws(CommandLineError) {
        let read = try RenderOptions.read(given, context: context)
        // When the canvas's sides came from '--size', the renderer's "width" is that option.
        let names = read.options.canvasFromSize ? ["width": "size", "height": "size"] : [:]
        do {
            try self.init(read, context: context, offersFrames: offersFrames)
        } catch {
            throw error.renamingValues(names)
        }
        valueNames = names
        compression = read.options.compression
        try setFormatOptions(read.options.formatOptions)
        try setPoster(read.options.poster)
        isDurable = read.options.durable
        warnings = read.input.warnings + warnings
    }

    private init(
        _ read: (options: RenderOptions, input: PathInput), context: CommandContext, offersFrames: Bool
    ) throws(CommandLineError) {
        let options = read.options
        try options.checkOffset()
        var (indicator, sourceWarnings, time) = try options.indicator(input: read.input, context: context)
        try Self.checkDrawing(indicator, options: options)
        if options.isAnimation {
            self = try Self.animation(options, indicator: indicator)
            warnings = sourceWarnings.map(JobWarning.init)
            timeDependence = time
            return
        }
        if let count = options.frames {
            if options.end != nil {
                throw .usage(
                    "give either \(option: "frames") (a sequence from \(option: "from") to \(option: "to")) or "
                        + "\(option: "start")/\(option: "end") (the progress now), not both")
            }
            self = try Self.frames(count, options: options, indicator: indicator)
            warnings = sourceWarnings.map(JobWarning.init)
            return
        }
        if options.from != nil { throw .usage("\(theOption: "from") only applies with \(option: "frames")") }
        if options.to != nil { throw .usage("\(theOption: "to") only applies with \(option: "frames")") }
        guard
            options.hasProgress || indicator.isIndeterminate || options.bytes != nil || options.step != nil
                || options.phasesFile != nil || options.end != nil
        else {
            throw .usage(
                "give the progress with \(option: "progress", "P") (like 0.5 or 50%) or one of "
                    // A request cannot name a phase file on the server.
                    + "\(options: ["values", "bytes", "step"] + (offersFrames ? ["phases"] : []), conjunction: "and"); or "
                    + (offersFrames
                        ? "frames with \(option: "frames", "N")" : "an animation with \(option: "animate-to", "B")"))
        }
        var warnings = sourceWarnings.map(JobWarning.init)
        let hint = Self.percentageHint(options.progress)
        if let hint { warnings.append(hint) }
        let format = try options.format(forOutput: options.output ?? Self.defaultOutput(.png))
        guard format.canHoldStill else { throw Self.stillFormatNeeded(for: format) }
        try Self.check(format, scale: options.indicator.scale, appearance: options.appearance, isLive: options.live)
        indicator.scale = options.indicator.scale
        let scene: Scene
        do {
            let layout = try indicator.layout()
            // The library's warnings (a pinned progress, values past the end, a label made to
            // fit); a pin already told with its '%' hint is not told twice.
            for warning in layout.warnings {
                if case .pinned(name: "progress", _, _) = warning.kind, hint != nil { continue }
                warnings.append(JobWarning(warning))
            }
            scene = try layout.scene(
                values: indicator.values, strokeStart: indicator.strokeStart,
                offset: options.offset ?? RenderOptions.Default.start)
        } catch {
            throw CommandLineError(.render(error))
        }
        if options.live, scene.progress == nil {
            // A drawing complete with its fills, whose outlines are gone: nothing left to move.
            throw .usage(
                "a live SVG moves the progress of every element, and this document at \(option: "progress") 1 "
                    + "shows elements by their fills alone: give a value below 1 (the page's --progress still reaches 1)"
            )
        }
        self.init(
            content: .scene(scene), format: format, appearance: options.appearance, isLive: options.live,
            output: options.output, defaultOutput: Self.defaultOutput(.png), force: options.force, warnings: warnings)
        timeDependence = time
    }

    /// The warning for a progress written as a plain number above 1 (`87`, a percentage without
    /// its `%`, likely), or `nil`.
    package static func percentageHint(_ progress: ProgressAmount?) -> JobWarning? {
        guard let progress, progress.looksLikeAPercentage else { return nil }
        return .percentageWithoutSign(progress.value)
    }

    /// Refuses, for a document of several elements, an indeterminate indicator, which moves one
    /// progress layer.
    ///
    /// - Throws: a usage error naming the option.
    private static func checkDrawing(_ indicator: ProgressIndicator, options: RenderOptions) throws(CommandLineError) {
        guard case .elements(let elements, _, _) = indicator.geometry, elements.count > 1,
            options.indeterminate != nil
        else { return }
        throw .usage(
            "a document of several elements is drawn with a progress layer for each, which \(option: "indeterminate") "
                + "cannot move yet; draw its progress, still or animated (\(option: "animate-to", "B"))")
    }

    /// An animation (`--animate-to`, `--indeterminate`, …): one file, or frames to a pattern.
    private static func animation(_ options: RenderOptions, indicator: ProgressIndicator) throws(CommandLineError)
        -> RenderJob
    {
        if options.hasProgress, options.indeterminate != nil {
            throw .usage(
                "an indeterminate indicator shows activity, not an amount: \(option: "progress") and "
                    + "\(option: "values") do not apply with \(option: "indeterminate")")
        }
        if options.hasProgress {
            throw .usage(
                "an animation goes from \(option: "animate-from", "A") to \(option: "animate-to", "B"); \(option: "progress") and \(option: "values") do not apply"
            )
        }
        if options.start != nil, options.animateTo != nil || options.to != nil || options.indeterminate != nil {
            throw .usage(
                "an animation of \(option: "start")/\(option: "end") goes to the progress now: "
                    + "\(option: options.indeterminate != nil ? "indeterminate" : options.to != nil ? "to" : "animate-to") does not apply"
            )
        }
        if options.indeterminate != nil,
            options.animateFrom != nil || options.animateTo != nil || options.duration != nil
        {
            throw .usage(
                "an indeterminate indicator loops over \(option: "period"); \(option: "animate-from"), \(option: "animate-to") and \(option: "duration") do not apply"
            )
        }
        var indicator = indicator
        let motion: Timeline.Motion
        if let style = options.indeterminate {
            indicator.isIndeterminate = true
            motion = .indeterminate(style)
        } else {
            for (given, instead) in [("from", "animate-from"), ("to", "animate-to")]
            where (given == "from" ? options.from : options.to) != nil && options.frames == nil {
                throw .usage(
                    "\(theOption: given) goes with \(option: "frames"); an animation starts at \(option: instead)")
            }
            if options.from != nil && options.animateFrom != nil || options.to != nil && options.animateTo != nil {
                throw .usage(
                    "give the animation's ends with \(option: "animate-from") and \(option: "animate-to") or with \(option: "from") and \(option: "to"), not both"
                )
            }
            // A schedule's animation runs to the progress now.
            let scheduled = options.start != nil ? indicator.progress : nil
            motion = .progress(
                from: (options.animateFrom ?? options.from)?.value ?? RenderOptions.Default.start,
                to: (options.animateTo ?? options.to)?.value ?? scheduled ?? RenderOptions.Default.end,
                timing: options.timing)
        }
        let schedule = try Self.schedule(options)
        let defaultOutput = Self.defaultOutput(.apng)
        let output = options.output ?? defaultOutput
        let pattern = output.contains("%") ? try FramePattern(output) : nil
        let format = try options.format(forOutput: pattern?.fileName(0) ?? output)
        try check(format, scale: options.indicator.scale, appearance: options.appearance, isLive: false)
        let timeline: Timeline
        do {
            timeline = Timeline(
                layout: try indicator.layout(), motion: motion, schedule: schedule, strokeStart: indicator.strokeStart)
        } catch {
            throw CommandLineError(.render(error))
        }
        // Every frame's value is checked before any frame is rendered.
        for index in 0..<schedule.frameCount {
            if let progress = timeline.progress(ofFrame: index), !progress.isFinite {
                throw .input(
                    "the progress of frame \(index) from \(option: "animate-from") to \(option: "animate-to") is not a finite number"
                )
            }
        }
        if pattern != nil {
            guard format.canHoldStill else { throw stillFormatNeeded(for: format) }
            let sequence = FrameSequence(count: schedule.frameCount, format: format, appearance: options.appearance) {
                index throws(RenderError) in try timeline.scene(ofFrame: index)
            }
            return RenderJob(
                content: .frames(sequence), format: format, appearance: options.appearance, output: output,
                defaultOutput: defaultOutput, force: options.force)
        }
        guard format.canAnimate else {
            let files = ImageFormat.animatedFormats.map { "\($0.displayName) (-o anim.\($0.fileExtension))" }
            throw .usage("an animation writes \(ImageFormat.phrase(listing: files + ["frames (-o 'frame-%03d.png')"]))")
        }
        return RenderJob(
            content: .animation(timeline), format: format, appearance: options.appearance, output: options.output,
            defaultOutput: defaultOutput, force: options.force)
    }

    /// The frames of an animation: by duration (or period) and frame rate, or exactly `--frames N`
    /// over the duration (or period), or at the frame rate.
    ///
    /// - Throws: a usage error for a frame count with both a duration and a frame rate; an input
    ///   error for a schedule out of its limits.
    private static func schedule(_ options: RenderOptions) throws(CommandLineError) -> FrameSchedule {
        let loop = options.indeterminate != nil
        if options.frames != nil, options.fps != nil, options.duration != nil || loop {
            throw .usage(
                "\(option: "frames") N with \(option: loop ? "period" : "duration") shows each frame D/N seconds: "
                    + "\(option: "fps") does not apply")
        }
        do throws(FrameScheduleError) {
            guard let count = options.frames else {
                let fps = options.fps ?? RenderOptions.Default.fps
                return loop
                    ? try FrameSchedule(period: options.period, framesPerSecond: fps)
                    : try FrameSchedule(
                        duration: options.duration ?? RenderOptions.Default.duration, framesPerSecond: fps,
                        hold: options.hold, loopCount: options.loop)
            }
            if loop { return try FrameSchedule(frameCount: count, period: options.period) }
            let seconds =
                options.duration ?? options.fps.map { Double(count) / Double($0) } ?? RenderOptions.Default.duration
            return try FrameSchedule(frameCount: count, duration: seconds, hold: options.hold, loopCount: options.loop)
        } catch {
            throw .input("\(error)")
        }
    }

    /// `--frames count`: the indicator laid out once, each frame that layout at its progress, evenly
    /// spaced from `--from` to `--to`.
    private static func frames(_ count: Int, options: RenderOptions, indicator: ProgressIndicator)
        throws(CommandLineError) -> RenderJob
    {
        guard count >= 1, count <= FrameSequence.maximumCount else {
            throw CommandLineError(
                .invalidValue(
                    option: "frames", value: String(count),
                    expected: "a whole number from 1 to \(FrameSequence.maximumCount)"))
        }
        if options.hasProgress { throw .usage("give either \(option: "progress") or \(option: "frames"), not both") }
        guard let output = options.output, output != "-" else {
            throw .usage("\(option: "frames") needs '-o' with a file pattern, like -o 'frame-%03d.png'")
        }
        let pattern = try FramePattern(output)
        let format = try options.format(forOutput: pattern.fileName(0))
        guard format.canHoldStill else { throw stillFormatNeeded(for: format) }
        try check(format, scale: options.indicator.scale, appearance: options.appearance, isLive: false)
        var indicator = indicator
        indicator.scale = options.indicator.scale
        let layout: ProgressLayout
        do {
            layout = try indicator.layout()
        } catch {
            throw CommandLineError(.render(error))
        }
        let (from, to, start) = (
            options.from?.value ?? RenderOptions.Default.start, options.to?.value ?? RenderOptions.Default.end,
            indicator.strokeStart
        )
        // Evenly spaced from `from` to `to`; a single frame is `from`, the first frame's progress.
        // Where the difference or its multiple overflows (`--from 1e308`), the same point as a
        // weighted mean, which stays between the two.
        let progress = { @Sendable (index: Int) in
            guard count > 1 else { return from }
            let value = from + (to - from) * Double(index) / Double(count - 1)
            if value.isFinite { return value }
            let t = Double(index) / Double(count - 1)
            return from * (1 - t) + to * t
        }
        // Every frame's value is checked before any frame is rendered or written.
        for index in 0..<count where !progress(index).isFinite {
            throw .input(
                "the progress of frame \(index) from \(option: "from") \(NumberText.readable(from)) to \(option: "to") \(NumberText.readable(to)) is not a finite number"
            )
        }
        let sequence = FrameSequence(count: count, format: format, appearance: options.appearance) {
            index throws(RenderError) in try layout.scene(progress: progress(index), strokeStart: start)
        }
        return RenderJob(
            content: .frames(sequence), format: format, appearance: options.appearance, output: output,
            defaultOutput: output, force: options.force)
    }

    /// The error for a still image or frames in a format that holds only animations.
    package static func stillFormatNeeded(for format: ImageFormat) -> CommandLineError {
        .usage(
            "\(format.phrase) needs an animation: give \(option: "animate-to", "B") (and \(option: "duration")) or \(option: "indeterminate", "STYLE")"
        )
    }
}
