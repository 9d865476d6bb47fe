import PBRendering

extension RenderJob {
    /// A job from `badge`'s options as given (on a command line or in a query), with the warnings
    /// `render` gives for the same progress (a plain number above 1, a value outside `0...1`).
    ///
    /// - Parameter context: the clock, for a progress from `--start` to `--end`.
    /// - Throws: the first error in the options or the badge.
    package init(badge given: [ArgumentParser<BadgeOptions>.Given], context: CommandContext) throws(CommandLineError) {
        var options = BadgeOptions()
        for item in given { try item.apply(to: &options) }
        let defaultOutput = Self.defaultOutput(.svg, kind: .badge)
        let format = try options.render.format(forOutput: options.render.output ?? defaultOutput)
        let (badge, time) = try options.badge(context: context)
        var job = try RenderJob(badge: badge, format: format, appearance: options.render.appearance)
        job.timeDependence = time
        if let hint = Self.percentageHint(options.render.progress) {
            job.warnings = [hint]
        } else if !(0...1).contains(badge.progress) {
            job.warnings = [
                JobWarning(
                    RenderWarning(
                        .pinned(name: "progress", value: badge.progress, drawnAs: ProgressState.pinned(badge.progress)))
                )
            ]
        }
        (job.output, job.isDefaultOutput) = (options.render.output ?? defaultOutput, options.render.output == nil)
        job.force = options.render.force
        job.compression = options.render.compression
        try job.setFormatOptions(options.render.formatOptions)
        job.isDurable = options.render.durable
        self = job
    }
}
