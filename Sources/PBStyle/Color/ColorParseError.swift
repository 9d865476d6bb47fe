/// A colour could not be read from text.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text given.
    public var text: String

    /// Creates the error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// What was wrong and what is accepted.
    public var description: String {
        "'\(text)' is not a colour: use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a), "
            + "a CSS colour name (tomato) or a system colour (systemBlue)"
    }
}
