import PBGeometry

/// The SVG 2 equivalent paths of the basic shapes, with exact end points: corners and ellipses
/// are quarter arcs in SVG's end-point form, each from one exact point to the next.
enum BasicShapes {
    /// The most path elements each shape has (a move, its lines and arcs, a close): what a
    /// document's cost counts for it (``DocumentCost``); a polyline has one a point, and a polygon
    /// one more.
    static let elementCounts: [String: Int] = ["rect": 10, "circle": 6, "ellipse": 6, "line": 2]

    /// A rectangle from `(x + rx, y)` clockwise on screen; `rx` and `ry` already resolved (SVG 2:
    /// `auto` takes the other, each at most half the side). Square corners when either is zero.
    static func rect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double) -> Path {
        var path = Path()
        let (right, bottom) = (x + width, y + height)
        guard rx > 0, ry > 0 else {
            path.move(to: Point(x, y))
            path.addLine(to: Point(right, y))
            path.addLine(to: Point(right, bottom))
            path.addLine(to: Point(x, bottom))
            path.closeSubpath()
            return path
        }
        func arc(to point: Point) {
            path.addEllipticalArc(to: point, radiusX: rx, radiusY: ry, isLargeArc: false, isClockwise: true)
        }
        // Lines of zero length (a side taken up by its corners) are left out.
        func line(to point: Point) {
            if path.currentPoint != point { path.addLine(to: point) }
        }
        path.move(to: Point(x + rx, y))
        line(to: Point(right - rx, y))
        arc(to: Point(right, y + ry))
        line(to: Point(right, bottom - ry))
        arc(to: Point(right - rx, bottom))
        line(to: Point(x + rx, bottom))
        arc(to: Point(x, bottom - ry))
        line(to: Point(x, y + ry))
        arc(to: Point(x + rx, y))
        path.closeSubpath()
        return path
    }

    /// An ellipse from its rightmost point, clockwise on screen, in four quarter arcs.
    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Path {
        var path = Path()
        let points = [Point(cx, cy + ry), Point(cx - rx, cy), Point(cx, cy - ry), Point(cx + rx, cy)]
        path.move(to: Point(cx + rx, cy))
        for point in points {
            path.addEllipticalArc(to: point, radiusX: rx, radiusY: ry, isLargeArc: false, isClockwise: true)
        }
        path.closeSubpath()
        return path
    }

    /// A polyline through `points`, closed for a polygon; empty with no points.
    static func poly(_ points: [Point], closed: Bool) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for point in points.dropFirst() { path.addLine(to: point) }
        if closed { path.closeSubpath() }
        return path
    }
}
