import PBStyle

/// An image as a GIF can hold it: each pixel fully transparent or an opaque colour.
///
/// GIF has one bit of transparency, so a partly transparent pixel is composited onto a matte
/// colour (white by default, the background of nearly every e-mail) and a fully transparent one
/// stays transparent. Per channel, from the straight-alpha pixel the PNG holds (`c`, alpha `a`,
/// both 0–255, unpremultiplied by ``PNGEncoder``'s rounding) onto the matte's channel `m`:
/// `(c × a + m × (255 − a) + 127) / 255` in integers, the nearest byte (255 is odd, so no
/// value falls halfway). An opaque pixel keeps the PNG's colour exactly.
struct GIFPixels: Equatable {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// Each pixel, row by row: `0xRRGGBB` for an opaque colour, ``transparent`` for none.
    var colors: [UInt32]

    /// A fully transparent pixel: no colour has this bit.
    static let transparent: UInt32 = 1 << 24

    /// `height` rows of `width` premultiplied native-endian ARGB words (Cairo's), `stride` bytes
    /// apart, as a GIF holds them over `matte` (opaque: ``matte(_:in:)``).
    ///
    /// - Complexity: O(`width` × `height`).
    init(premultiplied pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, matte: UInt32) {
        self.width = width
        self.height = height
        let (mr, mg, mb) = (matte >> 16, matte >> 8 & 0xFF, matte & 0xFF)
        colors = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            PNGEncoder.reciprocals.withUnsafeBufferPointer { table in
                for y in 0..<height {
                    let row = pixels.baseAddress.unsafelyUnwrapped + y * stride
                    for x in 0..<width {
                        let word = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        let alpha = word >> 24
                        let color: UInt32
                        switch alpha {
                        case 0: color = Self.transparent
                        case 255: color = word & 0xFF_FFFF
                        default:
                            let reciprocal = table[Int(alpha)]
                            func over(_ premultiplied: UInt32, _ matte: UInt32) -> UInt32 {
                                let straight = PNGEncoder.unpremultiply(
                                    premultiplied, alpha: alpha, reciprocal: reciprocal)
                                return (straight * alpha + matte * (255 - alpha) + 127) / 255
                            }
                            color =
                                over(word >> 16 & 0xFF, mr) << 16 | over(word >> 8 & 0xFF, mg) << 8
                                | over(word & 0xFF, mb)
                        }
                        buffer[y * width + x] = color
                    }
                }
            }
            count = width * height
        }
    }

    /// An image of the given pixels (``transparent`` or `0xRRGGBB`).
    init(width: Int, height: Int, colors: [UInt32]) {
        (self.width, self.height, self.colors) = (width, height, colors)
    }

    /// The matte a GIF is composited onto, `0xRRGGBB`: `color` in `appearance` (a system colour
    /// has two), each channel the nearest byte, as `Color.hexString` writes it.
    ///
    /// - Throws: `RenderError` (`.invalidValue`, `matte`) for a colour that is not opaque: a
    ///   GIF's pixels are opaque or transparent, so the matte is what is under them.
    static func matte(_ color: Color, in appearance: Appearance) throws(RenderError) -> UInt32 {
        let color = color.resolved(for: appearance)
        guard color.alpha == 1 else {
            throw RenderError(
                .invalidValue(
                    name: "matte", value: color.hexString,
                    requirement: "an opaque colour (a GIF composites partly transparent pixels onto it)"))
        }
        func byte(_ value: Double) -> UInt32 { UInt32((value * 255).rounded()) }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }
}
