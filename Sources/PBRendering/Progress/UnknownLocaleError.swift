/// A locale identifier for which Foundation on this system has no data.
///
/// An unknown identifier would otherwise format silently with root-locale rules (no grouping,
/// Latin digits), which hides a typo such as `fr_RF`.
public struct UnknownLocaleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier given.
    public var identifier: String

    /// Creates the error for `identifier`.
    public init(identifier: String) {
        self.identifier = identifier
    }

    /// What was wrong and what is accepted.
    public var description: String {
        "unknown locale '\(identifier)': use a language and region such as en_US, fr_FR, de_DE, ar_EG or ja_JP"
    }
}
