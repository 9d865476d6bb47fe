/// One option, declared once: its name on the command line and in query strings, its key in
/// curve files, its placeholder, help and help section, and how its value is read and stored
/// into the options value `Root`. The argument parser, the curve-file decoder, the help text and
/// the server's query decoder all read these declarations.
package struct Option<Root>: Sendable {
    /// The name without dashes, e.g. `line-width` (`--line-width`; `line-width=` in a query).
    package let name: String
    /// A one-letter alias, e.g. `o` for `-o`.
    package let shortName: Character?
    /// The placeholder for the value in help, e.g. `W`; `nil` for a flag, which takes no value.
    package let placeholder: String?
    /// What the option does, for help.
    package var help: String { helpText() }
    /// The help section it is listed under.
    package let section: String
    /// Where curve files hold it, if they do.
    package let fileKey: CurveFileKey?
    /// Whether it may be given more than once (each value is applied in turn).
    package let isRepeatable: Bool
    /// What a valid value looks like, for messages.
    package var expectation: String { expectationText() }
    /// Reads a value and stores it.
    package let apply: @Sendable (inout Root, OptionInput) throws(OptionValueError) -> Void
    /// The help and the expectation, written when they are read: help and messages read them, a render that
    /// succeeds does not, and writing them all (defaults formatted by Foundation, lists of names) cost a
    /// process about a third of a millisecond before it drew anything.
    private let helpText: @Sendable () -> String
    private let expectationText: @Sendable () -> String

    /// Declares an option; `help` and `expectation` are evaluated each time they are read.
    package init(
        name: String, shortName: Character?, placeholder: String?, help: @autoclosure @escaping @Sendable () -> String,
        section: String, fileKey: CurveFileKey?, isRepeatable: Bool,
        expectation: @autoclosure @escaping @Sendable () -> String,
        apply: @escaping @Sendable (inout Root, OptionInput) throws(OptionValueError) -> Void
    ) {
        self.name = name
        self.shortName = shortName
        self.placeholder = placeholder
        self.helpText = help
        self.section = section
        self.fileKey = fileKey
        self.isRepeatable = isRepeatable
        self.expectationText = expectation
        self.apply = apply
    }

    /// `--name`.
    package var flag: String { "--" + name }

    /// The option as help lists it: `-o, --output OUT`.
    package var label: String {
        let names = (shortName.map { "-\($0), " } ?? "") + flag
        return placeholder.map { "\(names) \($0)" } ?? names
    }

    /// The key a curve file holds it under, wherever.
    package var fileKeyName: String? {
        switch fileKey {
        case .style(let key), .top(let key): key
        case nil: nil
        }
    }
}

/// Where a curve file holds an option.
package enum CurveFileKey: Hashable, Sendable {
    /// In the file's `style` object, under this key.
    case style(String)
    /// At the file's top level, under this key.
    case top(String)
}

/// A value as it arrives for an option.
package enum OptionInput: Sendable {
    /// Text from the command line or a query string.
    case text(String)
    /// A value in a curve file.
    case json(JSONValue)
    /// A flag given without a value.
    case present
}

/// What a number must be.
package enum NumberRule: Sendable {
    /// Any finite number.
    case any
    /// A finite number >= 0.
    case nonNegative
    /// A finite number > 0.
    case positive
    /// A finite number >= 1.
    case atLeastOne
    /// A finite number in the range.
    case within(ClosedRange<Double>)

    /// Whether `value` satisfies the rule.
    package func admits(_ value: Double) -> Bool {
        switch self {
        case .any: value.isFinite
        case .nonNegative: value >= 0 && value.isFinite
        case .positive: value > 0 && value.isFinite
        case .atLeastOne: value >= 1 && value.isFinite
        case .within(let range): range.contains(value)
        }
    }

    /// "a number >= 0", for messages.
    package var expectation: String {
        switch self {
        case .any: "a number"
        case .nonNegative: "a number >= 0"
        case .positive: "a number > 0"
        case .atLeastOne: "a number >= 1"
        case .within(let range):
            "a number from \(NumberText.readable(range.lowerBound)) to \(NumberText.readable(range.upperBound))"
        }
    }
}

// The key paths are autoclosures: a key path literal is made into an object the first time it is
// evaluated (`swift_getKeyPath`), and the schemas declare every option each process, so evaluating them
// when an option is applied, not when it is declared, saves every command about 0.7 M instructions
// (callgrind; a twentieth of a ring's) for the hundred options it is not given.
extension Option {
    /// An option whose value of type `V` is stored at `keyPath`, optionally checked by `check`
    /// (which returns what the value must be when it fails).
    package static func value<V: OptionValue>(
        _ name: String, _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, V>,
        short: Character? = nil, placeholder: String,
        section: String, file: CurveFileKey? = nil, expectation: @autoclosure @escaping @Sendable () -> String? = nil,
        help: @autoclosure @escaping @Sendable () -> String,
        check: (@Sendable (V) -> Bool)? = nil
    ) -> Option {
        Option(
            name: name, shortName: short, placeholder: placeholder, help: help(), section: section, fileKey: file,
            isRepeatable: false, expectation: expectation() ?? V.expectation
        ) { root, input throws(OptionValueError) in
            root[keyPath: keyPath()] = try parsed(input, check: check)
        }
    }

