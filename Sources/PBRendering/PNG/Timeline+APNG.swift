import PBScene
import PBStyle
import PBSynchronization

extension Timeline {
    /// Every frame as an animated PNG: rendered in parallel on `workers` threads, encoded in
    /// order as they finish (only the region that changed from the previous frame is stored),
    /// and handed to `sink` in pieces, so memory stays flat in the number of frames.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in.
    ///   - compression: how frame 0 and the changed regions are compressed (``PNGCompression``;
    ///     the same frames in every mode).
    ///   - workers: how many threads render (default: every core).
    ///   - sink: takes the file's bytes, in order.
    /// - Throws: `RenderError` from rendering or encoding; `.animationTooLarge` above
    ///   ``maximumPixelCount`` pixels a frame; `.renderTooCostly` above ``maximumRenderCost``;
    ///   whatever `sink` throws, as a `RenderError`.
    public func animatedPNG(
        appearance: Appearance = .light, compression: PNGCompression = .default,
        workers: Int = Processors.active, sink: ([UInt8]) throws(RenderError) -> Void
    ) throws(RenderError) {
        let (width, height) = try checkedFrameSize(for: .png, compression: compression)
        let encoder = try APNGEncoder(width: width, height: height, schedule: schedule, compression: compression)
        try renderFrames(appearance: appearance, workers: workers, for: .png, pixelCount: width * height) {
            (frame: RasterPixels) throws(RenderError) in
            try sink(encoder.encodeFrame(frame.bytes, stride: frame.stride))
        }
        try sink(encoder.finish())
    }

    /// Every frame as an animated PNG, whole.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in.
    ///   - compression: how the frames are compressed (``PNGCompression``).
    /// - Throws: `RenderError` from rendering or encoding.
    public func animatedPNG(appearance: Appearance = .light, compression: PNGCompression = .default)
        throws(RenderError) -> [UInt8]
    {
        var bytes: [UInt8] = []
        try animatedPNG(appearance: appearance, compression: compression) { (piece: [UInt8]) throws(RenderError) in
            bytes += piece
        }
        return bytes
    }
}
