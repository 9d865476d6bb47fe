#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EllipticalArc {
    /// The arc as cubic Bézier curves, for renderers that draw cubics: split at every multiple
    /// of π/4 of the parameter angle, each piece approximated by the standard cubic with
    /// control arms `4/3 tan(δ/4)` of the radius.
    ///
    /// The split points are multiples of π/4 whatever the arc's start, so two arcs of one
    /// ellipse (a track and the progress trimmed from it) share every cubic they overlap on,
    /// and a rasteriser flattens them identically: the progress lies exactly on its track.
    ///
    /// - Returns: one to nine cubics, the first starting at ``start`` and the last ending at
    ///   ``end`` exactly; none when the arc sweeps no angle.
    /// - Accuracy: each cubic is within `4.3e-6` times the larger radius of the ellipse (the
    ///   error of a 45° piece; shorter pieces are closer).
    public func cubicApproximation() -> [CubicBezier] {
        guard sweepRadians != 0 else { return [] }
        let step = Double.pi / 4
        let (startAngle, sweep) = (startRadians, sweepRadians)
        let end = startAngle + sweep
        // The angles where pieces meet: the grid points strictly inside the sweep, skipping any
        // within a hair of an end (which would make a sliver piece). A sweep of at most one turn
        // holds at most eight of them, so the loop is bounded whatever the angles.
        let hair = 1e-9
        var angles = [startAngle]
        let direction: Double = sweep > 0 ? 1 : -1
        let first = sweep > 0 ? (startAngle / step).rounded(.down) + 1 : (startAngle / step).rounded(.up) - 1
        for index in 0..<10 {
            let angle = (first + direction * Double(index)) * step
            guard direction * (end - angle) > hair else { break }
            if direction * (angle - startAngle) > hair { angles.append(angle) }
        }
        angles.append(end)
        var cubics: [CubicBezier] = []
        cubics.reserveCapacity(angles.count - 1)
        for index in 0..<(angles.count - 1) {
            let (α, β) = (angles[index], angles[index + 1])
            let arm = 4.0 / 3.0 * tan((β - α) / 4)
            let (sinα, cosα) = sinCos(radians: α)
            let (sinβ, cosβ) = sinCos(radians: β)
            let from = index == 0 ? start : onEllipse(cosα, sinα)
            let to = index == angles.count - 2 ? self.end : onEllipse(cosβ, sinβ)
            cubics.append(
                CubicBezier(
                    from: from, control1: onEllipse(cosα - arm * sinα, sinα + arm * cosα),
                    control2: onEllipse(cosβ + arm * sinβ, sinβ - arm * cosβ), to: to))
        }
        return cubics
    }

    /// The point `center + R(φ) (rx x, ry y)`: the ellipse's frame applied to a point of the unit
    /// circle's plane.
    private func onEllipse(_ x: Double, _ y: Double) -> Point {
        let (ex, ey) = (radiusX * x, radiusY * y)
        return Point(
            x: center.x + cosRotation * ex - sinRotation * ey, y: center.y + sinRotation * ex + cosRotation * ey)
    }
}
