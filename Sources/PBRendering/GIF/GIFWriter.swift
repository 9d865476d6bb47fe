internal import CGIF
import PBScene

/// One GIF file being written into memory with giflib: the screen, the loop count, then images,
/// each with its own colour table and its graphics control (delay, disposal, transparent entry).
///
/// The file is GIF89a with no global colour table: every image carries its own
/// (``GIFPalette``), padded with black to a power of two as GIF requires. giflib compresses the
/// indices (LZW). The corresponding C functions are giflib's `EGifOpen`, `EGifPutScreenDesc`,
/// `EGifPutExtension…`, `EGifPutImageDesc`, `EGifPutLine` and `EGifCloseFile`.
///
/// After a failure the file is closed and every later call fails; ``finish()`` closes it and
/// returns the bytes. A writer is not safe to share between threads.
final class GIFWriter {
    private let gif: pb_gif_functions
    private let file: UnsafeMutablePointer<GifFileType>
    private let sink = Sink()
    private var isClosed = false

    /// The bytes written, which giflib's write function appends to.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// Opens a file of `width` × `height` pixels.
    ///
    /// - Throws: `RenderError` (`.encoding`) when giflib cannot be loaded or fails.
    init(width: Int, height: Int) throws(RenderError) {
        gif = try GIFLibrary.loaded()
        var error: Int32 = 0
        let write: OutputFunc = { file, data, count in
            guard let file, let data, count > 0, let sink = file.pointee.UserData else { return 0 }
            Unmanaged<Sink>.fromOpaque(sink).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }
        guard let file = gif.EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &error) else {
            throw Self.failure(error, gif)
        }
        self.file = file
        gif.EGifSetGifVersion(file, true)
        guard gif.EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else { throw abandon() }
    }

    deinit {
        if !isClosed {
            var error: Int32 = 0
            _ = gif.EGifCloseFile(file, &error)
        }
    }

    /// Writes the NETSCAPE2.0 application extension: the animation repeats `count` times after
    /// it is first shown (0: forever).
    ///
    /// - Precondition: `count` is in `0...65535`.
    /// - Throws: `RenderError` (`.encoding`) when giflib fails.
    func putRepeatCount(_ count: Int) throws(RenderError) {
        precondition((0...65535).contains(count), "a GIF repeats 0 to 65535 times")
        try checkOpen()
        let name = Array("NETSCAPE2.0".utf8)
        let repeats: [UInt8] = [1, UInt8(truncatingIfNeeded: count), UInt8(truncatingIfNeeded: count >> 8)]
        guard gif.EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
            gif.EGifPutExtensionBlock(file, Int32(name.count), name) == GIF_OK,
            gif.EGifPutExtensionBlock(file, Int32(repeats.count), repeats) == GIF_OK,
            gif.EGifPutExtensionTrailer(file) == GIF_OK
        else { throw abandon() }
    }

    /// How a viewer treats the canvas under an image once the next one is due.
    enum Disposal {
        /// Still images: nothing follows.
        case unspecified
        /// The image stays, and the next is drawn over it.
        case keep
        /// The image's rectangle is cleared to transparent.
        case clear

        /// giflib's constant.
        fileprivate var mode: Int32 {
            switch self {
            case .unspecified: Int32(DISPOSAL_UNSPECIFIED)
            case .keep: Int32(DISPOSE_DO_NOT)
            case .clear: Int32(DISPOSE_BACKGROUND)
            }
        }
    }

    /// Writes one image at (`x`, `y`), `width` pixels wide (the palette's indices, row by row),
    /// shown for `delay` hundredths of a second and then disposed of as `disposal` says. The
    /// graphics control extension is written when it says something: a delay, a disposal or a
    /// transparent entry.
    ///
    /// - Throws: `RenderError` (`.encoding`) when giflib fails.
    func putImage(_ palette: GIFPalette, x: Int, y: Int, width: Int, delay: Int, disposal: Disposal)
        throws(RenderError)
    {
        try checkOpen()
        let height = palette.indices.count / max(width, 1)
        if delay != 0 || disposal != .unspecified || palette.transparentIndex != nil {
            var control = GraphicsControlBlock(
                DisposalMode: disposal.mode, UserInputFlag: false, DelayTime: Int32(delay),
                TransparentColor: Int32(palette.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
            var bytes = [UInt8](repeating: 0, count: 4)
            let length = gif.EGifGCBToExtension(&control, &bytes)
            guard gif.EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes) == GIF_OK else {
                throw abandon()
            }
        }
        var table = palette.colors.map {
            GifColorType(
                Red: UInt8(truncatingIfNeeded: $0 >> 16), Green: UInt8(truncatingIfNeeded: $0 >> 8),
                Blue: UInt8(truncatingIfNeeded: $0))
        }
        var size = 2
        while size < table.count { size *= 2 }
        table += Array(repeating: GifColorType(), count: size - table.count)
        guard let map = gif.GifMakeMapObject(Int32(size), table) else { throw abandon() }
        defer { gif.GifFreeMapObject(map) }
        guard gif.EGifPutImageDesc(file, Int32(x), Int32(y), Int32(width), Int32(height), false, map) == GIF_OK else {
            throw abandon()
        }
        // giflib masks the indices in place, so it gets a copy.
        var indices = palette.indices
        let status = indices.withUnsafeMutableBufferPointer { buffer in
            (0..<height).allSatisfy { row in
                gif.EGifPutLine(file, buffer.baseAddress.map { $0 + row * width }, Int32(width)) == GIF_OK
            }
        }
        guard status else { throw abandon() }
    }

    /// Writes the trailer and returns the file's bytes.
    ///
    /// - Throws: `RenderError` (`.encoding`) when giflib fails, or the file was closed by a
    ///   failure.
    func finish() throws(RenderError) -> [UInt8] {
        try checkOpen()
        isClosed = true
        var error: Int32 = 0
        guard gif.EGifCloseFile(file, &error) == GIF_OK else { throw Self.failure(error, gif) }
        return sink.bytes
    }

    /// Refuses to write to a file a failure closed.
    private func checkOpen() throws(RenderError) {
        guard !isClosed else { throw RenderError(.encoding("GIF: the file is closed")) }
    }

    /// Closes the file after a failure (giflib frees it) and returns the error giflib reported.
    private func abandon() -> RenderError {
        let reason = file.pointee.Error
        isClosed = true
        var error: Int32 = 0
        _ = gif.EGifCloseFile(file, &error)
        return Self.failure(reason != 0 ? reason : error, gif)
    }

    /// The error for giflib's code, in its words.
    private static func failure(_ code: Int32, _ gif: pb_gif_functions) -> RenderError {
        let reason = gif.GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return RenderError(.encoding("GIF: giflib failed: \(reason)"))
    }
}
