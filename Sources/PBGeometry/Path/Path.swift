/// A vector path: drawing instructions (``PathElement``s) of lines, Bézier curves and elliptical
/// arcs, built with the vocabulary of `CGMutablePath` and `UIBezierPath`, read from and written to
/// SVG path data.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(20, 200))
/// path.addCurve(to: Point(236, 200), control1: Point(60, 20), control2: Point(200, 20))
/// let half = try path.trimmedPath(from: 0, to: 0.5)
/// ```
///
/// A path stores its ``elements`` and nothing else that could disagree with them: its
/// ``subpaths`` and their segments, which are measured and drawn, are derived from the elements,
/// each segment starting where the one before it ends.
///
/// Building never fails and never traps, by one rule everywhere: an element with a value that
/// cannot describe geometry (NaN or infinite coordinates, radii or angles) leaves the path as it
/// was, so every stored number is finite; negative radii are taken as their magnitudes, as SVG
/// does; a segment with no current point begins a subpath at its end point instead.
public struct Path: Hashable, Sendable {
    /// The drawing instructions, in order. The first is a ``PathElement/move(to:)``, and every
    /// subpath begins with one.
    public private(set) var elements: [PathElement] = []
    /// Where the current subpath began, if there is one.
    private var subpathStart: Point?
    /// Where the last element left the current point, if anywhere.
    private var current: Point?

    /// Creates an empty path.
    public init() {}

    /// Creates a path from drawing instructions, each appended by ``append(_:)``'s rules.
    public init(elements: some Sequence<PathElement>) {
        for element in elements { append(element) }
    }

    /// Whether the paths have the same elements.
    public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the elements.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// Where the next segment starts: the end of the last element, the start of a subpath just
    /// closed, or `nil` for an empty path.
    public var currentPoint: Point? { current }

    /// Appends a drawing instruction, by the rules every builder follows: an element with a value
    /// that is NaN or infinite is ignored; a close with no open subpath is ignored; a segment with
    /// no current point begins a subpath at its end point instead (a centre-form arc at its
    /// start); a segment after a close begins a new subpath at the closed one's start, as SVG
    /// says.
    ///
    /// - Complexity: amortized O(1).
    public mutating func append(_ element: PathElement) {
        guard element.isFinite else { return }
        switch element {
        case .move(let point):
            elements.append(element)
            (subpathStart, current) = (point, point)
        case .closeSubpath:
            guard let start = subpathStart, elements.last != .closeSubpath else { return }
            elements.append(element)
            current = start
        case .arc(let arc) where current == nil:
            append(.move(to: arc.start))
            append(element)
        default:
            guard let point = current else {
                if let end = element.endPoint { append(.move(to: end)) }
                return
            }
            if elements.last == .closeSubpath { elements.append(.move(to: point)) }
            elements.append(element)
            current = element.endPoint
        }
    }

    /// Begins a new subpath at `point`.
    public mutating func move(to point: Point) {
        append(.move(to: point))
    }

    /// Adds a straight line from the current point to `point`.
    public mutating func addLine(to point: Point) {
        append(.line(to: point))
    }

