import PBScene
import PBStyle
import PBSynchronization

extension Timeline {
    /// Every frame as a lossless animated WebP: the animated PNG's frames (the same pixels,
    /// composited), delays (each frame starting at its APNG time rounded to the millisecond) and
    /// loop count (0 = forever), rendered in parallel on `workers` threads as
    /// ``animatedPNG(appearance:compression:workers:sink:)`` renders them and encoded in order as they
    /// finish.
    ///
    /// libwebp's animation encoder stores each frame's changed rectangle and merges a frame
    /// identical to the one before into it (one frame shown for both durations), so a WebP may
    /// have fewer frames than the schedule while showing the same pixels at the same times; an
    /// animation whose frames are all the same is written as a still WebP. The encoder keeps a
    /// few frames' pixels (flat in the number of frames) and the compressed frames until the
    /// end: a WebP's header holds the file's length, so nothing is written before the last
    /// frame.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in.
    ///   - workers: how many threads render (default: every core).
    /// - Returns: the file's bytes; the same timeline always gives the same bytes.
    /// - Throws: `RenderError` from rendering or encoding; `.animationTooLarge` above
    ///   ``maximumPixelCount`` pixels a frame; `.canvasTooLargeForFormat` above
    ///   `Scene.maximumWebPPixelDimension` pixels a side; `.invalidValue` (`loop`) for a loop
    ///   count above 65,535; `.renderTooCostly` above ``maximumRenderCost``.
    /// - Complexity: O(frames × pixels).
    public func animatedWebP(
        appearance: Appearance = .light, workers: Int = Processors.active
    ) throws(RenderError) -> [UInt8] {
        let (width, height) = try checkedFrameSize(for: .webp)
        let encoder = try WebPAnimationEncoder(width: width, height: height, schedule: schedule)
        try renderFrames(appearance: appearance, workers: workers, for: .webp, pixelCount: width * height) {
            (frame: RasterPixels) throws(RenderError) in
            try frame.bytes.withUnsafeBytes { pixels in
                Result { () throws(RenderError) in try encoder.encodeFrame(pixels, stride: frame.stride) }
            }.get()
        }
        return try encoder.finish()
    }
}
