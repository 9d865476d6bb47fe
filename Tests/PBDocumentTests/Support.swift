import Foundation
import PBDocument
import PBGeometry
import PBTestCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