    /// Adds a quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        append(.quadCurve(to: point, control: control))
    }

    /// Adds a cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Adds an arc as SVG's `A` command does, from the current point to `point`: nothing when
    /// `point` is the current point, a straight line when a radius is zero, otherwise the arc of
    /// the ellipse with the given radii and x-axis rotation selected by the flags.
    public mutating func addEllipticalArc(
        to point: Point, radiusX: Double, radiusY: Double, xAxisRotation: Angle = .zero, isLargeArc: Bool,
        isClockwise: Bool
    ) {
        append(
            .svgArc(
                SVGArc(
                    to: point, radiusX: radiusX, radiusY: radiusY, xAxisRotation: xAxisRotation,
                    isLargeArc: isLargeArc, isClockwise: isClockwise)))
    }

    /// Adds an arc of the circle with `center` and `radius`, as `UIBezierPath` does: a line from
    /// the current point (if any) to the arc's start, then the arc from `startAngle` to
    /// `endAngle` (measured from the positive x axis, clockwise on screen), running clockwise or
    /// not.
    ///
    /// Running clockwise, the sweep is `endAngle - startAngle` brought into `0...360°` (so 0° to
    /// 360° is a whole circle); counterclockwise, into `-360°...0`. A sweep of zero adds no arc,
    /// only the line to its start (or the move there). A negative radius is taken as its
    /// magnitude; NaN or infinite values add nothing.
    public mutating func addArc(center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        let sweep = Self.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        guard
            let arc = EllipticalArc(
                center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, sweepAngle: sweep)
        else { return }
        // No sweep, no arc: only the line to its start (or, with no current point, a move there).
        guard sweep.degrees != 0 else {
            return append(currentPoint == nil ? .move(to: arc.start) : .line(to: arc.start))
        }
        append(.arc(arc))
    }

    /// The signed sweep `UIBezierPath` draws between two angles in the given direction.
    static func sweep(from startAngle: Angle, to endAngle: Angle, clockwise: Bool) -> Angle {
        // Directions so large that their difference would lose its degrees are reduced first.
        let huge = abs(startAngle.degrees) > 1e12 || abs(endAngle.degrees) > 1e12
        let (start, end) = huge ? (startAngle.normalized, endAngle.normalized) : (startAngle, endAngle)
        let delta = end.degrees - start.degrees
        if clockwise {
            if delta >= 0 && delta <= 360 { return .degrees(delta) }
            let r = delta.truncatingRemainder(dividingBy: 360)
            return .degrees(r < 0 ? r + 360 : r)
        }
        if delta <= 0 && delta >= -360 { return .degrees(delta) }
        let r = (-delta).truncatingRemainder(dividingBy: 360)
        return .degrees(-(r < 0 ? r + 360 : r))
    }

    /// Closes the current subpath with a straight line back to its start (SVG's `Z`); a no-op
    /// when there is no open subpath.
    public mutating func closeSubpath() {
        append(.closeSubpath)
    }

    /// Appends all elements of `other`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// The subpaths in drawing order, derived from the elements: each move begins one; each
    /// element after it adds its segment from the current point (an SVG arc the arc, line or
    /// nothing SVG draws; a centre-form arc that does not start at the current point a joining
    /// line, then the arc); a close closes it.
    ///
    /// - Complexity: O(n) in the number of elements; derive once and keep the result to read it
    ///   many times (``PathMeasure`` does).
    public var subpaths: [Subpath] {
        var result: [Subpath] = []
        var start = Point.zero
        var startIndex = 0
        var segments: [PathSegment] = []
        var isClosed = false
        var current = Point.zero
        func finish(at index: Int) {
            guard index > startIndex else { return }
            result.append(
                Subpath(
                    start: start, segments: segments, isClosed: isClosed, elements: elements[startIndex..<index]))
        }
        for (index, element) in elements.enumerated() {
            switch element {
            case .move(let point):
                finish(at: index)
                (start, startIndex, segments, isClosed, current) = (point, index, [], false, point)
            case .line(let point):
                segments.append(.line(Line(from: current, to: point)))
                current = point
            case .quadCurve(let point, let control):
                segments.append(.quadCurve(QuadraticBezier(from: current, control: control, to: point)))
                current = point
            case .curve(let point, let control1, let control2):
                segments.append(.curve(CubicBezier(from: current, control1: control1, control2: control2, to: point)))
                current = point
            case .svgArc(let svgArc):
                if let arc = EllipticalArc(from: current, svgArc) {
                    segments.append(.arc(arc))
                } else if svgArc.end != current {
                    segments.append(.line(Line(from: current, to: svgArc.end)))
                }
                current = svgArc.end
            case .arc(let arc):
                if arc.start != current { segments.append(.line(Line(from: current, to: arc.start))) }
                segments.append(.arc(arc))
                current = arc.end
            case .closeSubpath:
                isClosed = true
                current = start
            }
        }
        finish(at: elements.count)
        return result
    }

    /// A path of subpaths (each kept as its own elements when it has them).
    package init(subpaths: some Sequence<Subpath>) {
        for subpath in subpaths {
            for element in subpath.pathElements { append(element) }
        }
    }

    /// Whether the path draws nothing: it has no segments at all.
    public var isEmpty: Bool { subpaths.allSatisfy { $0.segments.isEmpty } }

    /// The tightest axis-aligned rectangle containing every segment (curves, not their control
    /// points), or `nil` when the path has no segments. Lone moves are not drawn, so they do not
    /// count.
    public var bounds: Rect? {
        var box: Rect?
        for subpath in subpaths {
            for segment in subpath.drawnSegments {
                box = box.map { $0.union(segment.bounds) } ?? segment.bounds
            }
        }
        return box
    }

    /// The path mapped by an affine transform: a translation moves every element (SVG arcs keep
    /// their parameters); other transforms map the derived segments (arcs stay arcs, mapped
    /// exactly).
    public func transformed(by transform: Transform) -> Path {
        guard transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 else {
            return Path(subpaths: subpaths.map { $0.transformed(by: transform) })
        }
        return Path(elements: elements.map { $0.translated(by: transform) })
    }

    /// The path traversed backwards: subpaths in reverse order, each reversed (closed subpaths
    /// keep their start point and run the other way round).
    public func reversed() -> Path {
        Path(subpaths: subpaths.reversed().map { $0.reversed() })
    }
}