    /// A repeatable option: each time it is given, its value (of type `V`) is added to the list
    /// at `keyPath`.
    package static func list<V: OptionValue>(
        _ name: String, _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, [V]>,
        placeholder: String, section: String,
        expectation: @autoclosure @escaping @Sendable () -> String? = nil,
        help: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
        Option(
            name: name, shortName: nil, placeholder: placeholder, help: help(), section: section, fileKey: nil,
            isRepeatable: true, expectation: expectation() ?? V.expectation
        ) { root, input throws(OptionValueError) in
            guard case .text(let text) = input else { throw .invalid }
            root[keyPath: keyPath()].append(try V(optionText: text))
        }
    }

    /// An optional property set to a value of type `V`.
    package static func value<V: OptionValue>(
        _ name: String, _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, V?>,
        short: Character? = nil, placeholder: String,
        section: String, file: CurveFileKey? = nil, expectation: @autoclosure @escaping @Sendable () -> String? = nil,
        help: @autoclosure @escaping @Sendable () -> String,
        check: (@Sendable (V) -> Bool)? = nil
    ) -> Option {
        Option(
            name: name, shortName: short, placeholder: placeholder, help: help(), section: section, fileKey: file,
            isRepeatable: false, expectation: expectation() ?? V.expectation
        ) { root, input throws(OptionValueError) in
            root[keyPath: keyPath()] = try parsed(input, check: check)
        }
    }

    /// The value of type `V` that `input` gives, refused when `check` fails.
    private static func parsed<V: OptionValue>(
        _ input: OptionInput, check: (@Sendable (V) -> Bool)?
    ) throws(OptionValueError) -> V {
        let value: V
        switch input {
        case .text(let text): value = try V(optionText: text)
        case .json(let json): value = try V(json: json)
        case .present: throw .invalid
        }
        if let check, !check(value) { throw .invalid }
        return value
    }

    /// A number checked by `rule`.
    package static func number(
        _ name: String, _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, Double>,
        _ rule: NumberRule,
        placeholder: String, section: String, file: CurveFileKey? = nil,
        help: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
        value(
            name, keyPath(), placeholder: placeholder, section: section, file: file, expectation: rule.expectation,
            help: help(), check: { rule.admits($0) })
    }

    /// An optional number checked by `rule`.
    package static func number(
        _ name: String, _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, Double?>,
        _ rule: NumberRule,
        placeholder: String, section: String, file: CurveFileKey? = nil,
        help: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
        value(
            name, keyPath(), placeholder: placeholder, section: section, file: file, expectation: rule.expectation,
            help: help(), check: { rule.admits($0) })
    }

    /// A flag: on when given (on the command line), or `true`/`false` (in a file or query).
    package static func flag(
        _ name: String, _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, Bool>, section: String,
        file: CurveFileKey? = nil,
        help: @autoclosure @escaping @Sendable () -> String
    ) -> Option {
        Option(
            name: name, shortName: nil, placeholder: nil, help: help(), section: section, fileKey: file,
            isRepeatable: false, expectation: Bool.expectation
        ) { root, input throws(OptionValueError) in
            switch input {
            case .present: root[keyPath: keyPath()] = true
            case .text(let text): root[keyPath: keyPath()] = try Bool(optionText: text)
            case .json(let json): root[keyPath: keyPath()] = try Bool(json: json)
            }
        }
    }

    /// The same option, running `body` on the options after storing its value.
    package func then(_ body: @escaping @Sendable (inout Root) -> Void) -> Option {
        let apply = self.apply
        let (helpText, expectationText) = (helpText, expectationText)
        return Option(
            name: name, shortName: shortName, placeholder: placeholder, help: helpText(), section: section,
            fileKey: fileKey, isRepeatable: isRepeatable, expectation: expectationText()
        ) { root, input throws(OptionValueError) in
            try apply(&root, input)
            body(&root)
        }
    }

    /// The same option for a value that holds `Root` at `keyPath` (options shared by commands).
    package func lifted<Outer>(_ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Outer, Root>)
        -> Option<Outer>
    {
        let apply = self.apply
        let (helpText, expectationText) = (helpText, expectationText)
        return Option<Outer>(
            name: name, shortName: shortName, placeholder: placeholder, help: helpText(), section: section,
            fileKey: fileKey, isRepeatable: isRepeatable, expectation: expectationText()
        ) { outer, input throws(OptionValueError) in
            try apply(&outer[keyPath: keyPath()], input)
        }
    }
}
