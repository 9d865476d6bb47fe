import Foundation

/// Frames as Cairo's image surfaces hold them (premultiplied native-endian ARGB words, rows
/// `stride` bytes apart), drawn here without Cairo or the scene model: an antialiased progress
/// ring (a light track, a blue arc from 12 o'clock clockwise), and noise.
struct SyntheticFrame {
    var width: Int
    var height: Int
    var stride: Int
    var bytes: [UInt8]

    /// A blank (transparent) frame; `padding` bytes of 0xA5 end each row, which no encoder may
    /// read as pixels.
    init(width: Int, height: Int, padding: Int = 0) {
        self.width = width
        self.height = height
        stride = 4 * width + padding
        bytes = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for i in 0..<padding { bytes[y * stride + 4 * width + i] = 0xA5 }
        }
    }

    /// Sets pixel (x, y) from straight-alpha components in 0...1, premultiplying and rounding.
    mutating func set(x: Int, y: Int, red: Double, green: Double, blue: Double, alpha: Double) {
        let a = (alpha * 255).rounded()
        func channel(_ c: Double) -> UInt32 { UInt32(min(a, (c * alpha * 255).rounded())) }
        set(x: x, y: y, word: UInt32(a) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue))
    }

    /// Sets pixel (x, y) to a premultiplied ARGB word.
    mutating func set(x: Int, y: Int, word: UInt32) {
        withUnsafeBytes(of: word) { source in
            for i in 0..<4 { bytes[y * stride + 4 * x + i] = source[i] }
        }
    }

    /// The premultiplied ARGB word at (x, y).
    func word(x: Int, y: Int) -> UInt32 {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
    }

    /// A ring of `size` × `size` pixels showing `progress` (0...1): radius 0.39 × size, line
    /// width 0.094 × size (100 and 24 at 256 px), coverage antialiased over one pixel.
    static func ring(size: Int, progress: Double, padding: Int = 0) -> SyntheticFrame {
        var frame = SyntheticFrame(width: size, height: size, padding: padding)
        let center = Double(size) / 2
        let (radius, halfWidth) = (0.39 * Double(size), 0.047 * Double(size))
        let sweep = 2 * Double.pi * progress
        for y in 0..<size {
            for x in 0..<size {
                let (dx, dy) = (Double(x) + 0.5 - center, Double(y) + 0.5 - center)
                let r = (dx * dx + dy * dy).squareRoot()
                let radial = min(1, max(0, halfWidth + 0.5 - abs(r - radius)))
                guard radial > 0 else { continue }
                var angle = atan2(dx, -dy)
                if angle < 0 { angle += 2 * Double.pi }
                let along = min(r * angle, r * (sweep - angle))
                let arc = progress <= 0 ? 0 : min(1, max(0, along + 0.5)) * radial
                let track = radial * (1 - arc)
                let alpha = arc + track
                // Progress #007AFF over track #E6E6E6, straight colour = premultiplied / alpha.
                let red = (0 * arc + 0.902 * track) / alpha
                let green = (0.478 * arc + 0.902 * track) / alpha
                let blue = (1 * arc + 0.902 * track) / alpha
                frame.set(x: x, y: y, red: red, green: green, blue: blue, alpha: alpha)
            }
        }
        return frame
    }

    /// `base` with noise in the rectangle (`x`, `y`, `width`, `height`): random premultiplied
    /// words (transparent, opaque and partly transparent).
    static func noisy<G: RandomNumberGenerator>(
        _ base: SyntheticFrame, x: Int, y: Int, width: Int, height: Int, using random: inout G
    ) -> SyntheticFrame {
        var frame = base
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let alpha = [0, 255, UInt32.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 0
                var word = alpha << 24
                for shift: UInt32 in [16, 8, 0] where alpha > 0 {
                    word |= UInt32.random(in: 0...alpha, using: &random) << shift
                }
                frame.set(x: column, y: row, word: word)
            }
        }
        return frame
    }
}
