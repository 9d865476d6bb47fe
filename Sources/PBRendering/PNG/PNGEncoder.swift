internal import CDeflate
import PBScene

/// Turns pixels into PNG bytes: 8-bit straight-alpha RGBA, no row filter, one IDAT chunk
/// compressed as its ``PNGCompression`` mode says, no ancillary chunks.
///
/// Cairo's own writer (`cairo_surface_write_to_png`) uses libpng's defaults with no setting
/// and is most of the cost of a frame; this encoder is several times cheaper and its files are
/// smaller for progress images (`Tests/Benchmarks/render.py`). The bytes depend on the pixels
/// and the mode alone, never on earlier calls.
///
/// An encoder owns its compressor (``Deflater``) and keeps its row and output buffers between
/// calls, so encoding many frames of one size allocates only the returned bytes: reuse one encoder
/// per thread (an encoder is not safe to share between threads).
final class PNGEncoder {
    /// Compresses the scanlines.
    private let deflater: Deflater
    /// Each row's filter byte (0: "none") and its RGBA bytes; kept between calls.
    private var scanlines: [UInt8] = []
    /// One row of straight RGBA, for ``encode(inPlace:width:height:stride:)``; kept between calls.
    private var row: [UInt8] = []
    /// Room for the zlib stream of `scanlines`; kept between calls.
    private var compressed: [UInt8] = []

    /// Creates an encoder whose images are compressed as `compression` says.
    ///
    /// - Throws: `RenderError` (`.encoding`) when the compressor cannot be allocated.
    convenience init(compression: PNGCompression = .default) throws(RenderError) {
        try self.init(method: compression.imageMethod)
    }

    /// Creates an encoder with its own compressor working by `method`.
    ///
    /// - Throws: `RenderError` (`.encoding`) when the compressor cannot be allocated.
    init(method: Deflater.Method) throws(RenderError) {
        deflater = try Deflater(method)
    }

    /// The compressor's method.
    var method: Deflater.Method { deflater.method }

