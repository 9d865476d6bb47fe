/// A path measured once, to be sampled many times: the arc length of every segment, subpath
/// and the whole path, points and tangents at a distance or fraction, and exact trimming.
///
/// Lengths follow the partial-stroke semantics of `CAShapeLayer` and SwiftUI's `trim`: the
/// path's length is the sum of its subpaths' lengths in drawing order; a closed subpath's
/// closing line counts, the jump of a move does not.
///
/// ```swift
/// let measure = PathMeasure(path)
/// measure.length                                   // total arc length
/// measure.location(atFraction: 0.5)?.point         // the point halfway along
/// ```
///
/// Every length has relative error at most ``accuracy``. Lines and circular arcs are measured
/// in closed form; Bézier curves and elliptical arcs by Gauss–Legendre quadrature of their speed
/// driven by a rigorous error bound (see ``CubicBezier/arcLength(from:to:accuracy:)`` and
/// `EllipseSpeed`), the cubics of a path all in one batch.
public struct PathMeasure: Sendable {
    /// The default accuracy of lengths: a relative error of at most 1e-9.
    public static let defaultAccuracy = 1e-9

    /// One measured segment, as ``entries`` reads it.
    struct Entry: Sendable {
        var segment: PathSegment
        var subpathIndex: Int
        /// The index in the subpath's ``Subpath/drawnSegments`` (the closing line is last).
        var segmentIndex: Int
        /// The distance along the whole path at which the segment starts.
        var startDistance: Double
        var length: Double
        var endDistance: Double { startDistance + length }
    }

    /// One measured segment as stored: where it is in the path and where it lies along it.
    struct Record: Sendable {
        var subpathIndex: Int
        /// The index in the subpath's ``Subpath/drawnSegments``.
        var segmentIndex: Int
        /// The distance along the whole path at which the segment starts.
        var startDistance: Double
        var length: Double
        var endDistance: Double { startDistance + length }
    }

    /// The measured segments: the records, each read with its segment from the path's subpaths.
    struct Entries: RandomAccessCollection, Sendable {
        let subpaths: [Subpath]
        let records: [Record]

        var startIndex: Int { records.startIndex }
        var endIndex: Int { records.endIndex }

        subscript(index: Int) -> Entry {
            let record = records[index]
            let subpath = subpaths[record.subpathIndex]
            // Past the segments, only the closing line is drawn.
            let segment =
                record.segmentIndex < subpath.segments.count
                ? subpath.segments[record.segmentIndex]
                : .line(subpath.closingLine ?? Line(from: subpath.end, to: subpath.start))
            return Entry(
                segment: segment, subpathIndex: record.subpathIndex, segmentIndex: record.segmentIndex,
                startDistance: record.startDistance, length: record.length)
        }
    }

    /// The path measured.
    public let path: Path
    /// Its subpaths, derived once from its elements.
    public let subpaths: [Subpath]
    /// The bound on the relative error of every length.
    public let accuracy: Double
    /// The length of each subpath, in drawing order.
    public let subpathLengths: [Double]
    /// The distance along the whole path at which each subpath starts.
    let subpathStarts: [Double]
    /// The total length: the sum of ``subpathLengths``.
    public let length: Double
    /// The segments with a positive length, in drawing order.
    let entries: Entries

    /// Measures `path`.
    ///
    /// - Parameters:
    ///   - path: the path to measure.
    ///   - accuracy: the bound on the relative error of each length, in `1e-15...0.1`;
    ///     defaults to ``defaultAccuracy`` (1e-9).
    /// - Complexity: O(n) in the number of segments, times the quadrature work per curve.
    public init(_ path: Path, accuracy: Double = PathMeasure.defaultAccuracy) {
        let accuracy = min(max(accuracy, 1e-15), 0.1)
        let subpaths = path.subpaths
        let drawnSegments = subpaths.map(\.drawnSegments)
        let lengths = Self.lengths(of: drawnSegments, accuracy: accuracy)
        var records: [Record] = []
        records.reserveCapacity(lengths.count)
        var subpathLengths: [Double] = []
        var subpathStarts: [Double] = []
        var distance = 0.0
        var lengthIndex = 0
        for (subpathIndex, segments) in drawnSegments.enumerated() {
            subpathStarts.append(distance)
            // Summed on its own, not as the difference of distances along the whole path:
            // after a long subpath that difference cancels (a 2-unit subpath after one of 1e18
            // measured 0; found by fuzzing).
            var subpathLength = 0.0
            for segmentIndex in segments.indices {
                // A length that overflowed to NaN (control points near the largest double) is
                // infinite, not absent: the path is too large to measure.
                let length = lengths[lengthIndex].isNaN ? .infinity : lengths[lengthIndex]
                lengthIndex += 1
                guard length > 0 else { continue }
                records.append(
                    Record(
                        subpathIndex: subpathIndex, segmentIndex: segmentIndex, startDistance: distance,
                        length: length))
                distance += length
                subpathLength += length
            }
            subpathLengths.append(subpathLength)
        }
        self.path = path
        self.subpaths = subpaths
        self.accuracy = accuracy
        self.entries = Entries(subpaths: subpaths, records: records)
        self.subpathLengths = subpathLengths
        self.subpathStarts = subpathStarts
        self.length = distance
    }

