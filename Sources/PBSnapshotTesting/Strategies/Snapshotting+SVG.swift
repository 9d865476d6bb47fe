import PBRendering

extension Snapshotting where Value == Scene, Format == String {
    /// The scene rendered as SVG, stored as it is written and compared as text in which
    /// numbers may differ by up to 0.01 (so the last digits of a curve's control points may
    /// differ between machines), with line ends and trailing spaces made uniform, and the
    /// content-derived prefix of ids and class names (`pb1a2b3c4d-`) not compared: it changes
    /// with any change of the content, which the rest of the comparison judges.
    public static var svg: Snapshotting { .svg(tolerance: 0.01) }

    /// The scene rendered as SVG, compared as text in which numbers may differ by up to
    /// `tolerance`.
    public static func svg(tolerance: Double) -> Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .text(numberTolerance: tolerance)) { scene in
            uniformLines(String(decoding: try scene.render(as: .svg), as: UTF8.self))
        }
    }
}

extension Diffing where Value == String {
    /// Text compared line by line, where numbers (`72.773438`, `-1e-3`) match when they differ
    /// by at most `numberTolerance` and everything else must be equal.
    public static func text(numberTolerance: Double) -> Diffing {
        let lines = Diffing.lines
        return Diffing(
            toData: lines.toData, fromData: lines.fromData,
            diff: { reference, actual in
                let (old, new) = (
                    uniformLines(reference).split(separator: "\n", omittingEmptySubsequences: false),
                    uniformLines(actual).split(separator: "\n", omittingEmptySubsequences: false)
                )
                let differing = zip(old, new).enumerated().first {
                    !linesMatch($0.element.0, $0.element.1, tolerance: numberTolerance)
                }
                guard differing != nil || old.count != new.count else { return nil }
                let index = differing?.offset ?? min(old.count, new.count)
                let shown = { (lines: [Substring]) in index < lines.count ? String(lines[index]) : "(no line)" }
                return SnapshotDifference(
                    message: "line \(index + 1) differs beyond \(numberTolerance) "
                        + "(\(old.count) lines in the reference, \(new.count) now)\n"
                        + "  − \(shown(old))\n  + \(shown(new))")
            })
    }
}

/// `\r\n` as `\n`, and no trailing spaces or tabs.
func uniformLines(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.replacing(/[ \t]+$/, with: "") }.joined(separator: "\n")
}

/// Whether two lines are equal but for numbers within `tolerance` of each other and the
/// content-derived prefixes of SVG ids.
func linesMatch(_ a: Substring, _ b: Substring, tolerance: Double) -> Bool {
    let prefix = /pb[0-9a-f]{1,8}-/
    let (a, b) = (Substring(a.replacing(prefix, with: "pb-")), Substring(b.replacing(prefix, with: "pb-")))
    let number = /-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/
    let (tokensA, tokensB) = (a.matches(of: number), b.matches(of: number))
    guard tokensA.count == tokensB.count else { return false }
    // The text between numbers must be identical.
    guard a.replacing(number, with: "#") == b.replacing(number, with: "#") else { return false }
    for (x, y) in zip(tokensA, tokensB) {
        guard let u = Double(x.output), let v = Double(y.output), abs(u - v) <= tolerance else { return false }
    }
    return true
}
