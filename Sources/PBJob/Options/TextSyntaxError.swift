/// Why a text is not a value of the syntax it was read as (``ProgressAmount/init(parsing:)`` and
/// the other `init(parsing:)` of the command line's syntaxes): the text and, in one sentence, what
/// it must be.
public struct TextSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text given.
    public let text: String
    /// What is wrong: "expects a fraction (0.5), a percentage (50%) or a ratio (512/1024)", or the
    /// parser's own sentence.
    public let reason: String

    /// The error as the command line words it for an option, without the option's name:
    /// `'lots' is not a fraction (0.5), a percentage (50%) or a ratio (512/1024)`.
    public var description: String { reason }

    /// The error of reading `text` as a `V`.
    package init<V: OptionValue>(_ error: OptionValueError, text: String, as type: V.Type) {
        self.text = text
        switch error {
        case .explained(let sentence): reason = sentence
        case .invalid, .wrongType: reason = "'\(text)' is not \(V.expectation)"
        }
    }
}

extension OptionValue {
    /// `text` read as the command line reads an option's value of this type.
    ///
    /// - Throws: ``TextSyntaxError`` saying what the text must be.
    package static func parsing(_ text: String) throws(TextSyntaxError) -> Self {
        do {
            return try Self(optionText: text)
        } catch {
            throw TextSyntaxError(error, text: text, as: Self.self)
        }
    }
}
