import PBRendering

extension RenderJob {
    /// A job that draws `indicator` at its progress, for Swift code that has the values at hand.
    ///
    /// - Parameters:
    ///   - indicator: what to draw; its `scale` is a raster image's pixels per point.
    ///   - format: a still-image format (not `ImageFormat.apng`).
    ///   - appearance: the colours of a PNG or PDF (an SVG carries both).
    ///   - isLive: whether an SVG's progress follows its page's CSS `--progress`.
    /// - Throws: a usage error for options that do not apply to `format`; the layout's errors.
    public init(
        indicator: ProgressIndicator, format: ImageFormat = .png, appearance: Appearance = .light,
        isLive: Bool = false
    ) throws(CommandLineError) {
        guard format.canHoldStill else { throw Self.stillFormatNeeded(for: format) }
        try Self.check(format, scale: indicator.scale, appearance: appearance, isLive: isLive)
        do {
            let layout = try indicator.layout()
            self.init(
                content: .scene(try layout.scene(values: indicator.values, strokeStart: indicator.strokeStart)),
                format: format, appearance: appearance, isLive: isLive, output: nil,
                defaultOutput: Self.defaultOutput(format), warnings: layout.warnings.map(JobWarning.init))
        } catch {
            throw CommandLineError(.render(error))
        }
    }

    /// A job that draws `badge`.
    ///
    /// - Parameters:
    ///   - badge: what to draw; its `scale` is a raster image's pixels per point.
    ///   - format: a still-image format (not `ImageFormat.apng`).
    ///   - appearance: the colours of a raster image or PDF (an SVG carries both).
    /// - Throws: a usage error for options that do not apply to `format`; the badge's errors.
    public init(badge: Badge, format: ImageFormat = .svg, appearance: Appearance = .light) throws(CommandLineError) {
        guard format.canHoldStill else {
            throw .usage(
                "a badge is a still image: write \(ImageFormat.list(ImageFormat.stillFormats, displayNames: true)) (-o badge.svg)"
            )
        }
        try Self.check(format, scale: badge.scale, appearance: appearance, isLive: false, scaleAdvice: nil)
        do {
            self.init(
                content: .scene(try badge.scene()), format: format, appearance: appearance, output: nil,
                defaultOutput: Self.defaultOutput(format, kind: .badge))
        } catch {
            throw CommandLineError(.render(error))
        }
    }

    /// A job that plays `timeline` as one animated file.
    ///
    /// - Parameters:
    ///   - timeline: the frames; its layout's scale is a raster animation's pixels per point.
    ///   - format: a format that animates (`ImageFormat.canAnimate`).
    ///   - appearance: the colours of an APNG or WebP (an SVG carries both).
    /// - Throws: a usage error for a format that cannot animate, or options that do not apply.
    public init(timeline: Timeline, format: ImageFormat = .apng, appearance: Appearance = .light)
        throws(CommandLineError)
    {
        guard format.canAnimate else {
            throw .usage(
                "\(format.phrase) holds one still image: an animation is \(ImageFormat.list(ImageFormat.animatedFormats, displayNames: true))"
            )
        }
        try Self.check(format, scale: timeline.layout.scale, appearance: appearance, isLive: false)
        self.init(
            content: .animation(timeline), format: format, appearance: appearance, output: nil,
            defaultOutput: Self.defaultOutput(format))
    }
}
