import PBRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An 8-bit colour composited over white, as the probes read pixels.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: Int
    public var green: Int
    public var blue: Int

    public init(_ red: Int, _ green: Int, _ blue: Int) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `0xRRGGBB`.
    public init(hex: Int) {
        self.init(hex >> 16 & 0xFF, hex >> 8 & 0xFF, hex & 0xFF)
    }

    public var channels: [Int] { [red, green, blue] }

    /// The library's colour with these components (opaque).
    public var color: Color { Color(red8: UInt8(red), green8: UInt8(green), blue8: UInt8(blue)) }

    /// The colour `t` of the way from `self` to `other`, each channel interpolated linearly
    /// (what a CSS gradient between two opaque colours gives), not rounded.
    public func mixed(with other: RGB, at t: Double) -> (Double, Double, Double) {
        (
            Double(red) + t * Double(other.red - red), Double(green) + t * Double(other.green - green),
            Double(blue) + t * Double(other.blue - blue)
        )
    }

    public var description: String { "(\(red), \(green), \(blue))" }

    public static let white = RGB(255, 255, 255)
    /// The default track tint, `#E5E5EA`.
    public static let track = RGB(hex: 0xE5E5EA)
}

/// The geometry of the default ring, computed by hand: a 12-point round-capped stroke fitted in
/// a square canvas of `side` points has radius `side / 2 - 6` about the canvas centre, and
/// starts at 12 o'clock running clockwise (on screen, y down), so fraction `f` is the angle
/// `-90° + 360° f`.
public struct RingGeometry: Sendable {
    public var side: Double
    public var lineWidth: Double
    public var scale: Double

    public init(side: Double = 256, lineWidth: Double = 12, scale: Double = 1) {
        (self.side, self.lineWidth, self.scale) = (side, lineWidth, scale)
    }

    public var radius: Double { side / 2 - lineWidth / 2 }
    public var center: (x: Double, y: Double) { (side / 2, side / 2) }

    /// The angle of fraction `fraction`, in radians.
    public func angle(_ fraction: Double) -> Double { -Double.pi / 2 + 2 * Double.pi * fraction }

    /// The point at `fraction` of the ring, moved `along` points along the direction of travel
    /// (the tangent there) and `outward` points away from the centre, in pixels.
    public func pixel(atFraction fraction: Double, along: Double = 0, outward: Double = 0) -> (x: Double, y: Double) {
        let θ = angle(fraction)
        let (c, s) = (cos(θ), sin(θ))
        // Clockwise on screen: the tangent is d/dθ (cos θ, sin θ) = (-sin θ, cos θ).
        let x = center.x + (radius + outward) * c - along * s
        let y = center.y + (radius + outward) * s + along * c
        return (x * scale, y * scale)
    }
}

/// The geometry of a bar drawn by hand: a `lineWidth` stroke with round caps on a canvas
/// `width` points wide and `lineWidth` tall runs from `x = lineWidth / 2` to
/// `width - lineWidth / 2` on the middle row, so fraction `f` is at `x = w/2 + f (width - w)`.
public struct BarGeometry: Sendable {
    public var width: Double
    public var lineWidth: Double
    public var scale: Double

    public init(width: Double = 256, lineWidth: Double = 20, scale: Double = 1) {
        (self.width, self.lineWidth, self.scale) = (width, lineWidth, scale)
    }

    public var length: Double { width - lineWidth }

    public func pixel(atFraction fraction: Double, along: Double = 0, across: Double = 0) -> (x: Double, y: Double) {
        ((lineWidth / 2 + fraction * length + along) * scale, (lineWidth / 2 + across) * scale)
    }
}

extension RGBAImage {
    /// The pixel containing `point` (in pixels), over white.
    public func rgb(_ point: (x: Double, y: Double)) -> RGB {
        let c = color(at: point.x, point.y)
        return RGB(c.red, c.green, c.blue)
    }
}
