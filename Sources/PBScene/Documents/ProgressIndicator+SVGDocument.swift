import PBDocument
import PBGeometry
import PBStyle

extension ProgressIndicator {
    /// An indicator along a document's shapes, at progress 0: progress spread over them in
    /// `order` (the `sequence` order by default: the whole document as one path in document
    /// order, progress a fraction of the total length on the canvas), on the document's canvas.
    ///
    /// librsvg draws the document (``DocumentLayer``), each element's visible part written as
    /// its own `stroke-dasharray` and `stroke-dashoffset`, so everything else it draws (paint
    /// servers, clips, masks, filters, markers, text) is drawn as the document says. An element with no
    /// stroke of its own (a filled icon) is drawn along its outline in `style`'s progress paint,
    /// 1 user unit wide unless `style` sets a line width, while the progress runs: once it is
    /// complete and the fills are drawn, such an element shows its fill alone, so the drawing
    /// ends as the document looks. What `overrides` names is taken from `style` for every
    /// element instead of the document.
    ///
    /// - Parameters:
    ///   - document: the document to draw along.
    ///   - style: the indicator's style: the progress paint of elements without a stroke (and
    ///     of all with ``DocumentStyleOverrides/color``), the track, the background; and what
    ///     `overrides` names.
    ///   - order: how progress spreads over the elements.
    ///   - overrides: the stroke properties `style` sets for every element.
    public init(
        document: SVGDocument, style: ProgressStyle = ProgressStyle(), order: ElementOrder = .sequence,
        overrides: DocumentStyleOverrides = []
    ) {
        var elements: [Element] = []
        var indices: [Int] = []
        elements.reserveCapacity(document.elements.count)
        indices.reserveCapacity(document.elements.count)
        for (index, element) in document.elements.enumerated() {
            guard let drawn = Self.element(element, style: style, overrides: overrides) else { continue }
            elements.append(drawn)
            indices.append(index)
        }
        self.init(geometry: .elements(elements, canvas: document.canvasSize, order: order), style: style)
        self.document = DocumentDrawing(document: document, elementIndices: indices, overrides: overrides)
    }

    /// How one element of a document is drawn, or `nil` when it draws nothing (a singular
    /// transform flattens it).
    ///
    /// Its stroke is the document's, but for what `overrides` takes from `style`; the width is
    /// in the element's user units, `style`'s line width (in points on the canvas) divided by
    /// the transform's mean scale `√|det|`. Under a transform that keeps shapes (rotation,
    /// uniform scale, mirror) the stroke is drawn on the canvas, scaled; under any other (a
    /// skew, a non-uniform scale) in the element's user space, under its transform
    /// (``ProgressIndicator/Element/transform``), as a browser draws it.
    ///
    /// - Parameters:
    ///   - element: the document's element.
    ///   - style: the indicator's style.
    ///   - overrides: the stroke properties taken from `style`.
    public static func element(
        _ element: SVGElement, style: ProgressStyle, overrides: DocumentStyleOverrides
    ) -> Element? {
        let transform = element.transform
        let scale = abs(transform.determinant).squareRoot()
        guard scale > 0, scale.isFinite, transform.inverse != nil else { return nil }
        let own = element.style
        let hasStroke = own.hasStroke
        var stroke = StrokeStyle(
            lineWidth: own.strokeWidth, lineCap: .butt, miterLimit: 4, dash: own.dashArray,
            dashPhase: own.dashOffset)
        if !hasStroke {
            // Drawn along the outline: the indicator's stroke, 1 user unit wide.
            stroke = StrokeStyle(
                lineWidth: 1, lineCap: style.lineCap, lineJoin: style.lineJoin, miterLimit: style.miterLimit,
                dash: style.dashPattern.map { $0 / scale }, dashPhase: style.dashPhase / scale)
        }
        if let width = style.lineWidth, overrides.contains(.lineWidth) || !hasStroke {
            stroke.lineWidth = width / scale
        }
        if overrides.contains(.lineCap) { stroke.lineCap = style.lineCap }
        if overrides.contains(.lineJoin) { stroke.lineJoin = style.lineJoin }
        if overrides.contains(.miterLimit) { stroke.miterLimit = style.miterLimit }
        if overrides.contains(.dash) {
            stroke.dash = style.dashPattern.map { $0 / scale }
            stroke.dashPhase = style.dashPhase / scale
        }
        // librsvg paints the document (DocumentLayer): these stand for its strokes and fills
        // where a layer of the indicator's own needs one.
        var drawn = Element(
            path: element.path, transform: transform, stroke: stroke, paint: nil,
            fill: own.fillPaints ? .color(.black) : nil, isOutline: !hasStroke)
        if transform.isConformal() {
            drawn.transform = .identity
            drawn.stroke.lineWidth *= scale
            drawn.stroke.dash = drawn.stroke.dash.map { $0 * scale }
            drawn.stroke.dashPhase *= scale
        }
        return drawn
    }
}
