/// Which frames an animation has, when each is shown and for how long: the timing of an
/// animated PNG or a frame sequence, before anything is drawn.
///
/// Two kinds:
///
/// - An **animation** of duration `D` seconds at `F` frames per second has
///   `round(D × F) + 1` frames (rounding halves away from zero); frame `k` is at time `k / F`,
///   and the last frame is the end state, exactly (``value(ofFrame:from:to:timing:)`` returns
///   `end` itself). When `D × F` is not a whole number the last frame's time,
///   `round(D × F) / F`, is within half a frame of `D`. Every frame is shown for `1/F` seconds,
///   the last for `1/F + hold`; the whole plays ``loopCount`` times (0: forever).
/// - A **loop** of period `P` at `F` fps has `round(P × F)` frames; frame `k` is at time
///   `k / F` and at phase `k / n` of the period (`n` frames), so frame `n` would be frame 0
///   again: there is no duplicated end frame, and the step from the last frame back to the
///   first is the same as any other. The loop plays for `n / F` seconds a period (`P` rounded
///   to whole frames) and forever.
///
/// Either kind may instead be asked for by its exact frame count over the duration or period
/// (``init(frameCount:duration:hold:loopCount:)``): `N` frames `duration / N` seconds apart.
///
/// Limits, checked by the initialisers: 1 to 120 fps (``framesPerSecondRange``), 2 to 10,000
/// frames (``maximumFrameCount``), a hold of 0 to 3,600 s (``maximumHold``), and a loop count
/// of 0 to 2³¹ − 1 (``maximumLoopCount``, PNG's largest four-byte number).
///
/// ```swift
/// let schedule = try FrameSchedule(duration: 1, framesPerSecond: 30, hold: 0.5)
/// for k in 0..<schedule.frameCount {
///     let progress = schedule.value(ofFrame: k, from: 0.2, to: 0.8, timing: .easeInEaseOut)
///     // draw the frame at `progress`; it stays up for schedule.delay(ofFrame: k)
/// }
/// ```
public struct FrameSchedule: Hashable, Sendable {
    /// What the frames show.
    public enum Kind: Hashable, Sendable {
        /// A change from a start to an end over `duration` seconds, ending on the end.
        case animation(duration: Double)
        /// One period of a repeating motion, `period` seconds, looping seamlessly.
        case loop(period: Double)
    }

    /// The most frames a schedule has: 10,000 (about 5.5 minutes at 30 fps).
    public static let maximumFrameCount = 10_000
    /// The frame rates accepted: 1 to 120 frames per second.
    public static let framesPerSecondRange = 1...120
    /// The longest hold: 3,600 seconds.
    public static let maximumHold: Double = 3600
    /// The largest loop count: 2³¹ − 1, the largest four-byte number PNG allows (`acTL`'s
    /// `num_plays`).
    public static let maximumLoopCount = Int(Int32.max)

    /// What the frames show, with the duration or period asked for.
    public let kind: Kind
    /// The frame rate: frames a second, `1 / frameDelay` (a whole number for a schedule made from
    /// a frame rate).
    public var framesPerSecond: Double { Double(frameDelay.denominator) / Double(frameDelay.numerator) }
    /// How many frames there are: `round(D × F) + 1` for an animation, `round(P × F)` for a
    /// loop.
    public let frameCount: Int
    /// How long the last frame of an animation stays beyond its `1/F`, in seconds (0 for a
    /// loop).
    public let hold: Double
    /// How many times the whole plays; 0 is forever (always 0 for a loop).
    public let loopCount: Int
    /// How long every frame but an animation's last stays, the time between frames: exactly
    /// `1/F` seconds for a frame rate, or the duration over the frame count asked for.
    public let frameDelay: FrameDelay
    /// How long the last frame stays: `1/F + hold` seconds, as the nearest fraction whose terms
    /// fit in 16 bits (``FrameDelay/nearest(toSeconds:)``); equal to ``frameDelay`` for a loop
    /// or without a hold.
    public let lastFrameDelay: FrameDelay
    /// ``lastFrameDelay`` minus `1/F + hold`, in seconds: 0 when the hold can be written
    /// exactly (any hold with few decimals: 0.5, 1.25, 0.3), else the rounding, at most
    /// `1 / min(65535, ⌊65535 / (1/F + hold)⌋)` seconds (under 56 ms for the longest hold;
    /// under 16 µs when `1/F + hold` is at most a second). A tool may warn when it is not 0.
    public let holdRoundingError: Double

