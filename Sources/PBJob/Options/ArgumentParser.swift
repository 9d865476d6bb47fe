import PBRendering

/// Reads a command line against a command's options: `--name value`, `--name=value`, `-n value`
/// and `--flag`, in order, with the errors swift-argument-parser users know.
package struct ArgumentParser<Root>: Sendable {
    /// One option given, with its value.
    package struct Given: Sendable {
        package var option: Option<Root>
        package var input: OptionInput
        /// The text given, for messages (`""` for a flag).
        package var text: String

        /// An option given with its input and its text.
        package init(option: Option<Root>, input: OptionInput, text: String) {
            (self.option, self.input, self.text) = (option, input, text)
        }
    }

    /// The options the command accepts.
    package let options: [Option<Root>]
    /// The command, for messages: `pbrender trim`.
    package let commandName: String

    /// A parser of `options` for the command `commandName`.
    package init(options: [Option<Root>], commandName: String) {
        (self.options, self.commandName) = (options, commandName)
    }

    /// The options given in `arguments`, in order, with `--help` answered by `nil`.
    ///
    /// A value may begin with `-` when it is a number (`--dash-phase -3`) or `-` itself (standard
    /// input or output); any other value that looks like an option is taken as a missing value.
    ///
    /// - Throws: a usage error for an unknown option (with a suggestion), a missing value, a value
    ///   given to a flag, a repeated option that may not be, or a stray argument.
    package func parse(_ arguments: [String]) throws(CommandLineError) -> [Given]? {
        var given: [Given] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" { return nil }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw .usage("unexpected argument '\(argument)'")
            }
            let (name, inline) = Self.split(argument)
            guard let option = option(named: name) else {
                let hint = NameSuggestion.hint(for: name, among: options.map(\.flag))
                throw .usage("unknown option '\(name)'\(hint)")
            }
            let input: OptionInput
            let text: String
            if option.placeholder != nil {
                if let inline {
                    text = inline
                } else {
                    guard index < arguments.count, Self.isValue(arguments[index]) else {
                        throw .usage("option '\(option.flag)' needs a value (\(option.label))")
                    }
                    text = arguments[index]
                    index += 1
                }
                input = .text(text)
            } else {
                guard inline == nil else { throw .usage("option '\(option.flag)' takes no value") }
                (input, text) = (.present, "")
            }
            if !option.isRepeatable, given.contains(where: { $0.option.name == option.name }) {
                throw .usage("option '\(option.flag)' is given more than once")
            }
            given.append(Given(option: option, input: input, text: text))
        }
        return given
    }

    /// The option `name` names (`--line-width`, or `-o` for a one-letter alias), if any; compared
    /// without making each option's `--name` (which cost a lookup about 500 instructions an option).
    private func option(named name: String) -> Option<Root>? {
        if name.hasPrefix("--") {
            let long = name.dropFirst(2)
            return options.first { $0.name[...] == long }
        }
        let short = name.dropFirst()
        guard short.count == 1, let letter = short.first else { return nil }
        return options.first { $0.shortName == letter }
    }

    /// Whether `argument` can be an option's value rather than the next option.
    private static func isValue(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return true }
        let rest = argument.dropFirst()
        return rest.first.map { $0.isNumber || $0 == "." } ?? false
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

extension ArgumentParser.Given {
    /// Stores the value into `root`.
    ///
    /// - Throws: an input error naming the option and what it expects.
    package func apply(to root: inout Root) throws(CommandLineError) {
        do {
            try option.apply(&root, input)
        } catch {
            switch error {
            case .explained(let sentence):
                throw CommandLineError(.rejectedValue(option: option.name, reason: sentence))
            case .invalid, .wrongType:
                throw CommandLineError(.invalidValue(option: option.name, value: text, expected: option.expectation))
            }
        }
    }
}
