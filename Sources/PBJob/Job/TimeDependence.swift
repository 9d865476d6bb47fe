import PBRendering

/// How an image drawn from the clock (a progress from `--start` to `--end`, a countdown, read at
/// the clock's time rather than `--now`) depends on it: the moment it was drawn at, and the first
/// moment it may look otherwise (`ProgressSchedule.nextChange(after:steps:showsTimeLeft:)`).
/// A server turns it into `Cache-Control: max-age`.
public struct TimeDependence: Hashable, Sendable {
    /// The moment the clock read when the image was drawn.
    public var drawnAt: Timestamp
    /// The first moment at which the image may be drawn otherwise, or `nil` when it stays as it is
    /// (past the end, or nothing shown moves).
    public var nextChange: Timestamp?

    /// Creates a dependence.
    public init(drawnAt: Timestamp, nextChange: Timestamp?) {
        self.drawnAt = drawnAt
        self.nextChange = nextChange
    }

    /// The whole seconds after ``drawnAt`` during which the image stays as drawn, at most `limit`:
    /// the largest `N` with `drawnAt + N` before ``nextChange`` (0 when it changes within the
    /// second), `limit` when it never changes.
    ///
    /// - Parameter limit: the most seconds to claim (a server's day), at least 0.
    public func secondsUnchanged(atMost limit: Int) -> Int {
        guard let nextChange else { return limit }
        let seconds = nextChange.seconds(since: drawnAt).rounded(.up) - 1
        guard seconds.isFinite else { return seconds > 0 ? limit : 0 }
        return Int(min(max(seconds, 0), Double(limit)))
    }
}
