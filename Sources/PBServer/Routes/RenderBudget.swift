import PBJob
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
package struct RenderBudget: Sendable, Hashable {
    /// The most pixels a request may render, summed over its frames.
    var maximumPixels: Int

    /// The default: 4,194,304 pixels (a 2048 x 2048 PNG, or 64 frames of 256 x 256).
    package static let defaultMaximumPixels = 1 << 22

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

    /// How many times a default PNG's cost a pixel compressed with `small` costs: libdeflate level
    /// 11 takes about 600 ns a pixel of the render benchmark's ring against about 35 ns for a whole
    /// default frame (`Tests/Benchmarks/results/render.md`), so its pixels count 16 times.
    static let smallCompressionWeight = 16

    /// Checks a job against the budget: a raster image's pixels at its scale, summed over its
    /// frames, a `small`-compressed PNG's counted ``smallCompressionWeight`` times; vector formats
    /// cost nothing to speak of. A job the renderer will refuse anyway (a canvas above its limits)
    /// is let through, to get the renderer's own error.
    ///
    /// - Throws: an input error (400) when it is over the budget.
    func check(_ job: RenderJob) throws(CommandLineError) {
        guard let (width, height, frames) = job.rasterSize else { return }
        guard job.format.readsCompression, job.compression == .small else {
            return try check(width: width, height: height, frames: frames)
        }
        do {
            try RenderBudget(maximumPixels: maximumPixels / Self.smallCompressionWeight)
                .check(width: width, height: height, frames: frames)
        } catch {
            throw .input(
                "the image is \(width) x \(height) pixels\(frames > 1 ? " x \(frames) frames" : ""); with "
                    + "\(option: "compression") small this server renders at most "
                    + "\(maximumPixels / Self.smallCompressionWeight) pixels a request: ask for a smaller size, "
                    + "or \(option: "compression") default")
        }
    }
}
