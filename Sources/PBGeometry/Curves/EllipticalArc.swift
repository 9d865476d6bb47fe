#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An arc of an ellipse in centre form: the ellipse (``center``, ``radiusX``, ``radiusY``,
/// ``xAxisRotation``) and the part of it from ``startAngle`` sweeping ``sweepAngle``. Arcs stay
/// arcs through trimming, reversal and transforms.
///
/// With y pointing down, the point at parameter `t` is `center + R(φ) (rx cos θ, ry sin θ)` with
/// `θ = startAngle + t * sweepAngle` and `R(φ)` the rotation by ``xAxisRotation``; a positive
/// sweep runs clockwise on screen. ``start`` and ``end`` are exact: computed from the angles,
/// or, for an arc made from SVG's endpoint parameters (``init(from:_:)``) or cut from another
/// arc, the exact points it was made between.
///
/// Every property is a constant set by an initialiser, so the centre form and the end points
/// cannot disagree.
public struct EllipticalArc: ParametricCurve {
    /// The start point (exact).
    public let start: Point
    /// The end point (exact).
    public let end: Point
    /// The centre of the ellipse.
    public let center: Point
    /// The ellipse's radius along its (rotated) x axis, zero or more.
    public let radiusX: Double
    /// The ellipse's radius along its (rotated) y axis, zero or more.
    public let radiusY: Double
    /// The rotation of the ellipse's x axis from the x axis of the coordinate system.
    public let xAxisRotation: Angle
    /// The parameter angle θ of ``start`` on the ellipse, in radians.
    let startRadians: Double
    /// The signed parameter angle swept from ``start`` to ``end``, in radians, in `-2π...2π`.
    let sweepRadians: Double
    /// The cosine and sine of ``xAxisRotation``.
    let cosRotation: Double
    let sinRotation: Double

    /// The parameter angle θ of ``start`` on the ellipse (not the polar angle of the point,
    /// unless the ellipse is a circle).
    public var startAngle: Angle { Angle(radians: startRadians) }
    /// The signed parameter angle swept from ``start`` to ``end``: positive is clockwise on
    /// screen; at most one turn.
    public var sweepAngle: Angle { Angle(radians: sweepRadians) }
    /// SVG's large-arc-flag: whether the arc sweeps more than half a turn.
    public var isLargeArc: Bool { abs(sweepRadians) > .pi }
    /// SVG's sweep-flag: whether the arc runs clockwise on screen.
    public var isClockwise: Bool { sweepRadians > 0 }
    /// Whether the ellipse is a circle, so that the arc length is the radius times the angle.
    public var isCircular: Bool { radiusX == radiusY }

    /// Creates an arc from its centre parameters: the ellipse with `center` and radii `radiusX`
    /// and `radiusY` rotated by `xAxisRotation`, from parameter angle `startAngle` sweeping
    /// `sweepAngle` (positive is clockwise on screen, at most one turn: an ``Angle`` is).
    ///
    /// Negative radii are taken as their magnitudes, as SVG does. Returns `nil` when a value is
    /// NaN or infinite: there is no such arc.
    public init?(
        center: Point, radiusX: Double, radiusY: Double, xAxisRotation: Angle = .zero, startAngle: Angle,
        sweepAngle: Angle
    ) {
        let (rx, ry) = (abs(radiusX), abs(radiusY))
        guard center.isFinite, rx.isFinite, ry.isFinite, xAxisRotation.isFinite, startAngle.isFinite,
            sweepAngle.isFinite
        else { return nil }
        let (sinφ, cosφ) = xAxisRotation.sinCos
        self.init(
            center: center, radiusX: rx, radiusY: ry, xAxisRotation: xAxisRotation, sinφ: sinφ, cosφ: cosφ,
            startRadians: startAngle.normalized.radians,
            sweepRadians: min(max(sweepAngle.degrees, -360), 360) * (.pi / 180),
            start: nil, end: nil)
    }

