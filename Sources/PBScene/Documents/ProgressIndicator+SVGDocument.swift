import PBDocument
import PBGeometry
import PBStyle

extension ProgressIndicator {
    /// An indicator along a document's shapes, at progress 0: each element stroked in its own
    /// style, progress spread over them in `order` (the `sequence` order by default: the whole
    /// document as one path in document order, progress a fraction of the total length on the
    /// canvas), on the document's canvas.
    ///
    /// Each element is stroked as the document says (`SVGStyle`: colour, width, caps, joins,
    /// miter limit, dashes laid along the element's whole path, `stroke-opacity` and
    /// `opacity`), in its own user space (`element(_:style:overrides:)`). An element with no
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
        let elements = document.elements.compactMap {
            Self.element($0, style: style, overrides: overrides, gradients: document.gradients)
        }
        self.init(geometry: .elements(elements, canvas: document.canvasSize, order: order), style: style)
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
    ///   - gradients: the document's gradients by `id`, which the element's fill and stroke may
    ///     refer to (`SVGPaint.paint(for:gradients:opacity:)`).
    public static func element(
        _ element: SVGElement, style: ProgressStyle, overrides: DocumentStyleOverrides,
        gradients: [String: SVGGradient] = [:]
    ) -> Element? {
        let transform = element.transform
        let scale = abs(transform.determinant).squareRoot()
        guard scale > 0, scale.isFinite, transform.inverse != nil else { return nil }
        let own = element.style
        let hasStroke = own.hasStroke
        var stroke = own.strokeStyle
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
        let paint =
            hasStroke && !overrides.contains(.color)
            ? own.stroke.paint(for: element, gradients: gradients, opacity: own.strokeOpacity) ?? .color(.clear) : nil
        var drawn = Element(
            path: element.path, transform: transform, stroke: stroke, paint: paint, opacity: own.opacity,
            fill: own.fill.paint(for: element, gradients: gradients, opacity: own.fillOpacity),
            fillRule: own.fillRule == .evenodd ? .evenOdd : .nonZero, isOutline: !hasStroke)
        if transform.isConformal() {
            drawn.transform = .identity
            drawn.stroke.lineWidth *= scale
            drawn.stroke.dash = drawn.stroke.dash.map { $0 * scale }
            drawn.stroke.dashPhase *= scale
        }
        return drawn
    }
}
