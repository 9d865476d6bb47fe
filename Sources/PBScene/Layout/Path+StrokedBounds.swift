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
    /// Cairo holds coordinates as fixed-point numbers within ``Scene/maximumReach``, so paths
    /// reaching beyond it are measured with their centre moved to the origin (at 10^7 Cairo's own
    /// coordinates wrapped around, and a path drawn there without a canvas was placed off it). Paths wider or taller than that
    /// reach cannot be measured by Cairo at all; their geometric bounds, outset by half the line
    /// width, stand in (such a drawing is refused as too large anyway).
    ///
    /// - Throws: ``RenderError`` when the stroke is invalid or Cairo fails.
    public static func strokedBounds(of paths: [Path], _ stroke: StrokeStyle) throws(RenderError) -> Rect? {
        try stroke.validate(naming: "lineWidth")
        var box: Rect?
        for path in paths {
            guard let bounds = path.bounds else { continue }
            box = box.map { $0.union(bounds) } ?? bounds
        }
        if let box, max(box.width, box.height) + stroke.lineWidth >= Scene.maximumReach {
            return box.insetBy(-stroke.lineWidth / 2)
        }
        let context = try CairoContext(CairoSurface(imageWidth: 1, height: 1))
        if let box, max(-box.minX, box.maxX, -box.minY, box.maxY) + stroke.lineWidth >= Scene.maximumReach {
            context.concatenate(Transform(translationX: -box.midX.rounded(), y: -box.midY.rounded()))
        }
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
