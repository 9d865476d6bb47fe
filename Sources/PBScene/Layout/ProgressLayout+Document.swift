import PBDocument
import PBGeometry
import PBStyle

extension ProgressLayout {
    /// A document's layer at progress from `start` to `end` moved by `offset`: each element's
    /// parts as the order places them (``parts(from:to:offset:)``), its fill and markers when
    /// ``ProgressStyle/elementFills`` says, its track, and the progress stroke of elements
    /// without one of their own; librsvg draws the rewritten document.
    ///
    /// An element without a stroke of its own is outlined only while its fill paints and is not
    /// yet shown whole: once the progress is complete and fills are drawn, it shows its fill
    /// alone, as the document draws it. Content without an outline (text, images) appears with
    /// the fills, or once every element before it is complete.
    func documentLayer(
        _ drawing: MeasuredDocument, style: ProgressStyle, values: [Double], start: Double, end: Double,
        offset: Double
    ) -> Layer {
        let document = drawing.measure.document
        let fills = style.elementFills == .always || (style.elementFills == .atEnd && end >= 1)
        let outlinesHide = style.elementFills != .none && end >= 1
        var shown = document.elements.map { element in
            SVGDocumentAppearance.Element(
                parts: [], showsFill: fills, showsOutline: element.style.fillPaints && !outlinesHide)
        }
        let allParts = parts(from: start, to: end, offset: offset)
        for (position, parts) in allParts.enumerated() {
            let layoutIndex = drawing.isReversed ? allParts.count - 1 - position : position
            guard drawing.elementIndices.indices.contains(layoutIndex) else { continue }
            let index = drawing.elementIndices[layoutIndex]
            shown[index].parts = parts.map { part in
                drawing.isReversed
                    ? SVGDocumentAppearance.Part(start: 1 - part.end, end: 1 - part.start, offset: -part.offset)
                    : SVGDocumentAppearance.Part(start: part.start, end: part.end, offset: part.offset)
            }
        }
        let complete = shown.map { element in element.parts.contains { $0.start <= 0 && $0.end >= 1 } }
        let showsContent = document.content.map { item in
            fills || end >= 1 || (item.position > 0 && complete[..<item.position].allSatisfy { $0 })
        }
        var contentFrom: [Double] = []
        if values.count == 1, offset == 0 {
            contentFrom = live(drawing, style: style, start: start, into: &shown)
        }
        // A gradient along the path is drawn in its first colour (said by a warning).
        let trackColor = style.trackGradient?.stops.first?.color ?? style.trackTintColor
        let appearance = SVGDocumentAppearance(
            size: Size(width: width, height: height), elements: shown, showsContent: showsContent,
            trimScope: style.trimScope, progress: progressStroke(style: style, values: values, start: start),
            overrides: Self.overrides(drawing.overrides),
            track: trackColor.alpha > 0 ? SVGDocumentAppearance.Stroke(paint: trackColor.hexString) : nil,
            contentFrom: contentFrom, isReversed: drawing.isReversed)
        return .document(DocumentLayer(measure: drawing.measure, appearance: appearance))
    }

    /// For a live SVG (one value, no offset): each element's map of the value as the order spreads
    /// it (``elementMaps(start:)``), its fill from 1 with ``ElementFills/atEnd``, an outline hidden
    /// from 1 when fills are drawn; and the value from which each content item shows (the fills',
    /// or where every element before it is complete), as the still layer decides at one value.
    private func live(
        _ drawing: MeasuredDocument, style: ProgressStyle, start: Double,
        into shown: inout [SVGDocumentAppearance.Element]
    ) -> [Double] {
        let document = drawing.measure.document
        let maps = elementMaps(start: start)
        var complete = Array(repeating: 1.0, count: document.elements.count)
        for (position, map) in maps.enumerated() {
            let layoutIndex = drawing.isReversed ? maps.count - 1 - position : position
            guard drawing.elementIndices.indices.contains(layoutIndex) else { continue }
            let index = drawing.elementIndices[layoutIndex]
            shown[index].live = SVGDocumentAppearance.Live(
                map: LiveMap(start: map.start, scale: map.scale, shift: map.shift),
                fillFrom: style.elementFills == .atEnd ? 1 : nil,
                outlineHidesFrom: style.elementFills != .none ? 1 : nil)
            // Where its end reaches 1 (a jump: where it appears).
            let reaches = map.scale.isFinite ? (map.scale > 0 ? (1 - map.shift) / map.scale : 1) : -map.shift
            complete[index] = min(max(reaches, 0), 1)
        }
        return document.content.map { item in
            guard style.elementFills != .always else { return 0 }
            return complete[..<min(item.position, complete.count)].max() ?? 1
        }
    }

    /// The stroke the progress draws with in a document: the progress paint's colour (a
    /// gradient's first), the style's width (in points, when it sets one), caps, joins and dashes.
    private func progressStroke(style: ProgressStyle, values: [Double], start: Double)
        -> SVGDocumentAppearance.Stroke
    {
        let color: Color =
            if let colors = style.progressValueColors {
                colors.color(forValue: values.first ?? 0)
            } else if let gradient = style.progressGradient, let first = gradient.stops.first {
                first.color
            } else {
                style.progressTintColor
            }
        return SVGDocumentAppearance.Stroke(
            paint: color.hexString, width: style.lineWidth, lineCap: style.lineCap, lineJoin: style.lineJoin,
            miterLimit: style.miterLimit, dash: style.dashPattern, dashPhase: style.dashPhase)
    }

    /// The appearance's overrides for the indicator's.
    private static func overrides(_ overrides: DocumentStyleOverrides) -> SVGDocumentAppearance.Overrides {
        let pairs: [(DocumentStyleOverrides, SVGDocumentAppearance.Overrides)] = [
            (.color, .paint), (.lineWidth, .width), (.lineCap, .lineCap), (.lineJoin, .lineJoin),
            (.miterLimit, .miterLimit), (.dash, .dash),
        ]
        return SVGDocumentAppearance.Overrides(pairs.filter { overrides.contains($0.0) }.map(\.1))
    }
}
