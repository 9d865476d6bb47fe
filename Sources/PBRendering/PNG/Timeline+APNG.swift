import PBScene
import PBStyle
import PBSynchronization

extension Timeline {
    /// Every frame as an animated PNG: rendered in parallel on `workers` threads, encoded in
    /// order as they finish (only the region that changed from the previous frame is stored),
    /// and handed to `sink` in pieces, so memory stays flat in the number of frames. The default
    /// image, which a viewer without APNG support shows, is the poster: rendered first, apart
    /// from the frames (the last frame by default, so that such a viewer shows the value the
    /// animation reaches), or frame 0 itself for ``AnimationPoster/first``.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in.
    ///   - compression: how frame 0 and the changed regions are compressed (``PNGCompression``;
    ///     the same frames in every mode).
    ///   - poster: the default image.
    ///   - workers: how many threads render (default: every core).
    ///   - sink: takes the file's bytes, in order.
    /// - Throws: `RenderError` from rendering or encoding; `.animationTooLarge` above
    ///   ``maximumPixelCount`` pixels a frame; `.renderTooCostly` above ``maximumRenderCost``;
    ///   `.notApplicable` for a poster at a progress of an indeterminate animation; whatever
    ///   `sink` throws, as a `RenderError`.
    public func animatedPNG(
        appearance: Appearance = .light, compression: PNGCompression = .default, poster: AnimationPoster = .last,
        workers: Int = Processors.active, sink: ([UInt8]) throws(RenderError) -> Void
    ) throws(RenderError) {
        let (width, height) = try checkedFrameSize(for: .apng, compression: compression)
        let encoder = try APNGEncoder(width: width, height: height, schedule: schedule, compression: compression)
        if let scene = try scene(of: poster) {
            let target = ImageFormat.apng.target(compression: compression)
            let pixels = try SceneRenderer().renderPixels(scene.appearance(appearance), for: target)
            try sink(encoder.encodePoster(pixels.bytes, stride: pixels.stride))
        }
        try renderFrames(appearance: appearance, workers: workers, for: .apng, pixelCount: width * height) {
            (frame: RasterPixels) throws(RenderError) in
            try sink(encoder.encodeFrame(frame.bytes, stride: frame.stride))
        }
        try sink(encoder.finish())
    }

    /// Every frame as an animated PNG, whole, as the streaming form makes it.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in.
    ///   - compression: how the frames are compressed (``PNGCompression``).
    ///   - poster: the default image (the last frame by default).
    /// - Throws: `RenderError` from rendering or encoding.
    public func animatedPNG(
        appearance: Appearance = .light, compression: PNGCompression = .default, poster: AnimationPoster = .last
    ) throws(RenderError) -> [UInt8] {
        var bytes: [UInt8] = []
        try animatedPNG(appearance: appearance, compression: compression, poster: poster) {
            (piece: [UInt8]) throws(RenderError) in
            bytes += piece
        }
        return bytes
    }
}
