import PBScene

/// A raster image as 8-bit straight-alpha RGBA, row by row: what a PNG decodes to, and what
/// snapshot tests compare.
public struct RGBAImage: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, rows top to bottom.
    public var pixels: [UInt8]

    /// Creates an image from its pixels.
    ///
    /// - Precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`, as `(red, green, blue, alpha)`.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = 4 * (y * width + x)
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

extension RGBAImage: CustomStringConvertible {
    /// The size, e.g. `RGBAImage(256 x 256)` (not the pixels).
    public var description: String { "RGBAImage(\(width) x \(height))" }
}
