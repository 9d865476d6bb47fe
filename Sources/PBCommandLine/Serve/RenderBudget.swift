import PBRendering

/// The most work one request may ask of the server, checked before rendering: the renderer cannot
/// be interrupted once it runs, so what would take too long is refused up front.
///
/// A raster image costs about its pixel count: encoding and rasterising a PNG is linear in its
/// pixels (about 14 ns a pixel for a ring here, so 4 Mpx ≈ 60 ms), and an animated PNG costs that
/// for each frame. So the budget is a number of pixels summed over the frames: a request whose
/// image (at its scale) times its frames is above ``maximumPixels`` gets a 400 naming the numbers,
/// before anything is drawn. SVG and PDF are vector: their cost follows the path and dashes, which
/// the URL's length and the CLI's own limits (path size, dash count, label length) bound.
struct RenderBudget: Sendable, Hashable {
    /// The most pixels a request may render, summed over its frames.
    var maximumPixels: Int

    /// The default: 4,194,304 pixels (a 2048 x 2048 PNG, or 64 frames of 256 x 256).
    static let defaultMaximumPixels = 1 << 22

    /// Throws when an image of `width` x `height` pixels and `frames` frames is over the budget.
    ///
    /// - Throws: an input error (400) with the numbers and what to change.
    func check(width: Int, height: Int, frames: Int = 1) throws(CommandLineError) {
        let (area, overflow1) = width.multipliedReportingOverflow(by: height)
        let (total, overflow2) = area.multipliedReportingOverflow(by: max(frames, 1))
        guard overflow1 || overflow2 || total > maximumPixels else { return }
        let frameText = frames > 1 ? " x \(frames) frames" : ""
        let totalText = overflow1 || overflow2 ? "more than \(Int.max)" : "\(total)"
        throw .input(
            "the image is \(width) x \(height) pixels\(frameText), \(totalText) pixels to render; this server renders "
                + "at most \(maximumPixels) a request: ask for a smaller size or scale"
                + (frames > 1 ? ", or fewer frames (duration, fps)" : ""))
    }

    /// Checks a render request against the budget, laying it out as `render` would (a layout
    /// costs a fraction of the drawing): its canvas at its scale, and its frames when animated.
    /// A request whose options are wrong is let through: rendering then gives the CLI's own error.
    ///
    /// - Throws: an input error (400) when it is over the budget.
    func check(render given: [ArgumentParser<RenderOptions>.Given], format: OutputFormat, context: CommandContext)
        throws(CommandLineError)
    {
        guard format == .png || format == .apng else { return }
        guard let (width, height, frames) = try? Self.rasterSize(given, context: context) else { return }
        try check(width: width, height: height, frames: frames)
    }

    /// Checks a badge against the budget (a PNG's pixels; SVG costs nothing to speak of).
    ///
    /// - Throws: an input error (400) when it is over the budget.
    func check(badge options: BadgeOptions, format: ImageFormat) throws(CommandLineError) {
        // A badge over the renderer's own limits gets the renderer's error, as on the command line.
        guard format == .png, let scene = try? options.badge().scene(), (try? scene.validate(for: .png)) != nil
        else { return }
        let (width, height) = scene.pixelSize
        try check(width: width, height: height)
    }

    /// The pixel size and frame count a render request asks for.
    private static func rasterSize(_ given: [ArgumentParser<RenderOptions>.Given], context: CommandContext)
        throws -> (Int, Int, Int)
    {
        let (options, curveFile) = try RenderOptions.read(given, context: context)
        var indicator = try options.indicator(curveFile: curveFile, context: context)
        if options.isAnimation {
            let timeline = try Animation(options: options, indicator: indicator).timeline
            let size = Scene(width: timeline.layout.width, height: timeline.layout.height, scale: timeline.layout.scale)
                .pixelSize
            return (size.width, size.height, timeline.schedule.frameCount)
        }
        indicator.scale = options.indicator.scale
        let layout = try indicator.layout()
        let size = Scene(width: layout.width, height: layout.height, scale: layout.scale).pixelSize
        return (size.width, size.height, 1)
    }
}
