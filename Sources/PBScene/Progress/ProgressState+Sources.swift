extension ProgressState {
    /// The expected length URLSession reports when a response has no `Content-Length`
    /// (`NSURLResponseUnknownLength`).
    public static let unknownLength: Int64 = -1

    /// The progress of a download: `bytesReceived / bytesExpected`, divided in floating point.
    ///
    /// Seed 001's pitfall does not exist here: 3,145,728 of 10,485,760 bytes is 0.3, not the
    /// 0 an integer division gives. More bytes than expected pin the fraction to 1 (with a
    /// warning, ``warnings``); an expected length of 0 is an empty body: complete at 0 bytes
    /// received (as URLSession finishes an empty download), an error with any more. The byte
    /// counts are also the unit counts, as for a `Progress` of kind `.file`.
    ///
    /// - Parameters:
    ///   - bytesReceived: the bytes received so far (at least 0).
    ///   - bytesExpected: the expected length; `nil` or ``unknownLength`` (-1, as in
    ///     `URLResponse.expectedContentLength`) make the state indeterminate.
    /// - Throws: ``ProgressStateError`` with kind `negativeBytesReceived`,
    ///   `invalidBytesExpected` for a length below -1, or `bytesReceivedOfZeroExpected` for
    ///   bytes received of an expected length of 0.
    public init(bytesReceived: Int64, bytesExpected: Int64?) throws(ProgressStateError) {
        guard bytesReceived >= 0 else { throw ProgressStateError(.negativeBytesReceived(bytesReceived)) }
        let expected = bytesExpected == Self.unknownLength ? nil : bytesExpected
        if let expected, expected < 0 { throw ProgressStateError(.invalidBytesExpected(expected)) }
        if expected == 0, bytesReceived > 0 { throw ProgressStateError(.bytesReceivedOfZeroExpected(bytesReceived)) }
        let fraction = expected.map { $0 == 0 ? 1 : Self.pinned(Double(bytesReceived) / Double($0)) }
        self.init(pinnedFraction: fraction)
        self.bytesReceived = bytesReceived
        self.bytesExpected = expected
        self.completedUnitCount = bytesReceived
        self.totalUnitCount = expected
    }

    /// The progress of work counted in steps: `step` of `stepCount` done (`3/7` is 3/7).
    ///
    /// The steps are also the unit counts.
    ///
    /// - Parameters:
    ///   - step: the steps done, in `0...stepCount`.
    ///   - stepCount: the steps in all, at least 1.
    /// - Throws: ``ProgressStateError`` with kind `stepCountNotPositive` or `stepOutOfRange`.
    public init(step: Int, of stepCount: Int) throws(ProgressStateError) {
        guard stepCount >= 1 else { throw ProgressStateError(.stepCountNotPositive(stepCount)) }
        guard (0...stepCount).contains(step) else {
            throw ProgressStateError(.stepOutOfRange(step: step, stepCount: stepCount))
        }
        self.init(pinnedFraction: Double(step) / Double(stepCount))
        self.step = step
        self.stepCount = stepCount
        self.completedUnitCount = Int64(step)
        self.totalUnitCount = Int64(stepCount)
    }

    /// The progress of work in weighted phases (seed 003): the phases before `phase` are done,
    /// `progressInPhase` of `phase` is; the fraction is ``PhasePlan/fraction(phase:progressInPhase:)``.
    ///
    /// The ``message`` is the current phase's.
    ///
    /// - Parameters:
    ///   - phases: the phases and their weights.
    ///   - phase: the current phase, from 1 to `phases.count`.
    ///   - progressInPhase: the part of the current phase done, in 0...1 (default 0).
    /// - Throws: ``ProgressStateError`` with kind `phaseOutOfRange` or
    ///   `progressInPhaseOutOfRange`.
    public init(phases: PhasePlan, phase: Int, progressInPhase: Double = 0) throws(ProgressStateError) {
        self.init(pinnedFraction: try phases.fraction(phase: phase, progressInPhase: progressInPhase))
        self.phase = phase
        self.phaseCount = phases.count
        self.message = phases.phases[phase - 1].message
    }

    /// What the state shows that is not quite what its facts say: more bytes received than
    /// expected, shown as complete. Empty otherwise.
    public var warnings: [RenderWarning] {
        guard let received = bytesReceived, let expected = bytesExpected, received > expected else { return [] }
        return [RenderWarning(.bytesAboveExpected(received: received, expected: expected))]
    }
}
