/// Why a label template could not be read, or could not be filled in for a state, and where
/// in the template.
public struct LabelTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// `{name}` with a name that is not a ``LabelToken`` (the name as written, without braces).
        case unknownToken(String)
        /// `{` without a closing `}` before the end of the template or the next `{`.
        case unclosedBrace
        /// `}` that closes nothing (write `}}` for a brace).
        case unmatchedClosingBrace
        /// The template has more characters than the limit.
        case tooLong(length: Int, limit: Int)
        /// The state has no value for a token the template uses (``LabelTemplate/text(for:formatter:)``).
        case missingFact(LabelToken)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, in characters (extended grapheme clusters) from the start of the template,
    /// 0-based: the token's or brace's opening character, or the first character over the limit.
    public var offset: Int
    /// The line of the offset, from 1 (lines end at any newline character).
    public var line: Int
    /// The column of the offset in characters, from 1.
    public var column: Int

    /// Creates an error.
    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The unknown name, for "did you mean" hints (compare with `LabelToken.allCases`).
    public var unknownName: String? {
        if case .unknownToken(let name) = kind { name } else { nil }
    }

    /// What went wrong, in words, without the location.
    public var reason: String {
        switch kind {
        case .unknownToken(let name):
            "unknown token '{\(name)}'"
        case .unclosedBrace:
            "'{' is not closed by '}' (write '{{' for a brace)"
        case .unmatchedClosingBrace:
            "'}' closes nothing (write '}}' for a brace)"
        case .tooLong(let length, let limit):
            "the label has \(length) characters, more than the limit of \(limit)"
        case .missingFact(let token):
            "the label uses \(token.placeholder), but the progress has no \(token.fact)"
        }
    }

    /// One sentence: what went wrong and where, e.g. `unknown token '{precent}' at offset 0
    /// (line 1, column 1); known tokens: {percent}, {fraction}, …`.
    public var description: String {
        let location = "\(reason) at offset \(offset) (line \(line), column \(column))"
        guard unknownName != nil else { return location }
        return location + "; known tokens: " + LabelToken.allCases.map(\.placeholder).joined(separator: ", ")
    }
}
