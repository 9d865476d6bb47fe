extension Path {
    /// Adds a closed rectangle, starting at its top-left corner and running clockwise on screen.
    public mutating func addRect(_ rect: Rect) {
        move(to: rect.origin)
        addLine(to: Point(rect.maxX, rect.minY))
        addLine(to: Point(rect.maxX, rect.maxY))
        addLine(to: Point(rect.minX, rect.maxY))
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`, starting at the top (12 o'clock) and running
    /// clockwise on screen, as one elliptical arc.
    public mutating func addEllipse(in rect: Rect) {
        guard
            let arc = EllipticalArc(
                center: rect.center, radiusX: rect.width / 2, radiusY: rect.height / 2, startAngle: .degrees(-90),
                sweepAngle: .degrees(360))
        else { return }
        move(to: arc.start)
        append(.arc(arc))
        closeSubpath()
    }

    /// Adds a closed rectangle with elliptical corners of radii `cornerWidth` and
    /// `cornerHeight` (each pinned to half the side), starting at the top edge after the
    /// top-left corner and running clockwise on screen.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        let rx = min(max(cornerWidth, 0), rect.width / 2)
        let ry = min(max(cornerHeight, 0), rect.height / 2)
        guard rx > 0 && ry > 0 else { return addRect(rect) }
        // Each side (possibly of zero length) then the corner it runs into, as exact end points.
        let (left, top, right, bottom) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let sides: [(side: Point, corner: Point)] = [
            (Point(right - rx, top), Point(right, top + ry)),
            (Point(right, bottom - ry), Point(right - rx, bottom)),
            (Point(left + rx, bottom), Point(left, bottom - ry)),
            (Point(left, top + ry), Point(left + rx, top)),
        ]
        move(to: Point(left + rx, top))
        for (side, corner) in sides {
            if currentPoint != side { addLine(to: side) }
            addEllipticalArc(
                to: corner, radiusX: rx, radiusY: ry, isLargeArc: false, isClockwise: true)
        }
        closeSubpath()
    }
}
