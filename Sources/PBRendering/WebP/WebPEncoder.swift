internal import CWebP
import PBScene

/// Turns pixels into lossless WebP bytes (a `RIFF` file holding one `VP8L` bitstream, alpha
/// included), holding exactly the pixels a PNG of the same frame holds: Cairo's premultiplied
/// ARGB unpremultiplied by ``PNGEncoder``'s rounding.
///
/// libwebp's encoder is configured once: lossless, at ``method`` and ``quality``, with `exact`
/// set (the RGB under fully transparent pixels is kept as given, 0 here, instead of being
/// changed to whatever compresses best, so decoded pixels are the PNG's everywhere) and one
/// thread (`thread_level` 0). The bytes depend on the pixels alone, never on earlier calls:
/// libwebp's lossless encoder is deterministic and reads no clock.
///
/// An encoder owns a `WebPPicture` (and the straight RGBA rows it is imported from), kept
/// between calls, so encoding many frames of one size allocates little more than the returned
/// bytes and libwebp's own scratch memory. An encoder is not safe to share between threads.
final class WebPEncoder {
    /// The lossless effort, libwebp's `method`: 1, chosen with ``quality`` by bytes and
    /// instructions.
    ///
    /// Measured with `cwebp -lossless -exact -m M -q Q` (the same library and settings; its
    /// files are byte for byte ours) on the default ring at progress 0.5 (256 × 256, a 9,190-byte
    /// PNG), counting the instructions of `WebPEncode` alone (callgrind `--toggle-collect`):
    /// m0 q75 10,348 bytes, 12.3 M instructions; m1 q30 5,138 bytes, 18.5 M; **m1 q50 5,138,
    /// 21.1 M**; m1 q60 5,066, 31.4 M; m2 q75 5,074, 60.4 M; m4 q75 (libwebp's default) 5,180,
    /// 127.7 M; m6 q100 5,132, 3,534 M. Our PNG encoder takes 7.35 M for the same frame. Over the
    /// 14 README examples at progress 0.6 (56,426 bytes of PNG): m1 q30 37,584 bytes, 168 M;
    /// m1 q50 37,268, 189 M; m1 q60 36,990, 192 M; m2 q75 36,558, 300 M; m4 q75 37,160.
    /// Quality 50 sits inside the plateau of m1 (quality 25 gives 6,364 bytes for the ring).
    static let method: Int32 = 1
    /// The lossless effort, libwebp's `quality` (0-100): 50 (see ``method``).
    static let quality: Float = 50

    /// The configuration every image is encoded with.
    private var config = WebPConfig()
    /// The picture, owned here: created once, its ARGB buffer reallocated by each import.
    private let picture: UnsafeMutablePointer<WebPPicture>
    /// libwebp's functions.
    private let webp: pb_webp_functions
    /// The frame as straight RGBA rows without padding; kept between calls.
    private var rgba: [UInt8] = []

    /// Creates an encoder: lossless at `method` and `quality`, exact, single-threaded.
    ///
    /// The corresponding C functions are `WebPConfigInit`, `WebPValidateConfig` and
    /// `WebPPictureInit`.
    ///
    /// - Parameters:
    ///   - method: libwebp's `method`, 0 (fastest) to 6.
    ///   - quality: libwebp's `quality` for lossless, 0 (fastest) to 100.
    /// - Throws: `RenderError` (`.encoding`) when libwebp refuses the configuration (a
    ///   version mismatch, a value out of range).
    init(method: Int32 = method, quality: Float = quality) throws(RenderError) {
        webp = try WebPLibrary.loaded()
        guard pb_webp_config_init(&config) != 0 else { throw RenderError(.encoding("WebP: libwebp's version differs")) }
        config.lossless = 1
        config.method = method
        config.quality = quality
        config.exact = 1
        config.thread_level = 0
        guard webp.WebPValidateConfig(&config) != 0 else {
            throw RenderError(.encoding("WebP: method \(method) and quality \(quality) are not a valid configuration"))
        }
        picture = UnsafeMutablePointer<WebPPicture>.allocate(capacity: 1)
        picture.initialize(to: WebPPicture())
        guard pb_webp_picture_init(picture) != 0 else {
            picture.deallocate()
            throw RenderError(.encoding("WebP: libwebp's version differs"))
        }
        picture.pointee.use_argb = 1
    }

    deinit {
        webp.WebPPictureFree(picture)
        picture.deallocate()
    }

