#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PathMeasure {
    /// The part of the path between two fractions of its length: what `CAShapeLayer` strokes
    /// for `strokeStart` and `strokeEnd`, and SwiftUI's `trim(from:to:)`.
    ///
    /// - Fractions are pinned to `0...1`; when `start >= end` the result is empty.
    /// - Cuts are exact: a segment is cut at the parameter whose arc length matches (within
    ///   ``accuracy``) and split exactly (Béziers by de Casteljau, arcs as arcs of the same
    ///   ellipse), never approximated by a polyline.
    /// - A subpath kept whole is kept as it is, so a closed one stays closed (drawn with a join
    ///   at its start, not two caps); a subpath cut anywhere becomes open.
    /// - `offset` shifts the window along the path, wrapping around its end, as Lottie's trim
    ///   offset does: `from: 0, to: 0.3, offset: 0.9` keeps `0.9...1` and `0...0.2`. On a path
    ///   that is a single closed subpath (or one that ends where it starts) the two parts join
    ///   at the seam into one piece, which
    ///   `strokeStart`/`strokeEnd` cannot express.
    ///
    /// - Parameters:
    ///   - start: the fraction where the kept part begins.
    ///   - end: the fraction where it ends.
    ///   - offset: a shift of both fractions, taken modulo 1. Defaults to 0.
    ///   - scope: whether the fractions are of the whole path (the default) or of each subpath.
    /// - Returns: the trimmed path, whose length is `(end - start)` times the trimmed length,
    ///   within ``accuracy``.
    /// - Throws: ``TrimError`` when `start`, `end` or `offset` is NaN or infinite.
    /// - Complexity: O(log n + k) for a result of k segments, plus two inverse arc lengths.
    public func trimmedPath(
        from start: Double, to end: Double, offset: Double = 0, scope: TrimScope = .wholePath
    ) throws(TrimError) -> Path {
        Path(subpaths: try trimmedPieces(from: start, to: end, offset: offset, scope: scope).map(\.subpath))
    }

    /// The pieces of ``trimmedPath(from:to:offset:scope:)``, each with how far into its
    /// source subpath it starts: what a renderer needs to keep a dash pattern laid along the
    /// whole path fixed while progress reveals it.
    ///
    /// - Throws: ``TrimError`` when `start`, `end` or `offset` is NaN or infinite.
    public func trimmedPieces(
        from start: Double, to end: Double, offset: Double = 0, scope: TrimScope = .wholePath
    ) throws(TrimError) -> [TrimmedPiece] {
        for (argument, value) in [("from", start), ("to", end), ("offset", offset)] where !value.isFinite {
            throw TrimError(argument: argument, value: value)
        }
        let (from, to) = (min(max(start, 0), 1), min(max(end, 0), 1))
        guard from < to else { return [] }
        switch scope {
        case .wholePath:
            return window(from: from, to: to, offset: offset, run: subpaths.indices)
        case .eachSubpath:
            return subpaths.indices.flatMap {
                window(from: from, to: to, offset: offset, run: $0..<$0 + 1)
            }
        }
    }

    /// The window `from...to` (fractions of the subpaths' joint length, shifted by `offset`
    /// with wrap-around) of a run of consecutive subpaths.
    private func window(from: Double, to: Double, offset: Double, run: Range<Int>) -> [TrimmedPiece] {
        let width = to - from
        guard width < 1 else {
            return run.map {
                TrimmedPiece(
                    subpath: subpaths[$0], sourceIndex: $0, sourceDistance: 0,
                    distances: (subpathStarts[$0], subpathEnd($0)))
            }
        }
        guard let lastSubpath = run.last else { return [] }
        let low = subpathStarts[run.lowerBound]
        let high = subpathEnd(lastSubpath)
        let total = high - low
        var start = from
        var end = to
        if offset != 0 {
            start = from + offset
            start -= floor(start)
            if start >= 1 { start = 0 }
            end = start + width
        }
        if end <= 1 {
            return extract(
                from: low + start * total, to: end == 1 ? high : low + end * total, run: run)
        }
        let tail = extract(from: low + start * total, to: high, run: run)
        let head = extract(from: low, to: low + (end - 1) * total, run: run)
        // A single subpath that closes (or ends where it starts): the tail runs into the head
        // through the seam.
        let subpath = subpaths[run.lowerBound]
        if run.count == 1, subpath.isClosed || subpath.end == subpath.start, let last = tail.last,
            let first = head.first, last.subpath.end == first.subpath.start
        {
            let joined = TrimmedPiece(
                subpath: Subpath(start: last.subpath.start, segments: last.subpath.segments + first.subpath.segments),
                sourceIndex: last.sourceIndex, sourceDistance: last.sourceDistance,
                distances: (last.distances.start, first.distances.end))
            return tail.dropLast() + [joined] + head.dropFirst()
        }
        return tail + head
    }

    /// The parts of the subpaths in `run` between distances `from < to` along the whole path.
    private func extract(from: Double, to: Double, run: Range<Int>) -> [TrimmedPiece] {
        guard from < to else { return [] }
        var result: [TrimmedPiece] = []
        for index in run {
            let (start, end) = (subpathStarts[index], subpathEnd(index))
            if from <= start && to >= end {
                result.append(
                    TrimmedPiece(
                        subpath: subpaths[index], sourceIndex: index, sourceDistance: 0, distances: (start, end)))
            } else if max(from, start) < min(to, end) {
                result.append(
                    TrimmedPiece(
                        subpath: piece(from: max(from, start), to: min(to, end)), sourceIndex: index,
                        sourceDistance: max(from, start) - start, distances: (max(from, start), min(to, end))))
            }
        }
        return result
    }

    /// The distance along the whole path at which subpath `index` ends: exactly where its last
    /// measured segment ends (`subpathStarts[index] + subpathLengths[index]` may differ from it
    /// in the last place).
    private func subpathEnd(_ index: Int) -> Double {
        index + 1 < subpathStarts.count ? subpathStarts[index + 1] : length
    }

    /// The open piece between distances `from < to` that lie within one subpath.
    private func piece(from: Double, to: Double) -> Subpath {
        let first = lookup(from, preferringSegmentEnd: false)
        let last = lookup(to, preferringSegmentEnd: true)
        // A cut on a segment's end point is that end point exactly (the distance within the
        // segment, found by a subtraction, can fall short of its length in the last place).
        let startCut = from <= entries[first.index].startDistance ? nil : first
        let endCut = to >= entries[last.index].endDistance ? nil : last
        var segments: [PathSegment] = []
        if first.index == last.index {
            segments.append(part(first.index, from: startCut, to: endCut))
        } else {
            segments.reserveCapacity(last.index - first.index + 1)
            segments.append(part(first.index, from: startCut, to: nil))
            for index in first.index + 1..<last.index { segments.append(entries[index].segment) }
            segments.append(part(last.index, from: nil, to: endCut))
        }
        return Subpath(start: segments[0].start, segments: segments)
    }

    /// The exact part of entry `index` between two cuts on it (`nil`: its start or end); the
    /// segment itself when the whole of it is kept.
    private func part(_ index: Int, from start: Cut?, to end: Cut?) -> PathSegment {
        let segment = entries[index].segment
        let (t0, t1) = (start?.parameter ?? 0, end?.parameter ?? 1)
        if t0 == 0 && t1 == 1 { return segment }
        if case .line(let line) = segment {
            return .line(
                Line(
                    from: start.map { point(at: $0) } ?? line.start,
                    to: end.map { point(at: $0) } ?? line.end))
        }
        return segment.subsegment(from: t0, to: t1)
    }
}

extension Path {
    /// The part of the path between two fractions of its length, measured to `accuracy`; see
    /// ``PathMeasure/trimmedPath(from:to:offset:scope:)`` for the semantics.
    ///
    /// To trim one path many times (frames of an animation), measure it once with
    /// ``PathMeasure`` and trim the measure.
    ///
    /// - Throws: ``TrimError`` when `start`, `end` or `offset` is NaN or infinite.
    public func trimmedPath(
        from start: Double, to end: Double, offset: Double = 0, scope: TrimScope = .wholePath,
        accuracy: Double = PathMeasure.defaultAccuracy
    ) throws(TrimError) -> Path {
        try PathMeasure(self, accuracy: accuracy).trimmedPath(
            from: start, to: end, offset: offset, scope: scope)
    }
}
