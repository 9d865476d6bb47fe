import Foundation
import PBRendering

/// How two renders of the same picture by different rasterisers differ, forgiving the
/// sub-pixel placement of edges: a pixel counts as differing only when its colour lies outside
/// the range of the other picture's 3 x 3 neighbourhood around it by more than a threshold.
///
/// Both pictures are composited on white first. For a pixel p and a channel c, let
/// `lo` and `hi` be the least and greatest value of channel c in the other picture over the
/// pixels at most one step from p (a 3 x 3 square, cut at the borders); the *excess* of p is
/// the largest, over the channels, of `max(0, lo - v, v - hi)` where v is p's own value. The
/// check runs both ways (a against b's neighbourhoods, b against a's) and a pixel's excess is
/// the larger. A pixel differs when its excess is above ``threshold``.
///
/// Why: Skia (Chromium) and Cairo place dash ends, arc ends and antialiased edges a fraction of
/// a pixel apart, so a per-pixel count (``PixelComparison``) flags correct pictures along every
/// edge (0.68 % of a dashed ring's pixels), while a shifted edge still leaves a pixel's colour
/// within its neighbour's range. A picture moved by two or more pixels, recoloured, or with a
/// dash of another length, fails: whole runs of pixels find nothing like them nearby.
///
/// ``share`` relates the count to the *painted* pixels (those not pure white in at least one
/// picture), so it does not shrink with empty canvas around a drawing.
public struct NeighbourhoodComparison: Sendable, CustomStringConvertible {
    /// The default threshold, 48 of 255, as issue 9 ("Web-native SVG") states the browser bound.
    public static let defaultThreshold = 48

    /// Pixels whose excess is above the threshold.
    public var differing: Int
    /// Pixels not pure white (over white) in at least one of the pictures.
    public var painted: Int
    /// All pixels.
    public var total: Int
    /// The largest excess over all pixels, 0...255.
    public var largestExcess: Int
    /// The excess a pixel may have and still count as the same.
    public var threshold: Int
    /// A picture of where they differ, if asked for: differing pixels red, pixels whose
    /// excess is above zero but within the threshold orange, the rest the first picture in
    /// grey at a quarter of its contrast (white stays white).
    public var difference: RGBAImage?

    /// Compares two pictures of the same size.
    ///
    /// - Parameters:
    ///   - a: One picture (e.g. pbrender's PNG).
    ///   - b: The other (e.g. Chromium's screenshot).
    ///   - threshold: The excess above which a pixel differs, of 255. Default 48.
    ///   - recordsDifference: Whether to make ``difference``.
    /// - Precondition: Both pictures have the same size.
    /// - Complexity: O(width x height).
    public init(
        _ a: RGBAImage, _ b: RGBAImage, threshold: Int = defaultThreshold, recordsDifference: Bool = false
    ) {
        precondition(a.width == b.width && a.height == b.height, "sizes differ: \(a) and \(b)")
        let (width, height) = (a.width, a.height)
        let count = 3 * width * height
        // Both pictures over white, each one's neighbourhood minima and maxima, and scratch.
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 8 * count)
        defer { storage.deallocate() }
        let (u, v, uLow, uHigh) = (storage, storage + count, storage + 2 * count, storage + 3 * count)
        let (vLow, vHigh, scratch) = (storage + 4 * count, storage + 5 * count, storage + 6 * count)
        Self.composite(a, overWhiteInto: u)
        Self.composite(b, overWhiteInto: v)
        Self.neighbourhoodRange(of: u, low: uLow, high: uHigh, scratch: scratch, width: width, height: height)
        Self.neighbourhoodRange(of: v, low: vLow, high: vHigh, scratch: scratch, width: width, height: height)
        // Plain loops and comparisons (no generic min/max, ranges or tuples): the suite runs
        // in debug builds, where those cost a call each.
        var differing = 0
        var painted = 0
        var largest = 0
        var excesses = [UInt8](repeating: 0, count: recordsDifference ? width * height : 0)
        var pixel = 0
        while pixel < width * height {
            var excess = 0
            var white = true
            var channel = 3 * pixel
            while channel < 3 * pixel + 3 {
                let (x, y) = (Int(u[channel]), Int(v[channel]))
                if x != 255 || y != 255 { white = false }
                let below = Int(vLow[channel]) - x
                if below > excess { excess = below }
                let above = x - Int(vHigh[channel])
                if above > excess { excess = above }
                let otherBelow = Int(uLow[channel]) - y
                if otherBelow > excess { excess = otherBelow }
                let otherAbove = y - Int(uHigh[channel])
                if otherAbove > excess { excess = otherAbove }
                channel += 1
            }
            if !white { painted += 1 }
            if excess > threshold { differing += 1 }
            if excess > largest { largest = excess }
            if recordsDifference { excesses[pixel] = UInt8(excess) }
            pixel += 1
        }
        self.differing = differing
        self.painted = painted
        self.total = width * height
        self.largestExcess = largest
        self.threshold = threshold
        if recordsDifference {
            var pixels = [UInt8](repeating: 255, count: 4 * width * height)
            for pixel in 0..<(width * height) {
                let excess = Int(excesses[pixel])
                let colour: (Int, Int, Int)
                if excess > threshold {
                    colour = (255, 0, 0)
                } else if excess > 0 {
                    colour = (255, 160, 0)
                } else {
                    let c = 3 * pixel
                    let grey = (Int(u[c]) + Int(u[c + 1]) + Int(u[c + 2])) / 3
                    let faded = 255 - (255 - grey) / 4
                    colour = (faded, faded, faded)
                }
                (pixels[4 * pixel], pixels[4 * pixel + 1], pixels[4 * pixel + 2]) =
                    (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2))
            }
            difference = RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// The share of painted pixels that differ (0 when nothing is painted).
    public var share: Double { painted == 0 ? 0 : Double(differing) / Double(painted) }

