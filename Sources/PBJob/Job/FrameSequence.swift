import PBRendering
import PBSynchronization

/// Frames rendered as separate still images, on every core: `--frames N` (N progress values,
/// evenly spaced) or the frames of an animation written to a file pattern. A job with frames
/// streams them (``RenderJob/render(each:)``) rather than holding them: memory does not grow with their number.
public struct FrameSequence: Sendable {
    /// The most frames `--frames` renders.
    public static let maximumCount = 1_000_000

    /// The number of frames.
    public let count: Int
    /// Their format (a still-image format).
    public let format: ImageFormat
    /// The colours a PNG or PDF frame is drawn in.
    public let appearance: Appearance
    /// The scene of each frame.
    package let frame: @Sendable (Int) throws(RenderError) -> Scene

    /// Frames whose scenes `frame` gives.
    package init(
        count: Int, format: ImageFormat, appearance: Appearance,
        frame: @escaping @Sendable (Int) throws(RenderError) -> Scene
    ) {
        (self.count, self.format, self.appearance, self.frame) = (count, format, appearance, frame)
    }

    /// Renders every frame and hands each one's bytes to `body` in frame order, on the calling
    /// thread: frames render on as many threads as there are cores (and as the memory budget
    /// allows at their size), and at most a window of them waits for `body`, so memory stays flat
    /// in the number of frames (``FramePipeline``, the animations' own pipeline). At the first
    /// error, from the renderer or from `body`, nothing more is started or handed over.
    ///
    /// - Parameters:
    ///   - settings: how the frames are written (their compression, the format's options).
    ///   - body: takes a frame's index and its file's bytes.
    /// - Throws: the first error.
    /// - Complexity: O(`count`) renders.
    package func render(settings: EncodingSettings, each body: (Int, [UInt8]) throws(CommandLineError) -> Void)
        throws(CommandLineError)
    {
        let pixels = (try? frame(0).pixelSize).map { $0.width * $0.height } ?? 1
        let cores = max(1, Processors.active)
        // The window holds finished frames too: half the frames the memory budget allows render.
        let inFlight =
            format.isRaster ? FrameMemory.concurrentFrames(pixelCount: pixels, workers: 2 * cores) : 2 * cores
        let (format, appearance, frame) = (self.format, self.appearance, self.frame)
        try FramePipeline.run(
            count: count, workers: max(1, min(cores, inFlight / 2)), window: max(1, inFlight),
            makeWorker: { () throws(CommandLineError) in SceneRenderer(compression: settings.compression) },
            render: { (renderer: inout SceneRenderer, index: Int) throws(CommandLineError) -> [UInt8] in
                do throws(RenderError) {
                    var settings = settings
                    settings.appearance = appearance
                    settings.isLive = false
                    return try format.encode(try frame(index), settings: settings, renderer: renderer)
                } catch {
                    throw CommandLineError(.render(error))
                }
            },
            consume: body)
    }
}
