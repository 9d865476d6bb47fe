extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Headers from a literal such as `["Content-Type": "image/png"]`, in the literal's order.
    ///
    /// - Parameter elements: The name–value pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}

extension HTTPHeaders: Sequence {
    /// An iterator over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
