import PBScene
import PBStyle
import PBSynchronization

extension Timeline {
    /// Every frame as an animated GIF (``GIFAnimationEncoder``): rendered in parallel on `workers`
    /// threads as ``animatedPNG(appearance:compression:workers:sink:)`` renders them and encoded in
    /// order as they finish, with the APNG's pixels composited onto `matte`.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in (and the matte's, for a system colour).
    ///   - matte: the colour partly transparent pixels are composited onto; opaque.
    ///   - dither: whether images of more than 256 colours are dithered.
    ///   - workers: how many threads render (default: every core).
    /// - Returns: the file's bytes; the same timeline and options always give the same bytes.
    /// - Throws: `RenderError` from rendering or encoding; `.invalidValue` (`matte`) for a matte
    ///   that is not opaque, (`loop`) for a loop count above 65,536; `.animationTooLarge` above
    ///   ``maximumPixelCount`` pixels a frame; `.renderTooCostly` above ``maximumRenderCost``.
    /// - Complexity: O(frames × pixels).
    func animatedGIF(appearance: Appearance, matte: Color, dither: Bool, workers: Int = Processors.active)
        throws(RenderError) -> [UInt8]
    {
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
