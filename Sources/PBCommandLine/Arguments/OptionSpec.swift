/// One option a command accepts, with what its help says about it.
struct OptionSpec: Sendable {
    /// The long name with its dashes, e.g. `--path`.
    var name: String
    /// A one-letter alias with its dash, e.g. `-o`.
    var shortName: String?
    /// The placeholder for the value, e.g. `FILE`; `nil` for a flag that takes no value.
    var valueName: String?
    /// What the option does, in one or more sentences (wrapped in help).
    var help: String
    /// Whether the option may be given more than once.
    var isRepeatable = false

    /// The option as help lists it: `-o, --output FILE`.
    var label: String {
        let names = [shortName, name].compactMap { $0 }.joined(separator: ", ")
        return valueName.map { "\(names) \($0)" } ?? names
    }
}
