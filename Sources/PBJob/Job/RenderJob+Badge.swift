import PBRendering

extension RenderJob {
    /// A job from `badge`'s options as given (on a command line or in a query).
    ///
    /// - Throws: the first error in the options or the badge.
    package init(badge given: [ArgumentParser<BadgeOptions>.Given]) throws(CommandLineError) {
        var options = BadgeOptions()
        for item in given { try item.apply(to: &options) }
        let defaultOutput = Self.defaultOutput(.svg, kind: .badge)
        let format = try options.render.format(forOutput: options.render.output ?? defaultOutput)
        var job = try RenderJob(badge: try options.badge(), format: format, appearance: options.render.appearance)
        (job.output, job.isDefaultOutput) = (options.render.output ?? defaultOutput, options.render.output == nil)
        job.force = options.render.force
        job.compression = options.render.compression
        try job.setFormatOptions(options.render.formatOptions)
        job.isDurable = options.render.durable
        self = job
    }
}
