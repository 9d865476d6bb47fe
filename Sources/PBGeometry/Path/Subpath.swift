#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected run of segments that starts at a point set by a move, optionally closed back to
/// that point: a view derived from a ``Path``'s elements (``Path/subpaths``), never stored.
///
/// When a closed subpath's last segment does not end at ``start``, closing it adds a straight
/// line back (the ``closingLine``), which is drawn and measured like any other segment.
public struct Subpath: Hashable, Sendable {
    /// Where the subpath begins (SVG's `M`).
    public let start: Point
    /// The segments in drawing order; each starts exactly where the previous one ends.
    public let segments: [PathSegment]
    /// Whether the subpath is closed (SVG's `Z`): drawn with a join at ``start``, not caps.
    public let isClosed: Bool
    /// The elements of the source path this subpath was derived from, when it was (pieces cut
    /// by trimming have none): kept so a subpath kept whole keeps its elements exactly.
    let elements: ArraySlice<PathElement>?

    /// A subpath from chained segments (each starting where the previous one ends).
    init(start: Point, segments: [PathSegment], isClosed: Bool = false, elements: ArraySlice<PathElement>? = nil) {
        self.start = start
        self.segments = segments
        self.isClosed = isClosed
        self.elements = elements
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

    /// The subpath as path elements: its own when it was derived from a path, otherwise a move
    /// and one element per segment (arcs in centre form), and a close when closed.
    public var pathElements: [PathElement] {
        if let elements { return Array(elements) }
        return [.move(to: start)] + segments.map(\.element) + (isClosed ? [.closeSubpath] : [])
    }

    /// Whether two segments meet at an angle anywhere along the subpath (or, closed, at its seam):
    /// where a stroke's joins show, and its miter limit matters. Segments that meet with the same
    /// direction (within a millionth of a radian) make no corner.
    public var hasCorners: Bool {
        let segments = drawnSegments
        guard !segments.isEmpty else { return false }
        let pairs =
            zip(segments, segments.dropFirst()).map { ($0, $1) }
            + (isClosed ? [(segments[segments.count - 1], segments[0])] : [])
        return pairs.contains { first, second in
            guard let a = first.tangent(at: 1), let b = second.tangent(at: 0) else { return false }
            return abs(atan2(a.cross(b), a.dot(b))) > 1e-6
        }
    }

    /// The subpath traversed backwards from the same start point: a closed subpath keeps its
    /// start and runs the other way round; an open one starts at its old end.
    public func reversed() -> Subpath {
        if isClosed {
            return Subpath(start: start, segments: drawnSegments.reversed().map { $0.reversed() }, isClosed: true)
        }
        return Subpath(start: end, segments: segments.reversed().map { $0.reversed() })
    }

    /// The subpath mapped by an affine transform.
    public func transformed(by transform: Transform) -> Subpath {
        Subpath(
            start: transform.apply(to: start), segments: segments.map { $0.transformed(by: transform) },
            isClosed: isClosed)
    }

    /// Whether two subpaths have the same geometry (their source elements aside).
    public static func == (lhs: Subpath, rhs: Subpath) -> Bool {
        lhs.start == rhs.start && lhs.isClosed == rhs.isClosed && lhs.segments == rhs.segments
    }

    /// Hashes the geometry.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(isClosed)
        hasher.combine(segments)
    }
}
