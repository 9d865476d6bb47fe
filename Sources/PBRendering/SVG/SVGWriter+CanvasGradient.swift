import PBScene

/// Paints in SVG attributes: a colour as itself, a canvas gradient as a `<linearGradient>` or
/// `<radialGradient>` in user space, defined once where it is used.
extension SVGWriter {
    /// ` fill="#RRGGBB"` (with ` fill-opacity` when translucent) for a colour, or
    /// ` fill="url(#…)"` for a canvas gradient, whose definition joins the document's
    /// (`property` is `fill` or `stroke`; a path gradient gives its first colour).
    mutating func paintAttributes(_ property: String, _ paint: Paint) -> String {
        guard case .canvasGradient(let gradient) = paint else {
            let color = paint.color(atFraction: 0)
            return " \(property)=\"\(hex(color))\"\(opacity(property, color))"
        }
        return " \(property)=\"url(#\(define(gradient)))\""
    }

    /// Defines the gradient in user space (`gradientUnits="userSpaceOnUse"`, its transform as
    /// `gradientTransform`), returning its `id`.
    private mutating func define(_ gradient: CanvasGradient) -> String {
        let id = nextID("g")
        let tag: String
        switch gradient.kind {
        case .linear(let start, let end):
            tag = "linearGradient"
            definitions += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
            definitions += " x1=\"\(number(start.x))\" y1=\"\(number(start.y))\""
            definitions += " x2=\"\(number(end.x))\" y2=\"\(number(end.y))\""
        case .radial(let center, let radius, let focus, let focusRadius):
            tag = "radialGradient"
            definitions += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
            definitions += " cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"\(number(radius))\""
            if focus != center { definitions += " fx=\"\(number(focus.x))\" fy=\"\(number(focus.y))\"" }
            if focusRadius != 0 { definitions += " fr=\"\(number(focusRadius))\"" }
        }
        if !gradient.transform.isIdentity { definitions += " gradientTransform=\"\(matrix(gradient.transform))\"" }
        switch gradient.spread {
        case .pad: break
        case .reflect: definitions += " spreadMethod=\"reflect\""
        case .repeat: definitions += " spreadMethod=\"repeat\""
        }
        definitions += ">"
        for stop in gradient.stops {
            definitions += "<stop offset=\"\(number(stop.location))\" stop-color=\"\(hex(stop.color))\""
            definitions += stop.color.alpha < 1 ? " stop-opacity=\"\(number(stop.color.alpha))\"/>" : "/>"
        }
        definitions += "</\(tag)>\n"
        return id
    }
}
