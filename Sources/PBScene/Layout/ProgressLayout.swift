import PBDocument
import PBGeometry
import PBStyle

/// A progress indicator laid out, waiting for its progress: the canvas, the path fitted and
/// measured, and the style. ``scene(values:strokeStart:offset:)`` makes the scene for any progress at
/// little cost, so frames of an animation share one layout.
public struct ProgressLayout: Hashable, Sendable {
    /// The canvas width in points.
    public let width: Double
    /// The canvas height in points.
    public let height: Double
    /// Pixels per point in raster output.
    public let scale: Double
    /// The path the track and the progress run along, in canvas coordinates, measured.
    public let measure: PathMeasure
    /// The centre of a round shape's circle, which progress fills reach to (a pie wedge); `nil`
    /// for bars and paths.
    public let center: Point?
    /// The style.
    public let style: ProgressStyle
    /// The progress stroke (the track's is ``trackStroke``).
    public let progressStroke: StrokeStyle
    /// The track stroke.
    public let trackStroke: StrokeStyle
    /// What assistive technology is told (the progress is filled in per scene).
    public let accessibility: Accessibility
    /// The label, if any.
    public let label: ProgressLabel?
    /// Where the label goes and the room it has.
    let labelRoom: LabelRoom?
    /// Where the shape is on the canvas: its rectangle, or the path's stroked bounds.
    public let content: Rect
    /// Whether the progress is unknown.
    public let isIndeterminate: Bool
    /// What the layout did that was not quite what was asked, for the caller to pass on (the
    /// command line prints each as `pbrender: warning: …`): the indicator's progress pinned to
    /// 0...1, several values past the end of the path, a label shrunk or shortened to fit.
    /// Values given later to ``scene(values:strokeStart:offset:)`` are not checked here. Not compared
    /// by `==`.
    public internal(set) var warnings: [RenderWarning] = []
    /// A drawing's elements, each measured on the canvas, in drawing order (reversed for a
    /// counterclockwise indicator); empty for a shape or a path.
    var elements: [MeasuredElement] = []
    /// How progress spreads over ``elements``.
    var order = ElementOrder.sequence
    /// The document librsvg draws, when the elements are a document's.
    var document: MeasuredDocument?

    /// A document drawn by librsvg, measured once for every frame's rewrite.
    struct MeasuredDocument: Sendable {
        var measure: SVGDocumentMeasure
        /// For each of ``elements`` (in document order), its index in the document's elements.
        var elementIndices: [Int]
        var overrides: DocumentStyleOverrides
        /// Whether ``elements`` run in reverse document order, each reversed.
        var isReversed: Bool
    }

    /// An element of a drawing with its outline measured.
    struct MeasuredElement: Sendable {
        var element: ProgressIndicator.Element
        var measure: PathMeasure
    }

