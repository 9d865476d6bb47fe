import PBGeometry
import PBRendering

/// A type an option's value is read as, from command-line or query text and from a curve
/// file's JSON: one reader per type, so the command line, curve files and the server agree.
package protocol OptionValue: Sendable {
    /// What a valid value looks like, for messages and help: "a number", "one of 'butt', …".
    static var expectation: String { get }
    /// Reads the value from text.
    init(optionText text: String) throws(OptionValueError)
    /// Reads the value from JSON; by default from a string, as from text.
    init(json: JSONValue) throws(OptionValueError)
}

extension OptionValue {
    package init(json: JSONValue) throws(OptionValueError) {
        guard case .string(let text) = json else { throw .wrongType(json.kindDescription) }
        try self.init(optionText: text)
    }
}

/// Why a value does not fit its option.
package enum OptionValueError: Error, Hashable, Sendable {
    /// The text does not say what the option expects.
    case invalid
    /// The JSON value is of another kind ("a string"): a file error.
    case wrongType(String)
    /// A whole sentence saying what is wrong (a colour parser's, say).
    case explained(String)
}

extension Double: OptionValue {
    package static var expectation: String { "a number" }

    package init(optionText text: String) throws(OptionValueError) {
        guard let value = Double(text.trimmingPrefix(while: \.isWhitespace)), value.isFinite else { throw .invalid }
        self = value
    }

    package init(json: JSONValue) throws(OptionValueError) {
        guard case .number(let value, _) = json else { throw .wrongType(json.kindDescription) }
        self = value
    }
}

extension Int: OptionValue {
    package static var expectation: String { "a whole number" }

    package init(optionText text: String) throws(OptionValueError) {
        guard let value = Int(text) else { throw .invalid }
        self = value
    }

    package init(json: JSONValue) throws(OptionValueError) {
        guard case .number(let value, _) = json, value == value.rounded(), abs(value) < 1e15 else {
            throw .wrongType(json.kindDescription)
        }
        self = Int(value)
    }
}

extension String: OptionValue {
    package static var expectation: String { "text" }

    package init(optionText text: String) throws(OptionValueError) {
        self = text
    }
}

extension Bool: OptionValue {
    package static var expectation: String { "true or false" }

    package init(optionText text: String) throws(OptionValueError) {
        switch text.lowercased() {
        case "true", "yes", "1", "on": self = true
        case "false", "no", "0", "off": self = false
        default: throw .invalid
        }
    }

    package init(json: JSONValue) throws(OptionValueError) {
        guard case .bool(let value) = json else { throw .wrongType(json.kindDescription) }
        self = value
    }
}

extension Color: OptionValue {
    package static var expectation: String { "a colour (#RRGGBB, rgb(r, g, b), a name)" }

    package init(optionText text: String) throws(OptionValueError) {
        do {
            self = try Color(parsing: text)
        } catch {
            let hint =
                NameSuggestion.closest(to: text, among: Color.colorNames).map { " (did you mean '\($0)'?)" } ?? ""
            throw .explained(
                "'\(text)' is not a colour\(hint): use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), "
                    + "rgba(r, g, b, a), a CSS colour name (tomato) or a system colour (systemBlue)")
        }
    }
}

/// An option value that is one of an enumeration's cases, by raw value.
package protocol ChoiceOptionValue: OptionValue, CaseIterable, RawRepresentable<String> {}

extension ChoiceOptionValue {
    package static var expectation: String { "one of " + allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") }

    package init(optionText text: String) throws(OptionValueError) {
        guard let value = Self(rawValue: text) ?? Self(rawValue: text.lowercased()) else {
            let names = Self.allCases.map(\.rawValue)
            guard let near = NameSuggestion.closest(to: text, among: names) else { throw .invalid }
            throw .explained("'\(text)' is not \(Self.expectation) (did you mean '\(near)'?)")
        }
        self = value
    }
}

extension LineCap: ChoiceOptionValue {}
extension LineJoin: ChoiceOptionValue {}
extension ProgressShape: ChoiceOptionValue {}

extension ImageFormat: OptionValue {
    package static var expectation: String { "one of " + all.map { "'\($0.name)'" }.joined(separator: ", ") }

    package init(optionText text: String) throws(OptionValueError) {
        guard let format = Self(name: text) else {
            guard let near = NameSuggestion.closest(to: text, among: Self.all.map(\.name)) else { throw .invalid }
            throw .explained("'\(text)' is not \(Self.expectation) (did you mean '\(near)'?)")
        }
        self = format
    }
}
extension Appearance: ChoiceOptionValue {}
extension PNGCompression: ChoiceOptionValue {}
extension ElementFills: ChoiceOptionValue {}

extension Array: OptionValue where Element: OptionValue {
    package static var expectation: String { "a list of " + Element.expectation.replacingPrefix("a ", with: "") + "s" }

    /// Elements separated by commas (not within parentheses, so `rgb(1, 2, 3)` stays whole).
    package init(optionText text: String) throws(OptionValueError) {
        var parts: [String] = []
        var part = ""
        var depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                parts.append(part)
                part = ""
                continue
            default: break
            }
            part.append(character)
        }
        parts.append(part)
        var elements: [Element] = []
        for part in parts where !part.allSatisfy(\.isWhitespace) {
            elements.append(try Element(optionText: String(part.trimmingPrefix(while: \.isWhitespace))))
        }
        self = elements
    }

    /// A JSON array of elements, or a string as on the command line.
    package init(json: JSONValue) throws(OptionValueError) {
        switch json {
        case .string(let text):
            try self.init(optionText: text)
        case .array(let nodes):
            var elements: [Element] = []
            for node in nodes { elements.append(try Element(json: node.value)) }
            self = elements
        default:
            throw .wrongType(json.kindDescription)
        }
    }
}

extension String {
    /// The text with `prefix` replaced when it starts with it.
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
