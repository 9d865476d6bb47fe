internal import CGIF
import PBScene
import PBSynchronization

/// The colour table of one GIF image (at most 256 entries, stored before the image) and each
/// pixel's index into it.
///
/// **Exact.** An image of at most 256 colours (counting transparency as one) gets exactly its own
/// colours, in the order they first appear (row by row from the top left): it decodes to the very
/// pixels it was made of.
///
/// **Quantized.** An image of more gets 256 colours (255 and transparency) chosen from its pixels:
///
/// 1. giflib's median cut (`GifQuantizeBuffer`, MIT like the rest of giflib) splits the opaque
///    pixels into boxes, on a histogram of 5 bits a channel;
/// 2. each colour is the mean of its box's pixels, exactly (giflib's own colour is the mean of
///    the 5-bit cells' corners, which turns white into 248, 248, 248); when giflib makes fewer
///    boxes than there is room for (few 5-bit cells), the room is filled with the colours whose
///    pixels are farthest from an entry, weighted by their count;
/// 3. two rounds of Lloyd's refinement: each distinct colour goes to its nearest entry, and each
///    entry becomes the mean of the pixels that went to it (an entry no pixel chose stays);
/// 4. each pixel takes the nearest entry (squared distance in RGB, the first of equals), or,
///    dithered, the nearest entry to its colour plus the error its neighbours passed on
///    (Floyd–Steinberg: 7/16 right, 3/16 down left, 5/16 down, 1/16 down right, row by row from
///    the top left, in sixteenths rounded half up; transparent pixels neither take nor pass on
///    error).
///
/// giflib's `GifQuantizeBuffer` only chooses colours; the dithering is pbrender's own.
///
/// Every step is in integers and never depends on the order of a dictionary: the same pixels
/// always give the same table and indices. Measured against the composited PNG over white (mean
/// and largest channel error over the opaque pixels, undithered, by `GIFOracleTests`): the
/// default ring (286 colours) 0.002 and 1, a badge 0.02 and 1, a labelled ring 0.03 and 3, a
/// three-colour gradient ring (about 2,000 colours) 1.28 and 19. libimagequant (Debian
/// `libimagequant-dev` 2.17, through Pillow 9.4 on the same pictures) gets 0.026 and 2, 0.042
/// and 2, 0.057 and 3, 0.68 and 107, but it is GPL-3.0+, which would make the whole binary GPL:
/// pbrender's binary carries no GPL library.
///
/// giflib's quantizer keeps the axis it sorts on in a static variable, so two threads quantizing
/// at once would sort by each other's axis: calls are serialized (``quantizerLock``).
struct GIFPalette: Equatable {
    /// The entries, `0xRRGGBB` (the transparent entry, if any, is black).
    var colors: [UInt32]
    /// The entry transparent pixels take, when the image has any.
    var transparentIndex: Int?
    /// Each pixel's entry, row by row.
    var indices: [UInt8]
    /// Whether every pixel has its exact colour (not quantized).
    var isExact: Bool

    /// The most entries a table has.
    static let maximumCount = 256
    /// Rounds of Lloyd's refinement after the median cut: two gave most of what twenty give
    /// (a gradient ring's mean error 1.72 → 1.39, twenty rounds 1.31).
    static let refinementRounds = 2
    /// Serializes giflib's quantizer, which is not reentrant.
    private static let quantizerLock = Locked(())

    /// The table and indices of `pixels`.
    ///
    /// - Parameters:
    ///   - pixels: the image.
    ///   - dither: whether a quantized image is dithered (an exact one never is).
    /// - Throws: `RenderError` (`.encoding`) when giflib cannot be loaded or its quantizer fails.
    /// - Complexity: O(*n*) for *n* pixels when exact; quantized, O(*n* + *d* × 256) for *d*
    ///   distinct colours, or O(*n* × 256) dithered.
    init(_ pixels: GIFPixels, dither: Bool) throws(RenderError) {
        if let exact = Self.exact(pixels) {
            self = exact
            return
        }
        // Each distinct opaque colour and its pixels, counted by runs.
        var counts: [UInt32: Int] = [:]
        var (run, runLength) = (GIFPixels.transparent, 0)
        for color in pixels.colors {
            if color == run {
                runLength += 1
                continue
            }
            if run != GIFPixels.transparent { counts[run, default: 0] += runLength }
            (run, runLength) = (color, 1)
        }
        if run != GIFPixels.transparent { counts[run, default: 0] += runLength }
        let hasTransparency = pixels.colors.contains(GIFPixels.transparent)
        let room = Self.maximumCount - (hasTransparency ? 1 : 0)
        var entries = Self.filled(try Self.medianCut(pixels.colors, room: room), counts: counts, room: room)
        for _ in 0..<Self.refinementRounds { entries = Self.refined(entries, counts: counts) }
        let transparent = UInt8(truncatingIfNeeded: entries.count)
        indices =
            dither
            ? Self.dithered(pixels, entries: entries, transparent: transparent)
            : Self.nearest(pixels.colors, entries: entries, transparent: transparent)
        colors = entries + (hasTransparency ? [0] : [])
        transparentIndex = hasTransparency ? entries.count : nil
        isExact = false
    }

