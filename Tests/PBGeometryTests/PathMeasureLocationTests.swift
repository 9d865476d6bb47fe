import PBGeometry
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Inverse arc length: points and tangents at a distance or a fraction, against points worked
/// out by hand or from closed forms.
@Suite("PathMeasure: locations")
struct PathMeasureLocationTests {
    static let fractions = [0, 0.01, 0.125, 0.25, 0.3, 0.5, 0.6180339887, 0.75, 0.9, 0.999, 1]

    @Test("Points and tangents on a circle drawn from 12 o'clock clockwise", arguments: [1e-6, 1e-9, 1e-12])
    func circle(accuracy: Double) throws {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 200))
        let measure = PathMeasure(path, accuracy: accuracy)
        let length = 200 * Double.pi
        // Each distance is within accuracy × length of the true one; so is the point.
        let allowed = 2 * accuracy * length + 1e-12
        for fraction in Self.fractions {
            let location = try #require(measure.location(atFraction: fraction))
            let angle = 2 * .pi * fraction
            // y points down: clockwise from the top goes right first.
            expectClose(
                location.point, Point(100 + 100 * sin(angle), 100 - 100 * cos(angle)), absolute: allowed,
                "fraction \(fraction)")
            expectClose(location.tangent, Vector(dx: cos(angle), dy: sin(angle)), absolute: allowed / 100 + 1e-12)
            expectClose(location.tangent.length, 1, absolute: 1e-15)
            expectClose(location.distance, fraction * length, relative: 1e-15)
        }
    }

    @Test("Points on a polyline with its closing line, worked out by hand")
    func polyline() throws {
        // 30 right, 40 down, 30 left, and the closing line 40 up: 140 in all.
        let measure = PathMeasure(try parse("M 0 0 L 30 0 L 30 40 L 0 40 Z"))
        expectClose(measure.length, 140, relative: 1e-15)
        let expected: [(distance: Double, point: Point, tangent: Vector, segment: Int)] = [
            (0, Point(0, 0), Vector(dx: 1, dy: 0), 0),
            (14, Point(14, 0), Vector(dx: 1, dy: 0), 0),
            (30, Point(30, 0), Vector(dx: 0, dy: 1), 1),  // a corner falls on the next segment
            (35, Point(30, 5), Vector(dx: 0, dy: 1), 1),
            (70, Point(30, 40), Vector(dx: -1, dy: 0), 2),
            (99, Point(1, 40), Vector(dx: -1, dy: 0), 2),
            (126, Point(0, 14), Vector(dx: 0, dy: -1), 3),  // the closing line
            (140, Point(0, 0), Vector(dx: 0, dy: -1), 3),
        ]
        for (distance, point, tangent, segment) in expected {
            let location = try #require(measure.location(atDistance: distance))
            expectClose(location.point, point, absolute: 1e-12, "at \(distance)")
            expectClose(location.tangent, tangent, absolute: 1e-15, "at \(distance)")
            #expect(location.subpathIndex == 0)
            #expect(location.segmentIndex == segment, "at \(distance)")
            let viaFraction = try #require(measure.location(atFraction: distance / 140))
            expectClose(viaFraction.point, point, absolute: 1e-12, "at fraction \(distance / 140)")
        }
    }

    @Test("The closing line counts; a 3-4-5 triangle")
    func closingLine() throws {
        let measure = PathMeasure(try parse("M 0 0 L 3 0 L 3 4 Z"))
        expectClose(measure.length, 12, relative: 1e-15)
        let location = try #require(measure.location(atDistance: 9.5))
        // 2.5 along the closing line from (3, 4) to (0, 0).
        expectClose(location.point, Point(1.5, 2), absolute: 1e-14)
        expectClose(location.tangent, Vector(dx: -0.6, dy: -0.8), absolute: 1e-15)
        #expect(location.segmentIndex == 2)
    }

    @Test("The gap of a move has zero length; boundaries fall at the start of the next subpath")
    func subpathBoundaries() throws {
        let measure = PathMeasure(try parse("M 0 0 L 10 0 M 100 100 L 100 110 M 500 500 M 0 0 H 5"))
        expectClose(measure.length, 25, relative: 1e-15)
        #expect(measure.subpathLengths == [10, 10, 0, 5])
        let before = try #require(measure.location(atDistance: 9.5))
        expectClose(before.point, Point(9.5, 0), absolute: 1e-13)
        #expect(before.subpathIndex == 0)
        let boundary = try #require(measure.location(atDistance: 10))
        #expect(boundary.point == Point(100, 100))
        #expect(boundary.subpathIndex == 1)
        #expect(boundary.segmentIndex == 0)
        let second = try #require(measure.location(atFraction: 0.6))
        expectClose(second.point, Point(100, 105), absolute: 1e-13)
        expectClose(second.tangent, Vector(dx: 0, dy: 1), absolute: 1e-15)
        // The lone move at (500, 500) is skipped: distance 20 starts the last subpath.
        let last = try #require(measure.location(atDistance: 20))
        #expect(last.point == Point(0, 0))
        #expect(last.subpathIndex == 3)
    }

    @Test(
        "Location at 0 and 1 is the path's first and last point",
        arguments: [
            "M 0 0 C 30 100 70 100 100 0",
            "M 0.1 0.2 L 0.3 0.7 L 1.9 0.11 L 2.3 5.17",
            "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25",
            "M 0.1 0.2 L 0.3 0.7 L 1.9 0.11 Z",
            "M 0 0 L 10 0 M 3 3 l 0.7 0.1 l 0.3 0.13",
            // 1.39 + 2.51 + 4.819 - (1.39 + 2.51) is 4.818999999999998, an ulp short of the last
            // line: the distance within the last segment must not be found by subtraction alone.
            "M 0 0 H 1.39 H 3.9 H 8.719",
        ])
    func ends(data: String) throws {
        let path = try parse(data)
        let measure = PathMeasure(path)
        let first = try #require(measure.location(atFraction: 0))
        let last = try #require(measure.location(atFraction: 1))
        let segments = drawnSegments(of: path)
        let start = try #require(segments.first).start
        let end = try #require(segments.last).end
        #expect(first.point == start)
        #expect(first.distance == 0)
        #expect(last.distance == measure.length)
        #expect(measure.location(atFraction: -0.5)?.point == start)
        #expect(last.point == end)
        // Pinned beyond the end.
        #expect(measure.location(atDistance: 2 * measure.length)?.point == end)
        #expect(measure.location(atFraction: .infinity)?.point == end)
        #expect(measure.location(atFraction: .nan) == nil)
    }

    @Test("A path of zero length has no locations")
    func zeroLength() throws {
        #expect(PathMeasure(Path()).location(atFraction: 0.5) == nil)
        let dot = PathMeasure(try parse("M 5 5 L 5 5 M 1 1 Z"))
        #expect(dot.length == 0)
        #expect(dot.location(atFraction: 0) == nil)
    }

    @Test(
        "Inverse arc length through a cusp, against its closed form",
        arguments: [1e-3, 1e-6, 1e-9, 1e-12])
    func cusp(accuracy: Double) throws {
        // x = 100 (3t - 6t² + 4t³), y = 300 t (1 - t); with u = |1 - 2t| the length from the
        // nearer end is 50 ((1 + 1)^(3/2) - (1 + u²)^(3/2)), so the half length is
        // 50 (2√2 - 1) and the parameter at a distance inverts in closed form.
        let curve = CubicBezier(
            from: Point(0, 0), control1: Point(100, 100), control2: Point(0, 100), to: Point(100, 0))
        let half = 50 * (2 * 2.0.squareRoot() - 1)
        func parameter(atDistance s: Double) -> Double {
            let fromNearerEnd = s <= half ? s : 2 * half - s
            let u = (pow(2 * 2.0.squareRoot() - fromNearerEnd / 50, 2.0 / 3) - 1).squareRoot()
            return s <= half ? (1 - u) / 2 : (1 + u) / 2
        }
        func point(_ t: Double) -> Point { Point(100 * (3 * t - 6 * t * t + 4 * t * t * t), 300 * t * (1 - t)) }
        let measure = PathMeasure(chainedPath([.curve(curve)]), accuracy: accuracy)
        // The speed near the cusp vanishes, so a distance error moves the point by at most it.
        let allowed = 2 * accuracy * 2 * half + 1e-12
        for fraction in [0.01, 0.2, 0.45, 0.49, 0.499999, 0.5, 0.500001, 0.51, 0.8, 0.99] {
            let s = fraction * 2 * half
            let location = try #require(measure.location(atDistance: s))
            expectClose(location.point, point(parameter(atDistance: s)), absolute: allowed, "fraction \(fraction)")
            let t = curve.parameter(atLength: s, accuracy: accuracy)
            expectClose(point(t), point(parameter(atDistance: s)), absolute: allowed, "parameter at \(fraction)")
        }
    }

    @Test("Inverse arc length on y = x², against the integral ½ x √(1 + 4x²) + ¼ asinh 2x")
    func parabola() throws {
        func length(_ x: Double) -> Double { x * (1 + 4 * x * x).squareRoot() / 2 + asinh(2 * x) / 4 }
        let measure = PathMeasure(try parse("M 0 0 Q 0.5 0 1 1"), accuracy: 1e-12)
        for fraction in Self.fractions {
            let s = fraction * length(1)
            // Bisection on the closed form.
            var (low, high) = (0.0, 1.0)
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if length(middle) < s { low = middle } else { high = middle }
            }
            let location = try #require(measure.location(atFraction: fraction))
            expectClose(location.point, Point(low, low * low), absolute: 1e-11, "fraction \(fraction)")
            // The tangent of y = x² at x is (1, 2x) normalized.
            let norm = (1 + 4 * low * low).squareRoot()
            expectClose(location.tangent, Vector(dx: 1 / norm, dy: 2 * low / norm), absolute: 1e-10)
            expectClose(location.parameter, low, absolute: 1e-11)
        }
    }

    @Test(
        "Tangents are unit vectors pointing the way the path runs",
        arguments: [
            "M 0 0 C 30 100 70 100 100 0",
            "M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z",
            "M 0 0 A 100 0.5 20 0 0 60 40",
            "M 0 0 C 100 100 -50 100 100 0",
        ])
    func tangents(data: String) throws {
        let measure = PathMeasure(try parse(data), accuracy: 1e-12)
        let h = 1e-6 * measure.length
        for fraction in stride(from: 0.013, to: 0.99, by: 0.0371) {
            let here = try #require(measure.location(atFraction: fraction))
            let before = try #require(measure.location(atDistance: here.distance - h))
            let after = try #require(measure.location(atDistance: here.distance + h))
            let chord = after.point - before.point
            expectClose(here.tangent.length, 1, absolute: 1e-14)
            // A central difference of points along the path points the way of travel.
            let direction = Vector(dx: chord.dx / chord.length, dy: chord.dy / chord.length)
            expectClose(here.tangent, direction, absolute: 1e-4, "fraction \(fraction)")
        }
    }
}
