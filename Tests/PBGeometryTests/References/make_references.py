#!/usr/bin/env python3
"""Reference arc lengths for the PBGeometry tests, computed with mpmath at 30 significant digits.

The Swift tests paste the numbers this script prints as literals (ArcLengthAccuracyTests.swift, and
the ellipse perimeters in ArcLengthClosedFormTests.swift); they never run Python. Re-run to check or
regenerate them:

    pip install mpmath
    python3 Tests/PBGeometryTests/References/make_references.py

Every coordinate below is a decimal literal (or a sum of two, evaluated in double precision as
Swift does) that gives the same double in Python and Swift, and mpmath converts doubles exactly,
so each reference is the length of exactly the curve the test builds. Each length is the integral
of the speed |B'(t)| (or of the arc's speed over its angle), split where the speed is extremal (a
cusp or near-cusp makes it kink there, with a geometric ladder of extra splits around each) and
computed twice, by tanh-sinh and by Gauss-Legendre quadrature at 45 digits; the script
stops if the two disagree beyond 1e-28 relative.
"""

import mpmath
from mpmath import mp, mpf

mp.dps = 45


def cubic_speed(p):
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = [(mpf(x), mpf(y)) for x, y in p]

    def speed(t):
        s = 1 - t
        dx = 3 * (s * s * (x1 - x0) + 2 * s * t * (x2 - x1) + t * t * (x3 - x2))
        dy = 3 * (s * s * (y1 - y0) + 2 * s * t * (y2 - y1) + t * t * (y3 - y2))
        return mpmath.sqrt(dx * dx + dy * dy)

    def speed_squared_derivative_roots():
        # |B'(t)|^2 is a quartic; its critical points (a cubic's roots) are where the speed is
        # extremal. Split the integral at those inside (0, 1).
        a = [(x1 - x0, y1 - y0), (x2 - x1, y2 - y1), (x3 - x2, y3 - y2)]
        # B'(t)/3 = A t^2 + B t + C with A = a0 - 2 a1 + a2, B = 2 (a1 - a0), C = a0.
        A = (a[0][0] - 2 * a[1][0] + a[2][0], a[0][1] - 2 * a[1][1] + a[2][1])
        B = (2 * (a[1][0] - a[0][0]), 2 * (a[1][1] - a[0][1]))
        C = a[0]

        def dot(u, v):
            return u[0] * v[0] + u[1] * v[1]

        # d/dt |A t^2 + B t + C|^2 = 2 (A t^2 + B t + C) . (2 A t + B)
        coefficients = [
            2 * dot(A, A),
            3 * dot(A, B),
            dot(B, B) + 2 * dot(A, C),
            dot(B, C),
        ]
        while coefficients and coefficients[0] == 0:
            coefficients.pop(0)
        if len(coefficients) < 2:
            return []
        roots = mpmath.polyroots(coefficients, maxsteps=200, extraprec=200)
        return sorted(mpmath.re(r) for r in roots if abs(mpmath.im(r)) < mpf(10) ** -40 and 0 < mpmath.re(r) < 1)

    return speed, speed_squared_derivative_roots()


def ellipse_speed(rx, ry):
    rx, ry = mpf(rx), mpf(ry)

    def speed(theta):
        return mpmath.sqrt((rx * mpmath.sin(theta)) ** 2 + (ry * mpmath.cos(theta)) ** 2)

    return speed


def integrate(speed, a, b, splits):
    # Around each split, a geometric ladder of extra splits (1e-1 ... 1e-12 of the interval)
    # resolves a near-kink, where the speed varies on a tiny scale, for both quadratures.
    ladder = set()
    for s in splits:
        for k in range(1, 13):
            for side in (-1, 1):
                ladder.add(s + side * (b - a) * mpf(10) ** -k)
    points = sorted(set([a, b]) | {s for s in list(splits) + list(ladder) if a < s < b})
    results = []
    for method in ("tanh-sinh", "gauss-legendre"):
        total = mpf(0)
        for lo, hi in zip(points, points[1:]):
            total += mpmath.quad(speed, [lo, hi], method=method, maxdegree=10)
        results.append(total)
    difference = abs(results[0] - results[1]) / abs(results[0])
    assert difference < mpf(10) ** -28, (results, difference)
    return results[0]


def cubic_length(p, t0=0, t1=1):
    speed, splits = cubic_speed(p)
    return integrate(speed, mpf(t0), mpf(t1), splits)


