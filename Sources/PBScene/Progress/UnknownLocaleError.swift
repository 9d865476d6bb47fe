/// A locale identifier for which the system's ICU has no data, or a locale that needs ICU when it
/// cannot be loaded.
///
/// An unknown identifier would otherwise format silently with root-locale rules (no grouping,
/// Latin digits), which hides a typo such as `fr_RF`.
public struct UnknownLocaleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier given.
    public var identifier: String
    /// Why it cannot be used beyond not being known (ICU missing), or `nil`.
    public var reason: String?

    /// Creates the error for `identifier`.
    public init(identifier: String, reason: String? = nil) {
        self.identifier = identifier
        self.reason = reason
    }

    /// What was wrong and what is accepted.
    public var description: String {
        if let reason { return "locale '\(identifier)' cannot be used: \(reason)" }
        return "unknown locale '\(identifier)': use a language and region such as en_US, fr_FR, de_DE, ar_EG or ja_JP"
    }
}
