import PBScene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns frames, given one after another, into an animated PNG (APNG), writing each frame's
/// chunks as soon as it is given: memory holds one frame's pixels (the previous frame) and one
/// frame's compressed data, whatever the number of frames.
///
/// The file:
///
/// - the PNG signature, `IHDR` (8-bit RGBA, as ``PNGEncoder`` writes), and `acTL` with the
///   schedule's frame count and loop count (`num_plays`, 0 = forever);
/// - the default image, the `IDAT` a viewer without APNG support shows, compressed exactly as
///   ``PNGEncoder`` compresses the same pixels alone in the same ``PNGCompression`` mode (the
///   same `IDAT` bytes). With a poster (``encodePoster(_:stride:)``, before any frame) it is the
///   poster's pixels and no frame of the animation (no `fcTL` before it); without one it is frame
///   0, after frame 0's `fcTL` (sequence number 0, the whole canvas);
/// - with a poster, frame 0: `fcTL` (sequence number 0) and one `fdAT` (sequence number 1) of the
///   whole canvas;
/// - frame k ≥ 1: `fcTL` and one `fdAT` (sequence numbers 2k − 1 and 2k; 2k and 2k + 1 with a
///   poster) holding only the bounding box of the pixels that differ from frame k − 1, compressed
///   as the mode's regions are (``PNGCompression/regionMethod``: the same compressor as frame 0's);
/// - `IEND`, from ``finish()``.
///
/// Every `fcTL` has `dispose_op` NONE and `blend_op` SOURCE: the region replaces the canvas's
/// pixels and stays, so each composited frame is exactly that frame's pixels. Its delay is
/// `FrameSchedule.delay(ofFrame:)` as `delay_num/delay_den`. A frame identical to the one
/// before becomes a 1 × 1 region at (0, 0) holding the unchanged pixel (about 60 bytes): the
/// frame count written in `acTL` before the first frame stays right, and the delays stay the
/// schedule's, which extending the previous frame's delay would not allow without holding back
/// a frame and knowing the count in advance.
///
/// The bytes depend on the frames and the schedule alone. Frames are premultiplied
/// native-endian ARGB words (Cairo's `CAIRO_FORMAT_ARGB32`), as ``PNGEncoder`` takes them;
/// regions are compared as those words (equal words are equal RGBA pixels).
///
/// An encoder is not safe to share between threads; give it the frames in order, from any one
/// thread at a time.
final class APNGEncoder {
    /// A rectangle of pixels: the part of a frame that changed.
    struct Region: Hashable, Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// The canvas width in pixels.
    let width: Int
    /// The canvas height in pixels.
    let height: Int
    /// The frames' count, delays and loop count.
    let schedule: FrameSchedule
    /// How many frames have been encoded.
    private(set) var encodedFrameCount = 0
    /// Whether ``finish()`` has written `IEND`.
    private(set) var isFinished = false
    /// Whether the default image is a poster written apart from the frames
    /// (``encodePoster(_:stride:)``).
    private(set) var hasPoster = false
    /// The region the last frame stored (the whole canvas for frame 0).
    private(set) var lastRegion: Region?

    /// How the frames are compressed.
    ///
    /// Every mode compresses frame 0 and the changed regions alike. Before modes existed frame 0
    /// took libdeflate level 2 (as PNGs did) and the regions level 6: on the APNG benchmark's 60
    /// regions of a filling ring (`Tests/Benchmarks/apng.py`), level 6 gave 65,837 bytes against
    /// 71,078 at level 2, 117 µs a region against 61 µs. With ``PNGCompression/default`` now level
    /// 6 for whole images too, frame 0 and the regions share it; ``PNGCompression/fast`` gives both
    /// to igzip, since whoever asks for it wants the CPU, and a region is small enough that its
    /// extra bytes are few; ``PNGCompression/small`` gives both to libdeflate level 11.
    let compression: PNGCompression

    /// Compresses frame 0, exactly as a PNG of that frame alone.
    private let encoder: PNGEncoder
    /// Compresses the changed regions of the later frames.
    private let regionEncoder: PNGEncoder
    /// The previous frame, rows of `4 × width` bytes without padding.
    private var previous: [UInt8]
    /// The scanlines of the region being encoded; grows to the largest region and stays.
    private var scanlines: [UInt8] = []

    /// Creates an encoder for frames of `width` × `height` pixels timed by `schedule`.
    ///
    /// - Parameters:
    ///   - width: the canvas width in pixels, 1 or more.
    ///   - height: the canvas height in pixels, 1 or more.
    ///   - schedule: the frame count (written before the first frame), delays and loop count.
    ///   - compression: how frame 0 and the changed regions are compressed.
    /// - Throws: `RenderError` (`.encoding`) for an empty or too large canvas, or when the
    ///   compressor cannot be allocated.
    init(width: Int, height: Int, schedule: FrameSchedule, compression: PNGCompression = .default)
        throws(RenderError)
    {
        let (_, count) = try PNGEncoder.scanlineSize(width: width, height: height)
        self.width = width
        self.height = height
        self.schedule = schedule
        self.compression = compression
        encoder = try PNGEncoder(method: compression.imageMethod)
        regionEncoder =
            compression.regionMethod == compression.imageMethod
            ? encoder : try PNGEncoder(method: compression.regionMethod)
        previous = [UInt8](repeating: 0, count: count - height)
    }

