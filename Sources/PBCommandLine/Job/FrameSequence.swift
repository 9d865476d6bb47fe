import Dispatch
import Foundation
import PBRendering
import PBSynchronization
import Synchronization

/// Frames rendered as separate still images, on every core: `--frames N` (N progress values,
/// evenly spaced) or the frames of an animation written to a file pattern. A job with frames
/// streams them (``RenderJob/render(each:)``) rather than holding them: memory does not grow with their number.
public struct FrameSequence: Sendable {
    /// The most frames `--frames` renders.
    public static let maximumCount = 1_000_000

    /// The number of frames.
    public let count: Int
    /// Their format (a still-image format).
    public let format: OutputFormat
    /// The colours a PNG or PDF frame is drawn in.
    public let appearance: Appearance
    /// The scene of each frame.
    let frame: @Sendable (Int) throws(RenderError) -> Scene

    /// Frames whose scenes `frame` gives.
    init(
        count: Int, format: OutputFormat, appearance: Appearance,
        frame: @escaping @Sendable (Int) throws(RenderError) -> Scene
    ) {
        (self.count, self.format, self.appearance, self.frame) = (count, format, appearance, frame)
    }

    /// Renders every frame and hands each one's bytes to `body`, as they are done: frames render
    /// on as many threads as there are cores (and as the memory budget allows at their size), so
    /// `body` is called from several threads at once and in no particular order. At the first
    /// error, from the renderer or from `body`, no more frames are started and the error is
    /// thrown once the frames in flight are done.
    ///
    /// - Parameter body: takes a frame's index and its file's bytes.
    /// - Throws: the first error.
    /// - Complexity: O(`count`) renders.
    func render(each body: @Sendable (Int, [UInt8]) throws(CommandLineError) -> Void) throws(CommandLineError) {
        let next = Atomic<Int>(0)
        let failure = Locked<CommandLineError?>(nil)
        let pixels = (try? frame(0).pixelSize).map { $0.width * $0.height } ?? 1
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let fitting = format.isRaster ? FrameMemory.concurrentFrames(pixelCount: pixels, workers: cores) : cores
        DispatchQueue.concurrentPerform(iterations: min(count, fitting)) { _ in
            // One renderer per worker: its PNG encoder and buffers serve every frame it renders.
            let renderer = SceneRenderer()
            while failure.withLock({ $0 == nil }) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do throws(CommandLineError) {
                    let bytes: [UInt8]
                    do throws(RenderError) {
                        bytes = try format.encode(
                            try frame(index), appearance: appearance, isLive: false, renderer: renderer)
                    } catch {
                        throw CommandLineError(.render(error))
                    }
                    try body(index, bytes)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
