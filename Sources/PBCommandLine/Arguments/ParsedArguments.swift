/// The options of one command line, checked against the command's ``OptionSpec``s.
struct ParsedArguments: Sendable {
    /// The values of each option given, by long name, in order.
    private(set) var values: [String: [String]] = [:]
    /// The command, for messages: `pbrender trim`.
    let commandName: String

    /// Reads `arguments` (without the command's own name) as `--name value`, `--name=value`,
    /// `-n value` and `--flag`; a value may begin with `-` (negative numbers).
    ///
    /// - Throws: a usage error for an unknown option (with a suggestion), a missing value, a
    ///   value given to a flag, a repeated option that may not be, or a stray argument.
    init(_ arguments: [String], specs: [OptionSpec], commandName: String) throws(CommandLineError) {
        self.commandName = commandName
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw .usage("unexpected argument '\(argument)'; see '\(commandName) --help'")
            }
            let (name, inlineValue) = Self.split(argument)
            guard let spec = specs.first(where: { $0.name == name || $0.shortName == name }) else {
                let hint = didYouMean(name, among: specs.map(\.name))
                throw .usage("unknown option '\(name)'\(hint); see '\(commandName) --help'")
            }
            var value = ""
            if spec.valueName != nil {
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage("option '\(spec.name)' needs a value (\(spec.label))")
                    }
                    value = arguments[index]
                    index += 1
                }
            } else if inlineValue != nil {
                throw .usage("option '\(spec.name)' takes no value")
            }
            if !spec.isRepeatable && values[spec.name] != nil {
                throw .usage("option '\(spec.name)' is given more than once")
            }
            values[spec.name, default: []].append(value)
        }
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether the option (or flag) was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The value of a single-valued option, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// A finite number given to `name`, if the option was given.
    ///
    /// - Throws: a usage error naming the option when the value is not a finite number.
    func number(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = value(name) else { return nil }
        return try Self.number(text, option: name)
    }

    /// All the numbers given to a repeatable option.
    func numbers(_ name: String) throws(CommandLineError) -> [Double] {
        var result: [Double] = []
        for text in values[name] ?? [] { result.append(try Self.number(text, option: name)) }
        return result
    }

    private static func number(_ text: String, option: String) throws(CommandLineError) -> Double {
        let trimmed = text.trimmingPrefix(while: \.isWhitespace)
        guard let value = Double(String(trimmed)) else {
            throw .usage("option '\(option)' expects a number, not '\(text)'")
        }
        guard value.isFinite else {
            throw .usage("option '\(option)' expects a finite number, not '\(text)'")
        }
        return value
    }
}
