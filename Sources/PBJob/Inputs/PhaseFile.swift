import PBRendering

/// A phase file: the weighted phases of a piece of work, for `--phases FILE`.
///
/// ```json
/// {
///   "phases": [
///     {"weight": 1, "message": "Connecting to server"},
///     {"weight": 5, "message": "Sending name changes"},
///     {"weight": 8, "message": "Receiving tables"}
///   ]
/// }
/// ```
///
/// `phases` (required) is a non-empty array in order. Each phase has a `message` (required,
/// a string, shown by `{message}`) and a `weight` (a positive number, default 1): its share of
/// the whole relative to the others. Any other key is an error that names it.
public struct PhaseFile: Sendable {
    /// The keys a phase file may have.
    package static let keys = ["phases"]
    /// The keys a phase may have.
    package static let phaseKeys = ["weight", "message"]

    /// The phases, validated.
    public var plan: PhasePlan

    /// Reads a phase file from its bytes; `file` names it in messages.
    ///
    /// - Throws: a usage error (exit code 2) with `file:line:column` for malformed JSON, a
    ///   missing or mistyped member, an unknown key, an empty list of phases or weights whose
    ///   sum overflows.
    /// - Complexity: O(*n*) in the size of the file.
    public static func decode(_ bytes: [UInt8], file: String) throws(CommandLineError) -> PhaseFile {
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw .input("invalid JSON: \(error.message)", file: file, at: error.position)
        }
        let object = try JSONObjectReader(root, file: file, what: "the phase file")
        try object.rejectUnknownKeys(known: keys, in: "the phase file")
        guard let list = object.member("phases") else {
            throw .input(
                "the phase file has no 'phases' (an array of objects with a 'message' and a 'weight')", file: file,
                at: root.position)
        }
        guard case .array(let elements) = list.value.value else {
            throw object.error(list, "must be an array of phases, not \(list.value.value.kindDescription)")
        }
        guard !elements.isEmpty else { throw object.error(list, "must have at least one phase") }
        var phases: [ProgressPhase] = []
        for (index, element) in elements.enumerated() {
            let what = "phase \(index + 1)"
            let phase = try JSONObjectReader(element, file: file, what: what)
            try phase.rejectUnknownKeys(known: phaseKeys, in: what)
            let weight = try phase.number("weight", mustBe: "a positive number") { $0 > 0 } ?? 1
            guard let (message, _) = try phase.string("message") else {
                throw .input("\(what) has no 'message' (a string)", file: file, at: element.position)
            }
            phases.append(ProgressPhase(weight: weight, message: message))
        }
        do {
            return PhaseFile(plan: try PhasePlan(phases))
        } catch {
            // Each weight is checked above; what is left is a sum that overflows.
            throw .input(error.description, file: file, at: list.value.position)
        }
    }
}
