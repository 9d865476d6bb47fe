import PBStyle
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

    /// The most pixels a frame of a raster animation may have: 16 Mi (4096 x 4096). The encoder keeps
    /// the previous frame and the frames waiting to be encoded, so an animation of a still's
    /// largest canvas (64 Mi pixels) would not fit in 1 GiB.
    public static let maximumPixelCount = 1 << 24

    /// The most a raster animation may cost to render, all frames together: 60 seconds
    /// (``RenderCost``).
    public static let maximumRenderCost = RenderCost(seconds: 60)

    /// An estimate of the time all frames take to render for `target`: the costlier of the
    /// first and last frames', times the number of frames, times 3 for the encoder (which
    /// compares each frame with the previous and compresses harder than a still's).
    ///
    /// - Parameter target: what the frames are rendered as (a raster animation's format).
    /// - Throws: ``RenderError`` when a frame's scene cannot be made.
    /// - Complexity: O(l) in the layers of a frame.
    public func estimatedRenderCost(for target: RenderTarget) throws(RenderError) -> RenderCost {
        let first = try scene(ofFrame: 0).estimatedRenderCost(for: target)
        let last = try scene(ofFrame: schedule.frameCount - 1).estimatedRenderCost(for: target)
        return RenderCost(seconds: 3 * max(first, last).seconds * Double(schedule.frameCount))
    }
}