    /// The length of every segment of `subpaths`, in drawing order, each with relative error at
    /// most `accuracy`: the cubic curves, usually most of them, measured together (see
    /// `Hodograph.lengths(of:accuracy:into:)`), the others one by one.
    private static func lengths(of subpaths: [[PathSegment]], accuracy: Double) -> [Double] {
        var lengths: [Double] = []
        var cubics: [CubicBezier] = []
        var cubicIndices: [Int] = []
        let count = subpaths.reduce(0) { $0 + $1.count }
        lengths.reserveCapacity(count)
        cubics.reserveCapacity(count)
        cubicIndices.reserveCapacity(count)
        for segments in subpaths {
            // Through a buffer pointer with a switch in place: the segments are read, not
            // copied out, on this hot path.
            segments.withUnsafeBufferPointer { segments in
                for index in segments.indices {
                    switch segments[index] {
                    case .line(let line): lengths.append(line.length(accuracy: accuracy))
                    case .quadCurve(let curve): lengths.append(curve.length(accuracy: accuracy))
                    case .curve(let curve):
                        cubicIndices.append(lengths.count)
                        cubics.append(curve)
                        lengths.append(0)
                    case .arc(let arc): lengths.append(arc.length(accuracy: accuracy))
                    }
                }
            }
        }
        var cubicLengths = [Double](repeating: 0, count: cubics.count)
        cubics.withUnsafeBufferPointer { curves in
            cubicLengths.withUnsafeMutableBufferPointer { cubicLengths in
                Hodograph.lengths(of: curves, accuracy: accuracy, into: cubicLengths)
            }
        }
        for (cubic, index) in cubicIndices.enumerated() { lengths[index] = cubicLengths[cubic] }
        return lengths
    }

    /// A place on the path: where it is, which way the path runs there, and which segment and
    /// parameter it falls on.
    public struct Location: Hashable, Sendable {
        /// The distance along the whole path.
        public var distance: Double
        /// The point.
        public var point: Point
        /// The unit tangent: the direction of travel.
        public var tangent: Vector
        /// The index of the subpath in ``Path/subpaths``.
        public var subpathIndex: Int
        /// The index of the segment in the subpath's ``Subpath/drawnSegments``.
        public var segmentIndex: Int
        /// The segment's parameter `t` in `0...1` at the point.
        public var parameter: Double
    }

    /// The location at `distance` along the path, pinned to `0...length`; `nil` when the path
    /// has zero length or `distance` is NaN.
    ///
    /// A distance where one segment ends and the next begins falls on the next one (at its
    /// start), except at the very end of the path.
    ///
    /// - Complexity: O(log n) to find the segment, then a few quadratures for the inverse arc
    ///   length on a curve.
    public func location(atDistance distance: Double) -> Location? {
        guard length > 0, !distance.isNaN else { return nil }
        let distance = min(max(distance, 0), length)
        let cut = lookup(distance, preferringSegmentEnd: false)
        let entry = entries[cut.index]
        let tangent = entry.segment.tangent(at: cut.parameter) ?? Vector(dx: 1, dy: 0)
        return Location(
            distance: distance, point: point(at: cut), tangent: tangent, subpathIndex: entry.subpathIndex,
            segmentIndex: entry.segmentIndex, parameter: cut.parameter)
    }

    /// The location at `fraction` of the path's length (pinned to `0...1`); `nil` when the path
    /// has zero length or `fraction` is NaN.
    public func location(atFraction fraction: Double) -> Location? {
        location(atDistance: fraction * length)
    }

    /// A place on one measured segment.
    struct Cut {
        /// The index in ``entries``.
        var index: Int
        /// The segment's parameter.
        var parameter: Double
        /// The arc length from the segment's start.
        var distance: Double
    }

    /// The point at a cut: lines are cut by distance (round distances give round coordinates
    /// on axis-aligned lines), curves by parameter.
    func point(at cut: Cut) -> Point {
        if case .line(let line) = entries[cut.index].segment { return line.point(atDistance: cut.distance) }
        return entries[cut.index].segment.point(at: cut.parameter)
    }

    /// The segment entry and its parameter at `distance` (within `0...length`).
    ///
    /// With `preferringSegmentEnd`, a distance on a boundary falls at the end of the earlier
    /// segment (so the end of a trimmed piece stays on its segment); otherwise at the start of
    /// the later one.
    func lookup(_ distance: Double, preferringSegmentEnd: Bool) -> Cut {
        // The first entry whose end is beyond the distance (or reaches it, preferring ends);
        // the last entry when none is.
        let records = entries.records
        var (low, high) = (0, records.count - 1)
        while low < high {
            let middle = (low + high) / 2
            let end = records[middle].endDistance
            if preferringSegmentEnd ? end >= distance : end > distance {
                high = middle
            } else {
                low = middle + 1
            }
        }
        let entry = entries[low]
        // At or past the segment's end, exactly its end (`distance - startDistance` can fall an
        // ulp short of the length, and the end of the path would be missed by as much).
        let local =
            distance >= entry.endDistance ? entry.length : min(max(distance - entry.startDistance, 0), entry.length)
        let t = entry.segment.parameter(atLength: local, totalLength: entry.length, accuracy: accuracy)
        return Cut(index: low, parameter: t, distance: local)
    }
}
