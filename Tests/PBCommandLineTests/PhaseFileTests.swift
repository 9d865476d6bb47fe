import PBRendering
import Testing

@testable import PBCommandLine
@testable import PBJob

@Suite struct PhaseFileTests {
    @Test func readsSeed003sPhases() throws {
        let text = """
            {
              "phases": [
                {"weight": 1, "message": "Connecting to Server"},
                {"weight": 5, "message": "Sending Name Changes"},
                {"message": "Finishing Upload"},
                {"weight": 0.5, "message": ""}
              ]
            }
            """
        let plan = try PhaseFile.decode(Array(text.utf8), file: "sync.json").plan
        #expect(
            plan.phases == [
                ProgressPhase(weight: 1, message: "Connecting to Server"),
                ProgressPhase(weight: 5, message: "Sending Name Changes"),
                ProgressPhase(weight: 1, message: "Finishing Upload"),
                ProgressPhase(weight: 0.5, message: ""),
            ])
        #expect(plan.totalWeight == 7.5)
        // Phase 3 half done: (1 + 5 + 1 × 0.5) / 7.5 = 6.5 / 7.5.
        let state = try ProgressState(phases: plan, phase: 3, progressInPhase: 0.5)
        #expect(state.fraction == 6.5 / 7.5)
        #expect(
            try LabelTemplate(parsing: "{message} ({phase}/{phaseCount})").text(for: state) == "Finishing Upload (3/4)")
    }

    @Test(arguments: [
        (
            "{\"phases\": [{\"wieght\": 2, \"message\": \"a\"}]}",
            "p.json:1:14: unknown key 'wieght' in phase 1 (did you mean 'weight'?)"
        ),
        (
            "{\"phase\": []}",
            "p.json:1:2: unknown key 'phase' in the phase file (did you mean 'phases'?)"
        ),
        ("{}", "p.json:1:1: the phase file has no 'phases' (an array of objects with a 'message' and a 'weight')"),
        ("[]", "p.json:1:1: the phase file must be a JSON object, not an array"),
        ("{\"phases\": {}}", "p.json:1:12: 'phases' must be an array of phases, not an object"),
        ("{\"phases\": []}", "p.json:1:12: 'phases' must have at least one phase"),
        ("{\"phases\": [{\"message\": \"a\"}, 3]}", "p.json:1:31: phase 2 must be a JSON object, not a number"),
        (
            "{\"phases\": [\n  {\"weight\": 0, \"message\": \"a\"}\n]}",
            "p.json:2:14: 'weight' must be a positive number, not 0"
        ),
        (
            "{\"phases\": [{\"weight\": -2, \"message\": \"a\"}]}",
            "p.json:1:24: 'weight' must be a positive number, not -2"
        ),
        (
            "{\"phases\": [{\"weight\": \"2\", \"message\": \"a\"}]}",
            "p.json:1:24: 'weight' must be a positive number, not a string"
        ),
        ("{\"phases\": [{\"weight\": 2}]}", "p.json:1:13: phase 1 has no 'message' (a string)"),
        ("{\"phases\": [{\"message\": 7}]}", "p.json:1:25: 'message' must be a string, not a number"),
        (
            "{\"phases\": [{\"weight\": 1e308, \"message\": \"a\"}, {\"weight\": 1e308, \"message\": \"b\"}]}",
            "p.json:1:12: the phase weights add up to more than a double can hold"
        ),
        ("{\"phases\": [", "p.json:1:13: invalid JSON: unexpected end of file, expected a value"),
    ])
    func reportsWhatAndWhere(text: String, message: String) throws {
        let error = try #require(throws: CommandLineError.self) {
            try PhaseFile.decode(Array(text.utf8), file: "p.json")
        }
        #expect(error.message == message)
        #expect(error.exitCode == .usageError)
    }
}
