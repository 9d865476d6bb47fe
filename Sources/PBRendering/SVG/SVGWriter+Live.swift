import PBGeometry
import PBScene

/// A live SVG: the progress follows the CSS custom property `--progress` (or `--value-1`,
/// `--value-2`, … for several values) set on the `<svg>` or any ancestor when the SVG is inlined
/// in a page; the file's own values are the fallbacks, so the SVG shows them on its own.
///
/// Each subpath of the progress is stroked whole with a dash as long as its visible part,
/// computed by CSS from the exact lengths pbrender measured (not `pathLength`, which renderers
/// disagree on), so one CSS property, or a transition of it, moves the progress. Zero shows
/// nothing (the stroke's opacity is 0, so no round-cap dot); a closed subpath shown whole is
/// drawn undashed, joined at its seam. Several values: see `writeValues`.
///
/// A drawing of several elements (an SVG document's) follows one `--progress` with every
/// element's progress layer: each element's end is its own affine map of the value
/// (`ElementProgressLayer`), so CSS spreads the progress over the elements as the order does.
/// In `delayed(1)`, where an element appears whole at once, its strokes are whole and shown
/// from the value where it appears. An element's opacity groups its strokes, as in a still SVG.
///
/// An animated SVG moves the same strokes with an animated `--progress`, so what they cannot
/// show is refused naming `animateTo` ("an animated SVG") instead of `live`.
extension SVGWriter {
    /// Writes the progress layer so that it follows the custom properties; `element` says how,
    /// when it is one element's of a drawing.
    mutating func writeLive(
        _ layer: ShapeLayer, dark: ShapeLayer, progress: ProgressLayerInfo, element: ElementProgressLayer? = nil
    ) throws(RenderError) {
        guard let stroke = layer.stroke, stroke.lineWidth > 0 else { return }
        let (name, noun) = timeline == nil ? ("live", "a live SVG") : ("animateTo", "an animated SVG")
        if !layer.strokeTransform.isIdentity {
            throw RenderError(
                .notApplicable(
                    name: name,
                    reason: "\(noun) reveals each element with a dash measured on the canvas, and a skewed or "
                        + "unevenly scaled element is stroked in its own space, where those lengths differ"))
        }
        guard stroke.dash.isEmpty else {
            throw RenderError(
                .notApplicable(
                    name: name, reason: "\(noun) moves its progress with a dash, so it cannot have a dash pattern")
            )
        }
        if progress.dependents.contains(.color) {
            throw RenderError(
                .notApplicable(
                    name: name, reason: "\(noun) moves only the progress, and this one's colour follows its value")
            )
        }
        if progress.dependents.contains(.label) {
            throw RenderError(
                .notApplicable(
                    name: name,
                    reason: "\(noun) moves only the progress, and this label's text or place follows the value"
                        + " (a label of fixed text beside or inside the shape can be live)"))
        }
        let end = Self.endExpression(progress)
        var map = LiveMap(start: progress.strokeStart, initialEnd: progress.end, scale: 1, shift: 0)
        if let element {
            map = LiveMap(
                start: element.strokeStart, initialEnd: element.end(at: progress.end), scale: element.scale,
                shift: element.shift)
        }
        let reveals = liveStrokes(layer, end: end, map: map)
        // An element's opacity applies to its strokes together, as the still image groups them.
        let isGrouped = layer.opacity < 1
        if isGrouped { body += "<g opacity=\"\(number(max(0, layer.opacity)))\">\n" }
        defer { if isGrouped { body += "</g>\n" } }
        switch layer.strokePaint {
        case .color, .canvasGradient:
            let darkClass = self.darkClass(property: "stroke", light: layer.strokePaint, dark: dark.strokePaint)
            let paint = paintAttributes("stroke", layer.strokePaint)
            for reveal in reveals {
                body += "<path d=\"\(reveal.data)\"\(darkClass) fill=\"none\"\(paint)"
                body += "\(strokeShape(stroke, dashOffset: 0))\(reveal.attributes)/>\n"
            }
        case .pathGradient(let gradient):
            guard progress.values.count > 1 else {
                throw RenderError(
                    .notApplicable(
                        name: name, reason: "\(noun) follows one colour or several values, not a path gradient"))
            }
            let darkGradient: PathGradient? = if case .pathGradient(let other) = dark.strokePaint { other } else { nil }
            writeValues(layer, stroke: stroke, progress: progress, gradient: gradient, dark: darkGradient)
        }
    }

    /// Opens an element of a drawing at its first layer: with `--fills at-end`, its fill,
    /// hidden and shown by CSS when the value reaches 1; for an element whose stroke only traces
    /// its outline, a group that hides its track and progress then.
    ///
    /// - Returns: The index of the layer after which that group closes (the element's progress
    ///   layer), or `nil` when none was opened.
    mutating func beginLiveElement(
        _ element: ElementProgressLayer, progress: ProgressLayerInfo
    ) throws(RenderError) -> Int? {
        let end = Self.endExpression(progress)
        if let fill = element.fillAtEnd {
            body += "<g opacity=\"0\" style=\"opacity: clamp(0, calc((\(end) - 1) * 1000000000 + 1), 1)\">\n"
            try write(.shape(fill), dark: .shape(fill))
            body += "</g>\n"
        }
        guard element.hidesAtEnd else { return nil }
        body += "<g style=\"opacity: clamp(0, calc((1 - \(end)) * 1000000000), 1)\">\n"
        return element.layerIndex
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
    }

