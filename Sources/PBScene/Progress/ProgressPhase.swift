/// One phase of a piece of work whose phases take different shares of the time, such as the
/// sync in seed 003 ("Sending name changes", "Receiving table 2 of 5", …).
public struct ProgressPhase: Hashable, Sendable {
    /// The phase's share of the whole, relative to the other phases' weights (a positive
    /// finite number; ``PhasePlan`` checks it).
    public var weight: Double
    /// What the work is doing during this phase, shown by the label's `{message}`.
    public var message: String

    /// Creates a phase.
    ///
    /// - Parameters:
    ///   - weight: the phase's share of the whole, relative to the other phases.
    ///   - message: what the work is doing during the phase.
    public init(weight: Double, message: String) {
        self.weight = weight
        self.message = message
    }
}
