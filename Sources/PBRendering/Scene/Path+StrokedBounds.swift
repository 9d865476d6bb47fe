import PBGeometry

extension Path {
    /// The bounds of what stroking the path with the wider of the style's two widths paints
    /// (caps and joins included), as Cairo computes them; `nil` for a path with no segments.
    ///
    /// The corresponding C function is `cairo_stroke_extents`.
    ///
    /// - Throws: ``RenderError`` when the style is invalid or Cairo fails.
    public func strokedBounds(style: ProgressStyle) throws(RenderError) -> Rect? {
        guard !isEmpty else { return nil }
        if let problem = style.problem { throw RenderError(.invalidScene, problem) }
        let context = try CairoContext(CairoSurface(imageWidth: 1, height: 1))
        var solid = style
        solid.dashPattern = []
        context.setStroke(width: style.widestStroke, style: solid, dashOffset: 0)
        context.addPath(self)
        let extents = context.strokeExtents()
        try context.check()
        return extents
    }
}
