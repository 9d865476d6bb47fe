/// Why a scene could not be rendered.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: Hashable, Sendable {
        /// The scene asks for something impossible (a bad size, scale, fraction or style).
        case invalidScene
        /// The canvas is larger than ``ProgressScene/maximumPixelDimension`` or
        /// ``ProgressScene/maximumPixelCount`` allow.
        case canvasTooLarge
        /// Cairo reported an error; the message is Cairo's own.
        case cairo
        /// The PNG could not be encoded.
        case encoding
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// What went wrong, in one sentence.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
