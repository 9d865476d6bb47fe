import PBRendering

extension RGBAImage {
    /// The picture as a GIF holds it over `matte` (red, green, blue): a partly transparent pixel
    /// composited onto the matte, `(c × a + m × (255 − a) + 127) / 255` a channel, and opaque; an
    /// opaque pixel as it is; a transparent one `(0, 0, 0, 0)`, as Pillow decodes a GIF's
    /// transparent entry that is black.
    ///
    /// - Complexity: O(width x height).
    public func overMatte(_ matte: (UInt8, UInt8, UInt8)) -> RGBAImage {
        var out = self
        let m = [Int(matte.0), Int(matte.1), Int(matte.2)]
        for pixel in 0..<(width * height) {
            let alpha = Int(pixels[4 * pixel + 3])
            guard alpha > 0 else {
                for channel in 0..<4 { out.pixels[4 * pixel + channel] = 0 }
                continue
            }
            for channel in 0..<3 {
                let value = Int(pixels[4 * pixel + channel])
                out.pixels[4 * pixel + channel] = UInt8((value * alpha + m[channel] * (255 - alpha) + 127) / 255)
            }
            out.pixels[4 * pixel + 3] = 255
        }
        return out
    }
}
