import PBScene

/// Writes an animated GIF frame by frame, small: each image stores only the rectangle that
/// changed since what the viewer shows, the pixels in it that did not change transparent, and a
/// frame identical to the one before is merged into it (one image shown for both durations).
///
/// **Times.** As ``GIFFrameTimes`` says: each frame shown starts at its exact time rounded to the
/// hundredth of a second and lasts until the next one shown, so the delays add up to the
/// animation's length rounded to the hundredth; frames that would be shown for less than 2
/// hundredths (above 50 fps) are left out.
///
///
/// **Loops.** The schedule's loop count as an APNG's: the NETSCAPE2.0 extension counts repeats
/// after the first showing, so an animation played forever (0) gets 0, one played `n` times gets
/// `n - 1`, and one played once has no extension. A GIF repeats at most 65,535 times.
///
/// **Transparency.** An image is drawn over what the viewer shows, so it can turn a pixel from
/// transparent to a colour, or from one colour to another, but never back to transparent. When
/// the next frame makes opaque pixels transparent (a round cap's edge leaving the track, a
/// spinner's tail, a value going down), the image before it also covers those pixels and is
/// cleared to transparent after it is shown (disposal "restore to background", which clears the
/// image's rectangle alone), and the next image draws what that rectangle shows again. The canvas
/// is clear when an animation starts, and when it starts again, as browsers, Apple's ImageIO and
/// Pillow draw it. Pixels are as ``GIFPixels`` makes them (partly transparent ones over the
/// matte); each image's colours are a ``GIFPalette``, exact when the image has at most 255
/// colours.
///
/// Memory: the frame shown, the frame waiting to be written (its disposal depends on the next
/// one) and the file written so far. The bytes depend on the frames, the schedule and the
/// options alone. An encoder is not safe to share between threads; give it the frames in order.
final class GIFAnimationEncoder {
    /// The most times a GIF can play: 65,536 (the first showing and 65,535 repeats).
    static let maximumLoopCount = 65_536

    /// The canvas width in pixels.
    let width: Int
    /// The canvas height in pixels.
    let height: Int
    /// The frame count, delays and loop count.
    let schedule: FrameSchedule
    /// The colour partly transparent pixels are composited onto, `0xRRGGBB`.
    let matte: UInt32
    /// Whether quantized images are dithered.
    let dither: Bool
    /// Which frames are shown, and when.
    let times: GIFFrameTimes

    private let writer: GIFWriter
    /// What the viewer shows before the pending frame is drawn, as the frames' own colours (not
    /// the quantized ones, so that a quantized frame does not make every pixel differ).
    private var shown: [UInt32]
    /// The last frame shown that is not yet written, and when it starts, in hundredths.
    private var pending: (pixels: GIFPixels, start: Int)?
    /// How many frames have been given.
    private(set) var frameCount = 0

    /// An encoder for `schedule.frameCount` frames of `width` × `height` pixels.
    ///
    /// - Parameters:
    ///   - matte: the colour partly transparent pixels are composited onto, `0xRRGGBB`.
    ///   - dither: whether quantized images are dithered.
    /// - Throws: `RenderError`: `.invalidValue` (`loop`) for a loop count above
    ///   ``maximumLoopCount``; `.encoding` for an empty canvas or one of more than 65,535 pixels a
    ///   side, or when giflib cannot be loaded or fails.
    init(width: Int, height: Int, schedule: FrameSchedule, matte: UInt32, dither: Bool) throws(RenderError) {
        try GIFEncoder.checkSize(width: width, height: height)
        guard schedule.loopCount <= Self.maximumLoopCount else {
            throw RenderError(
                .invalidValue(
                    name: "loop", value: "\(schedule.loopCount)",
                    requirement: "from 0 (forever) to \(Self.maximumLoopCount) for a GIF"))
        }
        (self.width, self.height, self.schedule, self.matte, self.dither) = (width, height, schedule, matte, dither)
        times = GIFFrameTimes(schedule)
        writer = try GIFWriter(width: width, height: height)
        shown = Array(repeating: GIFPixels.transparent, count: width * height)
        if schedule.loopCount != 1 { try writer.putRepeatCount(max(schedule.loopCount - 1, 0)) }
    }

