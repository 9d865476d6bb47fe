#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An arc of an ellipse, as SVG's `A` command draws it; arcs stay arcs through trimming,
/// reversal and transforms.
///
/// An arc is defined by SVG's endpoint parameters (``start``, ``end``, ``radiusX``,
/// ``radiusY``, ``xAxisRotation``, ``isLargeArc``, ``isClockwise``), which are kept exactly so
/// that writing an arc as path data and reading it back gives the same arc. The centre
/// parameters (``center``, ``ellipseRadiusX``, ``ellipseRadiusY``, ``startAngle``,
/// ``sweepAngle``) are derived from them as the SVG specification's implementation notes
/// (F.6.5, F.6.6) prescribe, radii too small to join the end points being scaled up.
///
/// With y pointing down, the point at parameter `t` is
/// `center + R(φ) (rx cos θ, ry sin θ)` with `θ = startAngle + t * sweepAngle` and `R(φ)` the
/// rotation by ``xAxisRotation``; a positive sweep runs clockwise on screen.
public struct EllipticalArc: ParametricCurve {
    /// The start point (exact).
    public let start: Point
    /// The end point (exact).
    public let end: Point
    /// The x radius as given (SVG's `rx`, made non-negative).
    public let radiusX: Double
    /// The y radius as given (SVG's `ry`, made non-negative).
    public let radiusY: Double
    /// The rotation of the ellipse's x axis from the x axis of the coordinate system, in
    /// degrees, as in SVG.
    public let xAxisRotation: Double
    /// SVG's large-arc-flag: whether the arc spans more than 180 degrees of the ellipse.
    public let isLargeArc: Bool
    /// SVG's sweep-flag: whether the arc runs in the direction of increasing angle, which is
    /// clockwise on screen when y points down.
    public let isClockwise: Bool

    /// The centre of the ellipse.
    public let center: Point
    /// The x radius of the ellipse the arc lies on (``radiusX``, scaled up if it was too small).
    public let ellipseRadiusX: Double
    /// The y radius of the ellipse the arc lies on (``radiusY``, scaled up if it was too small).
    public let ellipseRadiusY: Double
    /// The parameter angle θ of ``start`` on the ellipse, in radians.
    public let startAngle: Double
    /// The signed parameter angle swept from ``start`` to ``end``, in radians: positive when
    /// clockwise on screen, with magnitude in `0...2π`.
    public let sweepAngle: Double

    /// The cosine and sine of ``xAxisRotation``.
    let cosRotation: Double
    let sinRotation: Double

