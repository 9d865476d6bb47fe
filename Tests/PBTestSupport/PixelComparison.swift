import PBRendering

/// How two renders of the same picture differ, composited over white so transparent and
/// opaque renderers compare alike.
public struct PixelComparison: CustomStringConvertible {
    /// Pixels whose largest channel difference exceeds the threshold.
    public var differing: Int
    /// All pixels.
    public var total: Int
    /// The largest channel difference seen.
    public var largest: Int

    public init(_ a: RGBAImage, _ b: RGBAImage, threshold: Int) {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var differing = 0
        var largest = 0
        for i in 0..<(a.width * a.height) {
            var worst = 0
            for channel in 0..<3 {
                let x = Self.overWhite(a.pixels, i, channel)
                let y = Self.overWhite(b.pixels, i, channel)
                worst = max(worst, abs(x - y))
            }
            largest = max(largest, worst)
            if worst > threshold { differing += 1 }
        }
        self.differing = differing
        self.total = a.width * a.height
        self.largest = largest
    }

    public static func overWhite(_ pixels: [UInt8], _ index: Int, _ channel: Int) -> Int {
        let alpha = Int(pixels[4 * index + 3])
        return (Int(pixels[4 * index + channel]) * alpha + 255 * (255 - alpha) + 127) / 255
    }

    /// The share of differing pixels.
    public var share: Double { Double(differing) / Double(total) }

    public var description: String { "\(differing) of \(total) pixels differ (largest channel difference \(largest))" }
}

extension RGBAImage {
    /// The pixel nearest a point (in pixels), composited over white.
    public func color(at x: Double, _ y: Double) -> (red: Int, green: Int, blue: Int) {
        let (px, py) = (min(max(Int(x.rounded(.down)), 0), width - 1), min(max(Int(y.rounded(.down)), 0), height - 1))
        let i = py * width + px
        return (
            PixelComparison.overWhite(pixels, i, 0), PixelComparison.overWhite(pixels, i, 1),
            PixelComparison.overWhite(pixels, i, 2)
        )
    }

    /// Whether the pixel at a point is within `tolerance` of `color` (over white).
    public func matches(_ color: Color, at x: Double, _ y: Double, tolerance: Int = 24) -> Bool {
        let c = self.color(at: x, y)
        let expected = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        return abs(c.red - expected[0]) <= tolerance && abs(c.green - expected[1]) <= tolerance
            && abs(c.blue - expected[2]) <= tolerance
    }

    /// How many pixels are close to `color` (over white).
    public func count(of color: Color, tolerance: Int = 40) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where matches(color, at: Double(x), Double(y), tolerance: tolerance) { count += 1 }
        }
        return count
    }
}
