import PBGeometry
import PBScene
import PBStyle

/// Several values in a live SVG, with no mask (a page may inline one live SVG many times, each
/// with its own values, and a mask's content would take the first one's).
///
/// For each subpath, each value is its own butt-ended dash over its own span, so no value lies
/// under another (stacked strokes would show the earlier colours in every antialiased edge of the
/// later ones). The caps are dots (zero-length dashes with the layer's cap) at the ends of the run
/// within the subpath, each in the colour of the value that ends there: the start cap the first
/// value that is not empty, the end cap the last. A dot in the second half of a subpath is placed
/// from the end of the reversed subpath, since browsers measure paths a little differently
/// (Chromium's arcs are up to a point shorter at 1x) and drop a dash past their end. A closed subpath the run covers whole has no
/// caps; its first and last values meet at the seam.
extension SVGWriter {
    /// A fraction along the path, as a CSS expression of the custom properties and as the file's
    /// own value.
    private struct Boundary {
        var css: String
        var initial: Double
    }

    /// Where each value starts, and where the last one ends: `strokeStart` plus the values before.
    private static func boundaries(_ progress: ProgressLayerInfo) -> [Boundary] {
        var initial = progress.strokeStart
        var out = [Boundary(css: numbers.string(progress.strokeStart), initial: initial)]
        for count in progress.values.indices {
            initial += progress.values[count]
            let terms = [numbers.string(progress.strokeStart)] + valueTerms(progress, count: count + 1)
            out.append(Boundary(css: "(" + terms.joined(separator: " + ") + ")", initial: initial))
        }
        return out
    }

    /// Writes the progress layer's values so that they follow `--value-1`, `--value-2`, ….
    mutating func writeValues(
        _ layer: ShapeLayer, stroke: StrokeStyle, progress: ProgressLayerInfo, gradient: PathGradient,
        dark: PathGradient?
    ) {
        let colors = progress.values.indices.map { gradient.stops[min(2 * $0, gradient.stops.count - 1)].color }
        let darkColors = dark.map { dark in
            progress.values.indices.map { dark.stops[min(2 * $0, dark.stops.count - 1)].color }
        }
        let classes = colors.indices.map { darkClass(property: "stroke", light: colors[$0], dark: darkColors?[$0]) }
        var butt = stroke
        butt.lineCap = .butt
        let boundaries = Self.boundaries(progress)
        let measure = layer.path
        var subpathStart = 0.0
        var dots = ""
        for (index, subpath) in measure.subpaths.enumerated() {
            let length = measure.subpathLengths[index]
            defer { subpathStart += length }
            guard length > 0 else { continue }
            let data = pathData([subpath])
            let reversedData = pathData([subpath.reversed()])
            // Distances along the whole path, or along each subpath for the per-subpath scope.
            let (scale, origin) = layer.trimScope == .wholePath ? (measure.length, 0.0) : (length, subpathStart)
            let offset = subpathStart - origin
            // A boundary's distance into this subpath, pinned to it: CSS (unitless) and initial.
            let at = boundaries.map { boundary in
                (
                    css: "clamp(0, \(boundary.css) * \(number(scale)) - \(number(offset)), \(number(length)))",
                    initial: min(max(boundary.initial * scale - offset, 0), length)
                )
            }
            let (runStart, runEnd) = (at[0], at[at.count - 1])
            for value in progress.values.indices {
                let (from, to) = (at[value], at[value + 1])
                let shown = max(to.initial - from.initial, 0)
                body += "<path d=\"\(data)\"\(classes[value]) fill=\"none\""
                body += strokeAttributes(butt, color: colors[value], dashOffset: 0)
                body += " stroke-dasharray=\"0 \(number(from.initial)) \(number(shown)) \(number(length + 1))\""
                body += " style=\"stroke-dasharray: 0px calc(\(from.css) * 1px)"
                body += " calc(max(0, \(to.css) - \(from.css)) * 1px) \(number(length + 1))px\"/>\n"
            }
            guard stroke.lineCap != .butt else { continue }
            // Steps (0 or 1) the caps' opacities are the least of: CSS and initial.
            func step(_ css: String, _ initial: Double) -> (css: String, initial: Double) {
                ("clamp(0, (\(css)) * 1000, 1)", min(max(initial * 1000, 0), 1))
            }
            // Not whole: a closed subpath the run covers end to end is joined, without caps.
            let open =
                subpath.isClosed
                ? step(
                    "\(number(length)) - \(runEnd.css) + \(runStart.css)",
                    length - runEnd.initial + runStart.initial) : (css: "1", initial: 1)
            for value in progress.values.indices {
                let (from, to) = (at[value], at[value + 1])
                let nonEmpty = step("\(to.css) - \(from.css)", to.initial - from.initial)
                // The start cap is this value's when no value before it shows here, the end cap
                // when none after it does.
                let first = step(
                    "1 - (\(from.css) - \(runStart.css)) * 1000", 1 - (from.initial - runStart.initial) * 1000)
                let last = step("1 - (\(runEnd.css) - \(to.css)) * 1000", 1 - (runEnd.initial - to.initial) * 1000)
                for isEnd in [false, true] {
                    let position = isEnd ? to : from
                    let steps = [nonEmpty, open, isEnd ? last : first]
                    // A browser measures a path a little shorter or longer than pbrender does, and
                    // a dot placed at its very end would be past a shorter one's end, and not
                    // drawn: a dot in the path's first half is placed along the path, one in its
                    // second half along the reversed path, from its start.
                    let half = number(length / 2)
                    let halves = [
                        (data, step("\(half) - \(position.css)", length / 2 - position.initial), position),
                        (
                            reversedData,
                            step("\(position.css) - \(half) + 0.001", position.initial - length / 2 + 0.001),
                            (css: "(\(number(length)) - \(position.css))", initial: length - position.initial)
                        ),
                    ]
                    for (pathData, side, along) in halves {
                        let shown = steps + [side]
                        dots += "<path d=\"\(pathData)\"\(classes[value]) fill=\"none\""
                        dots += strokeAttributes(stroke, color: colors[value], dashOffset: 0)
                        dots += " stroke-dasharray=\"0 \(number(length + 1))\""
                        dots += " stroke-dashoffset=\"\(number(-along.initial))\""
                        dots += (shown.map(\.initial).min() ?? 0) >= 0.5 ? "" : " opacity=\"0\""
                        dots += " style=\"stroke-dashoffset: calc(0px - \(along.css) * 1px);"
                        dots += " opacity: min(\(shown.map(\.css).joined(separator: ", ")))\"/>\n"
                    }
                }
            }
        }
        body += dots
    }
}