    /// A table with these entries and indices.
    private init(colors: [UInt32], transparentIndex: Int?, indices: [UInt8], isExact: Bool) {
        (self.colors, self.transparentIndex, self.indices, self.isExact) = (colors, transparentIndex, indices, isExact)
    }

    /// The exact table of `pixels`, or `nil` when they have more than 256 colours.
    private static func exact(_ pixels: GIFPixels) -> GIFPalette? {
        var entries: [UInt32: UInt8] = [:]
        entries.reserveCapacity(2 * maximumCount)
        var colors: [UInt32] = []
        var indices = [UInt8](repeating: 0, count: pixels.colors.count)
        // No pixel has this value: the first pixel is looked up.
        var (last, lastIndex): (UInt32, UInt8) = (UInt32.max, 0)
        for (position, color) in pixels.colors.enumerated() {
            if color != last {
                if let index = entries[color] {
                    lastIndex = index
                } else {
                    guard colors.count < maximumCount else { return nil }
                    lastIndex = UInt8(colors.count)
                    entries[color] = lastIndex
                    colors.append(color)
                }
                last = color
            }
            indices[position] = lastIndex
        }
        let transparentIndex = entries[GIFPixels.transparent].map(Int.init)
        if let transparentIndex { colors[transparentIndex] = 0 }
        return GIFPalette(colors: colors, transparentIndex: transparentIndex, indices: indices, isExact: true)
    }

    /// At most `room` colours for the opaque pixels among `colors`: giflib's median-cut boxes,
    /// each the exact mean of its pixels. The corresponding C function is `GifQuantizeBuffer`.
    private static func medianCut(_ colors: [UInt32], room: Int) throws(RenderError) -> [UInt32] {
        let gif = try GIFLibrary.loaded()
        let opaque = colors.filter { $0 != GIFPixels.transparent }
        var red = opaque.map { UInt8(truncatingIfNeeded: $0 >> 16) }
        var green = opaque.map { UInt8(truncatingIfNeeded: $0 >> 8) }
        var blue = opaque.map { UInt8(truncatingIfNeeded: $0) }
        var boxes = [UInt8](repeating: 0, count: opaque.count)
        var map = [GifColorType](repeating: GifColorType(), count: maximumCount)
        var size = Int32(room)
        let status = quantizerLock.withLock { _ in
            gif.GifQuantizeBuffer(UInt32(opaque.count), 1, &size, &red, &green, &blue, &boxes, &map)
        }
        guard status == GIF_OK, (1...room).contains(Int(size)) else {
            throw RenderError(.encoding("GIF: giflib could not quantize the image"))
        }
        var sums = [(red: Int, green: Int, blue: Int, count: Int)](repeating: (0, 0, 0, 0), count: Int(size))
        for (color, box) in zip(opaque, boxes) {
            sums[Int(box)].red += Int(color >> 16)
            sums[Int(box)].green += Int(color >> 8 & 0xFF)
            sums[Int(box)].blue += Int(color & 0xFF)
            sums[Int(box)].count += 1
        }
        return sums.map(mean)
    }

    /// `entries` with the room left filled: giflib cuts a histogram of 5 bits a channel, so an
    /// image of a few hundred colours (a badge, a ring's antialiased edges) gets fewer boxes than
    /// there is room for. Each entry added is the colour with the largest error left, its pixel
    /// count times its squared distance to the nearest entry (the smallest `0xRRGGBB` of equals);
    /// none is added once every colour has an entry.
    ///
    /// - Complexity: O(*d* × *r*) for *d* distinct colours and *r* entries added.
    private static func filled(_ entries: [UInt32], counts: [UInt32: Int], room: Int) -> [UInt32] {
        guard entries.count < room else { return entries }
        let colors = counts.keys.sorted()
        let weights = colors.map { counts[$0] ?? 0 }
        var entries = entries
        var distances = colors.map { squaredDistance($0, entries[Int(nearest(to: $0, in: entries))]) }
        while entries.count < room {
            var (best, largest) = (-1, 0)
            for index in colors.indices where weights[index] * distances[index] > largest {
                (best, largest) = (index, weights[index] * distances[index])
            }
            guard best >= 0 else { break }
            let added = colors[best]
            entries.append(added)
            for index in colors.indices {
                distances[index] = min(distances[index], squaredDistance(colors[index], added))
            }
        }
        return entries
    }

