import PBDocument
import PBGeometry
import PBRendering

extension RenderOptions {
    /// The options of a render: the curve file's first (when `--path` names one), then the
    /// command line's, in order, so flags override the file.
    ///
    /// - Throws: the first error in the file or the options.
    package static func read(
        _ given: [ArgumentParser<RenderOptions>.Given], context: CommandContext
    ) throws(CommandLineError) -> (options: RenderOptions, input: PathInput) {
        var options = RenderOptions()
        for item in given where PathSource.schema.contains(where: { $0.name == item.option.name }) {
            try item.apply(to: &options)
        }
        let input = try options.source.input(context: context)
        if case .curveFile(let file) = input { try file.apply(to: &options) }
        // A document is drawn as line-drawing tools draw it: nothing where progress has not
        // reached, unless '--track-color' asks for the outline beneath.
        if input.isDocument { options.indicator.style.trackTintColor = .clear }
        // A progress on the command line replaces the file's values, as any flag replaces the
        // file's setting.
        let fileValues = options.values
        options.values = nil
        for item in given { try item.apply(to: &options) }
        // Style flags given override every element's own style in a document.
        for item in given {
            if let override = documentOverride[item.option.name] { options.documentOverrides.insert(override) }
        }
        if options.progress == nil && options.values == nil { options.values = fileValues }
        return (options, input)
    }

    /// The document style each style option overrides when it is given.
    private static let documentOverride: [String: DocumentStyleOverrides] = [
        "progress-color": .color, "progress-gradient": .color, "color-stops": .color, "dark-progress-color": .color,
        "line-width": .lineWidth, "line-cap": .lineCap, "line-join": .lineJoin, "miter-limit": .miterLimit,
        "dash": .dash, "dash-phase": .dash,
    ]

    /// The order of `--order` and `--delay` for a document, or `nil` when neither is given.
    ///
    /// - Throws: a usage error when they are given for a source that is not a document, or
    ///   `--delay` with an order other than `delayed`.
    package func elementOrder(isDocument: Bool) throws(CommandLineError) -> ElementOrder? {
        if !isDocument, indicator.style.elementFills != .none {
            throw .usage("\(theOption: "fills") draws an SVG document's fills: give one with \(option: "path", "FILE")")
        }
        guard order != nil || delay != nil else { return nil }
        guard isDocument else {
            let name = order != nil ? "order" : "delay"
            throw .usage(
                "\(theOption: name) orders the elements of an SVG document: give one with \(option: "path", "FILE")")
        }
        switch order ?? .delayed {
        case .sequence, .together:
            if delay != nil {
                throw .usage("\(theOption: "delay") goes with \(option: "order") delayed, not \(order?.rawValue ?? "")")
            }
            return order == .together ? .together : .sequence
        case .delayed:
            return .delayed(delay ?? ElementOrder.defaultDelay)
        }
    }

    /// The path of `indicator` mapped from `viewBox`'s coordinates onto the canvas: the box's size
    /// unless the indicator's width or height says otherwise (a missing side from the box's aspect).
    ///
    /// - Throws: a usage error for a built-in shape or an SVG document (which has its own box).
    private static func mapped(_ indicator: ProgressIndicator, by viewBox: ViewBox, input: PathInput)
        throws(CommandLineError) -> ProgressIndicator.Geometry
    {
        guard !input.isDocument else {
            throw .usage(
                "\(theOption: "view-box") is for path data and curve files: an SVG document has its own viewBox")
        }
        guard case .path(let path, _) = indicator.geometry else {
            throw .usage(
                "\(theOption: "view-box") maps a path's coordinates onto the canvas: give \(option: "path-data") or a "
                    + "curve file, not a built-in shape")
        }
        let box = viewBox.rect.size
        let size = Size(
            width: indicator.width ?? (indicator.height.map { $0 * box.width / box.height } ?? box.width),
            height: indicator.height ?? (indicator.width.map { $0 * box.height / box.width } ?? box.height))
        return .path(path.transformed(by: viewBox.transform(onto: size)), canvas: size)
    }

