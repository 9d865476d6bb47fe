/// Why a size such as `64MB` could not be parsed.
public struct ByteCountError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The text does not start with a digit.
        case missingNumber
        /// The text after the number is not a unit; the associated value is that text.
        case unknownUnit(String)
        /// The size does not fit in `Int` bytes.
        case tooLarge
    }

    /// What is wrong.
    public var kind: Kind
    /// The text that was parsed.
    public var text: String

    /// An error of this kind for this text.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - text: The text that was parsed.
    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// The problem in one line, e.g. `"64 XB" is not a size: unknown unit "XB" (use B, KB, MB, GB, TB, KiB, MiB,
    /// GiB or TiB)`.
    public var description: String {
        switch kind {
        case .missingNumber:
            "\"\(text)\" is not a size: expected a whole number of bytes, optionally with a unit, such as 64MB"
        case .unknownUnit(let unit):
            "\"\(text)\" is not a size: unknown unit \"\(unit)\" (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)"
        case .tooLarge:
            "\"\(text)\" is not a size: it is too large"
        }
    }
}
