/// Why text could not be read as a ``TimingFunction``.
public struct TimingFunctionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Hashable, Sendable {
        /// The text is empty or only spaces.
        case empty
        /// Not one of the names; `suggestion` is the accepted text closest to it, if one is
        /// close (`ease-inout` → `ease-in-out`, CSS's `ease` → `default`).
        case unknownName(String, suggestion: String?)
        /// `cubic-bezier` is not followed by `(`.
        case missingOpeningParenthesis
        /// `cubic-bezier(` has no closing `)`.
        case missingClosingParenthesis
        /// Something follows the closing `)`.
        case trailingText(String)
        /// `cubic-bezier()` holds this many numbers, not 4.
        case wrongNumberCount(Int)
        /// An argument of `cubic-bezier()` is not a CSS number (digits, an optional sign,
        /// fraction and exponent: `0.42`, `-.5`, `1e-3`), or is too large for a `Double`.
        case badNumber(String)
        /// `x1` (`index` 1) or `x2` (`index` 2) is outside 0...1.
        case xOutOfRange(index: Int, value: Double)
    }

    /// What was wrong.
    public var kind: Kind
    /// The text given.
    public var text: String

    /// Creates an error.
    public init(_ kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// What was wrong, in one sentence, and what is accepted.
    public var description: String {
        let accepted = "use linear, ease-in, ease-out, ease-in-out, default or cubic-bezier(x1, y1, x2, y2)"
        switch kind {
        case .empty:
            return "the timing function is empty: " + accepted
        case .unknownName(let name, let suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown timing function '\(name)'\(hint): " + accepted
        case .missingOpeningParenthesis:
            return "'\(text)': expected '(' after cubic-bezier, as in cubic-bezier(0.42, 0, 0.58, 1)"
        case .missingClosingParenthesis:
            return "'\(text)': cubic-bezier( has no closing ')'"
        case .trailingText(let rest):
            return "'\(text)': unexpected '\(rest)' after cubic-bezier(…)"
        case .wrongNumberCount(let count):
            return "'\(text)': cubic-bezier takes 4 numbers (x1, y1, x2, y2), not \(count)"
        case .badNumber(let number):
            return "'\(text)': '\(number)' is not a number"
        case .xOutOfRange(let index, let value):
            return "'\(text)': x\(index) must be from 0 to 1 (a time), not \(TimingFunction.cssNumber(value))"
        }
    }
}
