import PBGeometry
import PBStyle

extension Path {
    /// The bounds of what stroking the path with `stroke` paints (caps and joins included, no
    /// dashes), as Cairo computes them; `nil` for a path with no segments.
    ///
    /// The corresponding C function is `cairo_stroke_extents`.
    ///
    /// - Throws: ``RenderError`` when the stroke is invalid or Cairo fails.
    public func strokedBounds(_ stroke: StrokeStyle) throws(RenderError) -> Rect? {
        guard !isEmpty else { return nil }
        try stroke.validate(naming: "lineWidth")
        let context = try CairoContext(CairoSurface(imageWidth: 1, height: 1))
        var solid = stroke
        solid.dash = []
        context.setStroke(solid, dashOffset: 0)
        context.addPath(self)
        let extents = context.strokeExtents()
        try context.check()
        return extents
    }
}
