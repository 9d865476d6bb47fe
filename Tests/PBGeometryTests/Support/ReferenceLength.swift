import PBGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Arc lengths computed here, independently of PBGeometry's measuring code (none of its `length`
/// or `arcLength` is called): closed forms where there are any, and otherwise the speed, written
/// from the curve's own parameters, integrated by adaptive Simpson quadrature, a method the
/// library does not use.
///
/// - Lines: `|end - start|`.
/// - Quadratic Béziers: ``ReferenceMath/quadraticBezierLength(_:_:_:)`` (closed form).
/// - Circular arcs: `r |Δθ|`.
/// - Cubic Béziers: `∫₀¹ |B'(t)| dt` with `B'(t) = 3 ((1-t)² (p1 - p0) + 2 (1-t) t (p2 - p1) + t² (p3 - p2))`.
/// - Elliptical arcs: `∫ √(rx² sin²θ + ry² cos²θ) dθ` over the sweep (the rotation does not
///   change the length).
///
/// The result is within about 1e-12 relative of the exact length, checked against mpmath
/// references for the trimming tests' paths in `ReferenceLengthTests`.
enum ReferenceLength {
    /// The length of `path` in drawing order: its subpaths' drawn segments (closing lines
    /// included, the jumps of moves not).
    static func of(_ path: Path) -> Double {
        path.subpaths.reduce(0) { total, subpath in total + subpath.drawnSegments.reduce(0) { $0 + of($1) } }
    }

    /// The length of one segment.
    static func of(_ segment: PathSegment) -> Double {
        switch segment {
        case .line(let line):
            return hypot(line.end.x - line.start.x, line.end.y - line.start.y)
        case .quadCurve(let q):
            return ReferenceMath.quadraticBezierLength(
                (q.start.x, q.start.y), (q.control.x, q.control.y), (q.end.x, q.end.y))
        case .curve(let c):
            return of(c, from: 0, to: 1)
        case .arc(let arc):
            let (rx, ry) = (abs(arc.radiusX), abs(arc.radiusY))
            let sweep = arc.sweepAngle.radians
            if rx == ry { return rx * abs(sweep) }
            let start = arc.startAngle.radians
            let (from, to) = sweep >= 0 ? (start, start + sweep) : (start + sweep, start)
            return integrate(from: from, to: to) { θ in
                let (s, c) = (sin(θ), cos(θ))
                return (rx * rx * s * s + ry * ry * c * c).squareRoot()
            }
        }
    }

    /// The length of the part of `c` between parameters `t0 <= t1`.
    static func of(_ c: CubicBezier, from t0: Double, to t1: Double) -> Double {
        let a = (c.control1.x - c.start.x, c.control1.y - c.start.y)
        let b = (c.control2.x - c.control1.x, c.control2.y - c.control1.y)
        let d = (c.end.x - c.control2.x, c.end.y - c.control2.y)
        return integrate(from: t0, to: t1) { t in
            let s = 1 - t
            let dx = 3 * (s * s * a.0 + 2 * s * t * b.0 + t * t * d.0)
            let dy = 3 * (s * s * a.1 + 2 * s * t * b.1 + t * t * d.1)
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// `∫ f` over `[a, b]` by adaptive Simpson quadrature with Richardson's correction, started
    /// on 16 panels (so that no symmetric integrand fools the first estimate) and refined until
    /// each panel's two estimates agree within its share of `1e-13` times the integral's size.
    static func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        guard b > a else { return 0 }
        let panels = 16
        let width = (b - a) / Double(panels)
        var estimates: [(a: Double, b: Double, fa: Double, fm: Double, fb: Double, whole: Double)] = []
        var size = 0.0
        for i in 0..<panels {
            let (x, y) = (a + Double(i) * width, i == panels - 1 ? b : a + Double(i + 1) * width)
            let (fa, fm, fb) = (f(x), f(0.5 * (x + y)), f(y))
            let whole = (y - x) / 6 * (fa + 4 * fm + fb)
            estimates.append((x, y, fa, fm, fb, whole))
            size += abs(whole)
        }
        let tolerance = 1e-13 * max(size, .leastNormalMagnitude) / Double(panels)
        return estimates.reduce(0) { total, panel in
            total + refine(f, panel.a, panel.b, panel.fa, panel.fm, panel.fb, panel.whole, tolerance, depth: 0)
        }
    }

    private static func refine(
        _ f: (Double) -> Double, _ a: Double, _ b: Double, _ fa: Double, _ fm: Double, _ fb: Double,
        _ whole: Double, _ tolerance: Double, depth: Int
    ) -> Double {
        let m = 0.5 * (a + b)
        let (lm, rm) = (0.5 * (a + m), 0.5 * (m + b))
        let (flm, frm) = (f(lm), f(rm))
        let left = (m - a) / 6 * (fa + 4 * flm + fm)
        let right = (b - m) / 6 * (fm + 4 * frm + fb)
        let error = left + right - whole
        if depth >= 40 || abs(error) <= 15 * tolerance || !(lm > a && rm < b) {
            return left + right + error / 15
        }
        return refine(f, a, m, fa, flm, fm, left, tolerance / 2, depth: depth + 1)
            + refine(f, m, b, fm, frm, fb, right, tolerance / 2, depth: depth + 1)
    }
}