    /// A number with nine decimals, for the gates of live strokes.
    private func precise(_ value: Double) -> String { Self.preciseNumbers.string(value) }

    /// Nine decimals.
    static let preciseNumbers = SVGNumberFormat(decimals: 9)

    /// Where a live layer's part starts (fixed) and ends: `scale × value + shift` of the CSS
    /// value, pinned to `0...1` (the identity for a scene's one progress layer), `initialEnd`
    /// at the file's own value. An infinite `scale` jumps from 0 to 1 at the value `-shift`
    /// (above 0), as `ElementProgressLayer.end(at:)` does.
    struct LiveMap {
        var start: Double
        var initialEnd: Double
        var scale: Double
        var shift: Double
    }

    /// For each subpath with something to show: the subpath stroked with a dash of its visible
    /// length; a closed one also whole, shown when the progress reaches its end.
    private func liveStrokes(_ layer: ShapeLayer, end: String, map: LiveMap) -> [Reveal] {
        let measure = layer.path
        let total = measure.length
        let initialEnd = map.initialEnd
        var reveals: [Reveal] = []
        var subpathStart = 0.0
        for (index, subpath) in measure.subpaths.enumerated() {
            let length = measure.subpathLengths[index]
            defer { subpathStart += length }
            guard length > 0 else { continue }
            // Distances along the whole path, or along each subpath for the per-subpath scope.
            let (scale, origin) = layer.trimScope == .wholePath ? (total, 0.0) : (length, subpathStart)
            let first = max(origin + map.start * scale, subpathStart)
            let room = subpathStart + length - first
            guard room > 0 else { continue }
            guard map.scale.isFinite else {
                // All or nothing: the part starts at 0 or 1 of the element, so what shows is whole.
                reveals.append(jump(subpath, end: end, map: map))
                continue
            }
            // The length reached along the scope: (value × map.scale + map.shift) × scale.
            let (perValue, before) = (map.scale * scale, first - origin - map.shift * scale)
            let reached = "calc(\(end) * \(number(perValue))px - \(number(before))px)"
            let visible = "clamp(0px, \(reached), \(number(room))px)"
            // The gates that show a stroke once anything of it is reached (and the whole closed
            // subpath once all is) multiply lengths by 1,000 and 10^6: their numbers have nine
            // decimals, so that an element whose part starts exactly at a value (an order's
            // boundary) shows nothing there, as the PNG does, not a cap's dot of rounding.
            let shown = "calc((\(end) * \(precise(perValue)) - \(precise(before))) * 1000)"
            let initialVisible = min(max(origin + initialEnd * scale - first, 0), room)
            let data = pathData([subpath])
            let offset = first - subpathStart
            var staticAttributes = " stroke-dasharray=\"\(number(initialVisible)) \(number(length + 1))\""
            if offset > 0 { staticAttributes += " stroke-dashoffset=\"\(number(-offset))\"" }
            let isWhole = subpath.isClosed && offset == 0
            let full = "calc((\(end) * \(precise(perValue)) - \(precise(before + room))) * 1000000 + 1)"
            let opacity = isWhole ? "clamp(0, min(\(shown), calc(1 - \(full))), 1)" : "clamp(0, \(shown), 1)"
            let initiallyShown = initialVisible > 0 && !(isWhole && initialVisible >= room)
            staticAttributes += initiallyShown ? "" : " opacity=\"0\""
            let css = " style=\"stroke-dasharray: \(visible) \(number(length + 1))px; opacity: \(opacity)\""
            reveals.append(Reveal(data: data, attributes: staticAttributes + css))
            if isWhole {
                let wholeShown = initialVisible >= room ? "" : " opacity=\"0\""
                reveals.append(
                    Reveal(
                        data: data, attributes: wholeShown + " style=\"opacity: clamp(0, \(full), 1)\""))
            }
        }
        return reveals
    }

    /// A subpath of an element that appears whole at once (`delayed(1)`), stroked whole (a
    /// closed one joined at its seam): shown from the value `-map.shift` on (from any value
    /// above 0 where that is 0). The gate multiplies the value's distance from there by 10^8,
    /// its number with nine decimals, so it is 0 a hundred-millionth before and at least 0.95
    /// exactly there (1 where the number is exact, as 0.5 is).
    private func jump(_ subpath: Subpath, end: String, map: LiveMap) -> Reveal {
        let appears = -map.shift
        let gate =
            appears > 0
            ? "calc((\(end) - \(precise(appears))) * 100000000 + 1)" : "calc(\(end) * 100000000)"
        let hidden = map.initialEnd < 1 ? " opacity=\"0\"" : ""
        return Reveal(data: pathData([subpath]), attributes: hidden + " style=\"opacity: clamp(0, \(gate), 1)\"")
    }
}
