import PBGeometry

/// A live SVG: the progress follows the CSS custom property `--progress` (or `--value-1`,
/// `--value-2`, … for several values) set on the `<svg>` or any ancestor when the SVG is inlined
/// in a page; the file's own values are the fallbacks, so the SVG shows them on its own.
///
/// Each subpath of the progress is stroked whole with a dash as long as its visible part,
/// computed by CSS from the exact lengths pbrender measured (not `pathLength`, which renderers
/// disagree on), so one CSS property, or a transition of it, moves the progress. Zero shows
/// nothing (the stroke's opacity is 0, so no round-cap dot); a closed subpath shown whole is
/// drawn undashed, joined at its seam. Several values are strokes laid over one another, their
/// boundaries moving with the values (no mask: see `writeValues`).
extension SVGWriter {
    /// Writes the progress layer so that it follows the custom properties.
    mutating func writeLive(_ layer: ShapeLayer, dark: ShapeLayer, progress: ProgressLayerInfo) throws(RenderError) {
        guard let stroke = layer.stroke, stroke.lineWidth > 0 else { return }
        guard stroke.dash.isEmpty else {
            throw RenderError(
                .notApplicable(
                    name: "live", reason: "a live SVG moves its progress with a dash, so it cannot have a dash pattern")
            )
        }
        if progress.dependents.contains(.color) {
            throw RenderError(
                .notApplicable(
                    name: "live", reason: "a live SVG moves only the progress, and this one's colour follows its value")
            )
        }
        if progress.dependents.contains(.label) {
            throw RenderError(
                .notApplicable(
                    name: "live",
                    reason: "a live SVG moves only the progress, and this label's text or place follows the value"
                        + " (a label of fixed text beside or inside the shape can be live)"))
        }
        let end = Self.endExpression(progress)
        let reveals = liveStrokes(layer, end: end, progress: progress)
        switch layer.strokePaint {
        case .color(let color):
            let darkClass = self.darkClass(
                property: "stroke", light: color, dark: dark.strokePaint.color(atFraction: 0))
            for reveal in reveals {
                body += "<path d=\"\(reveal.data)\"\(darkClass) fill=\"none\""
                body += "\(strokeAttributes(stroke, color: color, dashOffset: 0))\(reveal.attributes)/>\n"
            }
        case .pathGradient(let gradient):
            guard progress.values.count > 1 else {
                throw RenderError(
                    .notApplicable(
                        name: "live", reason: "a live SVG follows one colour or several values, not a path gradient"))
            }
            let darkGradient: PathGradient? = if case .pathGradient(let other) = dark.strokePaint { other } else { nil }
            writeValues(layer, stroke: stroke, progress: progress, gradient: gradient, dark: darkGradient)
        }
    }

    /// The CSS expression of the fraction where the progress ends.
    static func endExpression(_ progress: ProgressLayerInfo) -> String {
        guard progress.values.count > 1 else { return "var(--progress, \(numbers.string(progress.values.first ?? 0)))" }
        return "("
            + ([numbers.string(progress.strokeStart)] + valueTerms(progress, count: progress.values.count))
            .joined(separator: " + ") + ")"
    }

    /// `var(--value-1, v1)`, … for the first `count` values.
    static func valueTerms(_ progress: ProgressLayerInfo, count: Int) -> [String] {
        progress.values.prefix(count).enumerated().map { "var(--value-\($0 + 1), \(numbers.string($1)))" }
    }

    /// One revealing stroke: path data and the attributes (static and CSS) that show its part.
    struct Reveal {
        var data: String
        var attributes: String
        /// Whether it is a closed subpath shown whole (undashed).
        var isWhole = false
        /// For a dashed reveal, the attributes of a dot at its start (a zero-length dash), shown
        /// with it.
        var startDot: String?
    }

