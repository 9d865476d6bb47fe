import Foundation
import PBRendering

/// Help's "(default …)" written from the default values themselves (`\(default: value)` in an
/// option's help), so that help says what leaving the option out does, and cannot drift from it.
extension DefaultStringInterpolation {
    /// A number as options read it: `10`, `0.5`, `1e-9`.
    mutating func appendInterpolation(default value: Double) {
        appendLiteral(NumberText.readable(value).replacingOccurrences(of: "e-0", with: "e-"))
    }

    /// A whole number: `30`.
    mutating func appendInterpolation(default value: Int) {
        appendLiteral(String(value))
    }

    /// A keyword as options read it: `round`, `miter`, `light`.
    mutating func appendInterpolation<Keyword: RawRepresentable>(default value: Keyword)
    where Keyword.RawValue == String {
        appendLiteral(value.rawValue)
    }

    /// A colour as `#RRGGBB` (`#RRGGBBAA` when not opaque; `transparent` when clear), with its
    /// system colour's name when it is one: `#007AFF, systemBlue`.
    mutating func appendInterpolation(default color: Color) {
        if color == .clear { return appendLiteral("transparent") }
        appendLiteral(color.hexString + (color.systemColorName.map { ", " + $0 } ?? ""))
    }
}