    /// Encodes `height` rows of `width` premultiplied native-endian ARGB words (Cairo's
    /// `CAIRO_FORMAT_ARGB32`), `stride` bytes apart, unpremultiplying as Cairo's writer does.
    ///
    /// - Complexity: O(`width` × `height`).
    /// - Throws: `RenderError` (`.encoding`) for an empty image or a buffer smaller than the
    ///   size says, or when compression fails.
    func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) throws(RenderError) -> [UInt8] {
        let (_, count) = try Self.scanlineSize(width: width, height: height)
        let source = try Self.checkedBaseAddress(pixels, width: width, height: height, stride: stride)
        prepareScanlines(count: count)
        scanlines.withUnsafeMutableBytes { out in
            guard let target = out.baseAddress else { return }
            Self.writeScanlines(from: source, stride: stride, width: width, height: height, into: target)
        }
        return try compressAndWrap(width: width, height: height)
    }

    /// Encodes the pixels as ``encode(_:width:height:stride:)`` does (the same bytes), turning
    /// `buffer` into the scanlines in place instead of writing them to a buffer of the encoder's:
    /// `height` more bytes must follow the pixels. Saves a copy of the image in memory (a quarter
    /// of a megabyte and 64 page faults for the default ring); the pixels are gone afterwards.
    ///
    /// Rows move from the last to the first, each to `y × (1 + 4 × width)`: never before where
    /// it was (the stride is `4 × width`) and never onto a row not yet moved. Each is
    /// unpremultiplied into a row buffer first, then copied after its filter byte.
    ///
    /// - Complexity: O(`width` × `height`).
    /// - Throws: `RenderError` (`.encoding`) as ``encode(_:width:height:stride:)``.
    func encode(inPlace buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int)
        throws(RenderError) -> [UInt8]
    {
        let (rowLength, count) = try Self.scanlineSize(width: width, height: height)
        guard stride == 4 * width, buffer.count >= count, let base = buffer.baseAddress else {
            return try encode(UnsafeRawBufferPointer(buffer), width: width, height: height, stride: stride)
        }
        if row.count != 4 * width { row = [UInt8](unsafeUninitializedCapacity: 4 * width) { $1 = 4 * width } }
        row.withUnsafeMutableBytes { row in
            guard let rowBase = row.baseAddress else { return }
            Self.reciprocals.withUnsafeBufferPointer { table in
                guard let table = table.baseAddress else { return }
                for y in (0..<height).reversed() {
                    Self.unpremultiply(row: base + y * stride, width: width, into: rowBase, table: table)
                    base.storeBytes(of: 0, toByteOffset: y * rowLength, as: UInt8.self)  // the row filter: none
                    (base + y * rowLength + 1).copyMemory(from: rowBase, byteCount: 4 * width)
                }
            }
        }
        let length = try compress(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        return wrap(compressedCount: length, width: width, height: height)
    }

    /// The start of a buffer of `height` rows of `width` ARGB words `stride` bytes apart.
    ///
    /// - Throws: `RenderError` (`.encoding`) when the buffer is smaller than that.
    static func checkedBaseAddress(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int)
        throws(RenderError) -> UnsafeRawPointer
    {
        guard let source = pixels.baseAddress, stride >= 4 * width, pixels.count / stride >= height - 1,
            pixels.count - stride * (height - 1) >= 4 * width
        else {
            throw RenderError(.encoding("the pixel buffer does not hold \(width) x \(height) pixels"))
        }
        return source
    }

    /// Writes `height` PNG scanlines (filter byte "none", then straight RGBA) for the rows of
    /// `width` premultiplied ARGB words at `source`, `stride` bytes apart, into `target`
    /// (`height × (1 + 4 × width)` bytes).
    ///
    /// - Complexity: O(`width` × `height`).
    static func writeScanlines(
        from source: UnsafeRawPointer, stride: Int, width: Int, height: Int, into target: UnsafeMutableRawPointer
    ) {
        let rowLength = 1 + 4 * width
        reciprocals.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            for y in 0..<height {
                target.storeBytes(of: 0, toByteOffset: y * rowLength, as: UInt8.self)  // the row filter: none
                unpremultiply(row: source + y * stride, width: width, into: target + y * rowLength + 1, table: table)
            }
        }
    }

    /// Writes the rows of `width` premultiplied ARGB words at `source`, `stride` bytes apart, as
    /// `height` rows of straight RGBA without padding (`4 × width × height` bytes) into `target`,
    /// rounding as ``unpremultiply(row:width:into:table:)`` does: the pixels a PNG holds, for
    /// other encoders (WebP) and for ``RGBAImage``.
    ///
    /// - Complexity: O(`width` × `height`).
    static func unpremultiplyRows(
        from source: UnsafeRawPointer, stride: Int, width: Int, height: Int, into target: UnsafeMutableRawPointer
    ) {
        reciprocals.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            for y in 0..<height {
                unpremultiply(row: source + y * stride, width: width, into: target + y * 4 * width, table: table)
            }
        }
    }

    /// Encodes `width` × `height` straight-alpha RGBA pixels (4 bytes each, rows top to
    /// bottom, no padding).
    ///
    /// - Complexity: O(`width` × `height`).
    /// - Throws: `RenderError` (`.encoding`) for an empty image or when `rgba` does not hold
    ///   exactly `width * height * 4` bytes, or when compression fails.
    func encode(rgba: [UInt8], width: Int, height: Int) throws(RenderError) -> [UInt8] {
        let (rowLength, count) = try Self.scanlineSize(width: width, height: height)
        guard rgba.count == count - height else {
            throw RenderError(.encoding("\(rgba.count) bytes are not \(width) x \(height) RGBA pixels"))
        }
        prepareScanlines(count: count)
        rgba.withUnsafeBytes { source in
            scanlines.withUnsafeMutableBytes { out in
                guard let source = source.baseAddress, let target = out.baseAddress else { return }
                for y in 0..<height {
                    target.storeBytes(of: 0, toByteOffset: y * rowLength, as: UInt8.self)  // the row filter: none
                    (target + y * rowLength + 1).copyMemory(from: source + y * 4 * width, byteCount: 4 * width)
                }
            }
        }
        return try compressAndWrap(width: width, height: height)
    }

    /// The length of one row with its filter byte, and of all rows.
    ///
    /// - Throws: `RenderError` (`.encoding`) for an empty image or one too large for a PNG.
    static func scanlineSize(width: Int, height: Int) throws(RenderError) -> (row: Int, all: Int) {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw RenderError(.encoding("cannot encode \(width) x \(height) pixels"))
        }
        let rowLength = 1 + 4 * width
        let (count, overflow) = rowLength.multipliedReportingOverflow(by: height)
        guard !overflow else { throw RenderError(.encoding("\(width) x \(height) is too large to encode")) }
        return (rowLength, count)
    }

    /// Sizes `scanlines` to `count` bytes, keeping the buffer when it has that size already. A new
    /// buffer is not zeroed: every byte is written before it is read.
    private func prepareScanlines(count: Int) {
        if scanlines.count != count {
            scanlines = []
            scanlines = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
    }

    /// Compresses `scanlines` and wraps the stream in the signature and the IHDR, IDAT and IEND
    /// chunks.
    private func compressAndWrap(width: Int, height: Int) throws(RenderError) -> [UInt8] {
        // `withUnsafeBytes` rethrows untyped errors: carry the typed one out as a result.
        let count = try scanlines.withUnsafeBytes { input in Result { () throws(RenderError) in try compress(input) } }
            .get()
        return wrap(compressedCount: count, width: width, height: height)
    }

    /// The signature and the IHDR chunk, the last ``compress(_:)``'s `count` bytes as IDAT, and
    /// IEND.
    private func wrap(compressedCount count: Int, width: Int, height: Int) -> [UInt8] {
        var png: [UInt8] = []
        png.reserveCapacity(Self.signature.count + 3 * 12 + 13 + count)
        png += Self.signature
        png.appendHeader(width: width, height: height)
        withCompressed(count) { stream in
            png.appendChunk(type: 0x4944_4154) { (png: inout [UInt8]) in  // IDAT
                png.append(contentsOf: stream)
            }
        }
        png.appendChunk(type: 0x4945_4E44) { (_: inout [UInt8]) in }  // IEND
        return png
    }

    /// Compresses `input` into one zlib stream, kept until the next call: read it with
    /// ``withCompressed(_:_:)``.
    ///
    /// - Returns: the length of the stream.
    /// - Throws: `RenderError` (`.encoding`) when compression fails or the stream is too long
    ///   for a PNG chunk.
    func compress(_ input: UnsafeRawBufferPointer) throws(RenderError) -> Int {
        try deflater.compress(input, into: &compressed)
    }

    /// Calls `body` with the first `count` bytes of the last ``compress(_:)``'s stream.
    func withCompressed<R>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        compressed.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One row from premultiplied ARGB words to straight RGBA bytes, rounding as Cairo's writer
    /// does: `(c * 255 + a / 2) / a`, pinned to 255 (``unpremultiply(_:alpha:reciprocal:)``).
    /// Runs of transparent pixels (most of a progress image) go four at a time.
    ///
    /// - Parameter table: ``reciprocals``.
    @inline(__always)
    static func unpremultiply(
        row: UnsafeRawPointer, width: Int, into out: UnsafeMutableRawPointer, table: UnsafePointer<UInt32>
    ) {
        var (source, target) = (row, out)
        let end = row + 4 * width
        while end - source >= 16 {
            // Rows are 4-byte aligned (Cairo's stride), not always 8.
            let first = source.loadUnaligned(as: UInt64.self)
            let second = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if first | second == 0 {
                target.storeBytes(of: 0, as: UInt64.self)
                target.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
            } else {
                for offset in [0, 4, 8, 12] {
                    let word = source.load(fromByteOffset: offset, as: UInt32.self)
                    target.storeBytes(of: rgba(word, table), toByteOffset: offset, as: UInt32.self)
                }
            }
            source += 16
            target += 16
        }
        while source < end {
            target.storeBytes(of: rgba(source.load(as: UInt32.self), table), as: UInt32.self)
            source += 4
            target += 4
        }
    }

    /// One premultiplied ARGB word as the four bytes R, G, B, A in memory order.
    @inline(__always)
    private static func rgba(_ word: UInt32, _ table: UnsafePointer<UInt32>) -> UInt32 {
        let alpha = word >> 24
        let (red, green, blue): (UInt32, UInt32, UInt32)
        switch alpha {
        case 0:
            return 0
        case 255:
            (red, green, blue) = ((word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF)
        default:
            let reciprocal = table[Int(alpha)]
            red = unpremultiply((word >> 16) & 0xFF, alpha: alpha, reciprocal: reciprocal)
            green = unpremultiply((word >> 8) & 0xFF, alpha: alpha, reciprocal: reciprocal)
            blue = unpremultiply(word & 0xFF, alpha: alpha, reciprocal: reciprocal)
        }
        return (red | green << 8 | blue << 16 | alpha << 24).littleEndian
    }

    /// `min(255, (component * 255 + alpha / 2) / alpha)` for `component` 0-255 and `alpha` 1-255,
    /// by a multiplication: `(n × reciprocal) >> 24` with `reciprocal` = ⌈2²⁴ / `alpha`⌉
    /// (``reciprocals``).
    ///
    /// Exact, not an approximation: for n = q·a + r (0 ≤ r < a) and reciprocal = (2²⁴ + e) / a with
    /// 0 ≤ e < a, n × reciprocal / 2²⁴ = q + (r + n·e / 2²⁴) / a, and n·e < 2¹⁶ · 2⁸ = 2²⁴ (n is at
    /// most 255 · 255 + 127 < 2¹⁶), so the fraction stays below 1 and the floor is q. A test
    /// checks every one of the 65,536 inputs against the division.
    @inline(__always)
    static func unpremultiply(_ component: UInt32, alpha: UInt32, reciprocal: UInt32) -> UInt32 {
        let numerator = UInt64(component &* 255 &+ (alpha >> 1))
        let quotient = UInt32(truncatingIfNeeded: (numerator &* UInt64(reciprocal)) >> 24)
        return min(255, quotient)
    }

    /// ⌈2²⁴ / a⌉ at index a (1-255; 0 at index 0), for ``unpremultiply(_:alpha:reciprocal:)``:
    /// 1 KiB computed on first use (256 divisions), where the table of every quotient it replaced
    /// (64 KiB) cost 2.1 M instructions a process.
    static let reciprocals: [UInt32] = (0..<256).map { (alpha: UInt32) -> UInt32 in
        alpha == 0 ? 0 : ((1 << 24) + alpha - 1) / alpha
    }
}

extension [UInt8] {
    /// Appends a PNG chunk: the length of what `body` appends, `type` (four ASCII letters, big
    /// endian), the data, and the CRC-32 of type and data.
    mutating func appendChunk(type: UInt32, _ body: (inout [UInt8]) -> Void) {
        let lengthOffset = count
        appendBigEndian(0)
        let typeOffset = count
        appendBigEndian(type)
        body(&self)
        let length = UInt32(count - typeOffset - 4)
        withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: length.bigEndian, toByteOffset: lengthOffset, as: UInt32.self)
        }
        let crc = withUnsafeBytes { bytes in
            libdeflate_crc32(0, bytes.baseAddress.map { $0 + typeOffset }, count - typeOffset)
        }
        appendBigEndian(crc)
    }

    /// Appends the IHDR chunk of an 8-bit RGBA image of `width` × `height` pixels.
    mutating func appendHeader(width: Int, height: Int) {
        appendChunk(type: 0x4948_4452) { (png: inout [UInt8]) in  // IHDR
            png.appendBigEndian(UInt32(width))
            png.appendBigEndian(UInt32(height))
            // 8 bits per sample, RGBA, deflate, adaptive filtering (every row "none"), no interlace.
            png += [8, 6, 0, 0, 0]
        }
    }

    /// Appends `value` as four bytes, most significant first.
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
