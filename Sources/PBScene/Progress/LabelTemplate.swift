/// The text of a progress label with placeholders for the facts of a ``ProgressState``:
/// `{percent} — {bytes} of {totalBytes}` becomes `30% — 3.1 MB of 10.5 MB`.
///
/// Syntax:
/// - `{name}` is a ``LabelToken`` (names are case-sensitive: `{percent}`, `{totalBytes}`).
/// - `{{` is a literal `{` and `}}` a literal `}`; any other `}` is an error.
/// - Shorthand: a template that is exactly a token's name, without braces, means that token:
///   `percent` is `{percent}`, `bytes` is `{bytes}`, and so for every ``LabelToken`` (`fraction`,
///   `completed`, `total`, `totalBytes`, `step`, `stepCount`, `phase`, `phaseCount`, `message`,
///   `remaining`, `title`). There are no composite shorthands, because their joining words
///   ("of") would be English in every locale.
/// - At most ``maximumLength`` characters. Newlines are kept (the label then has several lines).
///
/// Filling in (``text(for:formatter:)``): a token whose fact the state does not carry (such
/// as `{bytes}` for progress counted in steps, or `{percent}` while indeterminate) is an error
/// naming the token and where it is, not an empty string that would hide the mistake. The one
/// exception is `{remaining}` once an end, an elapsed time or an estimate from the source is
/// known: while there is no estimate yet (at 0 %, while indeterminate) and once nothing is left
/// (at 100 %, or past the end) it is empty, because those are states a running job passes through.
public struct LabelTemplate: Hashable, Sendable {
    /// The most characters a template may have.
    public static let maximumLength = 256

    /// The template as written.
    public let source: String
    /// Literal text and tokens, in order.
    private let segments: [Segment]

    /// A piece of a parsed template.
    private enum Segment: Hashable, Sendable {
        case literal(String)
        case token(LabelToken, Location)
    }

    /// Where a token begins in the template.
    private struct Location: Hashable, Sendable {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// Reads a template.
    ///
    /// - Parameter text: the template, e.g. `{percent} — {bytes} of {totalBytes}` or a
    ///   shorthand such as `percent`.
    /// - Throws: ``LabelTemplateError`` with kind `unknownToken` (the name as written),
    ///   `unclosedBrace`, `unmatchedClosingBrace` or `tooLong`, located at the offending brace.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(parsing text: String) throws(LabelTemplateError) {
        let characters = Array(text)
        var location = Location(offset: 0, line: 1, column: 1)
        func advance(_ count: Int) {
            for character in characters[location.offset..<location.offset + count] {
                if character.isNewline {
                    location.line += 1
                    location.column = 1
                } else {
                    location.column += 1
                }
            }
            location.offset += count
        }
        func error(_ kind: LabelTemplateError.Kind) -> LabelTemplateError {
            LabelTemplateError(kind: kind, offset: location.offset, line: location.line, column: location.column)
        }

        guard characters.count <= Self.maximumLength else {
            advance(Self.maximumLength)
            throw error(.tooLong(length: characters.count, limit: Self.maximumLength))
        }
        source = text
        if let token = LabelToken(rawValue: text) {
            segments = [.token(token, location)]
            return
        }
        var segments: [Segment] = []
        var literal = ""
        while location.offset < characters.count {
            let index = location.offset
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch characters[index] {
            case "{" where next == "{":
                literal.append("{")
                advance(2)
            case "{":
                guard let close = characters[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                    characters[close] == "}"
                else { throw error(.unclosedBrace) }
                let name = String(characters[(index + 1)..<close])
                guard let token = LabelToken(rawValue: name) else { throw error(.unknownToken(name)) }
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.token(token, location))
                advance(close - index + 1)
            case "}" where next == "}":
                literal.append("}")
                advance(2)
            case "}":
                throw error(.unmatchedClosingBrace)
            case let character:
                literal.append(character)
                advance(1)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// The tokens the template uses, in order (repeats included).
    public var tokens: [LabelToken] {
        segments.compactMap { segment in
            if case .token(let token, _) = segment { token } else { nil }
        }
    }

    /// Whether the template produces no text at all.
    public var isEmpty: Bool { segments.isEmpty }

    /// The label for `state`, formatted by `formatter`.
    ///
    /// - Parameters:
    ///   - state: the progress and its facts.
    ///   - formatter: the locale's formats (by default `en_US_POSIX`).
    /// - Returns: the text, with each token replaced by its fact, literal text as written.
    /// - Throws: ``LabelTemplateError`` with kind `missingFact` for the first token whose fact
    ///   `state` does not carry, at that token's position (see the type's description).
    /// - Complexity: O(*n*) in the number of tokens and the length of the text.
    public func text(for state: ProgressState, formatter: ProgressTextFormatter = ProgressTextFormatter())
        throws(LabelTemplateError) -> String
    {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal):
                text += literal
            case .token(let token, let location):
                guard let value = Self.value(of: token, for: state, formatter: formatter) else {
                    throw LabelTemplateError(
                        kind: .missingFact(token), offset: location.offset, line: location.line,
                        column: location.column)
                }
                text += value
            }
        }
        return text
    }

    /// The label a state shows when none is asked for: `{percent}` when the fraction is known,
    /// else `{bytes}` for a download (issue 10: an unknown length shows "3.1 MB"), else
    /// `{message}` when there is one, else nothing.
    ///
    /// - Parameter state: the progress and its facts.
    public static func standard(for state: ProgressState) -> LabelTemplate {
        let token: LabelToken?
        if !state.isIndeterminate {
            token = .percent
        } else if state.bytesReceived != nil {
            token = .bytes
        } else if state.message != nil {
            token = .message
        } else {
            token = nil
        }
        let location = Location(offset: 0, line: 1, column: 1)
        return LabelTemplate(source: token?.rawValue ?? "", segments: token.map { [.token($0, location)] } ?? [])
    }

    private init(source: String, segments: [Segment]) {
        self.source = source
        self.segments = segments
    }

    /// The text of `token` for `state`, or `nil` when the state does not carry its fact.
    private static func value(of token: LabelToken, for state: ProgressState, formatter: ProgressTextFormatter)
        -> String?
    {
        func count(_ value: Int?) -> String? { value.map { formatter.count(Int64($0)) } }
        switch token {
        case .percent: return state.fraction.map(formatter.percent)
        case .fraction: return state.fraction.map(formatter.fraction)
        case .completed: return state.completedUnitCount.map(formatter.count)
        case .total: return state.totalUnitCount.map(formatter.count)
        case .bytes: return state.bytesReceived.map(formatter.byteCount)
        case .totalBytes: return state.bytesExpected.map(formatter.byteCount)
        case .step: return count(state.step)
        case .stepCount: return count(state.stepCount)
        case .phase: return count(state.phase)
        case .phaseCount: return count(state.phaseCount)
        case .message: return state.message
        case .title: return state.title
        case .remaining:
            if let left = state.secondsUntilEnd { return formatter.timeLeft(seconds: left) ?? "" }
            guard state.elapsedSeconds != nil || state.reportedSecondsRemaining != nil else { return nil }
            return state.secondsRemaining.flatMap(formatter.remainingTime) ?? ""
        }
    }
}