    /// The schedule of an animation of `duration` seconds at `framesPerSecond`.
    ///
    /// - Parameters:
    ///   - duration: the animation's length in seconds, positive and finite.
    ///   - framesPerSecond: 1...120.
    ///   - hold: seconds the last frame stays beyond its `1/F`, 0...3600.
    ///   - loopCount: how many times the animation plays, 0 for forever; 1 by default.
    /// - Throws: ``FrameScheduleError``: a duration that is not positive and finite, a frame rate,
    ///   hold or loop count out of range, or `round(duration × framesPerSecond) + 1` outside
    ///   2...10,000 frames.
    public init(duration: Double, framesPerSecond: Int, hold: Double = 0, loopCount: Int = 1)
        throws(FrameScheduleError)
    {
        func failure(_ kind: FrameScheduleError.Kind) -> FrameScheduleError {
            FrameScheduleError(kind, duration: duration, framesPerSecond: framesPerSecond)
        }
        guard duration.isFinite, duration > 0 else { throw failure(.invalidDuration(duration)) }
        let steps = try Self.roundedFrameCount(duration, framesPerSecond, extra: 1, failure)
        guard hold.isFinite, hold >= 0, hold <= Self.maximumHold else { throw failure(.invalidHold(hold)) }
        guard (0...Self.maximumLoopCount).contains(loopCount) else { throw failure(.loopCountOutOfRange(loopCount)) }
        self.init(
            kind: .animation(duration: duration), frameCount: steps,
            frameDelay: FrameDelay(numerator: 1, denominator: UInt16(framesPerSecond)), hold: hold,
            loopCount: loopCount)
    }

    /// The schedule of an animation of exactly `frameCount` frames playing `duration` seconds in
    /// all: each frame shown `duration / frameCount` seconds (the nearest fraction whose terms
    /// fit in 16 bits, exact for round numbers: 500 frames in 10 s are 1/50 s each), the last one
    /// the end state and held `hold` seconds more.
    ///
    /// - Parameters:
    ///   - frameCount: 2...10,000.
    ///   - duration: the playing time of all the frames, positive and finite; at most 120 frames
    ///     a second.
    ///   - hold: seconds the last frame stays beyond its share, 0...3600.
    ///   - loopCount: how many times the animation plays, 0 for forever; 1 by default.
    /// - Throws: ``FrameScheduleError`` for a count, duration, rate, hold or loop count out of range.
    public init(frameCount: Int, duration: Double, hold: Double = 0, loopCount: Int = 1) throws(FrameScheduleError) {
        let delay = try Self.delay(frameCount: frameCount, over: duration)
        guard hold.isFinite, hold >= 0, hold <= Self.maximumHold else {
            throw FrameScheduleError(.invalidHold(hold), duration: duration, framesPerSecond: 0)
        }
        guard (0...Self.maximumLoopCount).contains(loopCount) else {
            throw FrameScheduleError(.loopCountOutOfRange(loopCount), duration: duration, framesPerSecond: 0)
        }
        self.init(
            kind: .animation(duration: Double(frameCount - 1) * delay.seconds), frameCount: frameCount,
            frameDelay: delay, hold: hold, loopCount: loopCount)
    }

    /// The schedule of a seamless loop of exactly `frameCount` frames over one `period`, played
    /// forever: frame `k` at phase `k / frameCount`, each shown `period / frameCount` seconds (as
    /// ``init(frameCount:duration:hold:loopCount:)`` rounds it).
    ///
    /// - Throws: ``FrameScheduleError`` for a count, period or rate out of range.
    public init(frameCount: Int, period: Double) throws(FrameScheduleError) {
        guard period.isFinite, period > 0 else {
            throw FrameScheduleError(.invalidPeriod(period), duration: period, framesPerSecond: 0)
        }
        let delay = try Self.delay(frameCount: frameCount, over: period)
        self.init(kind: .loop(period: period), frameCount: frameCount, frameDelay: delay, hold: 0, loopCount: 0)
    }

