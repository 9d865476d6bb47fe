/// A connected run of segments that starts at a point set by a move, optionally closed back to
/// that point.
///
/// When a closed subpath's last segment does not end at ``start``, closing it adds a straight
/// line back (the ``closingLine``), which is drawn and measured like any other segment.
public struct Subpath: Hashable, Sendable {
    /// Where the subpath begins (SVG's `M`).
    public var start: Point
    /// The segments in drawing order; each starts where the previous one ends.
    public var segments: [PathSegment]
    /// Whether the subpath is closed (SVG's `Z`): drawn with a join at ``start``, not caps.
    public var isClosed: Bool

    /// Creates a subpath.
    public init(start: Point, segments: [PathSegment] = [], isClosed: Bool = false) {
        self.start = start
        self.segments = segments
        self.isClosed = isClosed
    }

    /// The point the last segment ends at (``start`` when there are no segments); for a closed
    /// subpath, the current point afterwards is ``start``.
    public var end: Point { segments.last?.end ?? start }

    /// The line a closed subpath draws from ``end`` back to ``start``, or `nil` when the subpath
    /// is open or already ends at its start.
    public var closingLine: Line? {
        isClosed && end != start ? Line(from: end, to: start) : nil
    }

    /// The segments as drawn and measured: ``segments`` plus the ``closingLine``, if any.
    public var drawnSegments: [PathSegment] {
        if let closingLine { return segments + [.line(closingLine)] }
        return segments
    }

    /// The subpath traversed backwards from the same start point: a closed subpath keeps its
    /// start and runs the other way round; an open one starts at its old end.
    public func reversed() -> Subpath {
        if isClosed {
            return Subpath(
                start: start, segments: drawnSegments.reversed().map { $0.reversed() }, isClosed: true)
        }
        return Subpath(start: end, segments: segments.reversed().map { $0.reversed() }, isClosed: false)
    }

    /// The subpath mapped by an affine transform.
    public func transformed(by transform: Transform) -> Subpath {
        Subpath(
            start: transform.apply(to: start), segments: segments.map { $0.transformed(by: transform) },
            isClosed: isClosed)
    }
}
