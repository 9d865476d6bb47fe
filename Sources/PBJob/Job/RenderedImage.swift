import PBRendering

/// The bytes of a rendered image with what a file or a response needs to know about them.
public struct RenderedImage: Sendable, Hashable {
    /// The file's bytes: a PNG, APNG, SVG or PDF, whole.
    public let bytes: [UInt8]
    /// Their format.
    public let format: ImageFormat

    /// An image.
    public init(bytes: [UInt8], format: ImageFormat) {
        self.bytes = bytes
        self.format = format
    }

    /// The media type (`image/png`), for a `Content-Type` header.
    public var contentType: String { format.mediaType }
}