    /// For each subpath with something to show: the subpath stroked with a dash of its visible
    /// length; a closed one also whole, shown when the progress reaches its end.
    private func liveStrokes(_ layer: ShapeLayer, end: String, progress: ProgressLayerInfo) -> [Reveal] {
        let measure = layer.path
        let total = measure.length
        let initialEnd = progress.end
        var reveals: [Reveal] = []
        var subpathStart = 0.0
        for (index, subpath) in measure.subpaths.enumerated() {
            let length = measure.subpathLengths[index]
            defer { subpathStart += length }
            guard length > 0 else { continue }
            // Distances along the whole path, or along each subpath for the per-subpath scope.
            let (scale, origin) = layer.trimScope == .wholePath ? (total, 0.0) : (length, subpathStart)
            let first = max(origin + progress.strokeStart * scale, subpathStart)
            let room = subpathStart + length - first
            guard room > 0 else { continue }
            let reached = "calc(\(end) * \(number(scale))px - \(number(first - origin))px)"
            let visible = "clamp(0px, \(reached), \(number(room))px)"
            let shown = "calc((\(end) * \(number(scale)) - \(number(first - origin))) * 1000)"
            let initialVisible = min(max(origin + initialEnd * scale - first, 0), room)
            let data = pathData([subpath])
            let offset = first - subpathStart
            var staticAttributes = " stroke-dasharray=\"\(number(initialVisible)) \(number(length + 1))\""
            if offset > 0 { staticAttributes += " stroke-dashoffset=\"\(number(-offset))\"" }
            let isWhole = subpath.isClosed && offset == 0
            let full = "calc((\(end) * \(number(scale)) - \(number(first - origin + room))) * 1000000 + 1)"
            let opacity = isWhole ? "clamp(0, min(\(shown), calc(1 - \(full))), 1)" : "clamp(0, \(shown), 1)"
            let initiallyShown = initialVisible > 0 && !(isWhole && initialVisible >= room)
            staticAttributes += initiallyShown ? "" : " opacity=\"0\""
            let css = " style=\"stroke-dasharray: \(visible) \(number(length + 1))px; opacity: \(opacity)\""
            var dot = " stroke-dasharray=\"0 \(number(length + 1))\""
            if offset > 0 { dot += " stroke-dashoffset=\"\(number(-offset))\"" }
            dot += initiallyShown ? "" : " opacity=\"0\""
            dot += " style=\"opacity: \(opacity)\""
            reveals.append(Reveal(data: data, attributes: staticAttributes + css, startDot: dot))
            if isWhole {
                let wholeShown = initialVisible >= room ? "" : " opacity=\"0\""
                reveals.append(
                    Reveal(
                        data: data, attributes: wholeShown + " style=\"opacity: clamp(0, \(full), 1)\"", isWhole: true))
            }
        }
        return reveals
    }

