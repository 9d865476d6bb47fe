import PBRendering

/// The pixel-by-pixel comparison of an image with its reference under an ``ImageTolerance``.
struct ImageComparison {
    /// Pixels beyond their threshold.
    var failing = 0
    /// Pixels that differ but within their threshold.
    var tolerated = 0
    /// The largest difference seen, in levels.
    var largest = 0
    /// A picture of the differences: the reference faded to grey, failing pixels red,
    /// tolerated ones yellow.
    var picture: RGBAImage

    init(reference: RGBAImage, actual: RGBAImage, tolerance: ImageTolerance) {
        let (width, height) = (reference.width, reference.height)
        let flat = zip(Self.flatMask(reference), Self.flatMask(actual)).map { $0 || $1 }
        var picture = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = 4 * (y * width + x)
                let difference = Self.difference(reference.pixels, actual.pixels, at: i)
                // Flat in either image: an altered reference pixel is as much a change as an
                // altered render.
                let threshold = flat[y * width + x] ? tolerance.interiorThreshold : tolerance.edgeThreshold
                largest = max(largest, difference)
                let color: (UInt8, UInt8, UInt8)
                if difference > threshold {
                    failing += 1
                    color = (255, 0, 0)
                } else if difference > 0 {
                    tolerated += 1
                    color = (255, 210, 0)
                } else {
                    // The reference over white, faded.
                    let a = Int(reference.pixels[i + 3])
                    let luma =
                        (299 * Int(reference.pixels[i]) + 587 * Int(reference.pixels[i + 1]) + 114
                            * Int(reference.pixels[i + 2])) / 1000
                    let grey = UInt8(255 - (255 - (luma * a + 255 * (255 - a)) / 255) / 4)
                    color = (grey, grey, grey)
                }
                (picture[i], picture[i + 1], picture[i + 2]) = color
            }
        }
        self.picture = RGBAImage(width: width, height: height, pixels: picture)
    }

    /// The largest difference between two pixels in premultiplied channels and alpha.
    static func difference(_ a: [UInt8], _ b: [UInt8], at i: Int) -> Int {
        let (alphaA, alphaB) = (Int(a[i + 3]), Int(b[i + 3]))
        var largest = abs(alphaA - alphaB)
        for channel in 0..<3 {
            let x = (Int(a[i + channel]) * alphaA + 127) / 255
            let y = (Int(b[i + channel]) * alphaB + 127) / 255
            largest = max(largest, abs(x - y))
        }
        return largest
    }

    /// For each pixel, whether it and its eight neighbours (those inside the image) are
    /// identical.
    static func flatMask(_ image: RGBAImage) -> [Bool] {
        let (width, height) = (image.width, image.height)
        let words = image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        var mask = [Bool](repeating: true, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let word = words[y * width + x]
                search: for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) where words[ny * width + nx] != word {
                        mask[y * width + x] = false
                        break search
                    }
                }
            }
        }
        return mask
    }
}
