import PBGeometry

/// A path spelled out as the elements the parser must store, in absolute coordinates, one
/// element at a time, for the parser's expected results: every element and subpath is written
/// explicitly (no relative commands, implicit repeats or reflections, and the move SVG implies
/// after a close written out), so the parser's handling of those is what a test checks.
struct ExpectedPath {
    private(set) var elements: [PathElement] = []

    /// The path of the elements (what is drawn is derived from them).
    var path: Path { Path(elements: elements) }

    func M(_ x: Double, _ y: Double) -> ExpectedPath {
        adding(.move(to: Point(x, y)))
    }

    func L(_ x: Double, _ y: Double) -> ExpectedPath {
        adding(.line(to: Point(x, y)))
    }

    func Q(_ x1: Double, _ y1: Double, _ x: Double, _ y: Double) -> ExpectedPath {
        adding(.quadCurve(to: Point(x, y), control: Point(x1, y1)))
    }

    func C(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) -> ExpectedPath {
        adding(.curve(to: Point(x, y), control1: Point(x1, y1), control2: Point(x2, y2)))
    }

    /// SVG's endpoint parameters, kept as given (the rotation in degrees).
    func A(
        _ rx: Double, _ ry: Double, _ rotation: Double, _ large: Bool, _ sweep: Bool, _ x: Double, _ y: Double
    ) -> ExpectedPath {
        adding(
            .svgArc(
                SVGArc(
                    to: Point(x, y), radiusX: rx, radiusY: ry, xAxisRotation: .degrees(rotation), isLargeArc: large,
                    isClockwise: sweep)))
    }

    func Z() -> ExpectedPath {
        adding(.closeSubpath)
    }

    private func adding(_ element: PathElement) -> ExpectedPath {
        var copy = self
        copy.elements.append(element)
        return copy
    }
}