    /// Encodes the next frame: `height` rows of `width` premultiplied ARGB words, `stride`
    /// bytes apart (as ``PNGEncoder/encode(_:width:height:stride:)`` takes them).
    ///
    /// - Parameters:
    ///   - pixels: the frame; the encoder keeps a copy of what it needs.
    ///   - stride: the distance between rows in bytes, at least `4 × width`.
    /// - Returns: the bytes to append to the file: for frame 0 the signature, `IHDR`, `acTL`,
    ///   `fcTL` and `IDAT`; for later frames `fcTL` and `fdAT`.
    /// - Throws: `RenderError` (`.encoding`) for a buffer smaller than the canvas, a frame
    ///   beyond the schedule's count or after ``finish()``, or when compression fails.
    /// - Complexity: O(`width` × `height`) to find the changed region, plus O(region) to
    ///   encode it.
    func encodeFrame(_ pixels: UnsafeRawBufferPointer, stride: Int) throws(RenderError) -> [UInt8] {
        guard !isFinished, encodedFrameCount < schedule.frameCount else {
            throw RenderError(.encoding("APNG: the schedule has \(schedule.frameCount) frames; this would be one more"))
        }
        let source = try PNGEncoder.checkedBaseAddress(pixels, width: width, height: height, stride: stride)
        let index = encodedFrameCount
        // With a poster, the frames' chunks come one sequence number later and all hold `fdAT`s.
        let shift = hasPoster ? 1 : 0
        let region: Region
        if index == 0 {
            region = Region(x: 0, y: 0, width: width, height: height)
        } else {
            region = changedRegion(source, stride: stride) ?? Region(x: 0, y: 0, width: 1, height: 1)
        }
        let compressor = index == 0 ? encoder : regionEncoder
        let count = try compress(region, of: source, stride: stride, with: compressor)
        var bytes: [UInt8] = []
        bytes.reserveCapacity((index == 0 ? PNGEncoder.signature.count + 25 + 20 : 0) + 38 + 16 + count)
        if index == 0 && !hasPoster { appendHeader(to: &bytes) }
        let delay = schedule.delay(ofFrame: index)
        bytes.appendChunk(type: 0x6663_544C) { (chunk: inout [UInt8]) in  // fcTL
            chunk.appendBigEndian(UInt32(index == 0 ? 0 : 2 * index - 1 + shift))
            chunk.appendBigEndian(UInt32(region.width))
            chunk.appendBigEndian(UInt32(region.height))
            chunk.appendBigEndian(UInt32(region.x))
            chunk.appendBigEndian(UInt32(region.y))
            chunk += [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF)]
            chunk += [UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF)]
            chunk += [0, 0]  // dispose_op NONE, blend_op SOURCE
        }
        compressor.withCompressed(count) { stream in
            if index == 0 && !hasPoster {
                bytes.appendChunk(type: 0x4944_4154) { (chunk: inout [UInt8]) in chunk.append(contentsOf: stream) }
            } else {
                bytes.appendChunk(type: 0x6664_4154) { (chunk: inout [UInt8]) in  // fdAT
                    chunk.appendBigEndian(UInt32(2 * index + shift))
                    chunk.append(contentsOf: stream)
                }
            }
        }
        keep(region, of: source, stride: stride)
        encodedFrameCount += 1
        lastRegion = region
        return bytes
    }

    /// Encodes the poster: the default image a viewer without APNG support shows, which is no
    /// frame of the animation (the last frame's pixels, so that such a viewer shows the value the
    /// animation reaches). Call it before the first frame, or not at all (frame 0 is then the
    /// default image).
    ///
    /// - Returns: the file's first bytes: the signature, `IHDR`, `acTL` and the poster's `IDAT`.
    /// - Throws: `RenderError` (`.encoding`) after a frame or a poster, or for a buffer smaller
    ///   than the canvas.
    func encodePoster(_ pixels: [UInt8], stride: Int) throws(RenderError) -> [UInt8] {
        guard encodedFrameCount == 0, !hasPoster, !isFinished else {
            throw RenderError(.encoding("APNG: the poster comes before the first frame, once"))
        }
        let region = Region(x: 0, y: 0, width: width, height: height)
        var bytes: [UInt8] = []
        try pixels.withUnsafeBytes { buffer in
            Result { () throws(RenderError) in
                let source = try PNGEncoder.checkedBaseAddress(buffer, width: width, height: height, stride: stride)
                let count = try compress(region, of: source, stride: stride, with: encoder)
                appendHeader(to: &bytes)
                encoder.withCompressed(count) { stream in
                    bytes.appendChunk(type: 0x4944_4154) { (chunk: inout [UInt8]) in chunk.append(contentsOf: stream) }
                }
            }
        }.get()
        hasPoster = true
        return bytes
    }

    /// Appends the signature, `IHDR` and `acTL`.
    private func appendHeader(to bytes: inout [UInt8]) {
        bytes += PNGEncoder.signature
        bytes.appendHeader(width: width, height: height)
        bytes.appendChunk(type: 0x6163_544C) { (chunk: inout [UInt8]) in  // acTL
            chunk.appendBigEndian(UInt32(schedule.frameCount))
            chunk.appendBigEndian(UInt32(schedule.loopCount))
        }
    }

    /// Encodes the next frame from an array of premultiplied ARGB rows, `stride` bytes apart, as
    /// the pointer form does: for pixels copied out of a surface (an array can cross threads, a
    /// surface cannot).
    ///
    /// - Throws: `RenderError` as the pointer form does.
    func encodeFrame(_ pixels: [UInt8], stride: Int) throws(RenderError) -> [UInt8] {
        // `withUnsafeBytes` rethrows untyped errors: carry the typed one out as a result.
        try pixels.withUnsafeBytes { bytes in
            Result { () throws(RenderError) in try encodeFrame(bytes, stride: stride) }
        }.get()
    }

    /// Ends the file.
    ///
    /// - Returns: the last bytes to append: the `IEND` chunk.
    /// - Throws: `RenderError` (`.encoding`) when fewer frames than the schedule's count were
    ///   encoded (the `acTL` already promised them), or when called twice.
    func finish() throws(RenderError) -> [UInt8] {
        guard !isFinished else { throw RenderError(.encoding("APNG: the file is already finished")) }
        guard encodedFrameCount == schedule.frameCount else {
            throw RenderError(
                .encoding("APNG: \(encodedFrameCount) of the schedule's \(schedule.frameCount) frames were encoded"))
        }
        isFinished = true
        var bytes: [UInt8] = []
        bytes.appendChunk(type: 0x4945_4E44) { (_: inout [UInt8]) in }  // IEND
        return bytes
    }

    /// The bounding box of the pixels of `source` that differ from ``previous``, or `nil` when
    /// none does.
    ///
    /// Rows are compared whole (`memcmp`) from the top and the bottom; between them, each row
    /// is scanned from the left up to the leftmost difference found so far, and from the right
    /// down to the rightmost.
    ///
    /// - Complexity: O(`width` × `height`).
    func changedRegion(_ source: UnsafeRawPointer, stride: Int) -> Region? {
        let rowBytes = 4 * width
        return previous.withUnsafeBytes { previous -> Region? in
            guard let old = previous.baseAddress else { return nil }
            func rowDiffers(_ y: Int) -> Bool { memcmp(source + y * stride, old + y * rowBytes, rowBytes) != 0 }
            guard let top = (0..<height).first(where: rowDiffers) else { return nil }
            // Row `top` differs, so the search from the bottom stops there at the latest.
            let bottom = (top..<height).reversed().first(where: rowDiffers) ?? top
            var (left, right) = (width, -1)
            for y in top...bottom {
                let (new, was) = (source + y * stride, old + y * rowBytes)
                func differs(_ x: Int) -> Bool {
                    new.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        != was.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                }
                if let x = (0..<left).first(where: differs) { left = x }
                if let x = (max(right + 1, left)..<width).reversed().first(where: differs) { right = x }
            }
            // Rows `top` and `bottom` differ somewhere, so `left <= right`.
            return Region(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }
    }

    /// Compresses the scanlines of `region` of the frame at `source` with `compressor`, where the
    /// stream waits.
    ///
    /// - Returns: the stream's length.
    private func compress(
        _ region: Region, of source: UnsafeRawPointer, stride: Int, with compressor: PNGEncoder
    ) throws(RenderError) -> Int {
        let count = (1 + 4 * region.width) * region.height
        if scanlines.count < count {
            scanlines = []
            scanlines = [UInt8](repeating: 0, count: count)
        }
        // `withUnsafeMutableBytes` rethrows untyped errors: carry the typed one out as a result.
        return try scanlines.withUnsafeMutableBytes { buffer in
            Result { () throws(RenderError) in
                guard let target = buffer.baseAddress else { throw RenderError(.encoding("APNG: no scanline buffer")) }
                PNGEncoder.writeScanlines(
                    from: source + region.y * stride + 4 * region.x, stride: stride, width: region.width,
                    height: region.height, into: target)
                return try compressor.compress(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        }.get()
    }

    /// Copies `region` of the frame at `source` into ``previous`` (the rest is unchanged).
    private func keep(_ region: Region, of source: UnsafeRawPointer, stride: Int) {
        let rowBytes = 4 * width
        previous.withUnsafeMutableBytes { previous in
            guard let old = previous.baseAddress else { return }
            for y in region.y..<(region.y + region.height) {
                (old + y * rowBytes + 4 * region.x).copyMemory(
                    from: source + y * stride + 4 * region.x, byteCount: 4 * region.width)
            }
        }
    }
}
