internal import CDeflate
import PBRendering

/// A browser screenshot decoded for cropping: the PNG's unfiltered rows, kept as they are
/// (RGB or RGBA), from which ``image(x:y:width:height:)`` cuts cells as ``RGBAImage``s.
///
/// A fast path for what Chromium writes (8-bit RGB or RGBA, not interlaced; with
/// `optimizeForSpeed` every row has the Up filter): raw-pointer loops and the Up filter eight
/// bytes at a time, because the test suite runs in debug builds, where the general decoder
/// (``RGBAImage/init(png:)``) takes seconds for a page of a hundred cells. Anything else
/// goes through that decoder.
struct Screenshot {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// Bytes per pixel in ``samples``: 3 (RGB, opaque) or 4 (RGBA).
    let channels: Int
    /// The rows top to bottom, `width * channels` bytes each.
    let samples: [UInt8]

    /// Decodes a PNG.
    ///
    /// - Throws: ``BrowserError`` (`protocolError`) when it is not a PNG that can be read.
    /// - Complexity: O(pixels).
    init(png bytes: [UInt8]) throws(BrowserError) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw BrowserError(.protocolError, "the screenshot is not a PNG") }
        var offset = signature.count
        var header: ArraySlice<UInt8> = []
        var compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, offset))
            guard length <= bytes.count - offset - 12 else { break }
            let type = bytes[(offset + 4)..<(offset + 8)]
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            if type.elementsEqual("IHDR".utf8) { header = data }
            if type.elementsEqual("IDAT".utf8) { compressed += data }
            offset += 12 + length
        }
        guard header.count == 13 else { throw BrowserError(.protocolError, "the screenshot has no PNG header") }
        let start = header.startIndex
        let (width, height) = (Int(Self.bigEndian(bytes, start)), Int(Self.bigEndian(bytes, start + 4)))
        let (depth, colorType, interlace) = (bytes[start + 8], bytes[start + 9], bytes[start + 12])
        guard depth == 8, colorType == 2 || colorType == 6, interlace == 0 else {
            self = try Self(general: bytes)
            return
        }
        let channels = colorType == 2 ? 3 : 4
        let rowLength = width * channels
        var raw = [UInt8](repeating: 0, count: (rowLength + 1) * height)
        var actual = 0
        let status = compressed.withUnsafeBytes { input in
            raw.withUnsafeMutableBytes { output in
                guard let decompressor = libdeflate_alloc_decompressor() else { return LIBDEFLATE_SHORT_OUTPUT }
                defer { libdeflate_free_decompressor(decompressor) }
                return libdeflate_zlib_decompress(
                    decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &actual)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, actual == raw.count else {
            throw BrowserError(.protocolError, "the screenshot's image data is corrupt or truncated")
        }
        var samples = [UInt8](repeating: 0, count: rowLength * height)
        let filtersKnown = raw.withUnsafeBufferPointer { source in
            samples.withUnsafeMutableBufferPointer { target in
                Self.unfilter(source, into: target, rowLength: rowLength, height: height, bytesPerPixel: channels)
            }
        }
        guard filtersKnown else { throw BrowserError(.protocolError, "the screenshot has an unknown PNG row filter") }
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
    }

    /// Decodes any PNG with the general decoder.
    private init(general bytes: [UInt8]) throws(BrowserError) {
        let image: RGBAImage
        do {
            image = try RGBAImage(png: bytes)
        } catch {
            throw BrowserError(.protocolError, "the screenshot is not a PNG we can read: \(error)")
        }
        width = image.width
        height = image.height
        channels = 4
        samples = image.pixels
    }

    /// The pixels of a rectangle inside the screenshot, as RGBA.
    ///
    /// - Precondition: The rectangle lies inside the screenshot.
    /// - Complexity: O(width x height).
    func image(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height)
        var pixels = [UInt8](repeating: 255, count: 4 * width * height)
        let channels = self.channels
        samples.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for row in 0..<height {
                    let from = source + channels * ((y + row) * self.width + x)
                    let to = target + 4 * row * width
                    if channels == 4 {
                        to.update(from: from, count: 4 * width)
                        continue
                    }
                    // A while loop: range iteration costs a call per step in debug builds.
                    var (source, target, end) = (from, to, from + 3 * width)
                    while source < end {
                        target[0] = source[0]
                        target[1] = source[1]
                        target[2] = source[2]
                        source += 3
                        target += 4
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Undoes the PNG row filters (none, sub, up, average, Paeth); up and none eight bytes at
    /// a time. Returns `false` for an unknown filter.
    private static func unfilter(
        _ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, rowLength: Int, height: Int,
        bytesPerPixel bpp: Int
    ) -> Bool {
        guard let raw = raw.baseAddress, let out = out.baseAddress else { return true }
        let (low, high): (UInt64, UInt64) = (0x7F7F_7F7F_7F7F_7F7F, 0x8080_8080_8080_8080)
        for y in 0..<height {
            let filter = raw[y * (rowLength + 1)]
            let source = raw + y * (rowLength + 1) + 1
            let row = out + y * rowLength
            let above: UnsafeMutablePointer<UInt8>? = y > 0 ? row - rowLength : nil
            switch (filter, above) {
            case (0, _), (2, nil):
                row.update(from: source, count: rowLength)
            case (2, let above?):
                let words = rowLength / 8
                let (from, up, to) = (UnsafeRawPointer(source), UnsafeRawPointer(above), UnsafeMutableRawPointer(row))
                for word in 0..<words {
                    let a = from.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self)
                    let b = up.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self)
                    // Bytewise a + b (mod 256) with no carry between bytes.
                    let sum = ((a & low) &+ (b & low)) ^ ((a ^ b) & high)
                    to.storeBytes(of: sum, toByteOffset: 8 * word, as: UInt64.self)
                }
                for x in (8 * words)..<rowLength { row[x] = source[x] &+ above[x] }
            case (1, _), (3, _), (4, _):
                for x in 0..<rowLength {
                    let a = x >= bpp ? Int(row[x - bpp]) : 0
                    let b = above.map { Int($0[x]) } ?? 0
                    let c = x >= bpp ? above.map { Int($0[x - bpp]) } ?? 0 : 0
                    let predictor: Int
                    switch filter {
                    case 1: predictor = a
                    case 3: predictor = (a + b) / 2
                    default:
                        let p = a + b - c
                        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                        predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    }
                    row[x] = source[x] &+ UInt8(truncatingIfNeeded: predictor)
                }
            default:
                return false
            }
        }
        return true
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