    /// A schedule of `frameCount` frames `frameDelay` apart, the last one held `hold` seconds more.
    private init(kind: Kind, frameCount: Int, frameDelay: FrameDelay, hold: Double, loopCount: Int) {
        self.kind = kind
        self.frameCount = frameCount
        self.hold = hold
        self.loopCount = loopCount
        self.frameDelay = frameDelay
        if hold == 0 {
            (lastFrameDelay, holdRoundingError) = (frameDelay, 0)
        } else {
            let wanted = frameDelay.seconds + hold
            // In range: a frame's delay plus the hold is at most 3601 s, far below 65535 s.
            let nearest = FrameDelay.nearest(toSeconds: wanted) ?? (frameDelay, false)
            lastFrameDelay = nearest.delay
            holdRoundingError = nearest.exact ? 0 : nearest.delay.seconds - wanted
        }
    }

    /// The delay of each of `frameCount` frames sharing `seconds`, checked against the limits.
    private static func delay(frameCount: Int, over seconds: Double) throws(FrameScheduleError) -> FrameDelay {
        func failure(_ kind: FrameScheduleError.Kind) -> FrameScheduleError {
            FrameScheduleError(kind, duration: seconds, framesPerSecond: 0)
        }
        guard (2...maximumFrameCount).contains(frameCount) else { throw failure(.frameCountOutOfRange(frameCount)) }
        guard seconds.isFinite, seconds > 0 else { throw failure(.invalidDuration(seconds)) }
        let rate = Double(frameCount) / seconds
        guard rate <= Double(framesPerSecondRange.upperBound) else {
            throw failure(.framesTooFast(count: frameCount, rate: rate))
        }
        guard let nearest = FrameDelay.nearest(toSeconds: seconds / Double(frameCount)), nearest.delay.numerator > 0
        else { throw failure(.invalidDuration(seconds)) }
        return nearest.delay
    }

    /// The schedule of a seamless loop: one period of `period` seconds at `framesPerSecond`,
    /// played forever.
    ///
    /// - Parameters:
    ///   - period: the length of one period in seconds, positive and finite.
    ///   - framesPerSecond: 1...120.
    /// - Throws: ``FrameScheduleError``: a period that is not positive and finite, a frame rate out
    ///   of range, or `round(period × framesPerSecond)` outside 2...10,000 frames.
    public init(period: Double, framesPerSecond: Int) throws(FrameScheduleError) {
        func failure(_ kind: FrameScheduleError.Kind) -> FrameScheduleError {
            FrameScheduleError(kind, duration: period, framesPerSecond: framesPerSecond)
        }
        guard period.isFinite, period > 0 else { throw failure(.invalidPeriod(period)) }
        self.init(
            kind: .loop(period: period),
            frameCount: try Self.roundedFrameCount(period, framesPerSecond, extra: 0, failure),
            frameDelay: FrameDelay(numerator: 1, denominator: UInt16(framesPerSecond)), hold: 0, loopCount: 0)
    }

    /// `round(seconds × fps) + extra`, checked against the limits (fps first).
    private static func roundedFrameCount(
        _ seconds: Double, _ framesPerSecond: Int, extra: Int,
        _ failure: (FrameScheduleError.Kind) -> FrameScheduleError
    ) throws(FrameScheduleError) -> Int {
        guard framesPerSecondRange.contains(framesPerSecond) else {
            throw failure(.framesPerSecondOutOfRange(framesPerSecond))
        }
        let count = (seconds * Double(framesPerSecond)).rounded(.toNearestOrAwayFromZero) + Double(extra)
        guard count <= Double(maximumFrameCount) else { throw failure(.tooManyFrames(count: count)) }
        guard count >= 2 else { throw failure(.tooFewFrames(count: Int(count))) }
        return Int(count)
    }

    /// Whether the schedule is a seamless loop (``Kind/loop(period:)``).
    public var isLoop: Bool {
        if case .loop = kind { true } else { false }
    }

    /// The time at which frame `index` is shown, in seconds from the start: `index / F`
    /// (`index` × ``frameDelay``).
    ///
    /// - Precondition: `index` is in `0..<frameCount`.
    public func time(ofFrame index: Int) -> Double {
        precondition((0..<frameCount).contains(index), "frame \(index) is not in 0..<\(frameCount)")
        return Double(index * Int(frameDelay.numerator)) / Double(frameDelay.denominator)
    }

