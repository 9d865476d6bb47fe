/// What a progress indicator shows, and the facts its label can name.
///
/// A state is made from one source: a fraction (``init(fraction:)``), byte counts
/// (``init(bytesReceived:bytesExpected:)``), steps (``init(step:of:)``), weighted phases
/// (``init(phases:phase:progressInPhase:)``) or a `Foundation.Progress` (`ProgressState(progress)`, in
/// PBFoundation). Each
/// source records the facts it knows (a download knows its bytes, a sync its phase and
/// message); ``title``, ``message`` and the elapsed time (``withElapsed(seconds:)``) can be
/// added to any of them. ``LabelTemplate`` turns the facts into text.
///
/// The stored facts are read-only outside the initialisers, so a state cannot claim a fraction
/// outside 0...1 or a step beyond its count.
public struct ProgressState: Hashable, Sendable {
    /// The fraction completed, in 0...1, or `nil` when the progress is indeterminate (the
    /// amount of work is unknown, such as a download without a content length).
    public internal(set) var fraction: Double?
    /// Units of work done, when the source counts units (a `Progress`, steps, bytes).
    public package(set) var completedUnitCount: Int64?
    /// Units of work in all, when known.
    public package(set) var totalUnitCount: Int64?
    /// Bytes received, for a download.
    public package(set) var bytesReceived: Int64?
    /// Bytes expected, for a download whose length is known.
    public package(set) var bytesExpected: Int64?
    /// Steps done, for progress counted in steps.
    public internal(set) var step: Int?
    /// Steps in all, for progress counted in steps.
    public internal(set) var stepCount: Int?
    /// The current phase, from 1, for phased progress.
    public internal(set) var phase: Int?
    /// The number of phases, for phased progress.
    public internal(set) var phaseCount: Int?
    /// Seconds since the work started, when known (see ``withElapsed(seconds:)``).
    public internal(set) var elapsedSeconds: Double?
    /// An estimate of the seconds left given by the source itself (a `Progress`'s
    /// `estimatedTimeRemainingKey`), which takes precedence over the estimate from
    /// ``elapsedSeconds``.
    public package(set) var reportedSecondsRemaining: Double?
    /// What the work is doing now ("Sending name changes"): a phase's message, or a
    /// `Progress`'s non-empty `localizedDescription`; free to set.
    public var message: String?
    /// What the work is ("Downloading wallpaper.jpg"); free to set.
    public var title: String?
    /// The seconds from the moment the state describes to a known end (a ``ProgressSchedule``'s,
    /// 0 once it has passed): exact, so it takes precedence over both estimates, and `{remaining}`
    /// reads it as a countdown ("3 days left").
    public internal(set) var secondsUntilEnd: Double?

    /// A state with `fraction` done and no other facts.
    ///
    /// - Parameter fraction: the fraction completed; values outside 0...1 are pinned to the
    ///   nearer end (a negative zero becomes 0).
    /// - Throws: ``ProgressStateError`` with kind `fractionNotFinite` for NaN or an infinity.
    public init(fraction: Double) throws(ProgressStateError) {
        guard fraction.isFinite else { throw ProgressStateError(.fractionNotFinite(fraction)) }
        self.fraction = Self.pinned(fraction)
    }

    /// A state with an unknown amount of work and no facts.
    public static let indeterminate = ProgressState(pinnedFraction: nil)

    /// Whether the amount of work is unknown (``fraction`` is `nil`): an indicator shows a
    /// distinct look, and an SVG has no `aria-valuenow`.
    public var isIndeterminate: Bool { fraction == nil }

    /// The same facts at another fraction (pinned to `0...1`; `nil` is indeterminate): what a
    /// label counting up with an animated progress shows.
    public func with(fraction: Double?) -> ProgressState {
        var state = self
        state.fraction = fraction.map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        return state
    }

    /// A state with `fraction` (already in 0...1, or nil) and no facts.
    package init(pinnedFraction fraction: Double?) {
        self.fraction = fraction
    }

    /// `value` pinned to 0...1, with -0.0 as 0; `value` must not be NaN.
    package static func pinned(_ value: Double) -> Double {
        value <= 0 ? 0 : min(value, 1)
    }
}
