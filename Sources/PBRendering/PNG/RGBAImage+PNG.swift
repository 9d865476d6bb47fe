internal import CSPNG
import PBScene

extension RGBAImage {
    /// Decodes a PNG with libspng: any standard PNG (greyscale, grey + alpha, RGB, RGBA or
    /// palette; 1 to 16 bits; interlaced or not) becomes 8-bit RGBA. Transparency (`tRNS`) is
    /// applied; colours are taken as they are (no gamma or colour profile).
    ///
    /// libspng (Debian `libspng-dev`) has been fuzzed upstream for years; pbrender keeps only
    /// the checks around it. Rows are decoded one after another into memory that grows with
    /// them, so a few bytes of header cannot ask for a big allocation before the image data
    /// proves to be there.
    ///
    /// - Throws: ``PNGDecodingError`` for anything that is not such a PNG: a bad signature, a
    ///   corrupt chunk (CRC), a truncated file or missing chunks, a bad zlib stream or row filter,
    ///   or more pixels than `Scene.maximumPixelCount` (64 Mi), with libspng's reason.
    /// - Complexity: O(n) in the pixels.
    public init(png bytes: [UInt8]) throws(PNGDecodingError) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw PNGDecodingError("not a PNG: the signature is missing") }
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) in try Self.decode(buffer) }
        }
        self = try decoded.get()
    }

    /// The largest image decoded, in pixels: what the renderer writes at most
    /// (`Scene.maximumPixelCount`).
    static let maximumDecodedPixelCount = Scene.maximumPixelCount

    /// The most bytes libspng may keep of ancillary chunks (text, profiles), decompressed.
    static let maximumChunkCache = 1 << 24

    /// Decodes the PNG in `buffer` (whose signature is checked).
    private static func decode(_ buffer: UnsafeRawBufferPointer) throws(PNGDecodingError) -> RGBAImage {
        guard pb_spng_load() == 1 else {
            throw PNGDecodingError(
                "cannot load libspng (install Debian's libspng0): " + String(cString: pb_spng_load_error()))
        }
        let spng = pb_spng().pointee
        guard let context = spng.spng_ctx_new(0) else { throw PNGDecodingError("cannot allocate a PNG decoder") }
        defer { spng.spng_ctx_free(context) }
        let side = UInt32(maximumDecodedPixelCount)
        try check(spng.spng_set_image_limits(context, side, side), buffer)
        try check(spng.spng_set_chunk_limits(context, maximumChunkCache, maximumChunkCache), buffer)
        try check(spng.spng_set_png_buffer(context, buffer.baseAddress, buffer.count), buffer)
        var header = spng_ihdr()
        try check(spng.spng_get_ihdr(context, &header), buffer)
        let (width, height) = (Int(header.width), Int(header.height))
        guard width * height <= maximumDecodedPixelCount else { throw tooManyPixels(width, height) }
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        let flags = Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)
        try check(spng.spng_decode_image(context, nil, 0, format, flags), buffer)
        let rowLength = width * 4
        var pixels: [UInt8]
        if header.interlace_method == 0 {
            // Row by row: memory grows as the data proves to be there.
            pixels = []
            var row = [UInt8](repeating: 0, count: rowLength)
            while true {
                let status = row.withUnsafeMutableBytes { spng.spng_decode_row(context, $0.baseAddress, rowLength) }
                if status != 0 && status != Int32(SPNG_EOI.rawValue) { throw error(status, buffer) }
                pixels += row
                if status == Int32(SPNG_EOI.rawValue) { break }
            }
        } else {
            // Each pass fills its pixels of a row: the rows are decoded in place.
            pixels = [UInt8](repeating: 0, count: rowLength * height)
            while true {
                var info = spng_row_info()
                try check(spng.spng_get_row_info(context, &info), buffer)
                let offset = Int(info.row_num) * rowLength
                let status = pixels.withUnsafeMutableBytes {
                    spng.spng_decode_row(context, $0.baseAddress.map { $0 + offset }, rowLength)
                }
                if status == Int32(SPNG_EOI.rawValue) { break }
                try check(status, buffer)
            }
        }
        guard pixels.count == rowLength * height else {
            throw PNGDecodingError("the image data ends after \(pixels.count / max(1, rowLength)) of \(height) rows")
        }
        // The chunks after the image, to the end: a missing IEND is a truncated file.
        let trailing = spng.spng_decode_chunks(context)
        if trailing == Int32(SPNG_EOF.rawValue) || trailing == Int32(SPNG_IO_EOF.rawValue) {
            throw PNGDecodingError("the file is truncated (no IEND chunk)")
        }
        try check(trailing, buffer)
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Throws the error `status` means, if any.
    private static func check(_ status: Int32, _ buffer: UnsafeRawBufferPointer) throws(PNGDecodingError) {
        if status != 0 { throw error(status, buffer) }
    }

    /// libspng's error `status` in words: ours for what the earlier decoder said (the size
    /// limit, a truncated file, a bad CRC), libspng's own otherwise.
    private static func error(_ status: Int32, _ buffer: UnsafeRawBufferPointer) -> PNGDecodingError {
        switch status {
        case Int32(SPNG_EUSER_WIDTH.rawValue), Int32(SPNG_EUSER_HEIGHT.rawValue):
            // The header's size, read from IHDR (bytes 16 to 23).
            let side = { (offset: Int) in (0..<4).reduce(0) { $0 << 8 | Int(buffer[offset + $1]) } }
            return tooManyPixels(side(16), side(20))
        case Int32(SPNG_ECHUNK_CRC.rawValue):
            return PNGDecodingError("a chunk is corrupt (bad CRC)")
        case Int32(SPNG_EOF.rawValue), Int32(SPNG_IO_EOF.rawValue):
            return PNGDecodingError("the file is truncated")
        default:
            let reason = pb_spng().pointee.spng_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            return PNGDecodingError("not a valid PNG: \(reason)")
        }
    }

    private static func tooManyPixels(_ width: Int, _ height: Int) -> PNGDecodingError {
        PNGDecodingError("the image is \(width) x \(height) pixels; the limit is \(maximumDecodedPixelCount) pixels")
    }
}

extension RGBAImage {
    /// Encodes the image as a PNG (8-bit RGBA), as `Scene.render(as:)` writes them: decoding
    /// the result gives this image back exactly.
    ///
    /// - Throws: `RenderError` (`.encoding`) if the compressor cannot be set up or fails (it
    ///   does not for valid images).
    public func pngData() throws(RenderError) -> [UInt8] {
        try pngData(compression: .default)
    }

    /// Encodes the image as a PNG (8-bit RGBA) compressed as `compression` says: decoding the
    /// result gives this image back exactly, in every mode.
    ///
    /// - Parameter compression: the speed or size of the file (``PNGCompression``).
    /// - Throws: `RenderError` (`.encoding`) if the compressor cannot be set up or fails (it
    ///   does not for valid images).
    /// - Complexity: O(`width` × `height`).
    public func pngData(compression: PNGCompression) throws(RenderError) -> [UInt8] {
        try PNGEncoder(compression: compression).encode(rgba: pixels, width: width, height: height)
    }
}
