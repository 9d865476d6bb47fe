/// A font could not be made from a description or from its parts.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Hashable, Sendable {
        /// The size is zero or negative (or rounds to zero in Pango's 1/1024-point units).
        case sizeNotPositive
        /// The size is larger than ``Font/maximumSize``.
        case sizeTooLarge
        /// The size is not a number (NaN, infinite, or a size word Pango could not read).
        case sizeNotANumber
        /// The weight is outside `100...1000`.
        case weightOutOfRange
        /// Pango, loaded with the first font read, could not be loaded; `reason` says why. Not the
        /// font's fault: the system lacks the library.
        case libraryUnavailable(reason: String)
    }

    /// What was wrong.
    public var kind: Kind
    /// The font description given, or the one the parts would have made.
    public var fontDescription: String
    /// The offending value as given (the size in points, the size word, or the weight).
    public var value: String

    /// Creates an error.
    public init(_ kind: Kind, fontDescription: String, value: String) {
        self.kind = kind
        self.fontDescription = fontDescription
        self.value = value
    }

    /// What was wrong, in words.
    public var description: String {
        let font = "font '\(fontDescription)'"
        switch kind {
        case .sizeNotPositive:
            return "\(font): the size \(value) is not positive: give a size in points, e.g. 'Sans Bold 14'"
        case .sizeTooLarge:
            return "\(font): the size \(value) is larger than the largest label size, \(Int(Font.maximumSize)) points"
        case .sizeNotANumber:
            return "\(font): '\(value)' is not a size: give a size in points, e.g. 'Sans Bold 14'"
        case .weightOutOfRange:
            return "\(font): the weight \(value) is outside 100...1000"
        case .libraryUnavailable(let reason):
            return "\(font): \(reason)"
        }
    }
}
