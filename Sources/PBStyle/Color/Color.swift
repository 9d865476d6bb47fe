/// An sRGB colour with straight (not premultiplied) alpha, each component in `0...1`.
///
/// A colour is either fixed (every colour written as `#RRGGBB`, `rgb()`, `hsl()` or a CSS
/// keyword, and every colour made from components) or dynamic, as UIKit's system colours are:
/// ``init(light:dark:)`` gives it a second appearance, which ``resolved(for:)`` picks. Only
/// dynamic colours change in dark appearance, so `white` written by a user stays white while
/// `systemBackground` turns black: the choice follows where a colour came from, never its value.
/// The components (``red``, …) are the light appearance's.
public struct Color: Hashable, Sendable {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The opacity: 0 is transparent, 1 opaque.
    public var alpha: Double
    /// The dark appearance of a dynamic colour; `nil` for a fixed one.
    private var dark: Components?

    /// A dynamic colour's dark appearance, stored inline (a colour cannot hold a colour).
    private struct Components: Hashable, Sendable {
        var red, green, blue, alpha: Double
    }

    /// Creates a colour from components in `0...1` (values outside are pinned).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func pin(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        self.red = pin(red)
        self.green = pin(green)
        self.blue = pin(blue)
        self.alpha = pin(alpha)
    }

    /// A dynamic colour: `light` in light appearance, `dark` in dark, as a UIKit system colour
    /// (`UIColor.systemBlue` is `#007AFF` and `#0A84FF`). Its components are `light`'s.
    ///
    /// - Parameters:
    ///   - light: the colour in light appearance (if dynamic, its light appearance).
    ///   - dark: the colour in dark appearance (if dynamic, its dark appearance).
    public init(light: Color, dark: Color) {
        self = light.resolved(for: .light)
        let dark = dark.resolved(for: .dark)
        self.dark = Components(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
    }

    /// Whether the colour changes with the appearance (made by ``init(light:dark:)``, as the
    /// system colours are).
    public var isDynamic: Bool { dark != nil }

    /// The fixed colour this one is in `appearance`: a dynamic colour's light or dark
    /// appearance, a fixed colour itself.
    public func resolved(for appearance: Appearance) -> Color {
        var color = self
        color.dark = nil
        if appearance == .dark, let dark {
            (color.red, color.green, color.blue, color.alpha) = (dark.red, dark.green, dark.blue, dark.alpha)
        }
        return color
    }

    /// Creates a colour from 8-bit components.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
            alpha: Double(alpha8) / 255)
    }

    /// `UIProgressView`'s default progress tint, the system blue: `#007AFF`, `#0A84FF` in dark
    /// appearance.
    public static let systemBlue = SystemColor.color(named: "systemBlue")
    /// `UIProgressView`'s default track tint, the system grey 5: `#E5E5EA`, `#2C2C2E` in dark
    /// appearance.
    public static let systemGray5 = SystemColor.color(named: "systemGray5")
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The colour as `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        func hex(_ value: Double) -> String {
            let byte = Int((value * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}

extension Color {
    /// The colour a fraction `t` of the way to `other`, interpolated in premultiplied
    /// components as CSS gradients are (so a clear end fades the other colour's opacity rather
    /// than darkening it); exactly `self` at 0 and `other` at 1.
    public func interpolated(to other: Color, at t: Double) -> Color {
        if t <= 0 { return self }
        if t >= 1 { return other }
        let alpha = self.alpha + t * (other.alpha - self.alpha)
        guard alpha > 0 else { return .clear }
        func mix(_ a: Double, _ b: Double) -> Double {
            (a * self.alpha + t * (b * other.alpha - a * self.alpha)) / alpha
        }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), alpha: alpha)
    }
}

extension Color {
    /// The colour with its alpha multiplied by `factor`.
    package func faded(by factor: Double) -> Color {
        var color = self
        color.alpha *= factor
        return color
    }
}
