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
        try Self.strokedBounds(of: [self], stroke)
    }

    /// The bounds of what stroking each of `paths` with `stroke` paints, together: the same
    /// bounds as the paths joined, but measured one path at a time, so that Cairo holds the
    /// polygon of one path's stroke at once, not of them all (a document of 10,000 circles took
    /// 56 MiB joined); `nil` when no path has segments.
    ///
    /// - Throws: ``RenderError`` when the stroke is invalid or Cairo fails.
    public static func strokedBounds(of paths: [Path], _ stroke: StrokeStyle) throws(RenderError) -> Rect? {
        try stroke.validate(naming: "lineWidth")
        let context = try CairoContext(CairoSurface(imageWidth: 1, height: 1))
        var solid = stroke
        solid.dash = []
        context.setStroke(solid, dashOffset: 0)
        var bounds: Rect?
        for path in paths where !path.isEmpty {
            context.newPath()
            context.addPath(path)
            let extents = context.strokeExtents()
            bounds = bounds.map { $0.union(extents) } ?? extents
        }
        try context.check()
        return bounds
    }
}
