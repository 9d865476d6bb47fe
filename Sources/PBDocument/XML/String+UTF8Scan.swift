extension String {
    /// Whether any byte of the string's UTF-8 satisfies `predicate`, read where the string keeps
    /// its bytes when it keeps them together (native strings do): the UTF-8 view's own iteration
    /// cost about 10 instructions a byte, and path data is scanned for every frame it is
    /// rewritten in.
    ///
    /// - Complexity: O(*n*) in the string's UTF-8 length.
    func utf8Contains(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}
