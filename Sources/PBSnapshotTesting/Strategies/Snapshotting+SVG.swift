import PBRendering

extension Snapshotting where Value == ProgressScene, Format == String {
    /// The scene rendered as SVG, compared as normalised text: numbers rounded to two decimals
    /// (so the last digits of a curve's control points may differ between machines), line ends
    /// and trailing spaces made uniform.
    public static var svg: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { scene in
            normalizedSVG(String(decoding: try scene.render(as: .svg), as: UTF8.self))
        }
    }
}

/// SVG text with the numbers in `d` and `style` attributes rounded to two decimals
/// (`72.773438` → `72.77`), `\r\n` as `\n`, and no trailing spaces.
func normalizedSVG(_ text: String) -> String {
    let attribute = /(?<name>\b(?:d|style))="(?<value>[^"]*)"/
    let number = /-?[0-9]+\.[0-9]+/
    let unified = text.replacingOccurrences(of: "\r\n", with: "\n")
    let rounded = unified.replacing(attribute) { match in
        let value = String(match.output.value).replacing(number) { number in
            roundedText(Double(number.output) ?? 0)
        }
        return "\(match.output.name)=\"\(value)\""
    }
    return rounded.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.replacing(/[ \t]+$/, with: "") }.joined(separator: "\n")
}

/// A number rounded to two decimals, written without trailing zeros: `72.77`, `4`, `-0.5`.
private func roundedText(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let magnitude = abs(hundredths)
    var text = (hundredths < 0 ? "-" : "") + String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
        text += "." + (fraction < 10 ? "0" : "") + String(fraction % 10 == 0 ? fraction / 10 : fraction)
    }
    return text
}
