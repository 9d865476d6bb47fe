import PBSynchronization

/// A progress indicator over time: its layout, a motion, and the frames it is sampled at. The
/// scene at any frame or time comes from the one layout, so frames share the measured path.
///
/// ```swift
/// var indicator = ProgressIndicator(shape: .ring)
/// let timeline = try Timeline(
///     layout: indicator.layout(), motion: .progress(from: 0, to: 0.8, timing: .default),
///     schedule: FrameSchedule(duration: 1, framesPerSecond: 30))
/// let apng = try timeline.animatedPNG()
/// ```
public struct Timeline: Sendable {
    /// What moves.
    public enum Motion: Hashable, Sendable {
        /// The progress goes from one value to another along a timing curve.
        case progress(from: Double, to: Double, timing: TimingFunction)
        /// An indeterminate indicator loops, one period per schedule.
        case indeterminate(IndeterminateStyle)
    }

    /// The indicator laid out.
    public let layout: ProgressLayout
    /// What moves.
    public let motion: Motion
    /// The frames: how many, at which times, for how long each.
    public let schedule: FrameSchedule
    /// Where the progress starts (`strokeStart`).
    public let strokeStart: Double

    /// A timeline.
    public init(layout: ProgressLayout, motion: Motion, schedule: FrameSchedule, strokeStart: Double = 0) {
        self.layout = layout
        self.motion = motion
        self.schedule = schedule
        self.strokeStart = strokeStart
    }

    /// The progress of frame `index`, for a progress motion (the last frame's exactly its end).
    public func progress(ofFrame index: Int) -> Double? {
        guard case .progress(let from, let to, let timing) = motion else { return nil }
        return schedule.value(ofFrame: index, from: from, to: to, timing: timing)
    }

    /// The scene of frame `index`.
    ///
    /// - Throws: ``RenderError`` for progress values that are not finite, or a label that cannot
    ///   be written.
    public func scene(ofFrame index: Int) throws(RenderError) -> Scene {
        switch motion {
        case .progress:
            return try layout.scene(progress: progress(ofFrame: index) ?? 0, strokeStart: strokeStart)
        case .indeterminate(let style):
            return try style.scene(of: layout, phase: schedule.fraction(ofFrame: index))
        }
    }

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
    /// - Throws: ``RenderError`` from rendering or encoding; `.animationTooLarge` above
    ///   ``maximumPixelCount`` pixels a frame; `.renderTooCostly` above ``maximumRenderCost``;
    ///   whatever `sink` throws, as a ``RenderError``.
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

    /// The frames' size in pixels, once the first frame is checked for `format` and the
    /// animation against ``maximumPixelCount`` and ``maximumRenderCost``.
    ///
    /// - Throws: ``RenderError`` as ``animatedPNG(appearance:compression:workers:sink:)`` does.
    func checkedFrameSize(for format: ImageFormat, compression: PNGCompression = .default) throws(RenderError) -> (
        width: Int, height: Int
    ) {
        let first = try scene(ofFrame: 0)
        try first.validate(for: format)
        let (width, height) = first.pixelSize
        guard width * height <= Self.maximumPixelCount else {
            throw RenderError(.animationTooLarge(width: width, height: height))
        }
        try estimatedRenderCost(compression: compression).check(against: Self.maximumRenderCost)
        return (width, height)
    }

    /// Renders every frame in `appearance` on `workers` threads (``FramePipeline``, each worker
    /// with its own ``SceneRenderer``), checked for `format`, and hands them to `consume` in
    /// order on the calling thread, holding no more frames of `pixelCount` pixels than
    /// ``FrameMemory`` allows.
    ///
    /// - Throws: ``RenderError`` from rendering, and what `consume` throws.
    func renderFrames(
        appearance: Appearance, workers: Int, for format: ImageFormat, pixelCount: Int,
        consume: (RasterPixels) throws(RenderError) -> Void
    ) throws(RenderError) {
        // The window holds finished frames too: half the frames the memory budget allows render.
        let inFlight = FrameMemory.concurrentFrames(pixelCount: pixelCount, workers: 2 * max(1, workers))
        let timeline = self
        try FramePipeline.run(
            count: schedule.frameCount, workers: max(1, min(workers, inFlight / 2)), window: max(1, inFlight),
            makeWorker: { () throws(RenderError) in SceneRenderer() },
            render: { (renderer: inout SceneRenderer, index: Int) throws(RenderError) -> RasterPixels in
                try renderer.renderPixels(timeline.scene(ofFrame: index).appearance(appearance), for: format)
            },
            consume: { (_: Int, frame: RasterPixels) throws(RenderError) in try consume(frame) })
    }

    /// The most pixels a frame of an animated PNG may have: 16 Mi (4096 x 4096). The encoder keeps
    /// the previous frame and the frames waiting to be encoded, so an animation of a still's
    /// largest canvas (64 Mi pixels) would not fit in 1 GiB.
    public static let maximumPixelCount = 1 << 24

    /// The most an animated PNG may cost to render, all frames together: 60 seconds
    /// (``RenderCost``).
    public static let maximumRenderCost = RenderCost(seconds: 60)

    /// An estimate of the time all frames take to render as an animated PNG: the costlier of the
    /// first and last frames', times the number of frames, times 3 for the encoder (which
    /// compares each frame with the previous and compresses harder than a still's).
    ///
    /// - Parameter compression: how the frames are compressed (``PNGCompression/small`` costs
    ///   more a pixel).
    /// - Throws: ``RenderError`` when a frame's scene cannot be made.
    /// - Complexity: O(l) in the layers of a frame.
    public func estimatedRenderCost(compression: PNGCompression = .default) throws(RenderError) -> RenderCost {
        let first = try scene(ofFrame: 0).estimatedRenderCost(for: .png, compression: compression)
        let last = try scene(ofFrame: schedule.frameCount - 1).estimatedRenderCost(for: .png, compression: compression)
        return RenderCost(seconds: 3 * max(first, last).seconds * Double(schedule.frameCount))
    }

    /// Every frame as an animated PNG, whole.
    ///
    /// - Parameters:
    ///   - appearance: which colours to draw in.
    ///   - compression: how the frames are compressed (``PNGCompression``).
    /// - Throws: ``RenderError`` from rendering or encoding.
    public func animatedPNG(appearance: Appearance = .light, compression: PNGCompression = .default)
        throws(RenderError) -> [UInt8]
    {
        var bytes: [UInt8] = []
        try animatedPNG(appearance: appearance, compression: compression) { (piece: [UInt8]) throws(RenderError) in
            bytes += piece
        }
        return bytes
    }

    /// The timeline as one animated SVG: CSS keyframes play it (the progress as the live SVG's
    /// `--progress`, registered with `@property`, with the same timing curve as
    /// `cubic-bezier(…)`; an indeterminate style looping forever); a viewer who prefers reduced
    /// motion sees the end state (an indeterminate one its first frame).
    ///
    /// - Throws: ``RenderError`` as ``Scene/svgData(isLive:)`` does; `.notApplicable` for an
    ///   indeterminate arc or bar on a path of several subpaths.
    public func animatedSVG() throws(RenderError) -> [UInt8] {
        let first = try scene(ofFrame: 0)
        try first.validate(for: .svg)
        return Array(try SVGWriter.document(for: self).utf8)
    }
}
