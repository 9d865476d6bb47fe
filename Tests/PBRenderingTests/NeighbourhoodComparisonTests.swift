import PBRendering
import PBTestSupport
import Testing

/// The browser comparison against its definition, computed naively, and against counts worked
/// out by hand.
@Suite struct NeighbourhoodComparisonTests {
    /// An opaque image filled by a function of the pixel position.
    static func image(width: Int, height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = colour(x, y)
                pixels += [r, g, b, a]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A black square of side 10 at (left, top) on white, 40 x 40.
    static func square(left: Int, top: Int = 10) -> RGBAImage {
        image(width: 40, height: 40) { x, y in
            (left..<(left + 10)).contains(x) && (top..<(top + 10)).contains(y) ? (0, 0, 0, 255) : (255, 255, 255, 255)
        }
    }

    /// The definition, pixel by pixel: over white, each channel against the other picture's
    /// 3 x 3 range, both ways.
    static func reference(_ a: RGBAImage, _ b: RGBAImage, threshold: Int) -> (
        differing: Int, painted: Int, largest: Int
    ) {
        func value(_ image: RGBAImage, _ x: Int, _ y: Int, _ channel: Int) -> Int {
            PixelComparison.overWhite(image.pixels, y * image.width + x, channel)
        }
        var (differing, painted, largest) = (0, 0, 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                var excess = 0
                var white = true
                for channel in 0..<3 {
                    for (one, other) in [(a, b), (b, a)] {
                        let own = value(one, x, y, channel)
                        if own != 255 { white = false }
                        var (low, high) = (255, 0)
                        for dy in -1...1 {
                            for dx in -1...1 {
                                let (nx, ny) = (x + dx, y + dy)
                                guard nx >= 0 && ny >= 0 && nx < a.width && ny < a.height else { continue }
                                low = min(low, value(other, nx, ny, channel))
                                high = max(high, value(other, nx, ny, channel))
                            }
                        }
                        excess = max(excess, low - own, own - high)
                    }
                }
                if !white { painted += 1 }
                if excess > threshold { differing += 1 }
                largest = max(largest, excess)
            }
        }
        return (differing, painted, largest)
    }

    @Test func identicalPicturesAgreeAndPaintedCountsTheNonWhitePixels() {
        let square = Self.square(left: 10)
        let comparison = NeighbourhoodComparison(square, square)
        #expect(comparison.differing == 0 && comparison.largestExcess == 0)
        #expect(comparison.painted == 100 && comparison.total == 1600)
    }

    @Test func aOnePixelShiftIsForgivenATwoPixelShiftIsNot() {
        let moved = NeighbourhoodComparison(Self.square(left: 10), Self.square(left: 11))
        #expect(moved.differing == 0, "\(moved)")
        #expect(moved.painted == 110)
        // Moved by 2: the square's far columns (10 and 21 rows each: the black edge column on
        // each side finds no black within one pixel) and, inside the other square, the white
        // column next to each edge where the neighbourhood is all black (8 rows each, one row
        // in from the corners).
        let shifted = NeighbourhoodComparison(Self.square(left: 10), Self.square(left: 12))
        #expect(shifted.differing == 10 + 10 + 8 + 8, "\(shifted)")
        #expect(shifted.largestExcess == 255)
        #expect(shifted.painted == 120)
        #expect(abs(shifted.share - 36.0 / 120) < 1e-12)
    }

    @Test func theThresholdIsAnExcessAboveTheRange() {
        let grey = Self.image(width: 8, height: 8) { _, _ in (100, 100, 100, 255) }
        let within = Self.image(width: 8, height: 8) { _, _ in (148, 100, 52, 255) }
        let beyond = Self.image(width: 8, height: 8) { _, _ in (149, 100, 100, 255) }
        let atThreshold = NeighbourhoodComparison(grey, within)
        #expect(atThreshold.differing == 0 && atThreshold.largestExcess == 48)
        let aboveIt = NeighbourhoodComparison(grey, beyond)
        #expect(aboveIt.differing == 64 && aboveIt.largestExcess == 49)
        #expect(NeighbourhoodComparison(grey, beyond, threshold: 49).differing == 0)
    }

    @Test func bothWaysAreChecked() {
        // A one-pixel line only in the first picture: b's neighbourhoods are all white there.
        let line = Self.image(width: 20, height: 20) { x, _ in x == 7 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let blank = Self.image(width: 20, height: 20) { _, _ in (255, 255, 255, 255) }
        #expect(NeighbourhoodComparison(line, blank).differing == 20)
        #expect(NeighbourhoodComparison(blank, line).differing == 20)
    }

    @Test func transparencyIsCompositedOnWhite() {
        let clear = Self.image(width: 8, height: 8) { _, _ in (0, 0, 0, 0) }
        let white = Self.image(width: 8, height: 8) { _, _ in (255, 255, 255, 255) }
        let comparison = NeighbourhoodComparison(clear, white)
        #expect(comparison.painted == 0 && comparison.differing == 0 && comparison.share == 0)
        let halfBlack = Self.image(width: 8, height: 8) { _, _ in (0, 0, 0, 128) }
        let grey = Self.image(width: 8, height: 8) { _, _ in (127, 127, 127, 255) }
        #expect(NeighbourhoodComparison(halfBlack, grey, threshold: 0).differing == 0)
    }

    @Test(arguments: 0..<8)
    func randomPicturesCountAsTheDefinitionSays(seed: UInt64) {
        var generator = SeededGenerator(seed: 0xB0_0000 + seed)
        let (width, height) = (Int.random(in: 1...24, using: &generator), Int.random(in: 1...24, using: &generator))
        // Blobs of a few colours, so that some pixels agree, some nearly, some not at all.
        let palette: [(UInt8, UInt8, UInt8, UInt8)] = [
            (255, 255, 255, 255), (0, 122, 255, 255), (0, 100, 230, 255), (255, 59, 48, 128), (0, 0, 0, 0),
        ]
        func random() -> RGBAImage {
            let cells = (0..<(width * height)).map { _ in palette[Int.random(in: 0..<palette.count, using: &generator)]
            }
            return Self.image(width: width, height: height) { x, y in cells[y * width + x] }
        }
        let (a, b) = (random(), random())
        let threshold = Int.random(in: 0...60, using: &generator)
        let comparison = NeighbourhoodComparison(a, b, threshold: threshold)
        let expected = Self.reference(a, b, threshold: threshold)
        #expect(comparison.differing == expected.differing, "seed \(seed)")
        #expect(comparison.painted == expected.painted, "seed \(seed)")
        #expect(comparison.largestExcess == expected.largest, "seed \(seed)")
    }

    @Test func theDifferencePictureMarksTheDifferingPixelsRed() throws {
        let comparison = NeighbourhoodComparison(
            Self.square(left: 10), Self.square(left: 12), recordsDifference: true)
        let difference = try #require(comparison.difference)
        var red = 0
        for y in 0..<40 {
            for x in 0..<40 where difference[x, y] == (255, 0, 0, 255) { red += 1 }
        }
        #expect(red == comparison.differing)
        #expect(difference[10, 10] == (255, 0, 0, 255) && difference[0, 0] == (255, 255, 255, 255))
        #expect(NeighbourhoodComparison(Self.square(left: 10), Self.square(left: 10)).difference == nil)
    }
}
