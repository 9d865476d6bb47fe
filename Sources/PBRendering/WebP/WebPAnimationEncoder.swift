internal import CWebP
import PBScene

/// Turns frames, given one after another, into a lossless animated WebP with an animated PNG's
/// frames, timing and loop count, through libwebp's animation encoder (`WebPAnimEncoder`, in
/// libwebpmux).
///
/// Each frame is unpremultiplied as ``PNGEncoder`` does and handed to libwebp with
/// ``WebPEncoder``'s configuration (lossless, exact, single-threaded). libwebp stores only the
/// rectangle that changed from the previous frame, choosing per frame between keeping and
/// clearing the canvas and between blending and replacing (the choice that gives fewer bytes; a
/// blended rectangle is used only where every changed pixel is opaque, so the composited frame is
/// exact either way), and merges a frame identical to the one before into it, adding the two
/// durations: a viewer then shows the same pixels for the same time, in fewer frames. An
/// animation whose frames are all the same becomes a still WebP (libwebp's choice).
///
/// Timing: frame `k` starts at `round(1000 × t(k))` ms, `t(k)` the sum of the delays
/// (`FrameSchedule.delay(ofFrame:)`) of the frames before it, computed exactly in integers
/// (`FrameSchedule.startTime(ofFrame:unitsPerSecond:)`), and the animation ends at the rounded
/// sum of all delays. WebP counts whole milliseconds, so
/// a frame's duration is within 1 ms of the APNG's (33 or 34 ms at 30 fps, against 33⅓) while
/// no error accumulates: every frame starts within 0.5 ms of its APNG time. The loop count is
/// the schedule's (0 = forever); WebP stores at most 65,535.
///
/// Memory: libwebp keeps a few canvases of `4 × width × height` bytes (the current frame, the
/// previous one, its disposed copy, and the candidate rectangles of the frame it has not yet
/// settled) and every frame's compressed bitstream until ``finish()``, which assembles the file (the `RIFF` header
/// holds the file's length, so nothing can be written before the last frame). Pixels stay flat
/// in the number of frames; compressed bytes grow with the file, and assembling copies them
/// twice more at the end.
///
/// The bytes depend on the frames and the schedule alone. An encoder is not safe to share between
/// threads; give it the frames in order.
final class WebPAnimationEncoder {
    /// The most times a WebP can play: 65,535 (`ANIM`'s loop count is 16 bits; 0 = forever).
    static let maximumLoopCount = 65535

    /// The canvas width in pixels.
    let width: Int
    /// The canvas height in pixels.
    let height: Int
    /// The frames' count, delays and loop count.
    let schedule: FrameSchedule
    /// How many frames have been added.
    private(set) var encodedFrameCount = 0
    /// Whether ``finish()`` has run.
    private(set) var isFinished = false

    /// libwebp's animation encoder, owned here.
    private let encoder: OpaquePointer
    /// libwebp's functions.
    private let webp: pb_webp_functions
    /// Unpremultiplies each frame into its picture and holds the configuration.
    private let frames: WebPEncoder

    /// Creates an encoder for frames of `width` × `height` pixels timed by `schedule`.
    ///
    /// The corresponding C functions are `WebPAnimEncoderOptionsInit` and `WebPAnimEncoderNew`.
    ///
    /// - Parameters:
    ///   - width: the canvas width in pixels, 1 to `Scene.maximumWebPPixelDimension`.
    ///   - height: the canvas height in pixels, 1 to `Scene.maximumWebPPixelDimension`.
    ///   - schedule: the frame count, delays and loop count.
    /// - Throws: `RenderError`: `.canvasTooLargeForFormat` above the WebP limit;
    ///   `.invalidValue` (`loop`) for a loop count above ``maximumLoopCount``; `.encoding` for an
    ///   empty canvas or when libwebp cannot create its encoder.
    init(width: Int, height: Int, schedule: FrameSchedule) throws(RenderError) {
        try WebPEncoder.checkSize(width: width, height: height)
        guard schedule.loopCount <= Self.maximumLoopCount else {
            throw RenderError(
                .invalidValue(
                    name: "loop", value: "\(schedule.loopCount)",
                    requirement: "from 0 (forever) to \(Self.maximumLoopCount) for a WebP"))
        }
        let webp = try WebPLibrary.loaded()
        var options = WebPAnimEncoderOptions()
        guard pb_webp_anim_encoder_options_init(&options) != 0 else {
            throw RenderError(.encoding("WebP: libwebpmux's version differs"))
        }
        options.anim_params.loop_count = Int32(schedule.loopCount)
        options.anim_params.bgcolor = 0  // transparent, as decoders draw the canvas anyway
        options.minimize_size = 0
        options.allow_mixed = 0
        // libwebp's defaults for `kmin` and `kmax` insert no key frames (none is needed to play).
        guard let encoder = pb_webp_anim_encoder_new(Int32(width), Int32(height), &options) else {
            throw RenderError(.encoding("WebP: cannot create an animation encoder for \(width) x \(height) pixels"))
        }
        self.encoder = encoder
        self.webp = webp
        do {
            frames = try WebPEncoder()
        } catch {
            webp.WebPAnimEncoderDelete(encoder)
            throw error
        }
        self.width = width
        self.height = height
        self.schedule = schedule
    }

