import PBDocument

/// The document an indicator draws along (``ProgressIndicator/init(document:style:order:overrides:)``):
/// librsvg draws it, rewritten at each progress (``DocumentLayer``), while the indicator's elements
/// place the progress.
public struct DocumentDrawing: Hashable, Sendable {
    /// The document, on the indicator's canvas.
    public var document: SVGDocument
    /// For each of the indicator's elements, in order, its index in the document's
    /// `SVGDocument.elements` (an element whose transform flattens it has none).
    public var elementIndices: [Int]
    /// The stroke properties the indicator's style sets for every element.
    public var overrides: DocumentStyleOverrides
}
