import PBScene
import PBStyle

extension Timeline {
    /// The frames' size in pixels, once the first frame is checked for `format` and the
    /// animation against ``maximumPixelCount`` and ``maximumRenderCost``.
    ///
    /// - Throws: `RenderError` as ``animatedPNG(appearance:compression:workers:sink:)`` does.
    func checkedFrameSize(for format: ImageFormat, compression: PNGCompression = .default) throws(RenderError) -> (
        width: Int, height: Int
    ) {
        let first = try scene(ofFrame: 0)
        try first.validate(for: format, compression: compression)
        let (width, height) = first.pixelSize
        guard width * height <= Self.maximumPixelCount else {
            throw RenderError(.animationTooLarge(width: width, height: height))
        }
        try estimatedRenderCost(for: format.target(compression: compression)).check(against: Self.maximumRenderCost)
        return (width, height)
    }

    /// Renders every frame in `appearance` on `workers` threads (``FramePipeline``, each worker
    /// with its own ``SceneRenderer``), checked for `format`, and hands them to `consume` in
    /// order on the calling thread, holding no more frames of `pixelCount` pixels than
    /// ``FrameMemory`` allows.
    ///
    /// - Throws: `RenderError` from rendering, and what `consume` throws.
    func renderFrames(
        appearance: Appearance, workers: Int, for format: ImageFormat, pixelCount: Int,
        consume: (RasterPixels) throws(RenderError) -> Void
    ) throws(RenderError) {
        // The window holds finished frames too: half the frames the memory budget allows render.
        let inFlight = FrameMemory.concurrentFrames(pixelCount: pixelCount, workers: 2 * max(1, workers))
        let (timeline, target) = (self, format.target())
        try FramePipeline.run(
            count: schedule.frameCount, workers: max(1, min(workers, inFlight / 2)), window: max(1, inFlight),
            makeWorker: { () throws(RenderError) in SceneRenderer() },
            render: { (renderer: inout SceneRenderer, index: Int) throws(RenderError) -> RasterPixels in
                try renderer.renderPixels(timeline.scene(ofFrame: index).appearance(appearance), for: target)
            },
            consume: { (_: Int, frame: RasterPixels) throws(RenderError) in try consume(frame) })
    }
}