    /// How far through the animation or the period frame `index` is, before any timing
    /// function: for an animation `min(1, (index / F) / D)`, and exactly 1 for the last frame;
    /// for a loop the phase `index / frameCount`, in `0..<1`.
    ///
    /// - Precondition: `index` is in `0..<frameCount`.
    public func fraction(ofFrame index: Int) -> Double {
        precondition((0..<frameCount).contains(index), "frame \(index) is not in 0..<\(frameCount)")
        switch kind {
        case .animation(let duration):
            let time = Double(index * Int(frameDelay.numerator))
            return index == frameCount - 1 ? 1 : min(1, time / (Double(frameDelay.denominator) * duration))
        case .loop:
            return Double(index) / Double(frameCount)
        }
    }

    /// The animated value in frame `index`: `start + (end - start) × timing(fraction)`, with
    /// ``fraction(ofFrame:)`` as the time, and exactly `end` in an animation's last frame (a
    /// loop never reaches `end`: its next frame would be frame 0 again).
    ///
    /// - Parameters:
    ///   - index: the frame, in `0..<frameCount`.
    ///   - start: the value at time 0 (frame 0 shows it exactly).
    ///   - end: the value at the end.
    ///   - timing: how the value follows time.
    /// - Precondition: `index` is in `0..<frameCount`.
    public func value(ofFrame index: Int, from start: Double, to end: Double, timing: TimingFunction) -> Double {
        let fraction = fraction(ofFrame: index)
        if !isLoop && index == frameCount - 1 { return end }
        let eased = timing.value(at: fraction)
        let value = start + (end - start) * eased
        // Where the difference overflows (from 1e308 to -1e308), the same point as a weighted
        // mean, which does not.
        return value.isFinite ? value : start * (1 - eased) + end * eased
    }

    /// When frame `index` starts, in whole units of `1 / unitsPerSecond` seconds from the start
    /// (1000: milliseconds, a WebP's; 100: hundredths, a GIF's): `round(unitsPerSecond × t)`,
    /// `t` the exact sum of the delays of the frames before it (``delay(ofFrame:)``), rounding
    /// halves up. For `index == frameCount` it is the end: the whole schedule's length, rounded
    /// once.
    ///
    /// Formats that count time in whole units use it for every frame and take each frame's
    /// duration as the difference of consecutive starts: no rounding error accumulates (every
    /// frame starts within half a unit of its exact time), and the durations add up to the end.
    ///
    /// - Parameters:
    ///   - index: the frame, in `0...frameCount`.
    ///   - unitsPerSecond: the format's unit, 1 to 1000 units a second.
    /// - Precondition: `index` is in `0...frameCount`; `unitsPerSecond` is in `1...1000`.
    /// - Complexity: O(1), in integers: exact.
    public func startTime(ofFrame index: Int, unitsPerSecond: Int) -> Int {
        precondition((0...frameCount).contains(index), "frame \(index) is past the end")
        precondition((1...1000).contains(unitsPerSecond), "\(unitsPerSecond) units a second is out of range")
        /// `numerator / denominator` rounded to the nearest integer, halves up (both positive).
        func rounded(_ numerator: Int, _ denominator: Int) -> Int { (2 * numerator + denominator) / (2 * denominator) }
        let (stepNumerator, stepDenominator) = (Int(frameDelay.numerator), Int(frameDelay.denominator))
        // Every frame but the last lasts `frameDelay`: k of them last k × n / d seconds.
        guard index == frameCount else { return rounded(unitsPerSecond * index * stepNumerator, stepDenominator) }
        let (lastNumerator, lastDenominator) = (Int(lastFrameDelay.numerator), Int(lastFrameDelay.denominator))
        // At most 10^4 × 65535 × 65535 + 65535², times 1000 and doubled: below 2^57.
        let numerator = (index - 1) * stepNumerator * lastDenominator + lastNumerator * stepDenominator
        return rounded(unitsPerSecond * numerator, stepDenominator * lastDenominator)
    }

    /// How long frame `index` stays on screen: ``lastFrameDelay`` for the last frame,
    /// ``frameDelay`` for the others.
    ///
    /// - Precondition: `index` is in `0..<frameCount`.
    public func delay(ofFrame index: Int) -> FrameDelay {
        precondition((0..<frameCount).contains(index), "frame \(index) is not in 0..<\(frameCount)")
        return index == frameCount - 1 ? lastFrameDelay : frameDelay
    }
}
