import PBRendering

/// An animation of the progress (`--animate-from`, `--animate-to`, `--duration`, …) or an
/// indeterminate indicator (`--indeterminate`), written as an APNG, an animated SVG, or frames.
struct Animation {
    let timeline: Timeline
    let options: RenderOptions

    init(options: RenderOptions, indicator: ProgressIndicator) throws(CommandLineError) {
        if options.frames != nil { throw .usage("give either '--frames' or an animation, not both") }
        if options.hasProgress {
            throw .usage(
                "an animation goes from '--animate-from A' to '--animate-to B'; '--progress' and '--values' do not apply"
            )
        }
        var indicator = indicator
        let motion: Timeline.Motion
        let schedule: FrameSchedule
        do {
            if let style = options.indeterminate {
                if options.animateFrom != nil || options.animateTo != nil || options.duration != nil {
                    throw CommandLineError.usage(
                        "an indeterminate indicator loops over '--period'; '--animate-from', '--animate-to' and '--duration' do not apply"
                    )
                }
                indicator.isIndeterminate = true
                motion = .indeterminate(style)
                schedule = try FrameSchedule(period: options.period, framesPerSecond: options.fps)
            } else {
                motion = .progress(
                    from: options.animateFrom?.value ?? 0, to: options.animateTo?.value ?? 1, timing: options.timing)
                schedule = try FrameSchedule(
                    duration: options.duration ?? 1, framesPerSecond: options.fps, hold: options.hold,
                    loopCount: options.loop)
            }
        } catch let error as FrameScheduleError {
            throw .input("\(error)")
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .input("\(error)")
        }
        let output = options.output ?? "progress.apng"
        let format = try options.format(forOutput: output.contains("%") ? "frame.png" : output)
        indicator.scale = try RenderCommand.scale(options, for: format.imageFormat ?? .png)
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
                    "the progress of frame \(index) from '--animate-from' to '--animate-to' is not a finite number")
            }
        }
        self.options = options
    }

    /// Renders and writes the animation.
    func render(context: CommandContext) throws(CommandLineError) {
        let output = options.output ?? "progress.apng"
        if output.contains("%") {
            let pattern = try FramePattern(output)
            let format = try options.stillFormat(forOutput: pattern.fileName(0))
            let timeline = self.timeline
            return try FrameSequence(
                count: timeline.schedule.frameCount,
                frame: { index throws(RenderError) in try timeline.scene(ofFrame: index) }, pattern: pattern,
                format: format, appearance: options.appearance
            ).render(context: context)
        }
        let bytes: [UInt8]
        do {
            switch try options.format(forOutput: output) {
            case .apng:
                bytes = try timeline.animatedPNG(appearance: options.appearance)
            case .svg:
                bytes = try timeline.animatedSVG()
            case .png, .pdf:
                throw CommandLineError.usage(
                    "an animation writes an animated PNG (-o anim.apng, or --format apng), an animated SVG (-o anim.svg), or frames (-o 'frame-%03d.png')"
                )
            }
        } catch let error as RenderError {
            throw CommandLineError(.render(error))
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
        if output == "-" {
            guard options.force || !context.outputIsTerminal else {
                throw .usage("standard output is a terminal: redirect it or give '--force'")
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
}
