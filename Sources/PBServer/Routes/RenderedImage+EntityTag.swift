import PBJob

extension RenderedImage {
    /// A strong entity tag for an `ETag` header, quotes included (`"5f0c…"`): the 64-bit FNV-1a
    /// hash of the bytes, so the same image always has the same tag.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public var entityTag: String { EntityTag(hashing: bytes).headerValue }
}
