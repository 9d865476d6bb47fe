extension Path {
    /// The path as SVG path data, with absolute commands and the shortest decimal form of each
    /// number that reads back as the same double, so `Path(svgPathData: path.svgPathData)`
    /// equals `path` for paths read from SVG path data (whose arcs are SVG arcs, kept as given).
    ///
    /// Each subpath starts with `M`; closed ones end with `Z`. A centre-form arc is written as
    /// SVG's `A` from its end points, radii and flags (read back, its centre is found again to
    /// within rounding), preceded by an `L` to its start when that is not the current point; a
    /// whole ellipse, which SVG's `A` cannot express, is written as two arcs.
    ///
    /// ```
    /// M 20,200 C 60,20 200,20 236,200
    /// ```
    public var svgPathData: String { svgPathData(decimals: nil) }

    /// The path as SVG path data with every number rounded to `decimals` decimal places (and no
    /// trailing zeros: `80`, not `80.000`), or, with `nil`, in the shortest form that reads back
    /// exactly, as ``svgPathData``.
    ///
    /// - Parameter decimals: the decimal places, 0 to 17, or `nil` for exact numbers.
    public func svgPathData(decimals: Int?) -> String {
        let number = SVGNumberFormat(decimals: decimals).string
        func pair(_ point: Point) -> String { number(point.x) + "," + number(point.y) }
        var out = ""
        var current = Point.zero
        var start = Point.zero
        for element in elements {
            switch element {
            case .move(let point):
                out += (out.isEmpty ? "M " : " M ") + pair(point)
                (current, start) = (point, point)
            case .line(let point):
                out += " L " + pair(point)
            case .quadCurve(let point, let control):
                out += " Q " + pair(control) + " " + pair(point)
            case .curve(let point, let control1, let control2):
                out += " C " + pair(control1) + " " + pair(control2) + " " + pair(point)
            case .svgArc(let arc):
                Self.write(arc, to: &out, format: number)
            case .arc(let arc):
                if arc.start != current { out += " L " + pair(arc.start) }
                Self.write(arc, to: &out, format: number)
            case .closeSubpath:
                out += " Z"
            }
            current = element.endPoint ?? start
        }
        return out
    }

    private static func write(_ arc: EllipticalArc, to out: inout String, format: (Double) -> String) {
        if arc.start == arc.end && arc.sweepRadians != 0 {
            // A quarter and three quarters rather than two halves: the end points of a half are
            // diametrically opposite, where reading the arc back finds its centre only to about
            // the square root of the rounding error. The pieces are not split again: on an
            // ellipse too small to separate its points (radii of 1e-300 around 1) they end where
            // they start too, and SVG reads such an arc as nothing, which is what it draws.
            write(SVGArc(arc.subsegment(from: 0, to: 0.25)), to: &out, format: format)
            write(SVGArc(arc.subsegment(from: 0.25, to: 1)), to: &out, format: format)
        } else if arc.start != arc.end {
            write(SVGArc(arc), to: &out, format: format)
        }
    }

    private static func write(_ arc: SVGArc, to out: inout String, format: (Double) -> String) {
        out +=
            " A " + format(arc.radiusX) + "," + format(arc.radiusY) + " " + format(arc.xAxisRotation.degrees) + " "
            + (arc.isLargeArc ? "1" : "0") + " " + (arc.isClockwise ? "1" : "0") + " " + format(arc.end.x) + ","
            + format(arc.end.y)
    }
}
