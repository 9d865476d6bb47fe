import PBDocument

/// An SVG document at one moment of its progress: librsvg draws the rewritten document
/// (``markup``) onto the canvas, and the SVG writer embeds it.
public struct DocumentLayer: Hashable, Sendable {
    /// The document with its elements measured.
    public let measure: SVGDocumentMeasure
    /// What the progress shows of each element.
    public let appearance: SVGDocumentAppearance

    /// A layer.
    public init(measure: SVGDocumentMeasure, appearance: SVGDocumentAppearance) {
        self.measure = measure
        self.appearance = appearance
    }

    /// The document rewritten for ``appearance`` (`SVGDocumentMeasure.rewritten(_:)`).
    public var markup: String { measure.rewritten(appearance) }

    /// Layers are equal when they show the same document alike.
    public static func == (lhs: DocumentLayer, rhs: DocumentLayer) -> Bool {
        lhs.measure.document == rhs.measure.document && lhs.appearance == rhs.appearance
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(measure.document)
        hasher.combine(appearance)
    }
}
