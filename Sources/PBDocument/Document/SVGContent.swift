/// Something a document draws that has no outline for the progress to draw along: a `<text>`, an
/// `<image>`, or a shape that paints only markers. It appears when the drawing reaches it
/// (``position``), or always, as the caller says (``SVGDocumentMeasure/rewritten(_:)``).
public struct SVGContent: Hashable, Sendable {
    /// The element's name: `text`, `image`, or a shape's.
    public let tag: String
    /// The line of the element in the document (1-based).
    public let line: Int
    /// How many of the document's ``SVGDocument/elements`` come before it in rendering order.
    public let position: Int
    /// The element in the document's tree.
    let node: Int
    /// The `<use>` instance it is drawn in (0: the document itself).
    let instance: Int
}
