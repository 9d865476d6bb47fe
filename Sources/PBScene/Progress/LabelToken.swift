/// A fact a label template can name, written `{name}` in the template.
public enum LabelToken: String, CaseIterable, Hashable, Sendable {
    /// The fraction as a whole percent, rounded to nearest but never 0 % above 0 nor 100 % below 1
    /// (``ProgressTextFormatter/percent(_:)``): `42%`.
    case percent
    /// The fraction as a decimal with at most two decimals, by the same rule: `0.42`.
    case fraction
    /// Units done (a `Progress`'s completed unit count, the steps or bytes done).
    case completed
    /// Units in all.
    case total
    /// Bytes received, in the file style: `3.1 MB`.
    case bytes
    /// Bytes expected, in the file style: `10.5 MB`.
    case totalBytes
    /// Steps done: the `3` of `3/7`.
    case step
    /// Steps in all: the `7` of `3/7`.
    case stepCount
    /// The current phase, from 1.
    case phase
    /// The number of phases (an addition to issue 10's list, so "phase 2 of 5" can be written).
    case phaseCount
    /// What the work is doing now (the current phase's message).
    case message
    /// The time left: until a known end, `3 days left`; else estimated from the time so far,
    /// `About 2 minutes remaining`.
    case remaining
    /// What the work is.
    case title

    /// The token as written in a template: `{percent}`.
    public var placeholder: String { "{\(rawValue)}" }

    /// What a state lacks when it cannot give this token a value, for messages ("byte counts").
    var fact: String {
        switch self {
        case .percent, .fraction: "a fraction completed (it is indeterminate)"
        case .completed: "a count of units done"
        case .total: "a total count of units"
        case .bytes: "byte counts"
        case .totalBytes: "an expected byte count"
        case .step, .stepCount: "steps"
        case .phase, .phaseCount: "phases"
        case .message: "a message"
        case .remaining: "an end, or an elapsed time to estimate the time left from"
        case .title: "a title"
        }
    }
}
