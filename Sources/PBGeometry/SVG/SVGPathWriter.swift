extension Path {
    /// The path as SVG path data, with absolute commands and the shortest decimal form of each
    /// number that reads back as the same double, so `Path(svgPathData: path.svgPathData)`
    /// equals `path` (for paths read from SVG path data; arcs built from centre parameters read
    /// back with their end points exact and their centre to within rounding).
    ///
    /// Each subpath starts with `M`; closed ones end with `Z`. An arc that ends where it starts
    /// (a whole ellipse), which SVG's `A` cannot express, is written as two arcs.
    ///
    /// ```
    /// M 20,200 C 60,20 200,20 236,200
    /// ```
    public var svgPathData: String {
        var out = ""
        for subpath in subpaths {
            if !out.isEmpty { out += " " }
            out += "M " + Self.format(subpath.start)
            for segment in subpath.segments { Self.write(segment, to: &out) }
            if subpath.isClosed { out += " Z" }
        }
        return out
    }

    private static func write(_ segment: PathSegment, to out: inout String) {
        switch segment {
        case .line(let line):
            out += " L " + format(line.end)
        case .quadCurve(let curve):
            out += " Q " + format(curve.control) + " " + format(curve.end)
        case .curve(let curve):
            out += " C " + format(curve.control1) + " " + format(curve.control2) + " " + format(curve.end)
        case .arc(let arc) where arc.start == arc.end:
            // A quarter and three quarters rather than two halves: the end points of a half are
            // diametrically opposite, where reading the arc back finds its centre only to about
            // the square root of the rounding error. The pieces are not split again: on an
            // ellipse too small to separate its points (radii of 1e-300 around 1) they end where
            // they start too, and SVG reads such an arc as nothing, which is what it draws.
            writeArc(arc.subsegment(from: 0, to: 0.25), to: &out)
            writeArc(arc.subsegment(from: 0.25, to: 1), to: &out)
        case .arc(let arc):
            writeArc(arc, to: &out)
        }
    }

    private static func writeArc(_ arc: EllipticalArc, to out: inout String) {
        out +=
            " A " + format(arc.radiusX) + "," + format(arc.radiusY) + " "
            + format(arc.xAxisRotation) + " " + (arc.isLargeArc ? "1" : "0") + " "
            + (arc.isClockwise ? "1" : "0") + " " + format(arc.end)
    }

    private static func format(_ point: Point) -> String {
        format(point.x) + "," + format(point.y)
    }

    /// The shortest decimal text that reads back as exactly `value` (the fewest significant
    /// digits), laid out plainly (`0.25`, `1000`) unless an exponent saves three characters or
    /// more (`1e-7`, `1e21`), so the integers people write read back as they wrote them.
    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        // Swift's description is the shortest round-tripping digit string; re-lay it out.
        let text = value.description
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: "e")
        let mantissa = parts[0]
        let exponentShift = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pointIndex = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        var digits = String(mantissa[..<pointIndex]) + mantissa[pointIndex...].dropFirst()
        // The value is 0.digits × 10^pointPosition.
        var pointPosition = mantissa.distance(from: mantissa.startIndex, to: pointIndex) + exponentShift
        while digits.hasPrefix("0") {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0") { digits.removeLast() }
        let plain: String
        if pointPosition <= 0 {
            plain = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            plain = digits + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            let split = digits.index(digits.startIndex, offsetBy: pointPosition)
            plain = digits[..<split] + "." + digits[split...]
        }
        let first = digits.prefix(1)
        let rest = digits.dropFirst()
        let scientific = first + (rest.isEmpty ? "" : "." + rest) + "e" + String(pointPosition - 1)
        return (negative ? "-" : "") + (scientific.count + 3 <= plain.count ? scientific : plain)
    }
}
