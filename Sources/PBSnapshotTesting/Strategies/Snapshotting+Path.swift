import Foundation
import PBGeometry

extension Snapshotting where Value == Path, Format == String {
    /// The path as a readable list of its subpaths and segments, numbers to six significant
    /// digits:
    ///
    /// ```
    /// subpath 1, closed, from (128, 28)
    ///   arc to (128, 28): centre (128, 128), radii 100 x 100, rotation 0°, start -90°, sweep 360°
    /// ```
    public static var elements: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { path in elementList(path) }
    }
}

/// The element list of ``Snapshotting/elements``.
func elementList(_ path: Path) -> String {
    func number(_ value: Double) -> String {
        let text = String(format: "%.6g", value)
        return text == "-0" ? "0" : text
    }
    func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }
    var lines: [String] = []
    for (index, subpath) in path.subpaths.enumerated() {
        lines.append("subpath \(index + 1), \(subpath.isClosed ? "closed" : "open"), from \(point(subpath.start))")
        for segment in subpath.segments {
            switch segment {
            case .line(let line):
                lines.append("  line to \(point(line.end))")
            case .quadCurve(let curve):
                lines.append("  quad curve to \(point(curve.end)), control \(point(curve.control))")
            case .curve(let curve):
                lines.append(
                    "  curve to \(point(curve.end)), controls \(point(curve.control1)) \(point(curve.control2))")
            case .arc(let arc):
                let degrees = { (angle: Angle) in number(angle.degrees) + "°" }
                lines.append(
                    "  arc to \(point(arc.end)): centre \(point(arc.center)), radii \(number(arc.radiusX)) x "
                        + "\(number(arc.radiusY)), rotation \(degrees(arc.xAxisRotation)), "
                        + "start \(degrees(arc.startAngle)), sweep \(degrees(arc.sweepAngle))")
            }
        }
        if let closing = subpath.closingLine { lines.append("  close with a line to \(point(closing.end))") }
    }
    return lines.joined(separator: "\n") + "\n"
}