    /// Takes the next frame: `height` rows of `width` premultiplied native-endian ARGB words
    /// (Cairo's), `stride` bytes apart.
    ///
    /// - Throws: `RenderError` (`.encoding`) for a frame past the schedule's count, or when giflib
    ///   fails.
    /// - Complexity: O(`width` × `height`), plus the palette of the changed rectangle.
    func encodeFrame(_ pixels: UnsafeRawBufferPointer, stride: Int) throws(RenderError) {
        guard frameCount < schedule.frameCount else {
            throw RenderError(.encoding("GIF: the schedule has \(schedule.frameCount) frames; this would be one more"))
        }
        let index = frameCount
        frameCount += 1
        guard times.isShown[index] else { return }
        let frame = GIFPixels(premultiplied: pixels, width: width, height: height, stride: stride, matte: matte)
        if let previous = pending {
            if previous.pixels == frame { return }
            try write(previous, until: times.starts[index], clearing: Self.cleared(from: previous.pixels, to: frame))
        }
        pending = (frame, times.starts[index])
    }

    /// Writes the last frame and returns the file's bytes.
    ///
    /// - Throws: `RenderError` (`.encoding`) when fewer frames than the schedule's were given, or
    ///   giflib fails.
    func finish() throws(RenderError) -> [UInt8] {
        guard frameCount == schedule.frameCount, let last = pending else {
            throw RenderError(
                .encoding("GIF: \(frameCount) of the schedule's \(schedule.frameCount) frames were given"))
        }
        pending = nil
        try write(last, until: times.starts[schedule.frameCount], clearing: nil)
        return try writer.finish()
    }

    /// Writes `frame` until `end` (hundredths of a second): the rectangle of the pixels that
    /// differ from what is shown, grown to `clearing` (the pixels the next frame makes transparent)
    /// when there is one, and then cleared; the pixels in it that do not differ are transparent.
    private func write(_ frame: (pixels: GIFPixels, start: Int), until end: Int, clearing: Rectangle?)
        throws(RenderError)
    {
        let width = self.width
        let changed = Self.bounds(of: shown, frame.pixels.colors, width: width) { $0 != $1 }
        // Nothing to draw (a first frame all transparent): one transparent pixel.
        let area = changed.map { $0.union(clearing) } ?? clearing ?? Rectangle(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var colors: [UInt32] = []
        colors.reserveCapacity(area.width * area.height)
        shown.withUnsafeBufferPointer { old in
            frame.pixels.colors.withUnsafeBufferPointer { new in
                for y in area.minY...area.maxY {
                    for x in area.minX...area.maxX {
                        let color = new[y * width + x]
                        colors.append(color != old[y * width + x] ? color : GIFPixels.transparent)
                    }
                }
            }
        }
        try writer.putImage(
            GIFPalette(GIFPixels(width: area.width, height: area.height, colors: colors), dither: dither),
            x: area.minX, y: area.minY, width: area.width, delay: end - frame.start,
            disposal: clearing == nil ? .keep : .clear)
        shown = frame.pixels.colors
        if clearing != nil {
            for y in area.minY...area.maxY {
                for x in area.minX...area.maxX { shown[y * width + x] = GIFPixels.transparent }
            }
        }
    }

    /// A rectangle of pixels, edges included.
    struct Rectangle: Equatable {
        var minX, minY, maxX, maxY: Int

        /// Its width in pixels.
        var width: Int { maxX - minX + 1 }
        /// Its height in pixels.
        var height: Int { maxY - minY + 1 }

        /// The smallest rectangle holding both.
        func union(_ other: Rectangle?) -> Rectangle {
            guard let other else { return self }
            return Rectangle(
                minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                maxY: max(maxY, other.maxY))
        }
    }

    /// The smallest rectangle holding every pixel `old` shows opaque and `new` transparent, or
    /// `nil` when there is none.
    static func cleared(from old: GIFPixels, to new: GIFPixels) -> Rectangle? {
        bounds(of: old.colors, new.colors, width: old.width) {
            $0 != GIFPixels.transparent && $1 == GIFPixels.transparent
        }
    }

    /// The smallest rectangle holding every pixel where `test` holds of the two images' pixels
    /// (rows of `width`), or `nil`.
    private static func bounds(
        of old: [UInt32], _ new: [UInt32], width: Int, where test: (UInt32, UInt32) -> Bool
    ) -> Rectangle? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for y in 0..<new.count / width {
                    let row = y * width
                    for x in 0..<width where test(old[row + x], new[row + x]) {
                        (minX, maxX) = (min(minX, x), max(maxX, x))
                        (minY, maxY) = (min(minY, y), y)
                    }
                }
            }
        }
        return maxX < 0 ? nil : Rectangle(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}
