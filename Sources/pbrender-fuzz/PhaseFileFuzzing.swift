#if FUZZING
    import PBCommandLine
    import PBRendering

    /// A phase file (`--phases FILE`): `PhaseFile.decode`, then the state of every phase at its
    /// start, middle and end, and the labels `{message}` and `{phase} of {phaseCount}` for each.
    ///
    /// Checked: a refusal is an input error at a line and column inside the file; a plan has at
    /// least one phase, each with a positive finite weight; the fraction runs from 0 at the
    /// start of phase 1 to 1 at the end of the last, never goes back, and stays in 0...1; each
    /// phase's `{message}` is its message, exactly.
    enum PhaseFileFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            let plan: PhasePlan
            do {
                plan = try PhaseFile.decode(bytes, file: FuzzRun.fileName).plan
            } catch {
                CurveFileFuzzing.expectLocated(error, in: bytes)
                return true
            }
            guard plan.count >= 1, plan.phases.allSatisfy({ $0.weight > 0 && $0.weight.isFinite }) else {
                fuzzFailure("a phase file decodes to an invalid plan: \(plan)")
            }
            let message: LabelTemplate
            let counts: LabelTemplate
            do {
                message = try LabelTemplate(parsing: "{message}")
                counts = try LabelTemplate(parsing: "{phase} of {phaseCount}")
            } catch {
                fuzzFailure("a fixed template does not parse: \(error)")
            }
            var last = 0.0
            // Long plans: their first and last phases, and a few between.
            let phases =
                plan.count <= 64 ? Array(1...plan.count) : Array(1...32) + Array((plan.count - 31)...plan.count)
            for phase in phases {
                for progress in [0, 0.5, 1] {
                    let state: ProgressState
                    do {
                        state = try ProgressState(phases: plan, phase: phase, progressInPhase: progress)
                    } catch {
                        fuzzFailure("phase \(phase) at \(progress) of a valid plan throws: \(error)")
                    }
                    guard let fraction = state.fraction, (0...1).contains(fraction) else {
                        fuzzFailure(
                            "phase \(phase) at \(progress) has the fraction \(String(describing: state.fraction))")
                    }
                    if plan.count <= 64 {
                        guard fraction >= last else {
                            fuzzFailure("phase \(phase) at \(progress) goes back from \(last) to \(fraction)")
                        }
                        last = fraction
                    }
                    if phase == 1 && progress == 0 && fraction != 0 {
                        fuzzFailure("the start of phase 1 is \(fraction), not 0")
                    }
                    if phase == plan.count && progress == 1 && fraction != 1 {
                        fuzzFailure("the end of the last phase is \(fraction), not 1")
                    }
                    do {
                        let text = try message.text(for: state)
                        guard text == plan.phases[phase - 1].message else {
                            fuzzFailure("phase \(phase)'s {message} is '\(text)'")
                        }
                        let formatter = ProgressTextFormatter()
                        let expected = formatter.count(Int64(phase)) + " of " + formatter.count(Int64(plan.count))
                        guard try counts.text(for: state) == expected else {
                            fuzzFailure("phase \(phase)'s counts are wrong")
                        }
                    } catch {
                        fuzzFailure("a phase's label throws: \(error)")
                    }
                }
            }
            return true
        }
    }
#endif
