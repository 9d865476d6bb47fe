/// Something in a document that is read but not drawn as a browser would draw it, or drawn
/// otherwise while the progress runs (text that appears when the drawing reaches it, a style value
/// ignored, a reference to outside the document), with the line of its first occurrence: the
/// document is still usable. A document gives one warning per cause, with the count.
public struct SVGDocumentWarning: Hashable, Sendable, CustomStringConvertible {
    /// What is not drawn, or drawn otherwise, and why.
    public var message: String
    /// The name given for the document (a file name), if any.
    public var fileName: String?
    /// The line (1-based) of the first element it concerns.
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
