/// The phases of a piece of work, in order, with their weights: a validated list of
/// ``ProgressPhase`` values.
///
/// The overall progress with phase `n` (from 1) current and `f` of it done is
///
///     (w₁ + … + wₙ₋₁ + wₙ·f) / (w₁ + … + w_count)
///
/// The prefix sums are accumulated left to right, in the same order as the total, so the end of
/// phase `n` (`f = 1`) equals the start of phase `n + 1` (`f = 0`) exactly, and the end of the
/// last phase is exactly 1.
public struct PhasePlan: Hashable, Sendable {
    /// The phases, in order.
    public let phases: [ProgressPhase]
    /// `completedWeights[i]` is the sum of the weights of the phases before phase `i + 1`;
    /// the last element is the total.
    private let completedWeights: [Double]

    /// Validates `phases`.
    ///
    /// - Parameter phases: the phases, in order.
    /// - Throws: ``ProgressStateError`` with kind `noPhases` for an empty list,
    ///   `invalidPhaseWeight` for a weight that is not a positive finite number (naming the
    ///   first such phase, from 1), `totalWeightNotFinite` when the weights' sum overflows.
    /// - Complexity: O(*n*) in the number of phases.
    public init(_ phases: [ProgressPhase]) throws(ProgressStateError) {
        guard !phases.isEmpty else { throw ProgressStateError(.noPhases) }
        var sums = [0.0]
        sums.reserveCapacity(phases.count + 1)
        for (index, phase) in phases.enumerated() {
            guard phase.weight.isFinite, phase.weight > 0 else {
                throw ProgressStateError(.invalidPhaseWeight(phase: index + 1, weight: phase.weight))
            }
            sums.append(sums[index] + phase.weight)
        }
        guard sums[phases.count].isFinite else { throw ProgressStateError(.totalWeightNotFinite) }
        self.phases = phases
        self.completedWeights = sums
    }

    /// The number of phases (at least 1).
    public var count: Int { phases.count }

    /// The sum of the weights.
    public var totalWeight: Double { completedWeights[phases.count] }

    /// The overall fraction completed when `phase` (from 1) is current and `progressInPhase`
    /// of it is done: the formula in the type's description, pinned to 0...1.
    ///
    /// - Parameters:
    ///   - phase: the current phase, from 1 to ``count``.
    ///   - progressInPhase: the part of the current phase done, in 0...1.
    /// - Throws: ``ProgressStateError`` with kind `phaseOutOfRange` or
    ///   `progressInPhaseOutOfRange`.
    public func fraction(phase: Int, progressInPhase: Double) throws(ProgressStateError) -> Double {
        guard (1...count).contains(phase) else {
            throw ProgressStateError(.phaseOutOfRange(phase: phase, phaseCount: count))
        }
        guard (0...1).contains(progressInPhase) else {
            throw ProgressStateError(.progressInPhaseOutOfRange(progressInPhase))
        }
        let done = completedWeights[phase - 1] + phases[phase - 1].weight * progressInPhase
        return min(1, done / totalWeight)
    }
}
