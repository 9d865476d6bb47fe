/// Something in a document that is read but not drawn as a browser would draw it (text, an
/// ignored style value, a `<use>` of nothing), with its line: the document is still usable.
public struct SVGDocumentWarning: Hashable, Sendable, CustomStringConvertible {
    /// What is not drawn, and why.
    public var message: String
    /// The name given for the document (a file name), if any.
    public var fileName: String?
    /// The line (1-based) of the element it concerns.
    public var line: Int

    /// Creates a warning.
    public init(message: String, fileName: String?, line: Int) {
        self.message = message
        self.fileName = fileName
        self.line = line
    }

    /// `file:line: warning: message`.
    public var description: String {
        "\(fileName ?? "line"):\(line): warning: \(message)"
    }
}
