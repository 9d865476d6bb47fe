import PBRendering

extension RGBAImage {
    /// The picture composited on white, 3 bytes a pixel (red, green, blue), rounded as
    /// ``PixelComparison/overWhite(_:_:_:)`` rounds: what the page shows under an image.
    ///
    /// A plain loop over the bytes (no calls per pixel), for the suites that compare many
    /// pictures in debug builds.
    ///
    /// - Complexity: O(width x height).
    public func overWhite() -> [UInt8] {
        let count = width * height
        var out = [UInt8](repeating: 255, count: 3 * count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var pixel = 0
                while pixel < count {
                    let alpha = Int(source[4 * pixel + 3])
                    var channel = 0
                    while channel < 3 {
                        let value = Int(source[4 * pixel + channel])
                        target[3 * pixel + channel] =
                            alpha == 255 ? UInt8(value) : UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                        channel += 1
                    }
                    pixel += 1
                }
            }
        }
        return out
    }
}