    deinit {
        webp.WebPAnimEncoderDelete(encoder)
    }

    /// Adds the next frame: `height` rows of `width` premultiplied ARGB words, `stride` bytes
    /// apart (as ``WebPEncoder/encode(_:width:height:stride:)`` takes them), shown from
    /// `FrameSchedule.startTime(ofFrame:unitsPerSecond:)` in milliseconds.
    ///
    /// The corresponding C function is `WebPAnimEncoderAdd`.
    ///
    /// - Throws: `RenderError` (`.encoding`) for a buffer smaller than the canvas, a frame
    ///   beyond the schedule's count or after ``finish()``, or when libwebp fails (with its
    ///   message).
    /// - Complexity: O(`width` × `height`) to unpremultiply and compare, plus the lossless
    ///   encoding of the changed rectangle (twice or three times, for libwebp's candidates).
    func encodeFrame(_ pixels: UnsafeRawBufferPointer, stride: Int) throws(RenderError) {
        guard !isFinished, encodedFrameCount < schedule.frameCount else {
            throw RenderError(.encoding("WebP: the schedule has \(schedule.frameCount) frames; this would be one more"))
        }
        let timestamp = Int32(schedule.startTime(ofFrame: encodedFrameCount, unitsPerSecond: 1000))
        let encoder = self.encoder
        try frames.withPicture(pixels, width: width, height: height, stride: stride) {
            (picture, config) throws(RenderError) in
            guard webp.WebPAnimEncoderAdd(encoder, picture, timestamp, config) != 0 else {
                throw failure(picture.pointee.error_code)
            }
        }
        encodedFrameCount += 1
    }

    /// Ends the animation at the schedule's end (`FrameSchedule.startTime(ofFrame:unitsPerSecond:)`
    /// of `frameCount`, in milliseconds) and returns the whole file.
    ///
    /// The corresponding C functions are `WebPAnimEncoderAdd` (with no frame) and
    /// `WebPAnimEncoderAssemble`.
    ///
    /// - Throws: `RenderError` (`.encoding`) when fewer frames than the schedule's were
    ///   given, when called twice, or when libwebp fails.
    func finish() throws(RenderError) -> [UInt8] {
        guard !isFinished else { throw RenderError(.encoding("WebP: the file is already finished")) }
        guard encodedFrameCount == schedule.frameCount else {
            throw RenderError(
                .encoding("WebP: \(encodedFrameCount) of the schedule's \(schedule.frameCount) frames were encoded"))
        }
        isFinished = true
        let end = Int32(schedule.startTime(ofFrame: schedule.frameCount, unitsPerSecond: 1000))
        guard webp.WebPAnimEncoderAdd(encoder, nil, end, nil) != 0 else { throw failure(nil) }
        var data = WebPData()
        guard webp.WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else { throw failure(nil) }
        defer { pb_webp_data_clear(&data) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    /// The error for a failed call: libwebp's message (`WebPAnimEncoderGetError`), with the
    /// picture's error code when there is one.
    private func failure(_ code: WebPEncodingError?) -> RenderError {
        let message = webp.WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        guard let code, code != VP8_ENC_OK else {
            return RenderError(.encoding("WebP: \(message.isEmpty ? "libwebp failed" : message)"))
        }
        let failure = WebPEncoder.failure(code)
        guard !message.isEmpty, case .encoding(let text) = failure.kind else { return failure }
        return RenderError(.encoding("\(text): \(message)"))
    }
}
