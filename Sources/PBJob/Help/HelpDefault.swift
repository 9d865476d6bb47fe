import PBRendering

/// Help's "(default …)" written from the default values themselves (`\(default: value)` in an
/// option's help), so that help says what leaving the option out does, and cannot drift from it.
extension DefaultStringInterpolation {
    /// A number as options read it: `10`, `0.5`, `1e-9`.
    package mutating func appendInterpolation(default value: Double) {
        let text = NumberText.readable(value)
        // printf writes two exponent digits (`1e-09`); options are written with one (`1e-9`).
        guard let exponent = text.firstIndex(of: "e"), text[exponent...].hasPrefix("e-0") else {
            return appendLiteral(text)
        }
        appendLiteral(text[..<exponent] + "e-" + text[text.index(exponent, offsetBy: 3)...])
    }

    /// A whole number: `30`.
    package mutating func appendInterpolation(default value: Int) {
        appendLiteral(String(value))
    }

    /// A keyword as options read it: `round`, `miter`, `light`.
    package mutating func appendInterpolation<Keyword: RawRepresentable>(default value: Keyword)
    where Keyword.RawValue == String {
        appendLiteral(value.rawValue)
    }

    /// A colour as `#RRGGBB` (`#RRGGBBAA` when not opaque; `transparent` when clear), with its
    /// system colour's name when it is one: `#007AFF, systemBlue`.
    package mutating func appendInterpolation(default color: Color) {
        if color == .clear { return appendLiteral("transparent") }
        appendLiteral(color.hexString + (color.systemColorName.map { ", " + $0 } ?? ""))
    }
}
