import PBDocument
import PBGeometry

/// An SVG document at one moment of its progress: librsvg draws the rewritten document
/// (``markup``) onto the canvas, and the SVG writer embeds it.
///
/// A layer holds the measured document and what the progress shows of each element, which an
/// SVG needs (live, animated or dark). A still raster or PDF image needs only the markup:
/// ``rewritten()`` keeps that alone, so the document's model is not held while librsvg draws.
public struct DocumentLayer: Hashable, Sendable {
    /// What the layer holds.
    private enum Content: Sendable {
        case measured(SVGDocumentMeasure, SVGDocumentAppearance)
        case rewritten(markup: String, size: Size, pathElementCount: Int)
    }

    private let content: Content

    /// A layer.
    public init(measure: SVGDocumentMeasure, appearance: SVGDocumentAppearance) {
        content = .measured(measure, appearance)
    }

    /// The document with its elements measured; `nil` in a ``rewritten()`` layer.
    public var measure: SVGDocumentMeasure? {
        if case .measured(let measure, _) = content { measure } else { nil }
    }

    /// What the progress shows of each element; `nil` in a ``rewritten()`` layer.
    public var appearance: SVGDocumentAppearance? {
        if case .measured(_, let appearance) = content { appearance } else { nil }
    }

    /// The root's size in the rewrite, in points: the canvas it is drawn on.
    public var size: Size {
        switch content {
        case .measured(_, let appearance): appearance.size
        case .rewritten(_, let size, _): size
        }
    }

    /// The document rewritten for its appearance (`SVGDocumentMeasure.rewritten(_:)`).
    public var markup: String {
        switch content {
        case .measured(let measure, let appearance): measure.rewritten(appearance)
        case .rewritten(let markup, _, _): markup
        }
    }

    /// The path elements of all the document's elements: what librsvg strokes and fills, for the
    /// render's cost.
    public var pathElementCount: Int {
        switch content {
        case .measured(let measure, _): measure.measures.reduce(0) { $0 + $1.path.elements.count }
        case .rewritten(_, _, let count): count
        }
    }

    /// The same picture holding only its ``markup``, ``size`` and ``pathElementCount``: what a
    /// PNG or PDF draws, without the measured document (a large document's model is several
    /// times its markup). An SVG cannot be written from it.
    public func rewritten() -> DocumentLayer {
        guard case .measured = content else { return self }
        return DocumentLayer(content: .rewritten(markup: markup, size: size, pathElementCount: pathElementCount))
    }

    private init(content: Content) {
        self.content = content
    }

    /// Layers are equal when they show the same document alike; a measured layer and a
    /// ``rewritten()`` one are never equal (comparing them would rewrite the document).
    public static func == (lhs: DocumentLayer, rhs: DocumentLayer) -> Bool {
        switch (lhs.content, rhs.content) {
        case (.measured(let left, let leftAppearance), .measured(let right, let rightAppearance)):
            left.document == right.document && leftAppearance == rightAppearance
        case (.rewritten(let left, let leftSize, _), .rewritten(let right, let rightSize, _)):
            left == right && leftSize == rightSize
        default: false
        }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        switch content {
        case .measured(let measure, let appearance):
            hasher.combine(measure.document)
            hasher.combine(appearance)
        case .rewritten(let markup, let size, _):
            hasher.combine(markup)
            hasher.combine(size)
        }
    }
}
