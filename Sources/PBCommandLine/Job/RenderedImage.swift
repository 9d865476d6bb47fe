import PBServer

/// The bytes of a rendered image with what a file or a response needs to know about them.
public struct RenderedImage: Sendable, Hashable {
    /// The file's bytes: a PNG, APNG, SVG or PDF, whole.
    public let bytes: [UInt8]
    /// Their format.
    public let format: OutputFormat

    /// An image.
    public init(bytes: [UInt8], format: OutputFormat) {
        self.bytes = bytes
        self.format = format
    }

    /// The media type (`image/png`), for a `Content-Type` header.
    public var contentType: String { format.mediaType }

    /// A strong entity tag for an `ETag` header, quotes included (`"5f0c…"`): the 64-bit FNV-1a
    /// hash of the bytes, so the same image always has the same tag.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public var entityTag: String { EntityTag(hashing: bytes).headerValue }
}
