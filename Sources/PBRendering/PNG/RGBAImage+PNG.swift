internal import CDeflate

extension RGBAImage {
    /// Decodes a PNG: 8-bit greyscale, grey + alpha, RGB, RGBA or palette images, with any row
    /// filters, not interlaced. Colours are taken as they are (no gamma or colour profile).
    ///
    /// - Throws: ``PNGDecodingError`` for anything that is not such a PNG: a bad signature, a
    ///   corrupt chunk (CRC), missing chunks, a bad zlib stream, an unsupported kind of PNG, or
    ///   more pixels than ``Scene/maximumPixelCount`` (64 Mi), so that a few bytes of
    ///   header cannot ask for gigabytes.
    public init(png bytes: [UInt8]) throws(PNGDecodingError) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw PNGDecodingError("not a PNG: the signature is missing") }
        var offset = signature.count
        var header: [UInt8]?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        var sawEnd = false
        while offset + 12 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, offset))
            guard length <= bytes.count - offset - 12 else {
                throw PNGDecodingError("a chunk runs past the end of the file")
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            let stored = Self.bigEndian(bytes, offset + 8 + length)
            let crc = bytes[(offset + 4)..<(offset + 8 + length)].withUnsafeBytes {
                libdeflate_crc32(0, $0.baseAddress, $0.count)
            }
            guard crc == stored else { throw PNGDecodingError("the \(type) chunk is corrupt (bad CRC)") }
            switch type {
            case "IHDR": header = Array(data)
            case "PLTE": palette = Array(data)
            case "tRNS": transparency = Array(data)
            case "IDAT": compressed += data
            case "IEND": sawEnd = true
            default: break
            }
            offset += 12 + length
            if sawEnd { break }
        }
        guard let header, header.count == 13 else { throw PNGDecodingError("the IHDR chunk is missing") }
        guard sawEnd else { throw PNGDecodingError("the file is truncated (no IEND chunk)") }
        let width = Int(Self.bigEndian(header, 0))
        let height = Int(Self.bigEndian(header, 4))
        let (depth, colorType, interlace) = (header[8], header[9], header[12])
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else {
            throw PNGDecodingError("unsupported size \(width) x \(height)")
        }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: throw PNGDecodingError("unknown colour type \(colorType)")
        }
        guard depth == 8 else { throw PNGDecodingError("only 8-bit PNGs are supported, not \(depth)-bit") }
        guard interlace == 0 else { throw PNGDecodingError("interlaced PNGs are not supported") }
        guard width * height <= Self.maximumDecodedPixelCount else {
            throw PNGDecodingError(
                "the image is \(width) x \(height) pixels; the limit is \(Self.maximumDecodedPixelCount) pixels")
        }
        let rowLength = width * channels
        let count = (rowLength + 1) * height
        // Deflate expands at most 1032-fold: check that before allocating for the pixels, so
        // that a small file cannot ask for gigabytes.
        guard count / 1032 <= compressed.count else {
            throw PNGDecodingError(
                "the image data (\(compressed.count) bytes) is too short for \(width) x \(height) pixels")
        }
        let raw = try Self.inflate(compressed, count: count)
        let rows = try Self.unfilter(raw, rowLength: rowLength, height: height, bytesPerPixel: channels)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let s = i * channels
            switch colorType {
            case 0: (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]) = (rows[s], rows[s], rows[s])
            case 2: (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]) = (rows[s], rows[s + 1], rows[s + 2])
            case 4:
                (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2], pixels[4 * i + 3]) = (
                    rows[s], rows[s], rows[s], rows[s + 1]
                )
            case 6:
                (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2], pixels[4 * i + 3]) = (
                    rows[s], rows[s + 1], rows[s + 2], rows[s + 3]
                )
            default:
                let index = Int(rows[s])
                guard 3 * index + 2 < palette.count else { throw PNGDecodingError("a palette index is out of range") }
                (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]) = (
                    palette[3 * index], palette[3 * index + 1], palette[3 * index + 2]
                )
                pixels[4 * i + 3] = index < transparency.count ? transparency[index] : 255
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The largest image decoded, in pixels: what the renderer writes at most
    /// (``Scene/maximumPixelCount``).
    static let maximumDecodedPixelCount = Scene.maximumPixelCount

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func inflate(_ compressed: [UInt8], count: Int) throws(PNGDecodingError) -> [UInt8] {
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw PNGDecodingError("cannot allocate a decompressor")
        }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: count)
        var actual = 0
        let result = compressed.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_zlib_decompress(
                    decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, actual == count else {
            throw PNGDecodingError("the image data is corrupt or truncated (zlib)")
        }
        return output
    }

    /// Undoes the per-row filters (none, sub, up, average, Paeth).
    private static func unfilter(_ raw: [UInt8], rowLength: Int, height: Int, bytesPerPixel bpp: Int)
        throws(PNGDecodingError) -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: rowLength * height)
        for y in 0..<height {
            let filter = raw[y * (rowLength + 1)]
            let source = y * (rowLength + 1) + 1
            let row = y * rowLength
            for x in 0..<rowLength {
                let a = x >= bpp ? Int(out[row + x - bpp]) : 0
                let b = y > 0 ? Int(out[row - rowLength + x]) : 0
                let c = x >= bpp && y > 0 ? Int(out[row - rowLength + x - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw PNGDecodingError("unknown row filter \(filter)")
                }
                out[row + x] = UInt8(truncatingIfNeeded: Int(raw[source + x]) + predictor)
            }
        }
        return out
    }
}

extension RGBAImage {
    /// Encodes the image as a PNG (8-bit RGBA), as ``Scene/render(as:)`` writes them: decoding
    /// the result gives this image back exactly.
    ///
    /// - Throws: ``RenderError`` (`.encoding`) if the compressor cannot be set up or fails (it
    ///   does not for valid images).
    public func pngData() throws(RenderError) -> [UInt8] {
        try PNGEncoder().encode(rgba: pixels, width: width, height: height)
    }
}
