/// Why a ``ProgressState`` (or a ``PhasePlan``) could not be made from the facts given.
public struct ProgressStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, with the values at fault.
    public enum Kind: Hashable, Sendable {
        /// A fraction that is NaN or infinite.
        case fractionNotFinite(Double)
        /// A negative count of bytes received.
        case negativeBytesReceived(Int64)
        /// An expected byte count below -1 (-1 is URLSession's "unknown length").
        case invalidBytesExpected(Int64)
        /// Bytes received (more than 0) of an expected length of 0: no fraction has a meaning.
        case bytesReceivedOfZeroExpected(Int64)
        /// A step count below 1.
        case stepCountNotPositive(Int)
        /// A step outside `0...stepCount`.
        case stepOutOfRange(step: Int, stepCount: Int)
        /// A phase plan without phases.
        case noPhases
        /// A phase weight that is not a positive finite number; `phase` counts from 1.
        case invalidPhaseWeight(phase: Int, weight: Double)
        /// Weights whose sum overflows a `Double`.
        case totalWeightNotFinite
        /// A current phase outside `1...phaseCount`.
        case phaseOutOfRange(phase: Int, phaseCount: Int)
        /// Progress within the current phase outside `0...1`, or NaN.
        case progressInPhaseOutOfRange(Double)
        /// An elapsed time that is negative, NaN or infinite.
        case invalidElapsedTime(Double)
        /// A start date later than the "now" date it is measured to.
        case startAfterNow(start: Timestamp, now: Timestamp)
        /// A schedule's end that is not later than its start.
        case endNotAfterStart(start: Timestamp, end: Timestamp)
        /// A moment that is NaN or infinite.
        case timestampNotFinite(Double)
    }

    /// What was wrong.
    public var kind: Kind

    /// Creates an error.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// What was wrong, in one sentence.
    public var description: String {
        switch kind {
        case .fractionNotFinite(let value):
            "the fraction completed must be a finite number, not \(value)"
        case .negativeBytesReceived(let bytes):
            "the bytes received must not be negative, not \(bytes)"
        case .invalidBytesExpected(let bytes):
            "the bytes expected must be at least 0 (or -1 or nil for an unknown length), not \(bytes)"
        case .bytesReceivedOfZeroExpected(let bytes):
            "\(bytes) bytes received of 0 expected has no progress: an expected length of 0 is an empty body, "
                + "complete at 0 of 0 (give an unknown length for a body of unknown size)"
        case .stepCountNotPositive(let count):
            "the number of steps must be at least 1, not \(count)"
        case .stepOutOfRange(let step, let count):
            "step \(step) is out of range: the steps done must be between 0 and \(count)"
        case .noPhases:
            "there must be at least one phase"
        case .invalidPhaseWeight(let phase, let weight):
            "the weight of phase \(phase) must be a positive finite number, not \(weight)"
        case .totalWeightNotFinite:
            "the phase weights add up to more than a double can hold"
        case .phaseOutOfRange(let phase, let count):
            "phase \(phase) is out of range: phases count from 1 to \(count)"
        case .progressInPhaseOutOfRange(let value):
            "the progress within the phase must be between 0 and 1, not \(value)"
        case .invalidElapsedTime(let seconds):
            "the elapsed time must be a finite number of seconds, at least 0, not \(seconds)"
        case .startAfterNow(let start, let now):
            "the start (\(start)) is later than now (\(now))"
        case .endNotAfterStart(let start, let end):
            "the end (\(end)) must be later than the start (\(start))"
        case .timestampNotFinite(let seconds):
            "a moment must be a finite number of seconds since 1970, not \(seconds)"
        }
    }
}
