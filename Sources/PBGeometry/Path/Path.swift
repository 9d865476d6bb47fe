#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A vector path: subpaths of lines, Bézier curves and elliptical arcs, built with the
/// vocabulary of `CGMutablePath` and `UIBezierPath`, read from and written to SVG path data.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(20, 200))
/// path.addCurve(to: Point(236, 200), control1: Point(60, 20), control2: Point(200, 20))
/// let half = try path.trimmedPath(from: 0, to: 0.5)
/// ```
public struct Path: Hashable, Sendable {
    /// The subpaths in drawing order.
    public var subpaths: [Subpath]

    /// Creates an empty path.
    public init() {
        subpaths = []
    }

    /// Creates a path from subpaths.
    public init(subpaths: [Subpath]) {
        self.subpaths = subpaths
    }

    /// Whether the path draws nothing: it has no segments at all.
    public var isEmpty: Bool { subpaths.allSatisfy { $0.segments.isEmpty } }

    /// Where the next segment starts: the end of the last segment, the start of a subpath just
    /// closed, or `nil` for a path with no subpath.
    public var currentPoint: Point? {
        guard let last = subpaths.last else { return nil }
        return last.isClosed ? last.start : last.end
    }

    /// Begins a new subpath at `point`.
    public mutating func move(to point: Point) {
        subpaths.append(Subpath(start: point))
    }

    /// Appends a segment to the current subpath; after a close (or with no subpath) it opens a
    /// new one at the segment's start.
    ///
    /// - Complexity: amortized O(1): the subpath is changed in place, with no copy of it alive
    ///   that would make appending copy its segments.
    mutating func append(_ segment: PathSegment) {
        if let last = subpaths.indices.last, !subpaths[last].isClosed {
            subpaths[last].segments.append(segment)
        } else {
            subpaths.append(Subpath(start: segment.start, segments: [segment]))
        }
    }

    /// Adds a straight line from the current point to `point`. With no current point, this
    /// begins a subpath at `point` instead.
    public mutating func addLine(to point: Point) {
        guard let current = currentPoint else { return move(to: point) }
        append(.line(Line(from: current, to: point)))
    }

    /// Adds a quadratic Bézier curve from the current point to `point`. With no current point,
    /// this begins a subpath at `point` instead.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        guard let current = currentPoint else { return move(to: point) }
        append(.quadCurve(QuadraticBezier(from: current, control: control, to: point)))
    }

    /// Adds a cubic Bézier curve from the current point to `point`. With no current point, this
    /// begins a subpath at `point` instead.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        guard let current = currentPoint else { return move(to: point) }
        append(.curve(CubicBezier(from: current, control1: control1, control2: control2, to: point)))
    }

    /// Adds an arc as SVG's `A` command does, from the current point to `point`: nothing when
    /// `point` is the current point, a straight line when a radius is zero, otherwise the arc of
    /// the ellipse with the given radii and x-axis rotation (degrees) selected by the flags.
    /// With no current point, this begins a subpath at `point` instead.
    public mutating func addEllipticalArc(
        to point: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double, isLargeArc: Bool,
        isClockwise: Bool
    ) {
        guard let current = currentPoint else { return move(to: point) }
        guard current != point else { return }
        if let arc = EllipticalArc(
            from: current, to: point, radiusX: radiusX, radiusY: radiusY, xAxisRotation: xAxisRotation,
            isLargeArc: isLargeArc, isClockwise: isClockwise)
        {
            append(.arc(arc))
        } else {
            append(.line(Line(from: current, to: point)))
        }
    }

    /// Adds an arc of the circle with `center` and `radius`, as `UIBezierPath` does: a line from
    /// the current point (if any) to the arc's start, then the arc from `startAngle` to
    /// `endAngle` (radians from the positive x axis, clockwise on screen), running clockwise or
    /// not.
    ///
    /// Running clockwise, the sweep is `endAngle - startAngle` brought into `0...2π` (so `0` to
    /// `2π` is a whole circle); counterclockwise, into `-2π...0`.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        let sweep = Self.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        let arc = EllipticalArc(
            center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, sweepAngle: sweep)
        if currentPoint != nil {
            addLine(to: arc.start)
        } else {
            move(to: arc.start)
        }
        if sweep != 0 { append(.arc(arc)) }
    }

    /// The signed sweep `UIBezierPath` draws between two angles in the given direction.
    static func sweep(from startAngle: Double, to endAngle: Double, clockwise: Bool) -> Double {
        let twoPi = 2 * Double.pi
        let delta = endAngle - startAngle
        if clockwise {
            if delta >= 0 && delta <= twoPi { return delta }
            let r = delta.truncatingRemainder(dividingBy: twoPi)
            return r < 0 ? r + twoPi : r
        }
        if delta <= 0 && delta >= -twoPi { return delta }
        let r = (-delta).truncatingRemainder(dividingBy: twoPi)
        return -(r < 0 ? r + twoPi : r)
    }

    /// Closes the current subpath with a straight line back to its start (SVG's `Z`); a no-op
    /// when there is no open subpath.
    public mutating func closeSubpath() {
        guard let last = subpaths.last, !last.isClosed else { return }
        subpaths[subpaths.count - 1].isClosed = true
    }

    /// Appends all subpaths of `other`.
    public mutating func addPath(_ other: Path) {
        subpaths += other.subpaths
    }

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

    /// The path mapped by an affine transform (arcs stay arcs).
    public func transformed(by transform: Transform) -> Path {
        Path(subpaths: subpaths.map { $0.transformed(by: transform) })
    }

    /// The path traversed backwards: subpaths in reverse order, each reversed (closed subpaths
    /// keep their start point and run the other way round).
    public func reversed() -> Path {
        Path(subpaths: subpaths.reversed().map { $0.reversed() })
    }
}
