import PBScene

/// Turns pixels into a still GIF: one image with its own colour table (``GIFPalette``: exact
/// when it has at most 256 colours, quantized otherwise), partly transparent pixels composited
/// onto a matte, fully transparent ones transparent (``GIFPixels``).
enum GIFEncoder {
    /// The longest side a GIF can have: 65,535 pixels (its sizes are 16-bit).
    static let maximumPixelDimension = 65_535

    /// Encodes `height` rows of `width` premultiplied native-endian ARGB words (Cairo's), `stride`
    /// bytes apart.
    ///
    /// - Parameters:
    ///   - matte: the colour partly transparent pixels are composited onto, `0xRRGGBB`
    ///     (``GIFPixels/matte(_:in:)``).
    ///   - dither: whether an image of more than 256 colours is dithered.
    /// - Returns: the file's bytes; the same pixels and options always give the same bytes.
    /// - Throws: `RenderError` (`.encoding`) for an empty image or one larger than GIF allows, or
    ///   when giflib cannot be loaded or fails.
    /// - Complexity: O(`width` × `height`), more when quantized (``GIFPalette``).
    static func encode(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, matte: UInt32, dither: Bool
    ) throws(RenderError) -> [UInt8] {
        try checkSize(width: width, height: height)
        let image = GIFPixels(premultiplied: pixels, width: width, height: height, stride: stride, matte: matte)
        let writer = try GIFWriter(width: width, height: height)
        try writer.putImage(
            GIFPalette(image, dither: dither), x: 0, y: 0, width: width, delay: 0, disposal: .unspecified)
        return try writer.finish()
    }

    /// Refuses a size a GIF cannot hold.
    ///
    /// - Throws: `RenderError` (`.encoding`).
    static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard (1...maximumPixelDimension).contains(width), (1...maximumPixelDimension).contains(height) else {
            throw RenderError(
                .encoding("GIF: \(width) x \(height) pixels; a GIF has 1 to \(maximumPixelDimension) pixels a side"))
        }
    }
}
