/// An element's attributes in document order, by qualified name: what a rewritten document writes
/// back in the order it read them (a dictionary's order would change from run to run).
///
/// Lookups are linear in the number of attributes, which ``SVGDocumentLimits/maximumAttributeCount``
/// bounds before libxml2 parses the document; an element has a handful.
struct XMLAttributes: Sequence {
    /// The attributes, in document order.
    private(set) var items: [(name: String, value: String)] = []

    /// The number of attributes.
    var count: Int { items.count }

    /// The value of the attribute `name`, or `nil` when the element has none; setting `nil`
    /// removes it, setting a value replaces it in place or appends it.
    ///
    /// - Complexity: O(*n*) in the number of attributes.
    subscript(name: String) -> String? {
        get { items.first { $0.name == name }?.value }
        set {
            let index = items.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): items[index].value = value
            case (let index?, nil): items.remove(at: index)
            case (nil, let value?): items.append((name, value))
            case (nil, nil): break
            }
        }
    }

    /// Appends an attribute as read (libxml2 refuses duplicates).
    mutating func append(name: String, value: String) {
        items.append((name, value))
    }

    func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        items.makeIterator()
    }
}