    /// The arc SVG's `A` command draws from `start` with `svgArc`'s parameters, in centre form,
    /// found as the SVG specification's implementation notes (F.6.5, F.6.6) prescribe: radii too
    /// small to join the end points are scaled up uniformly until they just do (the arc is then
    /// half an ellipse), negative radii are taken as their magnitudes. ``start`` and ``end`` are
    /// the given points exactly.
    ///
    /// Returns `nil` when SVG draws no arc: when the end points coincide (nothing is drawn), when
    /// a radius is zero (a straight line is drawn instead), when a value is not finite, when the
    /// end points are so close for the radii (more than about 1e308 times closer) that the
    /// ellipse cannot tell them apart, when the arc's sweep is below the resolution of its start
    /// angle (the chord is then drawn, as for a zero radius), or when the ellipse through them
    /// (its radii scaled up, or its centre) lies beyond the range of a `Double`.
    public init?(from start: Point, _ svgArc: SVGArc) {
        let end = svgArc.end
        let (rx, ry) = (abs(svgArc.radiusX), abs(svgArc.radiusY))
        guard start != end, rx > 0, ry > 0, start.isFinite, svgArc.isFinite else { return nil }
        let (sinφ, cosφ) = svgArc.xAxisRotation.sinCos
        // F.6.5 step 1, in the unit-circle space of the ellipse (divided by the radii) so that
        // nothing overflows or loses scale.
        let half = 0.5 * (start - end)
        var ux = (cosφ * half.dx + sinφ * half.dy) / rx
        var uy = (-sinφ * half.dx + cosφ * half.dy) / ry
        let lambda = ux * ux + uy * uy
        var scale = 1.0
        var (cx, cy) = (0.0, 0.0)
        // The sweep of an arc that is not a half ellipse, from the half chord in the unit
        // space, |u| (see below); nil for a half ellipse.
        var smallSweep: Double?
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
            if svgArc.isLargeArc == svgArc.isClockwise { distance = -distance }
            (cx, cy) = (distance * (uy / norm), -distance * (ux / norm))
            // On the unit circle a chord of half length |u| spans 2 asin |u|: exact to rounding
            // however short the chord, where the angle between the two directions from the
            // rounded centre loses every digit the chord is shorter than the radius (radii 1e16
            // times the chord measured 1.4043 for √2, 1e300 times measured 0; found by fuzzing).
            smallSweep = 2 * asin(min(norm, 1))
        }
        guard scale.isFinite, ux.isFinite, uy.isFinite else { return nil }
        // Steps 3-4: start angle and sweep.
        let (ax, ay) = (ux - cx, uy - cy)
        let (bx, by) = (-ux - cx, -uy - cy)
        var sweep: Double
        if let smallSweep {
            sweep = svgArc.isLargeArc ? 2 * .pi - smallSweep : smallSweep
            if !svgArc.isClockwise { sweep = -sweep }
        } else {
            sweep = atan2(ax * by - ay * bx, ax * bx + ay * by)
            if svgArc.isClockwise && sweep < 0 { sweep += 2 * .pi }
            if !svgArc.isClockwise && sweep > 0 { sweep -= 2 * .pi }
        }
        let (erx, ery) = (rx * scale, ry * scale)
        let middle = start.midpoint(to: end)
        let center = Point(
            x: cosφ * cx * erx - sinφ * cy * ery + middle.x,
            y: sinφ * cx * erx + cosφ * cy * ery + middle.y)
        // Radii scaled up past the largest double (a chord of 1e29 and radii 1e300 by 1000), or
        // a centre beyond it: no ellipse to draw.
        guard erx.isFinite, ery.isFinite, center.isFinite else { return nil }
        // The start angle must resolve the sweep to 1e-9 of it (the measure's default accuracy):
        // below 2^30 ulps of the start angle the arc's ends are not where its angles say (1e-278
        // radians from -π/2, for radii 1e-32 and 1e308 and points 5 apart, measured 5e-324; 1e-14
        // radians round π with radii 1e20 and 1e-309 measured 2.44e-9 and 2.45e-9 at two
        // accuracies; both found by fuzzing). Such an arc is its chord to within a relative
        // 1e-15 of its length (sweep² / 24 for a circle), unless it turns round the tip of an
        // ellipse too thin to resolve, and is drawn as one.
        let startRadians = atan2(ay, ax)
        guard abs(sweep) >= 0x1p30 * startRadians.magnitude.ulp else { return nil }
        self.init(
            center: center, radiusX: erx, radiusY: ery, xAxisRotation: svgArc.xAxisRotation, sinφ: sinφ,
            cosφ: cosφ, startRadians: startRadians, sweepRadians: sweep, start: start, end: end)
    }

    /// The centre form with its end points either given (to keep them exact) or computed from
    /// the angles.
    init(
        center: Point, radiusX: Double, radiusY: Double, xAxisRotation: Angle, sinφ: Double, cosφ: Double,
        startRadians: Double, sweepRadians: Double, start: Point?, end: Point?
    ) {
        self.center = center
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.xAxisRotation = xAxisRotation
        self.cosRotation = cosφ
        self.sinRotation = sinφ
        self.startRadians = startRadians
        self.sweepRadians = min(max(sweepRadians, -2 * .pi), 2 * .pi)
        func point(atAngle θ: Double) -> Point {
            Self.point(atAngle: θ, center: center, radiusX: radiusX, radiusY: radiusY, sinφ: sinφ, cosφ: cosφ)
        }
        let first = start ?? point(atAngle: startRadians)
        self.start = first
        // A whole ellipse ends exactly where it starts.
        self.end =
            end ?? (abs(self.sweepRadians) == 2 * .pi ? first : point(atAngle: startRadians + self.sweepRadians))
    }

    /// The point of an ellipse at parameter angle `θ`.
    private static func point(
        atAngle θ: Double, center: Point, radiusX: Double, radiusY: Double, sinφ: Double, cosφ: Double
    ) -> Point {
        let (sinθ, cosθ) = sinCos(radians: θ)
        let (x, y) = (radiusX * cosθ, radiusY * sinθ)
        return Point(x: center.x + cosφ * x - sinφ * y, y: center.y + sinφ * x + cosφ * y)
    }

    /// The point of this arc's ellipse at parameter angle `θ` (radians).
    func point(atAngle θ: Double) -> Point {
        Self.point(
            atAngle: θ, center: center, radiusX: radiusX, radiusY: radiusY, sinφ: sinRotation, cosφ: cosRotation)
    }

    /// The point at `t`; exactly ``start`` at 0 and ``end`` at 1.
    public func point(at t: Double) -> Point {
        if t == 0 { return start }
        if t == 1 { return end }
        return point(atAngle: startRadians + t * sweepRadians)
    }

    /// The derivative `sweepAngle * R(φ) (-rx sin θ, ry cos θ)` (the sweep in radians).
    public func derivative(at t: Double) -> Vector {
        let θ = startRadians + t * sweepRadians
        let (x, y) = (-radiusX * sin(θ), radiusY * cos(θ))
        return Vector(
            dx: sweepRadians * (cosRotation * x - sinRotation * y),
            dy: sweepRadians * (sinRotation * x + cosRotation * y))
    }

    /// The arc of the same ellipse between parameters `t0` and `t1`.
    public func subsegment(from t0: Double, to t1: Double) -> EllipticalArc {
        EllipticalArc(
            center: center, radiusX: radiusX, radiusY: radiusY, xAxisRotation: xAxisRotation, sinφ: sinRotation,
            cosφ: cosRotation, startRadians: startRadians + t0 * sweepRadians,
            sweepRadians: (t1 - t0) * sweepRadians, start: point(at: t0), end: point(at: t1))
    }

    /// The same arc from ``end`` to ``start``.
    public func reversed() -> EllipticalArc {
        EllipticalArc(
            center: center, radiusX: radiusX, radiusY: radiusY, xAxisRotation: xAxisRotation, sinφ: sinRotation,
            cosφ: cosRotation, startRadians: startRadians + sweepRadians, sweepRadians: -sweepRadians, start: end,
            end: start)
    }

    /// The image of the arc: an arc of the image ellipse, found by the singular value
    /// decomposition of the transform applied to the ellipse's axes. A mirroring transform
    /// reverses the sweep.
    public func transformed(by transform: Transform) -> EllipticalArc {
        // The ellipse is M (cos θ, sin θ) with M = A R(φ) diag(rx, ry).
        let u = transform.apply(to: Vector(dx: cosRotation * radiusX, dy: sinRotation * radiusX))
        let v = transform.apply(to: Vector(dx: -sinRotation * radiusY, dy: cosRotation * radiusY))
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
        let angle = mirrored ? -(startRadians + alpha) : startRadians + alpha
        return EllipticalArc(
            center: transform.apply(to: center), radiusX: sx, radiusY: abs(sy), xAxisRotation: .radians(phi),
            sinφ: sin(phi), cosφ: cos(phi), startRadians: angle,
            sweepRadians: mirrored ? -sweepRadians : sweepRadians, start: transform.apply(to: start),
            end: transform.apply(to: end))
    }

    /// The end points plus the ellipse's extreme points that lie within the sweep.
    public var bounds: Rect {
        var box = Rect(enclosing: start, end)
        let (rx, ry) = (radiusX, radiusY)
        let θx = atan2(-ry * sinRotation, rx * cosRotation)
        let θy = atan2(ry * cosRotation, rx * sinRotation)
        for θ in [θx, θx + .pi, θy, θy + .pi] {
            var offset = (θ - startRadians) * (sweepRadians < 0 ? -1 : 1)
            offset = offset.truncatingRemainder(dividingBy: 2 * .pi)
            if offset < 0 { offset += 2 * .pi }
            if offset < abs(sweepRadians) { box = box.union(point(atAngle: θ)) }
        }
        return box
    }

    /// The exact `r |sweepAngle| (t1 - t0)` on a circle; on an ellipse, quadrature driven by an
    /// error bound (see `boundedArcLength(from:to:accuracy:)`).
    public func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        if isCircular { return radiusX * abs(sweepRadians) * (t1 - t0) }
        return boundedArcLength(from: t0, to: t1, accuracy: accuracy)
    }
}

/// The sine and cosine of an angle in radians, exact (0 and ±1) at the doubles nearest to
/// multiples of π/2, so a circle drawn from -π/2 starts exactly at 12 o'clock.
func sinCos(radians: Double) -> (sin: Double, cos: Double) {
    let quarterTurns = radians / (.pi / 2)
    let nearest = quarterTurns.rounded()
    if abs(quarterTurns - nearest) <= 4 * nearest.ulp, abs(nearest) < 1e15 {
        switch Int(nearest) % 4 {
        case 0: return (0, 1)
        case 1, -3: return (1, 0)
        case 2, -2: return (0, -1)
        default: return (-1, 0)
        }
    }
    return (sin(radians), cos(radians))
}
