import PBGeometry

/// What reading a document worked out that a rewrite needs again: the tree, the style sheet, the
/// `<use>` instances and the `<switch>` choices. Read once and never changed, so documents
/// fitted to other canvases share it.
final class DocumentSource: Sendable {
    let tree: XMLTree
    let styles: StyleResolver
    /// The first element with each `id`.
    let ids: [String: Int]
    let instances: [DocumentInstance]
    /// The instance each `<use>` makes within each instance, by `instance × element count + use`.
    let useInstances: [Int: Int]
    let switchChoices: [Int: Int]
    /// The canvas the document gives itself, before any fitting.
    let canvas: Size

    init(reader: DocumentReader, canvas: Size) {
        tree = reader.tree
        styles = reader.styles
        ids = reader.ids
        instances = reader.instances
        useInstances = reader.useInstances
        switchChoices = reader.switchChoices
        self.canvas = canvas
    }
}
