import PBGeometry
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The relative error `|measured - exact| / |exact|` (the absolute error when `exact` is zero).
func relativeError(_ measured: Double, _ exact: Double) -> Double {
    exact == 0 ? abs(measured) : abs(measured - exact) / abs(exact)
}

/// Expects `measured` within `relative` (times `|exact|`) or `absolute` of `exact`, whichever is
/// larger.
func expectClose(
    _ measured: Double, _ exact: Double, relative: Double = 0, absolute: Double = 0,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let allowed = max(relative * abs(exact), absolute)
    #expect(
        abs(measured - exact) <= allowed,
        "\(measured) is not within \(allowed) of \(exact) (error \(abs(measured - exact))). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects two points within `absolute` of each other (Euclidean distance).
func expectClose(
    _ measured: Point, _ exact: Point, absolute: Double, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let distance = hypot(measured.x - exact.x, measured.y - exact.y)
    #expect(
        distance <= absolute,
        "\(measured) is \(distance) from \(exact), more than \(absolute). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects two vectors within `absolute` of each other (Euclidean distance).
func expectClose(
    _ measured: Vector, _ exact: Vector, absolute: Double, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let distance = hypot(measured.dx - exact.dx, measured.dy - exact.dy)
    #expect(
        distance <= absolute,
        "\(measured) is \(distance) from \(exact), more than \(absolute). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects two rectangles with every edge within `absolute` of each other.
func expectClose(
    _ measured: Rect, _ exact: Rect, absolute: Double, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let edges = [
        (measured.minX, exact.minX), (measured.minY, exact.minY), (measured.maxX, exact.maxX),
        (measured.maxY, exact.maxY),
    ]
    let worst = edges.map { abs($0.0 - $0.1) }.max() ?? 0
    #expect(
        worst <= absolute, "\(measured) differs from \(exact) by \(worst) at an edge. \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// The length of `path` as the tests define it, independently of ``PathMeasure`` and of the
/// segments' own `length`: the sum of the drawn segments' lengths (the closing lines included,
/// the moves' gaps not), each by ``ReferenceLength`` (closed forms, or the speed integrated by a
/// method of the tests' own).
func independentLength(of path: Path) -> Double {
    ReferenceLength.of(path)
}

/// The segments of `path` in drawing order, as drawn (closing lines included).
func drawnSegments(of path: Path) -> [PathSegment] {
    path.subpaths.flatMap(\.drawnSegments)
}

/// Parses SVG path data the test knows to be valid, recording an issue when it is not.
func parse(_ data: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Path {
    do {
        return try Path(svgPathData: data)
    } catch {
        Issue.record("could not parse \"\(data)\": \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The points that define a segment (end points, control points; an arc's end points and a point
/// in its middle), for comparing geometry within a tolerance.
func definingPoints(of segment: PathSegment) -> [Point] {
    switch segment {
    case .line(let c): [c.start, c.end]
    case .quadCurve(let c): [c.start, c.control, c.end]
    case .curve(let c): [c.start, c.control1, c.control2, c.end]
    case .arc(let c): [c.start, c.point(at: 0.25), c.point(at: 0.5), c.point(at: 0.75), c.end]
    }
}

/// Expects two paths with the same structure (subpaths, closedness, segment kinds) and the same
/// geometry within `absolute`.
func expectSameGeometry(
    _ measured: Path, _ expected: Path, absolute: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard measured.subpaths.count == expected.subpaths.count else {
        let comment: Comment = """
            \(measured.subpaths.count) subpaths, expected \(expected.subpaths.count): \
            \(measured.svgPathData) vs \(expected.svgPathData)
            """
        Issue.record(comment, sourceLocation: sourceLocation)
        return
    }
    for (m, e) in zip(measured.subpaths, expected.subpaths) {
        #expect(m.isClosed == e.isClosed, sourceLocation: sourceLocation)
        expectClose(m.start, e.start, absolute: absolute, sourceLocation: sourceLocation)
        guard m.segments.count == e.segments.count else {
            Issue.record(
                "\(m.segments.count) segments, expected \(e.segments.count)", sourceLocation: sourceLocation)
            continue
        }
        for (ms, es) in zip(m.segments, e.segments) {
            let (mp, ep) = (definingPoints(of: ms), definingPoints(of: es))
            guard mp.count == ep.count else {
                Issue.record("\(ms) is not of the kind of \(es)", sourceLocation: sourceLocation)
                continue
            }
            for (a, b) in zip(mp, ep) { expectClose(a, b, absolute: absolute, sourceLocation: sourceLocation) }
        }
    }
}

/// A path of one subpath drawing `segments` in order, built from their elements: a move to the
/// first one's start, then the element that draws each. The segments must be chained (each
/// starting where the one before ends), as the segments of a subpath always are.
func chainedPath(_ segments: [PathSegment], closed: Bool = false) -> Path {
    precondition(zip(segments, segments.dropFirst()).allSatisfy { $0.end == $1.start }, "the segments do not chain")
    guard let first = segments.first else { return Path() }
    return Path(elements: [.move(to: first.start)] + segments.map(\.element) + (closed ? [.closeSubpath] : []))
}

extension Path {
    /// A path of the given subpaths, each as its own elements (``Subpath/pathElements``).
    init(joining subpaths: [Subpath]) {
        self.init(elements: subpaths.flatMap(\.pathElements))
    }
}

/// The arc of the given centre parameters, for tables of test cases (where `#require` cannot
/// run): the parameters must be finite, so that the arc exists.
func centreArc(
    center: Point, radiusX: Double, radiusY: Double, xAxisRotation: Angle = .zero, startAngle: Angle,
    sweepAngle: Angle
) -> EllipticalArc {
    guard
        let arc = EllipticalArc(
            center: center, radiusX: radiusX, radiusY: radiusY, xAxisRotation: xAxisRotation, startAngle: startAngle,
            sweepAngle: sweepAngle)
    else { preconditionFailure("the arc does not exist") }
    return arc
}
