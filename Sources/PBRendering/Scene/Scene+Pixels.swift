/// A scene's pixels as Cairo draws them: rows of premultiplied native-endian ARGB words, `stride`
/// bytes apart, copied out of the surface so they can cross threads.
struct RasterPixels: Sendable {
    var bytes: [UInt8]
    var stride: Int
}

extension Scene {
    /// Draws the scene at ``scale`` and copies the pixels out.
    ///
    /// - Throws: ``RenderError`` as ``render(as:)`` does.
    func renderPixels() throws(RenderError) -> RasterPixels {
        try withRaster { pixels, _, _, stride throws(RenderError) in RasterPixels(bytes: Array(pixels), stride: stride)
        }
    }
}
