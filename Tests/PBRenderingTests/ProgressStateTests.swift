import PBRendering
import Testing

@Suite struct ProgressStateTests {
    // MARK: Fraction

    static let pinned: [(Double, Double)] = [(0.5, 0.5), (0, 0), (1, 1), (-0.2, 0), (1.7, 1), (-0.0, 0), (0.3, 0.3)]

    @Test(arguments: pinned)
    func pinsTheFraction(given: Double, expected: Double) throws {
        let state = try ProgressState(fraction: given)
        #expect(state.fraction == expected)
        #expect(state.fraction?.sign == .plus)
        #expect(!state.isIndeterminate)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func rejectsAFractionThatIsNotFinite(value: Double) {
        #expect {
            try ProgressState(fraction: value)
        } throws: { error in
            guard let error = error as? ProgressStateError, case .fractionNotFinite(let given) = error.kind else {
                return false
            }
            return given.isNaN == value.isNaN && (value.isNaN || given == value)
        }
    }

    @Test func indeterminateHasNoFraction() {
        #expect(ProgressState.indeterminate.isIndeterminate)
        #expect(ProgressState.indeterminate.fraction == nil)
    }

    // MARK: Bytes

    /// Seed 001: `currentFileLength / fileLength` on integers is 0 until the end. 3 MiB of
    /// 10 MiB is 3/10 exactly as rationals, so the floating-point quotient is the double nearest
    /// 0.3, which is the literal `0.3`.
    @Test func bytesAreDividedInFloatingPoint() throws {
        let received: Int64 = 3_145_728
        let expected: Int64 = 10_485_760
        #expect(received / expected == 0)  // the seed's bug, for the record
        let state = try ProgressState(bytesReceived: received, bytesExpected: expected)
        #expect(state.fraction == 0.3)
        #expect(state.bytesReceived == received && state.bytesExpected == expected)
        #expect(state.completedUnitCount == received && state.totalUnitCount == expected)
        #expect(try LabelTemplate(parsing: "{percent}").text(for: state) == "30%")
    }

    /// Seed 000 logs an expected length of 90124 bytes; half of it is 0.5.
    @Test func halfOfSeed000sImage() throws {
        #expect(try ProgressState(bytesReceived: 45_062, bytesExpected: 90_124).fraction == 0.5)
    }

    @Test(arguments: [nil, ProgressState.unknownLength])
    func anUnknownLengthIsIndeterminate(expected: Int64?) throws {
        let state = try ProgressState(bytesReceived: 3_145_728, bytesExpected: expected)
        #expect(state.isIndeterminate)
        #expect(state.bytesReceived == 3_145_728)
        #expect(state.bytesExpected == nil && state.totalUnitCount == nil)
    }

    @Test func moreThanExpectedIsCompleteAndAnEmptyBodyIsComplete() throws {
        #expect(try ProgressState(bytesReceived: 20, bytesExpected: 10).fraction == 1)
        #expect(try ProgressState(bytesReceived: 0, bytesExpected: 0).fraction == 1)
        #expect(try ProgressState(bytesReceived: 0, bytesExpected: 10).fraction == 0)
    }

    @Test func rejectsImpossibleByteCounts() {
        #expect(throws: ProgressStateError(.negativeBytesReceived(-1))) {
            try ProgressState(bytesReceived: -1, bytesExpected: 10)
        }
        #expect(throws: ProgressStateError(.invalidBytesExpected(-2))) {
            try ProgressState(bytesReceived: 1, bytesExpected: -2)
        }
    }

    // MARK: Steps

    static let steps: [(Int, Int, Double)] = [(3, 7, 3.0 / 7.0), (0, 7, 0), (7, 7, 1), (1, 1, 1), (1, 4, 0.25)]

    @Test(arguments: steps)
    func stepsDone(step: Int, count: Int, expected: Double) throws {
        let state = try ProgressState(step: step, of: count)
        #expect(state.fraction == expected)
        #expect(state.step == step && state.stepCount == count)
        #expect(state.completedUnitCount == Int64(step) && state.totalUnitCount == Int64(count))
    }

    @Test func rejectsStepsOutOfRange() {
        #expect(throws: ProgressStateError(.stepOutOfRange(step: 8, stepCount: 7))) {
            try ProgressState(step: 8, of: 7)
        }
        #expect(throws: ProgressStateError(.stepOutOfRange(step: -1, stepCount: 7))) {
            try ProgressState(step: -1, of: 7)
        }
        #expect(throws: ProgressStateError(.stepCountNotPositive(0))) { try ProgressState(step: 0, of: 0) }
    }

    // MARK: Phases

    /// Seed 003's sync, as weights: connect 1, send 5, receive 8, commit 2 (16 in all).
    static let sync = [
        ProgressPhase(weight: 1, message: "Connecting to Server"),
        ProgressPhase(weight: 5, message: "Sending Name Changes"),
        ProgressPhase(weight: 8, message: "Receiving Tables"),
        ProgressPhase(weight: 2, message: "Committing Downloaded Updates"),
    ]

    /// (phase, progress in it, overall = (weights before + weight × progress) / 16, by hand).
    static let syncPoints: [(Int, Double, Double)] = [
        (1, 0.0, 0.0), (1, 1.0, 1.0 / 16), (2, 0.0, 1.0 / 16), (2, 0.4, 3.0 / 16), (3, 0.5, 10.0 / 16),
        (4, 0.0, 14.0 / 16), (4, 1.0, 1.0),
    ]

    @Test(arguments: syncPoints)
    func phasesBeforeTheCurrentOneAreDone(phase: Int, inPhase: Double, expected: Double) throws {
        let plan = try PhasePlan(Self.sync)
        let state = try ProgressState(phases: plan, phase: phase, progressInPhase: inPhase)
        #expect(state.fraction == expected)
        #expect(state.phase == phase && state.phaseCount == 4)
        #expect(state.message == Self.sync[phase - 1].message)
        #expect(plan.totalWeight == 16)
    }

    /// With weights that are not exact in binary, the end of a phase is still exactly the start
    /// of the next, and the end of the last is exactly 1.
    @Test func phaseBoundariesAgreeExactly() throws {
        let weights = [0.1, 0.2, 0.7, 1.0 / 3, 2.9]
        let plan = try PhasePlan(weights.map { ProgressPhase(weight: $0, message: "") })
        for phase in 1..<weights.count {
            let end = try ProgressState(phases: plan, phase: phase, progressInPhase: 1).fraction
            let start = try ProgressState(phases: plan, phase: phase + 1, progressInPhase: 0).fraction
            #expect(end == start)
        }
        #expect(try ProgressState(phases: plan, phase: weights.count, progressInPhase: 1).fraction == 1)
    }

    @Test func rejectsBadPlans() {
        #expect(throws: ProgressStateError(.noPhases)) { try PhasePlan([]) }
        for weight in [0, -1, Double.infinity] {
            #expect(throws: ProgressStateError(.invalidPhaseWeight(phase: 2, weight: weight))) {
                try PhasePlan([ProgressPhase(weight: 1, message: "a"), ProgressPhase(weight: weight, message: "b")])
            }
        }
        #expect {
            try PhasePlan([ProgressPhase(weight: .nan, message: "a")])
        } throws: { error in
            guard let error = error as? ProgressStateError, case .invalidPhaseWeight(1, let weight) = error.kind else {
                return false
            }
            return weight.isNaN
        }
        #expect(throws: ProgressStateError(.totalWeightNotFinite)) {
            try PhasePlan([ProgressPhase(weight: 1e308, message: "a"), ProgressPhase(weight: 1e308, message: "b")])
        }
    }

    @Test func rejectsACurrentPhaseOutOfRange() throws {
        let plan = try PhasePlan(Self.sync)
        #expect(throws: ProgressStateError(.phaseOutOfRange(phase: 0, phaseCount: 4))) {
            try ProgressState(phases: plan, phase: 0)
        }
        #expect(throws: ProgressStateError(.phaseOutOfRange(phase: 5, phaseCount: 4))) {
            try ProgressState(phases: plan, phase: 5)
        }
        for bad in [1.5, -0.1] {
            #expect(throws: ProgressStateError(.progressInPhaseOutOfRange(bad))) {
                try ProgressState(phases: plan, phase: 1, progressInPhase: bad)
            }
        }
        #expect(throws: ProgressStateError.self) { try ProgressState(phases: plan, phase: 1, progressInPhase: .nan) }
    }

    @Test func errorsSayWhatWasWrong() {
        #expect(
            ProgressStateError(.invalidPhaseWeight(phase: 2, weight: -1)).description
                == "the weight of phase 2 must be a positive finite number, not -1.0")
        #expect(
            ProgressStateError(.phaseOutOfRange(phase: 5, phaseCount: 4)).description
                == "phase 5 is out of range: phases count from 1 to 4")
        #expect(
            ProgressStateError(.stepOutOfRange(step: 8, stepCount: 7)).description
                == "step 8 is out of range: the steps done must be between 0 and 7")
    }
}
