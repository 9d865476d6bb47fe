internal import CDeflate

/// Turns Cairo's premultiplied ARGB pixels into PNG bytes: straight-alpha RGBA, no row filter,
/// one IDAT chunk compressed by libdeflate.
///
/// Cairo's own writer (`cairo_surface_write_to_png`) uses libpng's defaults with no setting
/// and is most of the cost of a frame; this encoder is several times faster and its files are
/// smaller for progress images (see the render benchmark). An encoder owns a libdeflate
/// compressor, so reuse one per thread when encoding many frames.
final class PNGEncoder {
    /// The libdeflate level: chosen by the render benchmark as the fastest level whose files
    /// stay smaller than Cairo's.
    static let compressionLevel: Int32 = 2

    private let compressor: OpaquePointer

    init() throws(RenderError) {
        guard let compressor = libdeflate_alloc_compressor(Self.compressionLevel) else {
            throw RenderError(.encoding, "png: cannot allocate a compressor")
        }
        self.compressor = compressor
    }

    deinit {
        libdeflate_free_compressor(compressor)
    }

    /// Encodes `height` rows of `width` straight-alpha RGBA pixels (4 bytes each, no padding).
    func encode(rgba pixels: [UInt8], width: Int, height: Int) throws(RenderError) -> [UInt8] {
        let rowLength = 1 + 4 * width
        var raw = [UInt8](repeating: 0, count: rowLength * height)
        for y in 0..<height {
            raw.replaceSubrange(
                (y * rowLength + 1)..<((y + 1) * rowLength), with: pixels[(4 * width * y)..<(4 * width * (y + 1))])
        }
        return try pngFile(filteredRows: raw, width: width, height: height)
    }

    /// Encodes `height` rows of `width` premultiplied native-endian ARGB words, `stride` bytes
    /// apart.
    func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) throws(RenderError) -> [UInt8] {
        let rowLength = 1 + 4 * width
        var raw = [UInt8](repeating: 0, count: rowLength * height)
        guard let source = pixels.baseAddress, pixels.count >= stride * height, stride >= 4 * width else {
            throw RenderError(.encoding, "png: the pixel buffer is smaller than \(width) x \(height)")
        }
        raw.withUnsafeMutableBufferPointer { out in
            guard let target = out.baseAddress else { return }
            for y in 0..<height {
                Self.unpremultiply(row: source + y * stride, width: width, into: target + y * rowLength + 1)
            }
        }
        return try pngFile(filteredRows: raw, width: width, height: height)
    }

    /// The PNG file of rows each prefixed by its filter byte (all "none").
    private func pngFile(filteredRows raw: [UInt8], width: Int, height: Int) throws(RenderError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, raw.count)
        var compressed = [UInt8](repeating: 0, count: bound)
        let count = raw.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard count > 0 else { throw RenderError(.encoding, "png: compression failed") }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering (all rows "none"), no interlace
        Self.appendChunk("IHDR", header[...], to: &png)
        Self.appendChunk("IDAT", compressed[0..<count], to: &png)
        Self.appendChunk("IEND", [][...], to: &png)
        return png
    }

    /// One row from premultiplied ARGB words to straight RGBA bytes, rounding as Cairo's writer
    /// does: `(c * 255 + a / 2) / a`.
    private static func unpremultiply(row: UnsafeRawPointer, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        let words = row.assumingMemoryBound(to: UInt32.self)
        unpremultiplyTable.withUnsafeBufferPointer { table in
            for x in 0..<width {
                let word = words[x]
                let alpha = Int(word >> 24)
                let target = out + 4 * x
                switch alpha {
                case 0:
                    target[0] = 0
                    target[1] = 0
                    target[2] = 0
                    target[3] = 0
                case 255:
                    target[0] = UInt8(truncatingIfNeeded: word >> 16)
                    target[1] = UInt8(truncatingIfNeeded: word >> 8)
                    target[2] = UInt8(truncatingIfNeeded: word)
                    target[3] = 255
                default:
                    let base = alpha << 8
                    target[0] = table[base | Int((word >> 16) & 0xFF)]
                    target[1] = table[base | Int((word >> 8) & 0xFF)]
                    target[2] = table[base | Int(word & 0xFF)]
                    target[3] = UInt8(alpha)
                }
            }
        }
    }

    /// `(c * 255 + a / 2) / a`, pinned to 255, at index `a << 8 | c`.
    private static let unpremultiplyTable: [UInt8] = (0..<65536).map { index in
        let (alpha, component) = (index >> 8, index & 0xFF)
        guard alpha > 0 else { return 0 }
        return UInt8(min(255, (component * 255 + alpha / 2) / alpha))
    }

    private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        png += typeBytes
        png += data
        png.appendBigEndian(crc)
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
