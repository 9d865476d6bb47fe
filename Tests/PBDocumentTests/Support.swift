import Foundation
import PBDocument
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A document of `body` inside `<svg>` with `attributes` (default a 200 × 100 canvas, no view box).
func document(
    _ body: String, attributes: String = #"width="200" height="100""#, fileName: String? = "test.svg"
) throws(SVGDocumentError) -> SVGDocument {
    try SVGDocument(
        string: #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" "#
            + attributes + ">" + body + "</svg>", fileName: fileName)
}

/// The error reading `text` throws, or `nil` (recorded as an issue) when it reads.
func readingError(
    _ text: String, limits: SVGDocumentLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
)
    -> SVGDocumentError?
{
    do {
        _ = try SVGDocument(string: text, fileName: "bad.svg", limits: limits)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The length of a path, to 1e-12.
func length(_ path: Path) -> Double {
    PathMeasure(path, accuracy: 1e-12).length
}

/// Expects `measured` within `relative` of `exact`.
func expectClose(
    _ measured: Double, _ exact: Double, relative: Double = 1e-12, absolute: Double = 0, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let allowed = max(relative * abs(exact), absolute)
    #expect(
        abs(measured - exact) <= allowed,
        "\(measured) is not within \(allowed) of \(exact) (error \(abs(measured - exact))). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects two points within `absolute` of each other.
func expectClose(
    _ measured: Point?, _ exact: Point, absolute: Double = 1e-12, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let measured else {
        Issue.record("no point, expected \(exact)", sourceLocation: sourceLocation)
        return
    }
    let distance = hypot(measured.x - exact.x, measured.y - exact.y)
    #expect(
        distance <= absolute, "\(measured) is \(distance) from \(exact). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// The perimeter of an ellipse with semi-axes `a` and `b`, `4 a E(m)` with `m = 1 - b²/a²`, the
/// complete elliptic integral of the second kind by the arithmetic-geometric mean (Gauss and
/// Legendre; converges quadratically, to rounding in a handful of steps): independent of the
/// library's quadrature.
func ellipsePerimeter(_ a: Double, _ b: Double) -> Double {
    let (major, minor) = (max(a, b), min(a, b))
    var (x, y) = (major, minor)
    var c2 = major * major - minor * minor
    var power = 0.5
    var sum = power * c2
    for _ in 0..<40 {
        let next = ((x + y) / 2, (x * y).squareRoot())
        c2 = ((x - y) / 2) * ((x - y) / 2)
        power *= 2
        sum += power * c2
        (x, y) = next
        if c2 == 0 { break }
    }
    return 4 * .pi * (major * major - sum) / (x + y)
}

/// The singular values of the 2 × 2 matrix `[[a, c], [b, d]]` (the semi-axes of the unit
/// circle's image).
func singularValues(a: Double, b: Double, c: Double, d: Double) -> (Double, Double) {
    let s = a * a + b * b + c * c + d * d
    let det = abs(a * d - b * c)
    let root = max(s * s - 4 * det * det, 0).squareRoot()
    let big = ((s + root) / 2).squareRoot()
    return (big, big == 0 ? 0 : det / big)
}

/// Every 10th icon file (not the links between names) of Debian's elementary and breeze icon
/// themes, designers' documents made with Inkscape, in a fixed order.
func designerIconSample() throws -> [URL] {
    var files: [URL] = []
    for theme in ["/usr/share/icons/elementary", "/usr/share/icons/breeze"] {
        let enumerator = FileManager.default.enumerator(
            at: URL(fileURLWithPath: theme), includingPropertiesForKeys: [.isSymbolicLinkKey])
        let icons = (enumerator?.allObjects as? [URL] ?? []).filter { url in
            url.pathExtension == "svg"
                && (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink != true
        }.sorted { $0.path < $1.path }
        try #require(icons.count > 2_500, "install elementary-icon-theme and breeze-icon-theme (.ci/install-deps)")
        files += icons.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
    }
    return files
}

/// The share of painted pixels (in either image) that differ by more than 48 of 255, as the
/// issue's pictures are compared with rsvg-convert's.
func paintedDifference(_ ours: RGBAImage, _ theirs: RGBAImage) -> (share: Double, comparison: PixelComparison) {
    let comparison = PixelComparison(ours, theirs, threshold: 48)
    var painted = 0
    for index in 0..<(ours.width * ours.height)
    where ours.pixels[4 * index + 3] > 0 || theirs.pixels[4 * index + 3] > 0 {
        painted += 1
    }
    return (Double(comparison.differing) / Double(max(painted, 1)), comparison)
}
