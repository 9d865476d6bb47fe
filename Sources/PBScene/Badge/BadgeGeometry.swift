import PBGeometry

#if canImport(Glibc)
    import Glibc
#endif

/// The outlines a badge is made of: boxes with rounded outer corners, and horizontal strips of the
/// whole badge's rounded outline (the bands of its vertical gloss).
enum BadgeGeometry {
    /// A closed box from `minX` to `maxX` and 0 to `height`, its left corners rounded with
    /// `leftRadius` and its right corners with `rightRadius` (0 for square), running clockwise on
    /// screen from the top-left.
    static func box(minX: Double, maxX: Double, height: Double, leftRadius: Double, rightRadius: Double) -> Path {
        let half = min(maxX - minX, height) / 2
        let (left, right) = (min(max(leftRadius, 0), half), min(max(rightRadius, 0), half))
        var path = Path()
        path.move(to: Point(minX + left, 0))
        path.addLine(to: Point(maxX - right, 0))
        if right > 0 {
            path.addArc(
                center: Point(maxX - right, right), radius: right, startAngle: .degrees(-90), endAngle: .degrees(0),
                clockwise: true)
        }
        path.addLine(to: Point(maxX, height - right))
        if right > 0 {
            path.addArc(
                center: Point(maxX - right, height - right), radius: right, startAngle: .degrees(0),
                endAngle: .degrees(90), clockwise: true)
        }
        path.addLine(to: Point(minX + left, height))
        if left > 0 {
            path.addArc(
                center: Point(minX + left, height - left), radius: left, startAngle: .degrees(90),
                endAngle: .degrees(180), clockwise: true)
        }
        path.addLine(to: Point(minX, left))
        if left > 0 {
            path.addArc(
                center: Point(minX + left, left), radius: left, startAngle: .degrees(180), endAngle: .degrees(270),
                clockwise: true)
        }
        path.closeSubpath()
        return path
    }

    /// The part between `top` and `bottom` (`0 <= top < bottom <= height`) of a `width` × `height`
    /// rectangle at the origin whose four corners are rounded with `radius`: a closed outline whose
    /// sides follow the corner arcs exactly where the strip crosses them.
    static func strip(width: Double, height: Double, radius: Double, top: Double, bottom: Double) -> Path {
        let r = min(max(radius, 0), width / 2, height / 2)
        var path = Path()
        guard r > 0 else {
            path.addRect(Rect(x: 0, y: top, width: width, height: bottom - top))
            return path
        }
        /// The angle on a corner circle centred at height `centerY` of the point at height `y`, on the
        /// right side (the left side's is 180° minus it).
        func rightAngle(_ y: Double, centerY: Double) -> Angle {
            .radians(asin(min(max((y - centerY) / r, -1), 1)))
        }
        func leftAngle(_ y: Double, centerY: Double) -> Angle {
            .degrees(180 - rightAngle(y, centerY: centerY).degrees)
        }
        func inset(_ y: Double) -> Double {
            let centerY = y < r ? r : (y > height - r ? height - r : y)
            let dy = y - centerY
            return r - (r * r - dy * dy).squareRoot()
        }
        /// A clockwise corner arc from `start` to `end`, left out when it would sweep nothing (or,
        /// through rounding, almost a whole turn).
        func corner(_ center: Point, from start: Angle, to end: Angle) {
            guard end.degrees - start.degrees > 1e-9 else { return }
            path.addArc(center: center, radius: r, startAngle: start, endAngle: end, clockwise: true)
        }
        let (upper, lower) = (r, height - r)
        path.move(to: Point(inset(top), top))
        path.addLine(to: Point(width - inset(top), top))
        // Down the right side.
        if top < upper {
            corner(
                Point(width - r, upper), from: rightAngle(top, centerY: upper),
                to: rightAngle(min(bottom, upper), centerY: upper))
        }
        if bottom > upper, top < lower { path.addLine(to: Point(width, min(bottom, lower))) }
        if bottom > lower {
            corner(
                Point(width - r, lower), from: rightAngle(max(top, lower), centerY: lower),
                to: rightAngle(bottom, centerY: lower))
        }
        path.addLine(to: Point(inset(bottom), bottom))
        // Up the left side.
        if bottom > lower {
            corner(
                Point(r, lower), from: leftAngle(bottom, centerY: lower), to: leftAngle(max(top, lower), centerY: lower)
            )
        }
        if bottom > upper, top < lower { path.addLine(to: Point(0, max(top, upper))) }
        if top < upper {
            corner(
                Point(r, upper), from: leftAngle(min(bottom, upper), centerY: upper), to: leftAngle(top, centerY: upper)
            )
        }
        path.closeSubpath()
        return path
    }
}
