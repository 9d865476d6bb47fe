import PBScene

/// Why bytes could not be decoded as a PNG.
public struct PNGDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
