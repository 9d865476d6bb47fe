/// A label could not be laid out.
public struct TextLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Hashable, Sendable {
        /// The text contains U+0000, which Pango cannot take (it reads C strings).
        case nulCharacter
        /// The text contains a Unicode noncharacter (U+FDD0...U+FDEF, or U+FFFE or U+FFFF in any
        /// plane), which Cairo refuses to put in a PDF and XML in an SVG.
        case noncharacter(Unicode.Scalar)
        /// The text has more than ``TextLayout/maximumLength`` Unicode scalars.
        case tooLong
        /// The laid-out text is wider or taller than ``TextLayout/maximumExtent`` points.
        case tooLarge
        /// Pango, loaded with the first label, could not be loaded; `reason` says why, in the
        /// dynamic linker's words. Not the label's fault: the system lacks the library.
        case libraryUnavailable(reason: String)
    }

    /// What was wrong.
    public var kind: Kind
    /// For `.nulCharacter` and `.noncharacter`, the character's offset in Unicode scalars; for `.tooLong`,
    /// the number of Unicode scalars; for `.tooLarge`, the larger extent in whole points.
    public var value: Int

    /// Creates an error.
    public init(_ kind: Kind, value: Int) {
        self.kind = kind
        self.value = value
    }

    /// What was wrong, in words.
    public var description: String {
        switch kind {
        case .nulCharacter:
            "the label contains a NUL character (U+0000) at offset \(value)"
        case .noncharacter(let scalar):
            "the label contains U+\(String(scalar.value, radix: 16, uppercase: true)), a Unicode noncharacter, at "
                + "offset \(value)"
        case .tooLong:
            "the label has \(value) characters, more than the \(TextLayout.maximumLength) a label may have"
        case .tooLarge:
            "the label would be \(value) points long, more than \(Int(TextLayout.maximumExtent))"
        case .libraryUnavailable(let reason):
            reason
        }
    }
}