    /// Creates the arc SVG's `A rx ry x-axis-rotation large-arc-flag sweep-flag x y` draws from
    /// `start`, or `nil` when SVG draws no arc: when the end points coincide (nothing is
    /// drawn), when a radius is zero (SVG draws a straight line instead), when a value is
    /// not finite, when the end points are so close for the radii (more than about 1e308
    /// times closer) that the ellipse cannot tell them apart, or when the ellipse through them
    /// (its radii scaled up, or its centre) lies beyond the range of a `Double`.
    ///
    /// Negative radii are taken as their absolute values; radii too small to join the end
    /// points are scaled up uniformly until they just do (the arc is then half an ellipse).
    public init?(
        from start: Point, to end: Point, radiusX: Double, radiusY: Double,
        xAxisRotation: Double, isLargeArc: Bool, isClockwise: Bool
    ) {
        let (rx, ry) = (abs(radiusX), abs(radiusY))
        guard start != end, rx > 0, ry > 0, start.isFinite, end.isFinite, rx.isFinite, ry.isFinite,
            xAxisRotation.isFinite
        else { return nil }
        let (sinφ, cosφ) = sinCos(degrees: xAxisRotation)
        // F.6.5 step 1, in the unit-circle space of the ellipse (divided by the radii) so that
        // nothing overflows or loses scale.
        let half = 0.5 * (start - end)
        var ux = (cosφ * half.dx + sinφ * half.dy) / rx
        var uy = (-sinφ * half.dx + cosφ * half.dy) / ry
        let lambda = ux * ux + uy * uy
        var scale = 1.0
        var (cx, cy) = (0.0, 0.0)
        // End points diametrically opposite (λ = 1 but for rounding) make a half ellipse: the
        // centre is their midpoint. Solving for it would find it only to about the square root
        // of the rounding error.
        if lambda > 1 - 8 * Double.ulpOfOne {
            // F.6.6: radii too small; scale them so the end points are exactly diametrical.
            scale = max(lambda, 1).squareRoot()
            ux /= scale
            uy /= scale
        } else {
            // Step 2: the centre is √((1 - λ) / λ) (uy, -ux), at distance √(1 - λ) from the
            // midpoint. Written with the unit vector of (ux, uy) (`hypot` does not underflow
            // where λ does, as with radii 1e300 times the distance of the end points), so that
            // huge radii give a finite centre rather than 0 × ∞.
            let norm = hypot(ux, uy)
            guard norm > 0 else { return nil }
            var distance = (1 - lambda).squareRoot()
            if isLargeArc == isClockwise { distance = -distance }
            (cx, cy) = (distance * (uy / norm), -distance * (ux / norm))
        }
        guard scale.isFinite, ux.isFinite, uy.isFinite else { return nil }
        // Steps 3-4: start angle and sweep.
        let (ax, ay) = (ux - cx, uy - cy)
        let (bx, by) = (-ux - cx, -uy - cy)
        var sweep = atan2(ax * by - ay * bx, ax * bx + ay * by)
        if isClockwise && sweep < 0 { sweep += 2 * .pi }
        if !isClockwise && sweep > 0 { sweep -= 2 * .pi }
        // End points closer than the rounding of the centre (radii 1e300 times their
        // distance) meet the centre at one angle: the large arc is then the whole ellipse.
        if sweep == 0 && isLargeArc { sweep = isClockwise ? 2 * .pi : -2 * .pi }
        let (erx, ery) = (rx * scale, ry * scale)
        let middle = start.midpoint(to: end)
        let center = Point(
            x: cosφ * cx * erx - sinφ * cy * ery + middle.x,
            y: sinφ * cx * erx + cosφ * cy * ery + middle.y)
        // Radii scaled up past the largest double (a chord of 1e29 and radii 1e300 by 1000), or
        // a centre beyond it: no ellipse to draw.
        guard erx.isFinite, ery.isFinite, center.isFinite else { return nil }
        self.start = start
        self.end = end
        self.radiusX = rx
        self.radiusY = ry
        self.xAxisRotation = xAxisRotation
        self.isLargeArc = isLargeArc
        self.isClockwise = isClockwise
        self.center = center
        self.ellipseRadiusX = erx
        self.ellipseRadiusY = ery
        self.startAngle = atan2(ay, ax)
        self.sweepAngle = sweep
        self.cosRotation = cosφ
        self.sinRotation = sinφ
    }

    /// Creates an arc from its centre parameters: the ellipse with `center`, radii `radiusX`
    /// and `radiusY` rotated by `xAxisRotation` degrees, from parameter angle `startAngle`
    /// sweeping `sweepAngle` radians (positive is clockwise on screen).
    ///
    /// - Precondition: the radii are finite and non-negative, the angles finite, and
    ///   `|sweepAngle| <= 2π`.
    public init(
        center: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double = 0,
        startAngle: Double, sweepAngle: Double
    ) {
        precondition(radiusX >= 0 && radiusY >= 0 && radiusX.isFinite && radiusY.isFinite)
        precondition(startAngle.isFinite && sweepAngle.isFinite && abs(sweepAngle) <= 2 * .pi)
        let (sinφ, cosφ) = sinCos(degrees: xAxisRotation)
        self.init(
            center: center, radiusX: radiusX, radiusY: radiusY, xAxisRotation: xAxisRotation,
            sinφ: sinφ, cosφ: cosφ, startAngle: startAngle, sweepAngle: sweepAngle,
            start: nil, end: nil)
    }

