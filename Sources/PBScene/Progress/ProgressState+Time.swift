extension ProgressState {
    /// The largest estimate of the time left that is shown: 100 Julian years, in seconds.
    /// Beyond it (a tiny fraction after a long time) ``secondsRemaining`` is `nil`.
    public static let maximumSecondsRemaining: Double = 100 * 365.25 * 86_400

    /// This state with the work started `seconds` ago.
    ///
    /// - Parameter seconds: the elapsed time, finite and at least 0.
    /// - Throws: ``ProgressStateError`` with kind `invalidElapsedTime`.
    public func withElapsed(seconds: Double) throws(ProgressStateError) -> ProgressState {
        guard seconds.isFinite, seconds >= 0 else { throw ProgressStateError(.invalidElapsedTime(seconds)) }
        var state = self
        state.elapsedSeconds = seconds == 0 ? 0 : seconds
        return state
    }

    /// This state with the work started at `start`, measured at `now` (pass both for
    /// reproducible output).
    ///
    /// - Parameters:
    ///   - start: when the work started.
    ///   - now: the moment the state describes.
    /// - Throws: ``ProgressStateError`` with kind `startAfterNow` when `start` is later.
    public func withElapsed(from start: Timestamp, to now: Timestamp) throws(ProgressStateError) -> ProgressState {
        let seconds = now.seconds(since: start)
        guard seconds >= 0 else { throw ProgressStateError(.startAfterNow(start: start, now: now)) }
        return try withElapsed(seconds: seconds)
    }

    /// This state with a known end: ``secondsUntilEnd`` from `now` to `end` (0 once it has passed),
    /// which `{remaining}` reads as a countdown.
    ///
    /// - Parameters:
    ///   - end: when the work ends (a deadline, the end of a ``ProgressSchedule``).
    ///   - now: the moment the state describes.
    public func withEnd(_ end: Timestamp, at now: Timestamp) -> ProgressState {
        var state = self
        state.secondsUntilEnd = max(0, end.seconds(since: now))
        return state
    }

    /// The estimated seconds left, or `nil` when there is no estimate.
    ///
    /// It is ``secondsUntilEnd`` when the state has a known end, else ``reportedSecondsRemaining``
    /// when the source gave one; otherwise, with `p` the
    /// fraction and `t` the elapsed seconds, `t × (1 − p) / p`: the rate so far, extrapolated.
    /// There is none without an elapsed time, while indeterminate, at `p = 0` (no rate yet),
    /// or when the estimate exceeds ``maximumSecondsRemaining``. At `p = 1` it is 0.
    public var secondsRemaining: Double? {
        let estimate: Double
        if let secondsUntilEnd {
            estimate = secondsUntilEnd
        } else if let reportedSecondsRemaining {
            estimate = reportedSecondsRemaining
        } else {
            guard let elapsedSeconds, let fraction, fraction > 0 else { return nil }
            estimate = elapsedSeconds * (1 - fraction) / fraction
        }
        return estimate <= Self.maximumSecondsRemaining ? estimate : nil
    }
}
