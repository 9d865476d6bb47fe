/// Why a ``FrameSchedule`` could not be made: a value that is not finite, out of its range, or a
/// frame count outside the limits.
public struct FrameScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Hashable, Sendable {
        /// The duration (seconds) is not finite or not positive.
        case invalidDuration(Double)
        /// The loop period (seconds) is not finite or not positive.
        case invalidPeriod(Double)
        /// The frame rate is outside ``FrameSchedule/framesPerSecondRange`` (1...120).
        case framesPerSecondOutOfRange(Int)
        /// The hold (seconds) is not finite, negative, or above ``FrameSchedule/maximumHold``.
        case invalidHold(Double)
        /// The loop count is negative or above ``FrameSchedule/maximumLoopCount``.
        case loopCountOutOfRange(Int)
        /// The duration or period is too short for any motion at this frame rate: it gives
        /// `count` frames, fewer than 2.
        case tooFewFrames(count: Int)
        /// The duration or period gives more frames than ``FrameSchedule/maximumFrameCount``;
        /// `count` is how many (rounded, as a `Double`: it can be astronomically large).
        case tooManyFrames(count: Double)
        /// A frame count asked for is outside 2...``FrameSchedule/maximumFrameCount``.
        case frameCountOutOfRange(Int)
        /// A frame count asked for over the duration (or period) shows frames faster than
        /// ``FrameSchedule/framesPerSecondRange`` allows (`rate` frames a second).
        case framesTooFast(count: Int, rate: Double)
    }

    /// What was wrong.
    public var kind: Kind
    /// The duration (or period) asked for, in seconds.
    public var duration: Double
    /// The frame rate asked for.
    public var framesPerSecond: Int

    /// Creates an error.
    public init(_ kind: Kind, duration: Double, framesPerSecond: Int) {
        self.kind = kind
        self.duration = duration
        self.framesPerSecond = framesPerSecond
    }

    /// What was wrong, in one sentence, with the limit.
    public var description: String {
        let at = "\(Self.number(duration)) s at \(framesPerSecond) fps"
        switch kind {
        case .invalidDuration(let value):
            return "the duration must be a positive number of seconds, not \(Self.number(value))"
        case .invalidPeriod(let value):
            return "the period must be a positive number of seconds, not \(Self.number(value))"
        case .framesPerSecondOutOfRange(let value):
            let range = FrameSchedule.framesPerSecondRange
            return "the frame rate must be from \(range.lowerBound) to \(range.upperBound) fps, not \(value)"
        case .invalidHold(let value):
            return
                "the hold must be from 0 to \(Self.number(FrameSchedule.maximumHold)) seconds, not \(Self.number(value))"
        case .loopCountOutOfRange(let value):
            return "the loop count must be from 0 (forever) to \(FrameSchedule.maximumLoopCount), not \(value)"
        case .tooFewFrames(let count):
            return "\(at) gives \(count) frame\(count == 1 ? "" : "s"); an animation needs at least 2"
        case .tooManyFrames(let count):
            return "\(at) gives \(Self.number(count)) frames; the limit is \(FrameSchedule.maximumFrameCount)"
        case .frameCountOutOfRange(let count):
            return "an animation has from 2 to \(FrameSchedule.maximumFrameCount) frames, not \(count)"
        case .framesTooFast(let count, let rate):
            return "\(count) frames in \(Self.number(duration)) s is \(Self.number(rate.rounded())) frames a second; "
                + "the limit is \(FrameSchedule.framesPerSecondRange.upperBound) (give a longer duration or fewer frames)"
        }
    }

    /// A number as people write it: `2`, `0.5`, `inf`.
    private static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