    /// Encodes `height` rows of `width` premultiplied native-endian ARGB words (Cairo's
    /// `CAIRO_FORMAT_ARGB32`), `stride` bytes apart, unpremultiplied as ``PNGEncoder`` does.
    ///
    /// The corresponding C function is `WebPEncode`, writing to a `WebPMemoryWriter`.
    ///
    /// - Complexity: O(`width` × `height`), about 3 times a PNG's instructions at ``method``.
    /// - Throws: `RenderError` (`.encoding`) for an empty image, a side above
    ///   ``maximumPixelDimension``, a buffer smaller than the size says, or when
    ///   libwebp fails (with its error code).
    func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) throws(RenderError) -> [UInt8] {
        try withPicture(pixels, width: width, height: height, stride: stride) { (picture, config) throws(RenderError) in
            let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
            writer.initialize(to: WebPMemoryWriter())
            webp.WebPMemoryWriterInit(writer)
            defer {
                webp.WebPMemoryWriterClear(writer)
                writer.deallocate()
                picture.pointee.writer = nil
                picture.pointee.custom_ptr = nil
            }
            picture.pointee.writer = webp.WebPMemoryWrite
            picture.pointee.custom_ptr = UnsafeMutableRawPointer(writer)
            guard webp.WebPEncode(config, picture) != 0, let memory = writer.pointee.mem else {
                throw Self.failure(picture.pointee.error_code)
            }
            return Array(UnsafeBufferPointer(start: memory, count: writer.pointee.size))
        }
    }

    /// Loads the frame into the picture, unpremultiplied, and calls `body` with the picture and
    /// the configuration (for ``WebPAnimationEncoder``, which hands both to libwebp's
    /// animation encoder).
    ///
    /// The corresponding C function is `WebPPictureImportRGBA`.
    ///
    /// - Throws: `RenderError` (`.encoding`) as ``encode(_:width:height:stride:)`` does, and
    ///   what `body` throws.
    func withPicture<R>(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
        _ body: (UnsafeMutablePointer<WebPPicture>, UnsafePointer<WebPConfig>) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        try Self.checkSize(width: width, height: height)
        let source = try PNGEncoder.checkedBaseAddress(pixels, width: width, height: height, stride: stride)
        let count = 4 * width * height
        if rgba.count != count {
            rgba = []
            rgba = [UInt8](repeating: 0, count: count)
        }
        rgba.withUnsafeMutableBytes { out in
            guard let target = out.baseAddress else { return }
            PNGEncoder.unpremultiplyRows(from: source, stride: stride, width: width, height: height, into: target)
        }
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        let imported = rgba.withUnsafeBufferPointer { rows in
            webp.WebPPictureImportRGBA(picture, rows.baseAddress, Int32(4 * width))
        }
        guard imported != 0 else { throw Self.failure(picture.pointee.error_code) }
        return try withUnsafePointer(to: config) { config throws(RenderError) in try body(picture, config) }
    }

    /// The largest width or height of a WebP, in pixels: 16,383, one less than a PNG's (the
    /// format stores each side minus one in 14 bits; libwebp's `WEBP_MAX_DIMENSION`).
    static let maximumPixelDimension = 16383

    /// Refuses a size libwebp cannot encode: an empty side or one above
    /// ``maximumPixelDimension``.
    ///
    /// - Throws: `RenderError` (`.encoding`) for an empty side, `.canvasTooLargeForFormat` for
    ///   one too long (an input error, as `Scene.validate(for:)` throws it).
    static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0 else { throw RenderError(.encoding("cannot encode \(width) x \(height) pixels")) }
        let limit = maximumPixelDimension
        for (dimension, pixels) in [(RenderError.Dimension.width, width), (.height, height)] where pixels > limit {
            throw RenderError(.canvasTooLargeForFormat("WebP", dimension: dimension, pixels: pixels, limit: limit))
        }
    }

    /// The error for libwebp's `WebPEncodingError` `code`.
    static func failure(_ code: WebPEncodingError) -> RenderError {
        let reason =
            switch code {
            case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
            case VP8_ENC_ERROR_BAD_DIMENSION: "bad dimensions"
            case VP8_ENC_ERROR_FILE_TOO_BIG: "the file would be larger than 4 GiB"
            case VP8_ENC_ERROR_BAD_WRITE: "the output could not be written"
            default: "libwebp failed"
            }
        return RenderError(.encoding("WebP: \(reason) (libwebp error \(code.rawValue))"))
    }
}