    /// The indicator the options describe, at their progress, with the warnings of its source of
    /// progress (more bytes received than expected), and how it depends on the clock when a
    /// schedule (`--start`, `--end`) is read at the clock's time.
    ///
    /// - Throws: a usage error for options that contradict each other.
    package func indicator(input: PathInput, context: CommandContext) throws(CommandLineError)
        -> (indicator: ProgressIndicator, warnings: [RenderWarning], time: TimeDependence?)
    {
        var indicator = self.indicator
        indicator.geometry = input.geometry
        let order = try elementOrder(isDocument: input.isDocument)
        if let document = input.fittedDocument(width: indicator.width, height: indicator.height) {
            // A document is scaled to the canvas the options give, each element in its own style
            // but for the style flags given.
            indicator.geometry =
                ProgressIndicator(
                    document: document, style: indicator.style, order: order ?? .sequence,
                    overrides: documentOverrides
                ).geometry
        }
        if let viewBox { indicator.geometry = try Self.mapped(indicator, by: viewBox, input: input) }
        indicator.isClockwise = !counterclockwise
        if let values {
            guard progress == nil else {
                throw .usage("give either \(option: "progress") or \(option: "values"), not both")
            }
            indicator.values = values.map(\.value)
        } else if let progress {
            indicator.values = [progress.value]
        }
        indicator.strokeStart = strokeStart?.value ?? Default.start
        if colorStopsBlend {
            guard indicator.style.progressValueColors != nil else {
                throw .usage(
                    "\(option: "color-stops-blend") blends the stops of \(option: "color-stops"): give them too")
            }
            indicator.style.progressValueColors?.isBlended = true
        }
        if indicator.style.progressGradient != nil, values != nil {
            throw .usage(
                "give either \(option: "progress-gradient") or \(option: "values") (each value has its own colour), not both"
            )
        }
        if indicator.style.progressValueColors != nil {
            if indicator.style.progressGradient != nil {
                throw .usage(
                    "give either \(option: "progress-gradient") (colours along the path) or \(option: "color-stops") (one colour by"
                        + " value), not both")
            }
            if values != nil {
                throw .usage(
                    "give either \(option: "color-stops") or \(option: "values") (each value has its own colour), not both"
                )
            }
        }
        let schedule = try schedule()
        let steps = schedule?.start != nil ? Self.scheduleSteps(on: indicator) : ProgressSchedule.minimumStepCount
        let state = try progressState(schedule: schedule, steps: steps, context: context)
        if let state { indicator.setProgress(state) }
        // A countdown alone knows no fraction: its label says the time left, over the track alone.
        let countdownAlone = schedule != nil && state == nil && !hasProgress
        if countdownAlone { indicator.values = [0] }
        if let label {
            let fraction = countdownAlone ? nil : min(max(indicator.progress, 0), 1)
            var facts = try withTime(
                state ?? fraction.flatMap { try? ProgressState(fraction: $0) } ?? .indeterminate, context: context)
            facts.title = indicator.accessibility.title
            indicator.label = ProgressLabel(
                template: label, state: facts, formatter: try formatter(), font: font ?? .default, color: labelColor,
                darkColor: darkLabelColor, position: labelPosition)
        } else if countdownAlone {
            throw .usage(
                "\(option: "end") alone counts down in a label: give \(option: "label", "remaining") (or \(option: "start") "
                    + "for a progress that moves with the clock)")
        }
        let time = schedule.flatMap { schedule in
            timeDependence(
                of: schedule, steps: steps, showsTimeLeft: label?.tokens.contains(.remaining) ?? false,
                context: context)
        }
        return (indicator, state?.warnings ?? [], time)
    }

    /// The steps a schedule's progress moves in on `indicator`: a device pixel of its path or
    /// finer (``ProgressSchedule/stepCount(forPixels:)``), measured without its label and at
    /// progress 0, so that the steps do not move with the time. A layout that fails gives the
    /// fewest steps; the render's own layout reports the error.
    private static func scheduleSteps(on indicator: ProgressIndicator) -> Int {
        var bare = indicator
        bare.label = nil
        bare.values = [0]
        bare.isIndeterminate = false
        let length = (try? bare.layout())?.measure.length ?? 0
        return ProgressSchedule.stepCount(forPixels: length * indicator.scale)
    }

    /// The schedule of `--start` and `--end` (`--end` alone: a countdown), or `nil` when neither is
    /// given.
    ///
    /// - Throws: a usage error for `--start` without `--end`, for `--now` with nothing to draw at
    ///   it, or for `--end` with `--elapsed` or `--started-at` (two ways to the time left); an input
    ///   error for an end not later than the start.
    package func schedule() throws(CommandLineError) -> ProgressSchedule? {
        if now != nil, end == nil, startedAt == nil {
            throw .usage(
                "\(theOption: "now") is the moment \(option: "start")/\(option: "end") are drawn at, or "
                    + "\(option: "started-at") measured to: give them too")
        }
        guard let end else {
            if start != nil {
                throw .usage("\(theOption: "start") goes with \(option: "end", "DATE"), when the progress reaches 1")
            }
            return nil
        }
        for (given, name) in [(elapsed != nil, "elapsed"), (startedAt != nil, "started-at")] where given {
            throw .usage(
                "give either \(option: "end") (the time left until it) or \(option: name) (the time left estimated "
                    + "from the time so far), not both")
        }
        do {
            return try ProgressSchedule(start: start, end: end)
        } catch {
            throw .input("\(error)")
        }
    }

    /// The moment a schedule is drawn at: `--now`, or else the context's clock.
    package func moment(context: CommandContext) -> Timestamp {
        now ?? context.now()
    }

