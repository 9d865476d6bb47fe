import PBDocument
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
        let (name, noun) = liveNames
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
        try checkDependents(progress)
        let end = Self.endExpression(progress)
        var (map, initialEnd) = (LiveMap(start: progress.strokeStart, scale: 1, shift: 0), progress.end)
        if let element {
            map = LiveMap(start: element.strokeStart, scale: element.scale, shift: element.shift)
            initialEnd = element.end(at: progress.end)
        }
        let reveals = liveStrokes(layer, end: end, map: map, initialEnd: initialEnd)
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

    /// The option a live or an animated SVG comes from, and the noun its errors use.
    var liveNames: (name: String, noun: String) {
        timeline == nil ? ("live", "a live SVG") : ("animateTo", "an animated SVG")
    }

    /// Refuses a progress whose colour or label follows its value: a live SVG moves only strokes.
    func checkDependents(_ progress: ProgressLayerInfo) throws(RenderError) {
        let (name, noun) = liveNames
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
    }

    /// A document rewritten to follow the value: each element's part, fill, outline and content
    /// as CSS computes them from `--progress` (`SVGDocumentMeasure.rewritten(_:)` with a live value).
    func liveMarkup(of document: DocumentLayer) throws(RenderError) -> String {
        let (name, noun) = liveNames
        guard isLive, let progress = scene.progress else {
            throw RenderError(
                .notApplicable(
                    name: "animate-to",
                    reason: "a document's indeterminate SVG is not written; animate it as APNG, WebP or frames"))
        }
        try checkDependents(progress)
        guard progress.values.count == 1 else {
            throw RenderError(
                .notApplicable(name: name, reason: "\(noun) of a document follows one value, not several"))
        }
        let (measure, still) = try Self.measured(document)
        if let problem = measure.liveProblem(still) {
            throw RenderError(.notApplicable(name: name, reason: "\(noun) \(problem)"))
        }
        var appearance = still
        appearance.liveValue = Self.endExpression(progress)
        return measure.rewritten(appearance)
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
            body += "<g opacity=\"0\" style=\"opacity: \(LiveReveal.gate(from: 1, value: end))\">\n"
            try write(.shape(fill), dark: .shape(fill))
            body += "</g>\n"
        }
        guard element.hidesAtEnd else { return nil }
        body += "<g style=\"opacity: \(LiveReveal.gate(until: 1, value: end))\">\n"
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

    /// For each subpath with something to show: the subpath stroked with a dash of its visible
    /// length; a closed one also whole, shown when the progress reaches its end
    /// (``LiveReveal``).
    private func liveStrokes(_ layer: ShapeLayer, end: String, map: LiveMap, initialEnd: Double) -> [Reveal] {
        let measure = layer.path
        let reveals = LiveReveal.reveals(
            lengths: measure.subpathLengths, closed: measure.subpaths.map(\.isClosed), scope: layer.trimScope,
            map: map, initialEnd: initialEnd, value: end, numbers: Self.numbers)
        var result: [Reveal] = []
        for (index, subpath) in measure.subpaths.enumerated() {
            guard let reveal = reveals[index] else { continue }
            let data = pathData([subpath])
            var attributes = ""
            if let dash = reveal.initialDash {
                attributes += " stroke-dasharray=\"\(number(dash.visible)) \(number(dash.gap))\""
                if reveal.dashStart > 0 { attributes += " stroke-dashoffset=\"\(number(-reveal.dashStart))\"" }
            }
            attributes += reveal.isInitiallyShown ? "" : " opacity=\"0\""
            let dash = reveal.initialDash == nil ? "" : "stroke-dasharray: \(reveal.dashArray); "
            result.append(Reveal(data: data, attributes: attributes + " style=\"\(dash)opacity: \(reveal.opacity)\""))
            if let whole = reveal.whole {
                let shown = whole.isInitiallyShown ? "" : " opacity=\"0\""
                result.append(Reveal(data: data, attributes: shown + " style=\"opacity: \(whole.opacity)\""))
            }
        }
        return result
    }
}