    /// The centre-parameter form with its end points either given (to keep them exact) or
    /// computed from the angles.
    private init(
        center: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double, sinφ: Double,
        cosφ: Double, startAngle: Double, sweepAngle: Double, start: Point?, end: Point?
    ) {
        self.center = center
        self.ellipseRadiusX = radiusX
        self.ellipseRadiusY = radiusY
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.xAxisRotation = xAxisRotation
        self.cosRotation = cosφ
        self.sinRotation = sinφ
        self.startAngle = startAngle
        self.sweepAngle = sweepAngle
        self.isLargeArc = abs(sweepAngle) > .pi
        self.isClockwise = sweepAngle > 0
        func point(atAngle θ: Double) -> Point {
            Self.point(atAngle: θ, center: center, radiusX: radiusX, radiusY: radiusY, sinφ: sinφ, cosφ: cosφ)
        }
        let first = start ?? point(atAngle: startAngle)
        self.start = first
        // A whole ellipse ends exactly where it starts.
        self.end = end ?? (abs(sweepAngle) == 2 * .pi ? first : point(atAngle: startAngle + sweepAngle))
    }

    /// The point of an ellipse at parameter angle `θ`.
    private static func point(
        atAngle θ: Double, center: Point, radiusX: Double, radiusY: Double, sinφ: Double, cosφ: Double
    ) -> Point {
        let (sinθ, cosθ) = sinCos(radians: θ)
        let (x, y) = (radiusX * cosθ, radiusY * sinθ)
        return Point(x: center.x + cosφ * x - sinφ * y, y: center.y + sinφ * x + cosφ * y)
    }

    /// The point of this arc's ellipse at parameter angle `θ`.
    private func point(atAngle θ: Double) -> Point {
        Self.point(
            atAngle: θ, center: center, radiusX: ellipseRadiusX, radiusY: ellipseRadiusY,
            sinφ: sinRotation, cosφ: cosRotation)
    }

    /// Whether the ellipse is a circle, so that the arc length is the radius times the angle.
    public var isCircular: Bool { ellipseRadiusX == ellipseRadiusY }

    /// The point at `t`; exactly ``start`` at 0 and ``end`` at 1.
    public func point(at t: Double) -> Point {
        if t == 0 { return start }
        if t == 1 { return end }
        return point(atAngle: startAngle + t * sweepAngle)
    }

    /// The derivative `sweepAngle * R(φ) (-rx sin θ, ry cos θ)`.
    public func derivative(at t: Double) -> Vector {
        let θ = startAngle + t * sweepAngle
        let (x, y) = (-ellipseRadiusX * sin(θ), ellipseRadiusY * cos(θ))
        return Vector(
            dx: sweepAngle * (cosRotation * x - sinRotation * y),
            dy: sweepAngle * (sinRotation * x + cosRotation * y))
    }

    /// The arc of the same ellipse between parameters `t0` and `t1`.
    public func subsegment(from t0: Double, to t1: Double) -> EllipticalArc {
        EllipticalArc(
            center: center, radiusX: ellipseRadiusX, radiusY: ellipseRadiusY,
            xAxisRotation: xAxisRotation, sinφ: sinRotation, cosφ: cosRotation,
            startAngle: startAngle + t0 * sweepAngle, sweepAngle: (t1 - t0) * sweepAngle,
            start: point(at: t0), end: point(at: t1))
    }

    /// The same arc from ``end`` to ``start``.
    public func reversed() -> EllipticalArc {
        EllipticalArc(
            center: center, radiusX: ellipseRadiusX, radiusY: ellipseRadiusY,
            xAxisRotation: xAxisRotation, sinφ: sinRotation, cosφ: cosRotation,
            startAngle: startAngle + sweepAngle, sweepAngle: -sweepAngle, start: end, end: start)
    }

