/// Progress that moves with the clock: the fraction of the time from a start to an end that has
/// passed, as a campaign, a countdown or a sprint shows it; or with an end alone, the time left.
///
/// At a moment `now` the fraction is `(now − start) / (end − start)`, pinned to `0...1` (0 before
/// the start, 1 from the end on: both are states a schedule passes through, not mistakes), and
/// the state's ``ProgressState/secondsUntilEnd`` is `end − now` (0 once it has passed), which
/// `{remaining}` reads as "3 days left".
///
/// The fraction moves in steps (``state(at:steps:)``), so that a picture of it stays the same
/// between one step and the next and can say how long it stays right
/// (``nextChange(after:steps:showsTimeLeft:)``): with `n` steps it is `⌊p × n⌋ / n`, `p` the
/// exact fraction. ``stepCount(forPixels:)`` chooses `n` so that each step moves the end of the
/// progress by at most a pixel and a whole percent reads as the exact fraction's.
///
/// ```swift
/// let sale = try ProgressSchedule(
///     start: Timestamp(rfc3339: "2026-12-01T00:00:00Z"), end: Timestamp(rfc3339: "2026-12-25T00:00:00Z")!)
/// let state = sale.state(at: .now, steps: 200)   // state.fraction, state.secondsUntilEnd
/// ```
public struct ProgressSchedule: Hashable, Sendable {
    /// When the progress starts from 0, or `nil` for a countdown to ``end`` alone (no fraction:
    /// the state is indeterminate, with the time left).
    public let start: Timestamp?
    /// When the progress reaches 1, and the time left reaches 0.
    public let end: Timestamp

    /// The fewest steps a schedule's fraction moves in: half percents. With a multiple of 200
    /// steps, every half percent is the start of a step, so a whole percent rounded to nearest
    /// (as `{percent}` and badges write it) reads the same for the stepped fraction as for the
    /// exact one.
    public static let minimumStepCount = 200
    /// The most steps: 1,000,000 (a multiple of 200).
    public static let maximumStepCount = 1_000_000

    /// A schedule from `start` (or none) to `end`.
    ///
    /// - Throws: ``ProgressStateError`` with kind `timestampNotFinite` for a moment that is NaN or
    ///   infinite, `endNotAfterStart` when `end` is not later than `start`.
    public init(start: Timestamp?, end: Timestamp) throws(ProgressStateError) {
        for moment in [start, end].compactMap({ $0 }) where !moment.secondsSince1970.isFinite {
            throw ProgressStateError(.timestampNotFinite(moment.secondsSince1970))
        }
        if let start, !(end > start) { throw ProgressStateError(.endNotAfterStart(start: start, end: end)) }
        self.start = start
        self.end = end
    }

    /// The steps for a progress whose whole length is `pixels` device pixels: `pixels` rounded up
    /// to a multiple of ``minimumStepCount``, at least that and at most ``maximumStepCount``, so a
    /// step moves the end of the progress by at most a pixel and whole percents read true.
    ///
    /// - Parameter pixels: the length of the path at the image's scale; 0 (or not finite) gives
    ///   the minimum.
    public static func stepCount(forPixels pixels: Double) -> Int {
        guard pixels.isFinite, pixels > 0 else { return minimumStepCount }
        let multiples = (pixels / Double(minimumStepCount)).rounded(.up)
        return Int(min(multiples * Double(minimumStepCount), Double(maximumStepCount)))
    }

    /// The exact fraction of the schedule passed at `now`, pinned to `0...1`; `nil` without a start.
    public func fraction(at now: Timestamp) -> Double? {
        guard let start else { return nil }
        return ProgressState.pinned(now.seconds(since: start) / end.seconds(since: start))
    }

    /// How many of `steps` steps have passed at `now`: `⌊p × steps⌋`, from 0 to `steps`.
    private func step(at now: Timestamp, steps: Int) -> Int? {
        fraction(at: now).map { min(Int(($0 * Double(steps)).rounded(.down)), steps) }
    }

    /// The state at `now`: the fraction in `steps` steps (indeterminate without a start), and the
    /// seconds until the end.
    ///
    /// - Parameters:
    ///   - now: the moment the state describes.
    ///   - steps: how many steps the fraction moves in, at least 1 (``stepCount(forPixels:)``).
    public func state(at now: Timestamp, steps: Int) -> ProgressState {
        let count = max(steps, 1)
        return ProgressState(pinnedFraction: step(at: now, steps: count).map { Double($0) / Double(count) })
            .withEnd(end, at: now)
    }

    /// The first moment after `now` at which the state may read otherwise: the next step of the
    /// fraction, or, when the time left is shown, the next change of its rounded text
    /// (``ProgressTextFormatter/remainingTimeStepStart(seconds:)``), whichever comes first;
    /// `nil` when neither changes again (past the end).
    ///
    /// A picture drawn from ``state(at:steps:)`` is the same at every moment before it. The
    /// moment is exact up to the rounding of doubles, and never later than the change.
    ///
    /// - Parameters:
    ///   - now: the moment of the state drawn.
    ///   - steps: the steps of ``state(at:steps:)``.
    ///   - showsTimeLeft: whether the picture shows the time left (a `{remaining}` label).
    public func nextChange(after now: Timestamp, steps: Int, showsTimeLeft: Bool) -> Timestamp? {
        var moments: [Double] = []
        let count = max(steps, 1)
        if let start, let step = step(at: now, steps: count), step < count {
            // The first moment of the next step, (start + (k + 1) / n × span), not before now.
            let span = end.seconds(since: start)
            moments.append(max(start.secondsSince1970 + Double(step + 1) / Double(count) * span, now.secondsSince1970))
        }
        if showsTimeLeft, let stepStart = ProgressTextFormatter.remainingTimeStepStart(seconds: end.seconds(since: now))
        {
            moments.append(end.secondsSince1970 - stepStart)
        }
        return moments.min().map(Timestamp.init(secondsSince1970:))
    }
}
