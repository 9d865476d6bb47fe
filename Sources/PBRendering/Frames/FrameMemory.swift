import PBScene

/// How many frames of a sequence or an animation may be in memory at once, so that rendering
/// frames on every core stays within a memory budget whatever the canvas: each frame in flight
/// holds its pixels (4 bytes each) and its PNG encoder's buffers (about 8 bytes a pixel more).
///
/// Found under `ulimit -v` 1 GiB: two 8192 x 8192 frames rendered at once (2 x 256 MiB of pixels
/// plus the encoders) ran out of memory where one still image of that size fits.
public enum FrameMemory {
    /// The memory frames in flight may take together: 512 MiB.
    public static let budget = 512 << 20

    /// The bytes one frame of `pixelCount` pixels takes while it is rendered and encoded.
    private static func bytesPerFrame(pixelCount: Int) -> Int { 12 * max(1, pixelCount) }

    /// How many frames of `pixelCount` pixels may be rendered at once within ``budget``: at
    /// least 1, at most `workers`.
    ///
    /// - Parameters:
    ///   - pixelCount: the pixels of one frame.
    ///   - workers: the threads there are (the cores).
    public static func concurrentFrames(pixelCount: Int, workers: Int) -> Int {
        max(1, min(workers, budget / bytesPerFrame(pixelCount: pixelCount)))
    }
}