    /// The image of the arc: an arc of the image ellipse, found by the singular value
    /// decomposition of the transform applied to the ellipse's axes. A mirroring transform
    /// reverses the sweep.
    public func transformed(by transform: Transform) -> EllipticalArc {
        // The ellipse is M (cos θ, sin θ) with M = A R(φ) diag(rx, ry).
        let u = transform.apply(to: Vector(dx: cosRotation * ellipseRadiusX, dy: sinRotation * ellipseRadiusX))
        let v = transform.apply(to: Vector(dx: -sinRotation * ellipseRadiusY, dy: cosRotation * ellipseRadiusY))
        // M = [[u.dx, v.dx], [u.dy, v.dy]] = R(φ') diag(sx, sy) R(α).
        let e = (u.dx + v.dy) / 2
        let f = (u.dx - v.dy) / 2
        let g = (u.dy + v.dx) / 2
        let h = (u.dy - v.dx) / 2
        let q = hypot(e, h)
        let r = hypot(f, g)
        let (a1, a2) = (atan2(g, f), atan2(h, e))
        let alpha = (a2 - a1) / 2
        let phi = (a2 + a1) / 2
        let (sx, sy) = (q + r, q - r)
        let mirrored = sy < 0
        let angle = mirrored ? -(startAngle + alpha) : startAngle + alpha
        return EllipticalArc(
            center: transform.apply(to: center), radiusX: sx, radiusY: abs(sy),
            xAxisRotation: phi * 180 / .pi, sinφ: sin(phi), cosφ: cos(phi), startAngle: angle,
            sweepAngle: mirrored ? -sweepAngle : sweepAngle, start: transform.apply(to: start),
            end: transform.apply(to: end))
    }

    /// The end points plus the ellipse's extreme points that lie within the sweep.
    public var bounds: Rect {
        var box = Rect(enclosing: start, end)
        let (rx, ry) = (ellipseRadiusX, ellipseRadiusY)
        let θx = atan2(-ry * sinRotation, rx * cosRotation)
        let θy = atan2(ry * cosRotation, rx * sinRotation)
        for θ in [θx, θx + .pi, θy, θy + .pi] {
            var offset = (θ - startAngle) * (sweepAngle < 0 ? -1 : 1)
            offset = offset.truncatingRemainder(dividingBy: 2 * .pi)
            if offset < 0 { offset += 2 * .pi }
            if offset < abs(sweepAngle) { box = box.union(point(atAngle: θ)) }
        }
        return box
    }

    /// The exact `r |sweepAngle| (t1 - t0)` on a circle; on an ellipse, quadrature driven by an
    /// error bound (see `boundedArcLength(from:to:accuracy:)`).
    public func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        if isCircular { return ellipseRadiusX * abs(sweepAngle) * (t1 - t0) }
        return boundedArcLength(from: t0, to: t1, accuracy: accuracy)
    }
}

/// The sine and cosine of an angle in degrees, exact at multiples of 90 degrees.
func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
    let quarterTurns = degrees / 90
    if quarterTurns == quarterTurns.rounded(), let exact = sinCos(quarterTurns: quarterTurns) {
        return exact
    }
    let radians = degrees * .pi / 180
    return (sin(radians), cos(radians))
}

/// The sine and cosine of an angle in radians, exact (0 and ±1) at the doubles nearest to
/// multiples of π/2, so a circle drawn from -π/2 starts exactly at 12 o'clock.
func sinCos(radians: Double) -> (sin: Double, cos: Double) {
    let quarterTurns = radians / (.pi / 2)
    let nearest = quarterTurns.rounded()
    if abs(quarterTurns - nearest) <= 4 * nearest.ulp, let exact = sinCos(quarterTurns: nearest) {
        return exact
    }
    return (sin(radians), cos(radians))
}

/// The exact sine and cosine of a whole number of quarter turns (of moderate size).
private func sinCos(quarterTurns: Double) -> (sin: Double, cos: Double)? {
    guard abs(quarterTurns) < 1e15 else { return nil }
    switch Int(quarterTurns) % 4 {
    case 0: return (0, 1)
    case 1, -3: return (1, 0)
    case 2, -2: return (0, -1)
    default: return (-1, 0)
    }
}
