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
    /// that may reach beyond it (``reach(of:)``) are measured with their centre moved to the
    /// origin (at 10^7 Cairo's own coordinates wrapped around, and a path drawn there without a
    /// canvas was placed off it). Paths wider or taller than that reach cannot be measured by
    /// Cairo at all; their geometric bounds, outset by half the line width, stand in (such a
    /// drawing is refused as too large anyway).
    ///
    /// - Throws: ``RenderError`` when the stroke is invalid or Cairo fails.
    public static func strokedBounds(of paths: [Path], _ stroke: StrokeStyle) throws(RenderError) -> Rect? {
        try stroke.validate(naming: "lineWidth")
        var centre: Point?
        if reach(of: paths) + stroke.lineWidth >= Scene.maximumReach {
            var box: Rect?
            for path in paths {
                guard let bounds = path.bounds else { continue }
                box = box.map { $0.union(bounds) } ?? bounds
            }
            if let box, max(box.width, box.height) + stroke.lineWidth >= Scene.maximumReach {
                return box.insetBy(-stroke.lineWidth / 2)
            }
            centre = box.map { Point(x: $0.midX.rounded(), y: $0.midY.rounded()) }
        }
        let context = try CairoContext(CairoSurface(imageWidth: 1, height: 1))
        if let centre { context.concatenate(Transform(translationX: -centre.x, y: -centre.y)) }
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

    /// A bound on the largest coordinate, in absolute value, of any point the paths draw, read
    /// from their elements without deriving a segment: a Bézier curve stays within its end and
    /// control points, an arc in centre form within its largest radius of its centre, and an SVG
    /// arc within its ellipse's diameter of its end, the radii as SVG scales them up when they
    /// cannot span the chord (by at most half the chord over the smaller radius).
    ///
    /// - Complexity: O(n) in the paths' elements.
    static func reach(of paths: [Path]) -> Double {
        var reach = 0.0
        var (current, start) = (Point(x: 0, y: 0), Point(x: 0, y: 0))
        func include(_ point: Point, slack: Double = 0) {
            reach = max(reach, abs(point.x) + slack, abs(point.y) + slack)
        }
        for path in paths {
            for element in path.elements {
                switch element {
                case .move(let point):
                    include(point)
                    start = point
                case .line(let point):
                    include(point)
                case .quadCurve(let point, let control):
                    include(point)
                    include(control)
                case .curve(let point, let control1, let control2):
                    include(point)
                    include(control1)
                    include(control2)
                case .svgArc(let arc):
                    let (dx, dy) = (arc.end.x - current.x, arc.end.y - current.y)
                    let (rx, ry) = (abs(arc.radiusX), abs(arc.radiusY))
                    let (small, large) = (min(rx, ry), max(rx, ry))
                    // A zero radius draws a straight line.
                    let radius = small > 0 ? large * max(1, (dx * dx + dy * dy).squareRoot() / 2 / small) : 0
                    include(arc.end, slack: 2 * radius)
                case .arc(let arc):
                    include(arc.center, slack: max(arc.radiusX, arc.radiusY))
                case .closeSubpath:
                    break
                }
                current = element.endPoint ?? start
            }
        }
        return reach.isNaN ? .infinity : reach
    }
}
