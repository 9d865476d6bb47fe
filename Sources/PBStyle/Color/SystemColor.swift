/// The UIKit system colours users know, each with its light and dark appearance.
enum SystemColor {
    /// Name, light colour, dark colour (as `UIColor.system…` resolves them).
    static let all: [(name: String, light: Color, dark: Color)] = [
        ("systemRed", Color(hex: 0xFF3B30), Color(hex: 0xFF453A)),
        ("systemOrange", Color(hex: 0xFF9500), Color(hex: 0xFF9F0A)),
        ("systemYellow", Color(hex: 0xFFCC00), Color(hex: 0xFFD60A)),
        ("systemGreen", Color(hex: 0x34C759), Color(hex: 0x30D158)),
        ("systemMint", Color(hex: 0x00C7BE), Color(hex: 0x63E6E2)),
        ("systemTeal", Color(hex: 0x5AC8FA), Color(hex: 0x64D2FF)),
        ("systemCyan", Color(hex: 0x32ADE6), Color(hex: 0x64D2FF)),
        ("systemBlue", Color(hex: 0x007AFF), Color(hex: 0x0A84FF)),
        ("systemIndigo", Color(hex: 0x5856D6), Color(hex: 0x5E5CE6)),
        ("systemPurple", Color(hex: 0xAF52DE), Color(hex: 0xBF5AF2)),
        ("systemPink", Color(hex: 0xFF2D55), Color(hex: 0xFF375F)),
        ("systemBrown", Color(hex: 0xA2845E), Color(hex: 0xAC8E68)),
        ("systemGray", Color(hex: 0x8E8E93), Color(hex: 0x8E8E93)),
        ("systemGray2", Color(hex: 0xAEAEB2), Color(hex: 0x636366)),
        ("systemGray3", Color(hex: 0xC7C7CC), Color(hex: 0x48484A)),
        ("systemGray4", Color(hex: 0xD1D1D6), Color(hex: 0x3A3A3C)),
        ("systemGray5", Color(hex: 0xE5E5EA), Color(hex: 0x2C2C2E)),
        ("systemGray6", Color(hex: 0xF2F2F7), Color(hex: 0x1C1C1E)),
        ("label", Color(hex: 0x000000), Color(hex: 0xFFFFFF)),
        ("systemBackground", Color(hex: 0xFFFFFF), Color(hex: 0x000000)),
    ]

    /// The dynamic colour (``Color/init(light:dark:)``) of the system colour `name`, as listed in
    /// ``all``; clear for a name not listed (a programming error, caught by the tests).
    static func color(named name: String) -> Color {
        all.first { $0.name == name }.map { Color(light: $0.light, dark: $0.dark) } ?? .clear
    }
}

extension Color {
    /// The name of the system colour this is, light and dark alike (`"systemBlue"` for
    /// ``systemBlue``), or nil for any other colour.
    public var systemColorName: String? {
        SystemColor.all.first { Color(light: $0.light, dark: $0.dark) == self }?.name
    }
}

extension Color {
    /// The system red, `#FF3B30`.
    public static let systemRed = SystemColor.color(named: "systemRed")
    /// The system orange, `#FF9500`.
    public static let systemOrange = SystemColor.color(named: "systemOrange")
    /// The system yellow, `#FFCC00`.
    public static let systemYellow = SystemColor.color(named: "systemYellow")
    /// The system green, `#34C759`.
    public static let systemGreen = SystemColor.color(named: "systemGreen")
    /// The system teal, `#5AC8FA` (UIKit's teal of iOS 13).
    public static let systemTeal = SystemColor.color(named: "systemTeal")
    /// The system indigo, `#5856D6`.
    public static let systemIndigo = SystemColor.color(named: "systemIndigo")
    /// The system purple, `#AF52DE`.
    public static let systemPurple = SystemColor.color(named: "systemPurple")
    /// The system pink, `#FF2D55`.
    public static let systemPink = SystemColor.color(named: "systemPink")
    /// The system grey, `#8E8E93`.
    public static let systemGray = SystemColor.color(named: "systemGray")

    /// The system label colour: black, white in dark appearance (`UIColor.label`).
    public static let label = SystemColor.color(named: "label")
    /// The system background colour: white, black in dark appearance (`UIColor.systemBackground`).
    public static let systemBackground = SystemColor.color(named: "systemBackground")

    /// The colour in dark appearance, ``resolved(for:)`` `.dark`: a dynamic (system) colour's
    /// dark appearance (``systemBlue`` becomes `#0A84FF`, ``systemGray5`` `#2C2C2E`), any other
    /// colour itself, whatever its value (`#007AFF` written as such, or `white`, stays).
    public var darkVariant: Color { resolved(for: .dark) }

    /// A colour from a 24-bit `0xRRGGBB` value, opaque.
    package init(hex: UInt32) {
        self.init(red8: UInt8(hex >> 16 & 0xFF), green8: UInt8(hex >> 8 & 0xFF), blue8: UInt8(hex & 0xFF))
    }
}
