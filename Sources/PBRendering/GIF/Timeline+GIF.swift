import PBScene
import PBStyle
import PBSynchronization

extension Timeline {
    /// Every frame as an animated GIF (giflib), rendered in parallel on `workers` threads as
    /// ``animatedPNG(appearance:compression:workers:sink:)`` renders them and encoded in order as
    /// they finish.
    ///
    /// The pixels are the APNG's, partly transparent ones composited onto `matte` and fully
    /// transparent ones left transparent. An image of at most 256 colours keeps them exactly;
    /// one of more is quantized (giflib's median cut) and dithered when `dither` says. Each image
    /// stores only the rectangle that changed, and a frame identical to the one before is merged
    /// into it. Frames start at their times rounded to the hundredth of a second, so the delays
    /// add up to the animation's length rounded to the hundredth; a GIF cannot show a frame for
    /// less than 2 hundredths, so above 50 fps some frames are left out. The loop count is the
    /// APNG's (a GIF counts the repeats after the first showing).
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in (and the matte's, for a system colour).
    ///   - matte: the colour partly transparent pixels are composited onto (default white);
    ///     opaque.
    ///   - dither: whether images of more than 256 colours are dithered (default no).
    ///   - workers: how many threads render (default: every core).
    /// - Returns: the file's bytes; the same timeline and options always give the same bytes.
    /// - Throws: `RenderError` from rendering or encoding; `.invalidValue` (`matte`) for a matte
    ///   that is not opaque, (`loop`) for a loop count above 65,536; `.animationTooLarge` above
    ///   ``maximumPixelCount`` pixels a frame; `.renderTooCostly` above ``maximumRenderCost``.
    /// - Complexity: O(frames × pixels).
    public func animatedGIF(
        appearance: Appearance = .light, matte: Color = .white, dither: Bool = false, workers: Int = Processors.active
    ) throws(RenderError) -> [UInt8] {
        let (width, height) = try checkedFrameSize(for: .gif)
        let encoder = try GIFAnimationEncoder(
            width: width, height: height, schedule: schedule, matte: GIFPixels.matte(matte, in: appearance),
            dither: dither)
        try renderFrames(appearance: appearance, workers: workers, for: .gif, pixelCount: width * height) {
            (frame: RasterPixels) throws(RenderError) in
            try frame.bytes.withUnsafeBytes { pixels in
                Result { () throws(RenderError) in try encoder.encodeFrame(pixels, stride: frame.stride) }
            }.get()
        }
        return try encoder.finish()
    }
}
