import PBRendering

/// One style property settable from a curve file's `style` object and from the command line:
/// one table drives both, so the two cannot drift apart.
struct StyleSetting: Sendable {
    /// What kind of value the property takes.
    enum Kind: Sendable {
        /// A finite number >= 0.
        case length
        /// A finite number.
        case number
        /// A colour.
        case color
        /// A colour, or `none` for no fill.
        case fill
        /// One of the cases' raw values.
        case choice([String])
        /// A list of lengths: dash, gap, dash, ….
        case lengths
        /// On or off: a flag on the command line, a boolean in a file.
        case flag
    }

    /// A value read from text or JSON, checked against the kind.
    enum Value {
        case number(Double)
        case color(Color?)
        case text(String)
        case numbers([Double])
        case flag(Bool)
    }

    /// The key in a curve file's `style`, e.g. `lineWidth`.
    var key: String
    /// The command-line flag, e.g. `--line-width`.
    var flag: String
    /// The placeholder in help; ignored for flags.
    var valueName: String
    var kind: Kind
    var help: String
    /// Stores a checked value.
    var apply: @Sendable (Value, inout ProgressStyle) -> Void

    /// The option as the argument parser and help know it.
    var option: OptionSpec {
        if case .flag = kind { return OptionSpec(name: flag, help: help) }
        return OptionSpec(name: flag, valueName: valueName, help: help)
    }

    /// Reads the value given on the command line (`nil` for a flag: it is on).
    func value(fromText text: String?) throws(StyleValueError) -> Value {
        guard let text else { return .flag(true) }
        switch kind {
        case .length, .number:
            guard let number = Double(text) else { throw StyleValueError("a number") }
            return try checked(number)
        case .color, .fill:
            if case .fill = kind, text.lowercased() == "none" { return .color(nil) }
            do {
                return .color(try Color(parsing: text))
            } catch {
                throw StyleValueError(error.description, isComplete: true)
            }
        case .choice(let choices):
            guard choices.contains(text) else { throw StyleValueError(choiceList(choices)) }
            return .text(text)
        case .lengths:
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
            var numbers: [Double] = []
            for part in parts {
                guard let number = Double(part), number.isFinite, number >= 0 else {
                    throw StyleValueError("lengths >= 0 separated by commas, like '6,4'")
                }
                numbers.append(number)
            }
            return try checkedLengths(numbers)
        case .flag:
            return .flag(true)
        }
    }

    /// Reads the value in a curve file.
    func value(fromJSON value: JSONValue) throws(StyleValueError) -> Value {
        switch (kind, value) {
        case (.length, .number(let number, _)), (.number, .number(let number, _)):
            return try checked(number)
        case (.color, .string(let text)), (.fill, .string(let text)), (.choice, .string(let text)):
            return try self.value(fromText: text)
        case (.fill, .null):
            return .color(nil)
        case (.lengths, .array(let elements)):
            var numbers: [Double] = []
            for element in elements {
                guard case .number(let number, _) = element.value, number >= 0 else {
                    throw StyleValueError("an array of lengths >= 0, like [6, 4]")
                }
                numbers.append(number)
            }
            return try checkedLengths(numbers)
        case (.flag, .bool(let on)):
            return .flag(on)
        default:
            throw StyleValueError(expectation + ", not " + value.kindDescription)
        }
    }

    /// What a valid value looks like, for messages.
    var expectation: String {
        switch kind {
        case .length: "a number >= 0"
        case .number: "a number"
        case .color: "a colour (#RRGGBB, #RRGGBBAA, a name)"
        case .fill: "a colour or \"none\""
        case .choice(let choices): choiceList(choices)
        case .lengths: "an array of lengths >= 0"
        case .flag: "true or false"
        }
    }

    private func choiceList(_ choices: [String]) -> String {
        "one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
    }

    private func checked(_ number: Double) throws(StyleValueError) -> Value {
        guard number.isFinite else { throw StyleValueError(expectation) }
        if case .length = kind, number < 0 { throw StyleValueError(expectation) }
        return .number(number)
    }

    private func checkedLengths(_ numbers: [Double]) throws(StyleValueError) -> Value {
        guard numbers.isEmpty || numbers.contains(where: { $0 > 0 }) else {
            throw StyleValueError("a dash pattern with a length above zero", isComplete: false)
        }
        return .numbers(numbers)
    }
}

/// A style value that does not fit its setting: `expected` says what would.
struct StyleValueError: Error {
    var expected: String
    /// Whether `expected` is a whole sentence (otherwise "must be …" is put in front).
    var isComplete: Bool

    init(_ expected: String, isComplete: Bool = false) {
        self.expected = expected
        self.isComplete = isComplete
    }
}