    /// Whether two layouts draw alike.
    public static func == (lhs: ProgressLayout, rhs: ProgressLayout) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.scale == rhs.scale
            && lhs.measure.path == rhs.measure.path && lhs.center == rhs.center && lhs.style == rhs.style
            && lhs.progressStroke == rhs.progressStroke && lhs.trackStroke == rhs.trackStroke
            && lhs.accessibility == rhs.accessibility && lhs.label == rhs.label && lhs.labelRoom == rhs.labelRoom
            && lhs.content == rhs.content && lhs.isIndeterminate == rhs.isIndeterminate
            && lhs.elements.map(\.element) == rhs.elements.map(\.element) && lhs.order == rhs.order
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(measure.path)
        hasher.combine(style)
        hasher.combine(width)
        hasher.combine(height)
    }

    init(
        width: Double, height: Double, scale: Double, measure: PathMeasure, center: Point?, style: ProgressStyle,
        progressStroke: StrokeStyle, trackStroke: StrokeStyle, accessibility: Accessibility, label: ProgressLabel?,
        labelRoom: LabelRoom?, content: Rect, isIndeterminate: Bool
    ) {
        (self.width, self.height, self.scale, self.measure, self.center) = (width, height, scale, measure, center)
        (self.style, self.progressStroke, self.trackStroke) = (style, progressStroke, trackStroke)
        self.accessibility = accessibility
        (self.label, self.labelRoom, self.content, self.isIndeterminate) = (label, labelRoom, content, isIndeterminate)
    }

    /// The scene at `values`: one value is where the progress ends (`strokeEnd`; nothing is drawn
    /// when it is not past `strokeStart`), several are laid end to end from `strokeStart`. The
    /// layers: the background, the track's fill and stroke, the progress's fill and stroke, the
    /// label.
    ///
    /// Several values are one stroke of their whole run, so caps sit only at its two ends and
    /// the boundaries between values are colour changes (hard stops of a path gradient), with no
    /// seam or gap; each value takes its colour from ``ProgressStyle/valueColors``.
    ///
    /// A drawing of elements (``ProgressIndicator/Geometry/elements(_:canvas:order:)``) has a
    /// track and a progress layer for each element, its part of the progress given by the
    /// layout's ``ElementOrder``; ``Scene/progress`` lists each element's progress layer with
    /// the map from the value to its end (``ProgressLayerInfo/elements``), for one value and no
    /// offset (else it is `nil`: nothing for a live SVG to follow).
    ///
    /// `offset` moves the drawn window along the path by that fraction of its length, wrapping
    /// round its end (Lottie's trim offset, ``ShapeLayer/trimOffset``); in a drawing, along the
    /// whole drawing in the `sequence` order, along each element in the others.
    ///
    /// - Throws: ``RenderError`` (`.invalidValue`) for a value, start or offset that is NaN or
    ///   infinite.
    public func scene(values: [Double], strokeStart: Double = 0, offset: Double = 0) throws(RenderError) -> Scene {
        for value in values + [strokeStart, offset] where !value.isFinite {
            throw RenderError(.invalidValue(name: "progress", value: "\(value)", requirement: "a finite number"))
        }
        // An unknown progress shows its indeterminate look: the first quarter of the path.
        let start = isIndeterminate ? 0 : min(max(strokeStart, 0), 1)
        let values = isIndeterminate ? [Self.indeterminateExtent] : values.map { max($0, 0) }
        // One value is where the progress ends (strokeEnd, as CAShapeLayer has it: nothing is
        // drawn when it is not past the start); several are lengths laid end to end from the start.
        let end = values.count == 1 ? min(values[0], 1) : min(start + values.reduce(0, +), 1)
        let progress = values.count == 1 ? end : end - start
        var (light, elementProgress) = layers(
            style: style.resolved(for: .light), values: values, start: start, end: end, offset: offset)
        var dark = layers(style: style.resolved(for: .dark), values: values, start: start, end: end, offset: offset)
            .layers
        var accessibility = self.accessibility
        if !isIndeterminate {
            accessibility.percent = progress * 100
        }
        if accessibility.title == nil {
            accessibility.progressTitle = ProgressTitle(
                percent: isIndeterminate ? nil : progress * 100, formatter: label?.formatter)
        }
        if let label {
            let text = try label.layout(atFraction: isIndeterminate ? nil : progress)
            // On the canvas, even where it has no room for the label (a path's fixed canvas, or
            // a bar's end near a side).
            var origin = labelOrigin(text, end: end)
            origin.x = min(max(origin.x, 0), max(width - text.width, 0))
            origin.y = min(max(origin.y, 0), max(height - text.height, 0))
            let color = label.color ?? .label
            light.append(.text(TextLayer(layout: text, origin: origin, color: color.resolved(for: .light))))
            let darkColor = (label.darkColor ?? color).resolved(for: .dark)
            dark.append(.text(TextLayer(layout: text, origin: origin, color: darkColor)))
            if accessibility.valueText == nil { accessibility.valueText = text.text }
        }
        var dependents: ProgressLayerInfo.Dependents = []
        if style.progressValueColors != nil, values.count == 1 { dependents.insert(.color) }
        if let label, !label.template.tokens.isEmpty || labelRoom?.position == .end { dependents.insert(.label) }
        var info: ProgressLayerInfo? = ProgressLayerInfo(
            layerIndex: light.count - (label == nil ? 1 : 2), strokeStart: start, values: values,
            dependents: dependents)
        // A document is one layer, which moves by its elements' live maps (`documentLayer`).
        if document == nil, !elements.isEmpty {
            // Each element's progress layer and its map, without an offset (which moves each
            // element's window, or splits one in two).
            let indices = elementProgress.compactMap(\.progress)
            info =
                indices.count == elements.count && values.count == 1 && offset == 0
                ? ProgressLayerInfo(
                    layerIndex: indices[0], strokeStart: start, values: values, dependents: dependents,
                    elements: zip(elementProgress, elementMaps(start: start)).compactMap { place, map in
                        place.progress.map {
                            ElementProgressLayer(
                                layerIndex: $0, strokeStart: map.start, scale: map.scale, shift: map.shift,
                                firstLayerIndex: place.first, fillAtEnd: place.fillAtEnd,
                                hidesAtEnd: place.outlineHidesAtEnd)
                        }
                    }) : nil
        }
        return Scene(
            width: width, height: height, scale: scale, layers: light, darkLayers: dark == light ? nil : dark,
            accessibility: accessibility, progress: info)
    }

    /// The smallest a label is shrunk to when it does not fit its room, as a fraction of its font
    /// size: a half (but a label is not shrunk below 8 points, nor ever grown). A label that does
    /// not fit even so is cut and ends in `…`. Both come with a ``warnings`` entry.
    ///
    /// A label's room: inside a ring, gauge or semicircle, the shape's side less its stroke and
    /// the label gap on both sides (and the padding); above or below a shape, the canvas width when it is given
    /// (otherwise the canvas widens for the label); beside it (`leading`, `trailing`), half the
    /// canvas width less the gap when it is given, so the shape keeps the other half.
    public static let minimumLabelScale = 0.5

    /// Where the label's layout box goes: beside the shape on its edge, centred on the other
    /// axis; in the middle of the shape (its ink centred); or following the progress end.
    private func labelOrigin(_ text: TextLayout, end: Double) -> Point {
        guard let room = labelRoom else { return .zero }
        let ink = text.inkExtents
        let gap = room.gap
        // The ink centred at a point, for labels inside the shape.
        func centered(at point: Point) -> Point { Point(point.x - ink.midX, point.y - ink.midY) }
        if room.position == .end, let location = measure.location(atFraction: end) {
            let point = location.point
            guard room.edge == nil else {
                // Above a bar's progress end (kept on the canvas, as every label, by the caller).
                return Point(point.x - text.width / 2, content.minY - gap - text.height)
            }
            // Inside a round shape: towards the centre, clear of the stroke.
            let inward =
                center.flatMap { (($0 - point).normalized) }
                ?? Vector(dx: location.tangent.dy, dy: -location.tangent.dx)
            let reach = progressStroke.lineWidth / 2 + gap + max(ink.width, ink.height) / 2
            return centered(at: point + reach * inward)
        }
        switch room.edge {
        case .top: return Point(content.midX - text.width / 2, content.minY - gap - text.height)
        case .bottom: return Point(content.midX - text.width / 2, content.maxY + gap)
        case .left: return Point(content.minX - gap - text.width, content.midY - ink.midY)
        case .right: return Point(content.maxX + gap, content.midY - ink.midY)
        case nil: return centered(at: center ?? content.center)
        }
    }

    /// Each element's start (as a fraction of its own length, for progress from `start`) and the
    /// map of its end (``ElementOrder/endMaps(lengths:)``).
    func elementMaps(start: Double) -> [(start: Double, scale: Double, shift: Double)] {
        let lengths = elements.map(\.measure.length)
        let starts = order.windows(lengths: lengths, from: start, to: start).map(\.start)
        return zip(starts, order.endMaps(lengths: lengths)).map { ($0, $1.scale, $1.shift) }
    }

    /// Where an element's layers are in a drawing's: its first after its fill, its progress
    /// layer (`nil` where it has none, or two), and the fill it shows once the progress is
    /// complete (``ElementFills/atEnd``), when it is not.
    struct ElementLayers {
        var first: Int
        var progress: Int?
        var fillAtEnd: ShapeLayer?
        /// Whether the element's track and progress are hidden once the progress is complete.
        var outlineHidesAtEnd: Bool

        /// The same, `count` layers further on.
        func moved(by count: Int) -> ElementLayers {
            var moved = self
            moved.first += count
            moved.progress = progress.map { $0 + count }
            return moved
        }
    }

    /// The layers in `style`'s colours, and for a drawing, where each element's are.
    private func layers(style: ProgressStyle, values: [Double], start: Double, end: Double, offset: Double) -> (
        layers: [Layer], elementProgress: [ElementLayers]
    ) {
        var layers: [Layer] = []
        if style.backgroundColor.alpha > 0 { layers.append(.fill(.color(style.backgroundColor))) }
        if let document {
            return (
                layers + [
                    documentLayer(document, style: style, values: values, start: start, end: end, offset: offset)
                ], []
            )
        }
        guard elements.isEmpty else {
            let (drawing, places) = elementLayers(style: style, values: values, start: start, end: end, offset: offset)
            return (layers + drawing, places.map { $0.moved(by: layers.count) })
        }
        if let fill = style.trackFillColor {
            layers.append(.shape(ShapeLayer(path: fillRegion(from: 0, to: 1), stroke: nil, fillPaint: .color(fill))))
        }
        if trackStroke.lineWidth > 0 {
            let paint = style.trackGradient.map(Paint.pathGradient) ?? .color(style.trackTintColor)
            layers.append(
                .shape(ShapeLayer(path: measure, trimScope: style.trimScope, stroke: trackStroke, strokePaint: paint)))
        }
        if let fill = style.progressFillColor, start < end {
            layers.append(
                .shape(ShapeLayer(path: fillRegion(from: start, to: end), stroke: nil, fillPaint: .color(fill))))
        }
        layers.append(
            .shape(
                ShapeLayer(
                    path: measure, strokeStart: start, strokeEnd: end, trimScope: style.trimScope,
                    stroke: progressStroke, strokePaint: progressPaint(style: style, values: values, start: start),
                    showsZeroLengthDot: style.showsZeroProgressDot)))
        if offset != 0, case .shape(var layer) = layers[layers.count - 1] {
            layer.trimOffset = offset
            layers[layers.count - 1] = .shape(layer)
        }
        return (layers, [])
    }

    /// A drawing's layers, element by element in document order as a browser paints them: its
    /// fill (when ``ProgressStyle/elementFills`` says: always, or at the end when the progress is
    /// complete), its track (when the track tint shows), then its progress over its part, in its
    /// own stroke, colour and opacity, stroked in its own space. So a later element covers an
    /// earlier one, fill and strokes, as in the document. Once the progress is complete, an
    /// element whose stroke only traces its outline (``ProgressIndicator/Element/isOutline``)
    /// and whose fill is drawn shows its fill alone, as the document draws it.
    private func elementLayers(style: ProgressStyle, values: [Double], start: Double, end: Double, offset: Double)
        -> (layers: [Layer], elementProgress: [ElementLayers])
    {
        var layers: [Layer] = []
        var elementProgress: [ElementLayers] = []
        let fills = style.elementFills == .always || (style.elementFills == .atEnd && end >= 1)
        let trackPaint = style.trackGradient.map(Paint.pathGradient) ?? .color(style.trackTintColor)
        let progressPaint = progressPaint(style: style, values: values, start: start)
        for (item, parts) in zip(elements, parts(from: start, to: end, offset: offset)) {
            let element = item.element
            let hasLength = item.measure.length > 0
            var fillLayer: ShapeLayer?
            if hasLength, let fill = element.fill, !fill.isInvisible {
                fillLayer = ShapeLayer(
                    path: item.measure, stroke: nil, fillPaint: fill, opacity: element.opacity,
                    fillRule: element.fillRule)
            }
            if fills, let fillLayer { layers.append(.shape(fillLayer)) }
            let first = layers.count
            // Complete, a filled element without a stroke of its own shows its fill alone.
            let outlineHidesAtEnd = element.isOutline && fillLayer != nil && style.elementFills != .none
            if outlineHidesAtEnd, end >= 1 {
                elementProgress.append(
                    ElementLayers(first: first, progress: nil, fillAtEnd: nil, outlineHidesAtEnd: true))
                continue
            }
            if !trackPaint.isInvisible, hasLength, element.stroke.lineWidth > 0 {
                layers.append(
                    .shape(
                        ShapeLayer(
                            path: item.measure, trimScope: style.trimScope, stroke: element.stroke,
                            strokePaint: trackPaint, opacity: element.opacity, strokeTransform: element.transform)))
            }
            elementProgress.append(
                ElementLayers(
                    first: first, progress: parts.count == 1 ? layers.count : nil,
                    fillAtEnd: style.elementFills == .atEnd && !fills ? fillLayer : nil,
                    outlineHidesAtEnd: outlineHidesAtEnd))
            for part in parts {
                layers.append(
                    .shape(
                        ShapeLayer(
                            path: item.measure, strokeStart: part.start, strokeEnd: part.end, trimOffset: part.offset,
                            trimScope: style.trimScope, stroke: element.stroke,
                            strokePaint: element.paint ?? progressPaint,
                            opacity: element.opacity, showsZeroLengthDot: style.showsZeroProgressDot,
                            strokeTransform: element.transform)))
            }
        }
        return (layers, elementProgress)
    }

    /// Each element's parts for progress from `start` to `end` moved by `offset`, as fractions
    /// of its own length with a trim offset: one part an element, but in the `sequence` order
    /// with an offset, where the window moved along the whole drawing wraps round its end and an
    /// element can hold both ends of it (two parts), or none.
    func parts(from start: Double, to end: Double, offset: Double) -> [[(start: Double, end: Double, offset: Double)]] {
        let lengths = elements.map(\.measure.length)
        guard order == .sequence, offset != 0, elements.count > 1, start < end else {
            return order.windows(lengths: lengths, from: start, to: end).map { [($0.start, $0.end, offset)] }
        }
        // The window moved along the whole drawing: [from, to], and past 1 wrapped to the start.
        var from = start + offset
        from -= from.rounded(.down)
        let to = from + (end - start)
        let windows: [(Double, Double)] = [(from, min(to, 1))] + (to > 1 ? [(0.0, to - 1)] : [])
        var parts = elements.map { _ in [(start: Double, end: Double, offset: Double)]() }
        for (low, high) in windows {
            for (index, part) in order.windows(lengths: lengths, from: low, to: high).enumerated()
            where part.start < part.end {
                parts[index].append((part.start, part.end, 0))
            }
        }
        return parts
    }

    /// How much of the path the indeterminate look covers, from its start: a quarter (a partial
    /// arc on a ring, a segment at the start of a bar), the first frame of the `arc` and `bar`
    /// indeterminate animations.
    public static let indeterminateExtent = 0.25

    /// The scene at one progress value.
    ///
    /// - Throws: ``RenderError`` (`.invalidValue`) for a progress that is NaN or infinite.
    public func scene(progress: Double, strokeStart: Double = 0) throws(RenderError) -> Scene {
        try scene(values: [progress], strokeStart: strokeStart)
    }

    /// What the progress is painted with: for several values, hard stops at their boundaries;
    /// for one, the style's gradient, its colour by value, or its tint.
    private func progressPaint(style: ProgressStyle, values: [Double], start: Double) -> Paint {
        guard values.count > 1 else {
            if let gradient = style.progressGradient { return .pathGradient(gradient) }
            if let colors = style.progressValueColors { return .color(colors.color(forValue: values.first ?? 0)) }
            return .color(style.progressTintColor)
        }
        let colors = style.valueColors.isEmpty ? ProgressStyle.defaultValueColors : style.valueColors
        var stops: [PathGradient.Stop] = []
        var location = start
        for (index, value) in values.enumerated() {
            let color = colors[index % colors.count]
            let next = min(location + value, 1)
            stops.append(PathGradient.Stop(location: location, color: color))
            stops.append(PathGradient.Stop(location: next, color: color))
            location = next
        }
        // Locations increase by construction, within 0...1.
        return (try? PathGradient(stops: stops)).map(Paint.pathGradient) ?? .color(style.progressTintColor)
    }

    /// The region a fill covers between two fractions: on a round shape, the pie wedge from the
    /// centre to that part of the arc; on other paths, the part itself.
    private func fillRegion(from start: Double, to end: Double) -> PathMeasure {
        guard let center, let piece = try? measure.trimmedPath(from: start, to: end) else {
            return (try? measure.trimmedPath(from: start, to: end)).map { PathMeasure($0) } ?? measure
        }
        var wedge = Path()
        wedge.move(to: center)
        for element in piece.elements where element != .closeSubpath {
            if case .move(let point) = element { wedge.addLine(to: point) } else { wedge.append(element) }
        }
        wedge.closeSubpath()
        return PathMeasure(wedge)
    }
}
