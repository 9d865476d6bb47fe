extension PathMeasure {
    /// A place on one subpath: the segment (its index in the subpath's
    /// ``Subpath/drawnSegments``) and the segment's parameter.
    public struct SubpathPlace: Hashable, Sendable {
        /// The index of the segment in the subpath's ``Subpath/drawnSegments``.
        public var segmentIndex: Int
        /// The segment's parameter `t` in `0...1`.
        public var parameter: Double
    }

    /// Where the point at `distance` along subpath `index` (from its start, pinned to its length)
    /// falls: which segment, at which parameter. A distance where one segment ends and the next
    /// begins falls at the end of the earlier one, so the end of a subpath stays on it.
    ///
    /// With the same path under an affine map (its segments the images of these), the place is
    /// the same point of the mapped path: what maps a length on the canvas to the length in an
    /// element's own space (``distance(alongSubpath:to:)`` on the other path's measure).
    ///
    /// - Returns: `nil` when the subpath has no length or `index` is out of range.
    /// - Complexity: O(log n) to find the segment, then an inverse arc length on a curve.
    public func place(alongSubpath index: Int, atDistance distance: Double) -> SubpathPlace? {
        guard subpathLengths.indices.contains(index), subpathLengths[index] > 0, !distance.isNaN else { return nil }
        let records = entries.records
        // The subpath's records: the first whose subpath is at least `index`, up to the next subpath's.
        var (low, high) = (0, records.count)
        while low < high {
            let middle = (low + high) / 2
            if records[middle].subpathIndex < index { low = middle + 1 } else { high = middle }
        }
        let first = low
        let target = subpathStarts[index] + min(max(distance, 0), subpathLengths[index])
        var chosen = first
        while chosen + 1 < records.count, records[chosen + 1].subpathIndex == index,
            records[chosen].endDistance < target
        {
            chosen += 1
        }
        let entry = entries[chosen]
        let local = min(max(target - entry.startDistance, 0), entry.length)
        let t =
            local >= entry.length
            ? 1 : entry.segment.parameter(atLength: local, totalLength: entry.length, accuracy: accuracy)
        return SubpathPlace(segmentIndex: entry.segmentIndex, parameter: t)
    }

    /// The arc length along subpath `index` from its start to `place`, with relative error at
    /// most ``accuracy``.
    ///
    /// - Complexity: O(k) in the subpath's segments before the place, plus one arc length.
    public func distance(alongSubpath index: Int, to place: SubpathPlace) -> Double {
        guard subpaths.indices.contains(index) else { return 0 }
        let segments = subpaths[index].drawnSegments
        guard segments.indices.contains(place.segmentIndex) else { return subpathLengths[index] }
        var distance = 0.0
        for record in entries.records where record.subpathIndex == index && record.segmentIndex < place.segmentIndex {
            distance += record.length
        }
        let t = min(max(place.parameter, 0), 1)
        guard t > 0 else { return distance }
        return distance + segments[place.segmentIndex].subsegment(from: 0, to: t).length(accuracy: accuracy)
    }
}
