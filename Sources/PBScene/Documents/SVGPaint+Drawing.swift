import PBDocument
import PBGeometry

extension SVGPaint {
    /// What an element's fill or stroke is drawn with: a colour, or its gradient as a canvas
    /// gradient where the element lies on the canvas; `nil` for nothing. A reference to no
    /// gradient, or to one that cannot paint the element (`SVGGradient.canPaint(_:)`), draws
    /// its fallback colour or nothing, as rsvg-convert does. `opacity` (the
    /// element's `fill-opacity` or `stroke-opacity`) fades every colour.
    ///
    /// - Parameters:
    ///   - element: the element painted.
    ///   - gradients: the document's gradients by `id` (`SVGDocument.gradients`).
    ///   - opacity: the paint's own opacity, `0...1`.
    public func paint(for element: SVGElement, gradients: [String: SVGGradient], opacity: Double) -> Paint? {
        switch self {
        case .none: return nil
        case .color(let color): return .color(color.faded(by: opacity))
        case .reference(let id, let fallback):
            guard let gradient = gradients[id], gradient.canPaint(element) else {
                return fallback.map { .color($0.faded(by: opacity)) }
            }
            return gradient.paint(for: element, opacity: opacity)
        }
    }
}

extension SVGGradient {
    /// The gradient as it paints `element`, faded by `opacity`: a canvas gradient whose
    /// transform is `gradientTransform`, then the element's bounding box (for
    /// `objectBoundingBox` units), then the element's transform onto the canvas. No stops paint
    /// nothing, one stop its colour (SVG's rules); a gradient that cannot paint the element
    /// (``canPaint(_:)``) paints nothing.
    public func paint(for element: SVGElement, opacity: Double) -> Paint? {
        let stops = stops.map { PathGradient.Stop(location: $0.offset, color: $0.color.faded(by: opacity)) }
        guard let first = stops.first else { return nil }
        guard stops.count > 1 else { return .color(first.color) }
        var space = transform
        if units == .objectBoundingBox {
            guard let box = element.localPath.bounds, box.width > 0, box.height > 0 else { return nil }
            space = space.concatenating(
                Transform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))
        }
        let kind: CanvasGradient.Kind =
            switch self.kind {
            case .linear(let start, let end): .linear(start: start, end: end)
            case .radial(let center, let radius, let focus, let focusRadius):
                .radial(center: center, radius: radius, focus: focus, focusRadius: focusRadius)
            }
        let spread: CanvasGradient.Spread =
            switch self.spread {
            case .pad: .pad
            case .reflect: .reflect
            case .repeat: .repeat
            }
        return .canvasGradient(
            CanvasGradient(
                kind: kind, transform: space.concatenating(element.transform), spread: spread, stops: stops))
    }
}