    /// Several values, with no mask (a page may inline one live SVG many times, each with its
    /// own values, and a mask's content would take the first one's): for each subpath, each value
    /// is a stroke from its start to the end of the run, in order, so each covers the ones before
    /// it from its start with one antialiased edge; the first has the layer's caps, the others
    /// butt ends; a dot of each value's colour at the end of the run, shown when the value is not
    /// empty, makes the end cap the last value's colour. A closed subpath shown whole is the
    /// first value's colour, undashed and joined, under the others.
    private mutating func writeValues(
        _ layer: ShapeLayer, stroke: StrokeStyle, progress: ProgressLayerInfo, gradient: PathGradient,
        dark: PathGradient?
    ) {
        let colors = progress.values.indices.map { gradient.stops[min(2 * $0, gradient.stops.count - 1)].color }
        let darkColors = dark.map { dark in
            progress.values.indices.map { dark.stops[min(2 * $0, dark.stops.count - 1)].color }
        }
        let end = Self.endExpression(progress)
        let classes = colors.indices.map { darkClass(property: "stroke", light: colors[$0], dark: darkColors?[$0]) }
        var butt = stroke
        butt.lineCap = .butt
        // The first value: the run's reveal with butt ends, its start cap a dot under it (the end
        // cap comes last, in the last value's colour).
        let reveals = liveStrokes(layer, end: end, progress: progress)
        if stroke.lineCap != .butt {
            for reveal in reveals where reveal.startDot != nil {
                body += "<path d=\"\(reveal.data)\"\(classes[0]) fill=\"none\""
                body += "\(strokeAttributes(stroke, color: colors[0], dashOffset: 0))\(reveal.startDot ?? "")/>\n"
            }
        }
        for reveal in reveals {
            let caps = reveal.isWhole ? stroke : butt
            body += "<path d=\"\(reveal.data)\"\(classes[0]) fill=\"none\""
            body += "\(strokeAttributes(caps, color: colors[0], dashOffset: 0))\(reveal.attributes)/>\n"
        }
        let measure = layer.path
        let total = measure.length
        var subpathStart = 0.0
        let initialEnd = progress.end
        for (index, subpath) in measure.subpaths.enumerated() {
            let length = measure.subpathLengths[index]
            defer { subpathStart += length }
            guard length > 0 else { continue }
            let data = pathData([subpath])
            let (scale, origin) = layer.trimScope == .wholePath ? (total, 0.0) : (length, subpathStart)
            let runEnd = "calc(\(end) * \(number(scale))px - \(number(subpathStart - origin))px)"
            var initialStart = progress.strokeStart
            for value in progress.values.indices.dropFirst() {
                initialStart += progress.values[value - 1]
                let start =
                    "("
                    + ([number(progress.strokeStart)] + Self.valueTerms(progress, count: value))
                    .joined(separator: " + ") + ")"
                let from = "calc(\(start) * \(number(scale))px - \(number(subpathStart - origin))px)"
                let gap = "clamp(0px, \(from), \(number(length))px)"
                let shown = "clamp(0px, \(runEnd) - \(gap), \(number(length))px)"
                let initialGap = min(max(origin + initialStart * scale - subpathStart, 0), length)
                let initialShown = min(max(origin + initialEnd * scale - subpathStart - initialGap, 0), length)
                body += "<path d=\"\(data)\"\(classes[value]) fill=\"none\""
                body += strokeAttributes(butt, color: colors[value], dashOffset: 0)
                body += " stroke-dasharray=\"0 \(number(initialGap)) \(number(initialShown)) \(number(length + 1))\""
                body += " style=\"stroke-dasharray: 0px \(gap) \(shown) \(number(length + 1))px\"/>\n"
            }
            guard stroke.lineCap != .butt else { continue }
            // The end cap: a dot in the colour of the last value that is not empty, hidden while the
            // run has not reached the subpath and when a closed subpath is shown whole (it is
            // joined then).
            let reached = "calc((\(end) * \(number(scale)) - \(number(subpathStart - origin))) * 1000)"
            let beyond = "calc((\(end) * \(number(scale)) - \(number(subpathStart - origin + length))) * 1000)"
            let inside = subpath.isClosed ? "calc(0 - \(beyond))" : "1"
            for value in progress.values.indices {
                // Only the last value that is not empty: its own value is above zero, the later ones
                // are zero.
                let later = Self.valueTerms(progress, count: progress.values.count).dropFirst(value + 1)
                let nonEmpty =
                    "calc(var(--value-\(value + 1), \(number(progress.values[value]))) * 1000000)"
                    + (later.isEmpty ? "" : ", calc(1 - (\(later.joined(separator: " + "))) * 1000000)")
                let isLast = progress.values[(value + 1)...].allSatisfy { $0 <= 0 }
                let initiallyShown =
                    progress.values[value] > 0 && isLast && origin + initialEnd * scale > subpathStart
                    && origin + initialEnd * scale < subpathStart + length + (subpath.isClosed ? 0 : 1e-9)
                body += "<path d=\"\(data)\"\(classes[value]) fill=\"none\""
                body += strokeAttributes(stroke, color: colors[value], dashOffset: 0)
                let initialOffset = -(min(max(origin + initialEnd * scale - subpathStart, 0), length))
                body += " stroke-dasharray=\"0 \(number(length + 1))\" stroke-dashoffset=\"\(number(initialOffset))\""
                body += initiallyShown ? "" : " opacity=\"0\""
                body += " style=\"stroke-dashoffset: calc(0px - clamp(0px, \(runEnd), \(number(length))px)); "
                body += "opacity: clamp(0, min(\(nonEmpty), \(reached), \(inside)), 1)\"/>\n"
            }
        }
    }
}