    /// The squared distance in RGB between two `0xRRGGBB` colours.
    private static func squaredDistance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }

    /// One round of Lloyd's refinement: each entry the mean of the colours (`counts`: each
    /// distinct colour and its pixels) nearest to it; an entry none is nearest to stays.
    private static func refined(_ entries: [UInt32], counts: [UInt32: Int]) -> [UInt32] {
        var sums = [(red: Int, green: Int, blue: Int, count: Int)](repeating: (0, 0, 0, 0), count: entries.count)
        for (color, count) in counts {
            let index = Int(nearest(to: color, in: entries))
            sums[index].red += count * Int(color >> 16)
            sums[index].green += count * Int(color >> 8 & 0xFF)
            sums[index].blue += count * Int(color & 0xFF)
            sums[index].count += count
        }
        return zip(entries, sums).map { entry, sum in sum.count == 0 ? entry : mean(sum) }
    }

    /// A sum of colours divided by their count, each channel rounded half up.
    private static func mean(_ sum: (red: Int, green: Int, blue: Int, count: Int)) -> UInt32 {
        guard sum.count > 0 else { return 0 }
        func channel(_ total: Int) -> UInt32 { UInt32((2 * total + sum.count) / (2 * sum.count)) }
        return channel(sum.red) << 16 | channel(sum.green) << 8 | channel(sum.blue)
    }

    /// The entry nearest `color` (`0xRRGGBB`): the smallest squared distance in RGB, the first of
    /// equals.
    static func nearest(to color: UInt32, in entries: [UInt32]) -> UInt8 {
        nearest(red: Int(color >> 16), green: Int(color >> 8 & 0xFF), blue: Int(color & 0xFF), in: entries)
    }

    /// The entry nearest the colour (`red`, `green`, `blue`), as ``nearest(to:in:)``.
    private static func nearest(red: Int, green: Int, blue: Int, in entries: [UInt32]) -> UInt8 {
        var (best, bestDistance) = (0, Int.max)
        for (index, entry) in entries.enumerated() {
            let dr = red - Int(entry >> 16)
            let dg = green - Int(entry >> 8 & 0xFF)
            let db = blue - Int(entry & 0xFF)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return UInt8(truncatingIfNeeded: best)
    }

    /// Each pixel's nearest entry, worked out once for each distinct colour.
    private static func nearest(_ colors: [UInt32], entries: [UInt32], transparent: UInt8) -> [UInt8] {
        var known: [UInt32: UInt8] = [GIFPixels.transparent: transparent]
        var (last, lastIndex) = (GIFPixels.transparent, transparent)
        return colors.map { color in
            guard color != last else { return lastIndex }
            last = color
            if let index = known[color] {
                lastIndex = index
            } else {
                lastIndex = nearest(to: color, in: entries)
                known[color] = lastIndex
            }
            return lastIndex
        }
    }

    /// Each pixel's entry, Floyd–Steinberg dithered (see the type's documentation).
    private static func dithered(_ pixels: GIFPixels, entries: [UInt32], transparent: UInt8) -> [UInt8] {
        let width = pixels.width
        // The error carried into this row and the next, in sixteenths, three channels a pixel,
        // one pixel of margin on each side.
        var current = [Int](repeating: 0, count: 3 * (width + 2))
        var next = current
        var indices = [UInt8](repeating: transparent, count: pixels.colors.count)
        for y in 0..<pixels.height {
            for x in 0..<width {
                let color = pixels.colors[y * width + x]
                guard color != GIFPixels.transparent else { continue }
                let at = 3 * (x + 1)
                func wanted(_ channel: UInt32, _ offset: Int) -> Int {
                    min(max(Int(channel) + (current[at + offset] + 8) >> 4, 0), 255)
                }
                let (red, green, blue) = (wanted(color >> 16, 0), wanted(color >> 8 & 0xFF, 1), wanted(color & 0xFF, 2))
                let index = nearest(red: red, green: green, blue: blue, in: entries)
                indices[y * width + x] = index
                let chosen = entries[Int(index)]
                func spread(_ error: Int, _ offset: Int) {
                    current[at + 3 + offset] += 7 * error
                    next[at - 3 + offset] += 3 * error
                    next[at + offset] += 5 * error
                    next[at + 3 + offset] += error
                }
                spread(red - Int(chosen >> 16), 0)
                spread(green - Int(chosen >> 8 & 0xFF), 1)
                spread(blue - Int(chosen & 0xFF), 2)
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return indices
    }
}