    /// The count in words, e.g. `12 of 4000 painted pixels (0.300 %) lie more than 48 outside
    /// the other picture's 3x3 neighbourhood (largest excess 120; 65536 pixels in all)`.
    public var description: String {
        let percent = (share * 100_000).rounded() / 1000
        return "\(differing) of \(painted) painted pixels (\(percent) %) lie more than \(threshold) outside the "
            + "other picture's 3x3 neighbourhood (largest excess \(largestExcess); \(total) pixels in all)"
    }

    /// Writes ``difference`` as a PNG (nothing if it was not recorded).
    ///
    /// - Parameter path: Where to write it.
    /// - Throws: When the file cannot be written or the PNG encoded.
    public func writeDifference(to path: String) throws {
        guard let difference else { return }
        try Data(difference.pngData()).write(to: URL(fileURLWithPath: path))
    }

    /// Writes the picture composited on white, 3 bytes a pixel (red, green, blue).
    private static func composite(_ image: RGBAImage, overWhiteInto out: UnsafeMutablePointer<UInt8>) {
        image.pixels.withUnsafeBufferPointer { source in
            var pixel = 0
            while pixel < image.width * image.height {
                let alpha = Int(source[4 * pixel + 3])
                var channel = 0
                while channel < 3 {
                    let value = Int(source[4 * pixel + channel])
                    out[3 * pixel + channel] =
                        alpha == 255 ? UInt8(value) : UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                    channel += 1
                }
                pixel += 1
            }
        }
    }

    /// Writes the least and greatest value of each channel over each pixel's 3 x 3
    /// neighbourhood (cut at the borders), in two passes: along rows into `scratch` (twice the
    /// picture's size: minima, then maxima), then along columns.
    private static func neighbourhoodRange(
        of rgb: UnsafeMutablePointer<UInt8>, low: UnsafeMutablePointer<UInt8>, high: UnsafeMutablePointer<UInt8>,
        scratch: UnsafeMutablePointer<UInt8>, width: Int, height: Int
    ) {
        let rowLength = 3 * width
        let count = rowLength * height
        let (rowLow, rowHigh) = (scratch, scratch + count)
        // Along rows: the pixel and its left and right neighbours (3 bytes away).
        var here = 0
        while here < count {
            let offset = here % rowLength
            var least = rgb[here]
            var greatest = least
            if offset >= 3 {
                let left = rgb[here - 3]
                if left < least { least = left }
                if left > greatest { greatest = left }
            }
            if offset + 3 < rowLength {
                let right = rgb[here + 3]
                if right < least { least = right }
                if right > greatest { greatest = right }
            }
            rowLow[here] = least
            rowHigh[here] = greatest
            here += 1
        }
        // Along columns: the row ranges above and below (a row away).
        here = 0
        while here < count {
            var least = rowLow[here]
            var greatest = rowHigh[here]
            if here >= rowLength {
                let up = here - rowLength
                if rowLow[up] < least { least = rowLow[up] }
                if rowHigh[up] > greatest { greatest = rowHigh[up] }
            }
            if here + rowLength < count {
                let down = here + rowLength
                if rowLow[down] < least { least = rowLow[down] }
                if rowHigh[down] > greatest { greatest = rowHigh[down] }
            }
            low[here] = least
            high[here] = greatest
            here += 1
        }
    }
}