    /// How a picture of `schedule` depends on the clock: `nil` when `--now` fixes the moment.
    package func timeDependence(
        of schedule: ProgressSchedule, steps: Int, showsTimeLeft: Bool, context: CommandContext
    ) -> TimeDependence? {
        guard now == nil else { return nil }
        let drawnAt = moment(context: context)
        return TimeDependence(
            drawnAt: drawnAt,
            nextChange: schedule.nextChange(after: drawnAt, steps: steps, showsTimeLeft: showsTimeLeft))
    }

    /// The progress and its facts from `--start`/`--end`, `--bytes`, `--step` or `--phases` (at
    /// most one, and not with `--progress` or `--values`); `nil` when none is given.
    ///
    /// - Parameters:
    ///   - schedule: the options' ``schedule()``.
    ///   - steps: the steps a schedule's fraction moves in.
    package func progressState(schedule: ProgressSchedule?, steps: Int, context: CommandContext)
        throws(CommandLineError) -> ProgressState?
    {
        let sources = [
            schedule?.start.map { _ in "start" }, bytes.map { _ in "bytes" }, step.map { _ in "step" },
            phasesFile.map { _ in "phases" },
        ].compactMap { $0 }
        guard !sources.isEmpty else {
            for (given, name) in [(phase != nil, "phase"), (phaseProgress != nil, "phase-progress")] where given {
                throw .usage("\(theOption: name) goes with \(option: "phases", "FILE")")
            }
            return nil
        }
        guard sources.count == 1 else { throw .usage("give one of \(options: sources), not several") }
        if hasProgress {
            throw .usage("give either \(option: sources[0]) or \(option: "progress")/\(option: "values"), not both")
        }
        let state: ProgressState
        do {
            if let schedule, schedule.start != nil {
                state = schedule.state(at: moment(context: context), steps: steps)
            } else if let bytes {
                state = try ProgressState(bytesReceived: bytes.received, bytesExpected: bytes.expected)
            } else if let step {
                state = try ProgressState(step: step.step, of: step.count)
            } else {
                guard let file = phasesFile, let phase else {
                    throw CommandLineError.usage(
                        "\(option: "phases") needs \(option: "phase", "N"), the current phase (from 1)")
                }
                let plan = try PhaseFile.decode(context.readFile(file), file: file).plan
                state = try ProgressState(
                    phases: plan, phase: phase, progressInPhase: phaseProgress?.value ?? Default.start)
            }
        } catch let error as ProgressStateError {
            throw .input("\(error)")
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .input("\(error)")
        }
        return state
    }

    /// `state` with the time left until `--end` (at `--now` or the clock's time), or the time
    /// elapsed of `--elapsed`, or `--started-at` and `--now`.
    package func withTime(_ state: ProgressState, context: CommandContext) throws(CommandLineError) -> ProgressState {
        do {
            if let end { return state.withEnd(end, at: moment(context: context)) }
            if let elapsed { return try state.withElapsed(seconds: elapsed) }
            switch (startedAt, now) {
            case (let start?, let now?): return try state.withElapsed(from: start, to: now)
            case (nil, nil): return state
            default: throw CommandLineError.usage("give \(option: "started-at") and \(option: "now") together")
            }
        } catch let error as ProgressStateError {
            throw .input("\(error)")
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .input("\(error)")
        }
    }

    /// The formatter of `--locale`.
    package func formatter() throws(CommandLineError) -> ProgressTextFormatter {
        guard let locale else { return ProgressTextFormatter() }
        do {
            return try ProgressTextFormatter(localeIdentifier: locale)
        } catch {
            throw CommandLineError(.rejectedValue(option: "locale", reason: "\(error)"))
        }
    }

    /// Whether the progress was given at all (as `--progress`, `--values` or a file's values).
    package var hasProgress: Bool { progress != nil || values != nil }

    /// The format `--format` names, or else the one the output's extension names (PNG for
    /// standard output).
    package func format(forOutput output: String) throws(CommandLineError) -> ImageFormat {
        if let format { return format }
        if output == "-" { return .png }
        guard let format = ImageFormat(fileName: output) else {
            throw .usage(
                "cannot tell the format of '\(output)' from its extension: use \(ImageFormat.list(ImageFormat.all, extensions: true)), or \(option: "format")"
            )
        }
        return format
    }

    /// Whether an animation (of the progress, or indeterminate) is asked for.
    package var isAnimation: Bool {
        animateFrom != nil || animateTo != nil || duration != nil || indeterminate != nil || framesAnimateOneFile
    }

    /// Whether `--frames N` asks for one animated file of N frames: an output that is no
    /// pattern, in a format that animates (`-o anim.apng`), not numbered files.
    private var framesAnimateOneFile: Bool {
        guard frames != nil, let output, !output.contains("%") else { return false }
        return (format ?? ImageFormat(fileName: output))?.canAnimate == true
    }
}