def arc_length(rx, ry, start, sweep):
    speed = ellipse_speed(rx, ry)
    a, b = mpf(start), mpf(start) + mpf(sweep)
    if b < a:
        a, b = b, a
    # The speed is extremal where sin(2 theta) = 0: multiples of pi/2.
    k0 = int(mpmath.floor(a / (mp.pi / 2)))
    k1 = int(mpmath.ceil(b / (mp.pi / 2)))
    splits = [k * mp.pi / 2 for k in range(k0, k1 + 1)]
    return integrate(speed, a, b, splits)


# The curves of the accuracy sweep, named as in ArcLengthAccuracyTests.swift.
ARCH = [(0.0, 0.0), (30.0, 100.0), (70.0, 100.0), (100.0, 0.0)]
S_CURVE = [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)]
CUSP = [(0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.0)]
NEAR_CUSP = [(0.0, 0.0), (100.0, 100.0), (0.1, 100.0), (100.0, 0.0)]
NEARER_CUSP = [(0.0, 0.0), (100.0, 100.0), (1e-4, 100.0), (100.0, 0.0)]
LOOP = [(0.0, 0.0), (100.0, 100.0), (-50.0, 100.0), (100.0, 0.0)]
SPIKE = [(0.0, 0.0), (300.0, 0.0), (-200.0, 0.5), (100.0, 0.5)]
FAR_AWAY = [(1e7 + 0.25, -3e6 + 0.5), (1e7 + 30.25, -3e6 + 100.5), (1e7 + 70.75, -3e6 + 99.5), (1e7 + 100.0, -3e6)]

CUBICS = [
    ("arch", ARCH),
    ("sCurve", S_CURVE),
    ("cusp", CUSP),
    ("nearCusp", NEAR_CUSP),
    ("nearerCusp", NEARER_CUSP),
    ("loop", LOOP),
    ("spike", SPIKE),
    ("farAway", FAR_AWAY),
]

# Powers of two scale exactly, so the scaled arches are exactly the doubles the test builds.
SCALES = [("tiny", -40), ("huge", 40), ("tinier", -300), ("huger", 300), ("tiniest", -600), ("hugest", 600)]

# Elliptical arcs from centre parameters: (name, rx, ry, start angle, sweep), angles in radians.
ARCS = [
    ("eccentricArc", 50.0, 20.0, -1.0, 4.0),
    ("flatArc", 100.0, 0.01, 0.1, 6.0),
    ("flatterArc", 100.0, 1e-6, -3.0, -3.5),
    ("flatEllipse", 100.0, 0.001, 0.0, 2 * 3.141592653589793),
]

# Partial lengths (t0, t1) for ParametricCurve.arcLength(from:to:accuracy:).
PARTIALS = [
    ("cusp", CUSP, 0.25, 0.75),
    ("cusp", CUSP, 0.5, 0.875),
    ("loop", LOOP, 0.125, 0.625),
]


def literal(x):
    return mpmath.nstr(x, 30)


def main():
    print("// Cubic lengths (whole curve):")
    for name, p in CUBICS:
        print(f"    {name}: {literal(cubic_length(p))}")
    print("// Arch scaled by 2^k:")
    base = cubic_length(ARCH)
    for name, k in SCALES:
        # Arc length is homogeneous: scaling every point by 2^k scales the length by 2^k,
        # exactly (mpmath's quadrature tolerances are absolute, so integrating at 1e-90 would
        # not be meaningful).
        print(f"    {name} (2^{k}): {literal(base * mpf(2) ** k)}")
    print("// Elliptical arcs:")
    for name, rx, ry, start, sweep in ARCS:
        print(f"    {name}: {literal(arc_length(rx, ry, start, sweep))}")
    print("// Partial cubic lengths:")
    for name, p, t0, t1 in PARTIALS:
        print(f"    {name} {t0}...{t1}: {literal(cubic_length(p, t0, t1))}")
    # Cross-checks of the closed forms the tests implement in Swift.
    print("// Closed-form cross-checks:")
    print(f"    parabola sqrt(5)/2 + asinh(2)/4: {literal(mpmath.sqrt(5) / 2 + mpmath.asinh(2) / 4)}")
    for a, b in [(100.0, 50.0), (100.0, 1.0), (3.0, 2.0), (100.0, 0.001)]:
        perimeter = 4 * mpf(a) * mpmath.ellipe(1 - (mpf(b) / mpf(a)) ** 2)
        print(f"    ellipse perimeter {a} x {b}: {literal(perimeter)}")


if __name__ == "__main__":
    main()
