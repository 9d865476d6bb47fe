import PBGeometry

/// A path spelled out in absolute coordinates, one segment at a time, for the parser's expected
/// results: every segment and subpath is written explicitly (no relative commands, implicit
/// repeats or reflections), so the parser's handling of those is what a test checks.
struct ExpectedPath {
    private(set) var subpaths: [Subpath] = []
    private var current: Point { subpaths.last?.end ?? .zero }

    var path: Path { Path(subpaths: subpaths) }

    func M(_ x: Double, _ y: Double) -> ExpectedPath {
        var copy = self
        copy.subpaths.append(Subpath(start: Point(x, y)))
        return copy
    }

    func L(_ x: Double, _ y: Double) -> ExpectedPath {
        adding(.line(Line(from: current, to: Point(x, y))))
    }

    func Q(_ x1: Double, _ y1: Double, _ x: Double, _ y: Double) -> ExpectedPath {
        adding(.quadCurve(QuadraticBezier(from: current, control: Point(x1, y1), to: Point(x, y))))
    }

    func C(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) -> ExpectedPath {
        adding(.curve(CubicBezier(from: current, control1: Point(x1, y1), control2: Point(x2, y2), to: Point(x, y))))
    }

    /// SVG's endpoint parameters; the arc must exist (non-zero radii, distinct end points).
    func A(
        _ rx: Double, _ ry: Double, _ rotation: Double, _ large: Bool, _ sweep: Bool, _ x: Double, _ y: Double
    ) -> ExpectedPath {
        guard
            let arc = EllipticalArc(
                from: current, to: Point(x, y), radiusX: rx, radiusY: ry, xAxisRotation: rotation, isLargeArc: large,
                isClockwise: sweep)
        else { preconditionFailure("the expected arc does not exist") }
        return adding(.arc(arc))
    }

    func Z() -> ExpectedPath {
        var copy = self
        copy.subpaths[copy.subpaths.count - 1].isClosed = true
        return copy
    }

    private func adding(_ segment: PathSegment) -> ExpectedPath {
        var copy = self
        copy.subpaths[copy.subpaths.count - 1].segments.append(segment)
        return copy
    }
}
