/// The dash patterns that show exactly a part of one subpath's stroke: what a rewritten document
/// writes as an element's `stroke-dasharray` and `stroke-dashoffset` (both librsvg, through
/// Cairo, and browsers start the pattern again at each subpath, in the element's user space).
enum DashWindow {
    /// A stretch of a subpath, as lengths from its start in the element's user space.
    typealias Interval = (start: Double, end: Double)

    /// The most dashes one pattern written may list; a finer own pattern shows its first ones.
    static let maximumDashCount = 100_000

    /// The stretches of `window` an own dash pattern draws: each dash of `own` (dash and gap
    /// lengths, an even count, laid from the subpath's start shifted by `offset` as SVG's
    /// `stroke-dashoffset` shifts it) cut to the window. A dash of length zero (a dot, with round
    /// caps) is kept where it falls inside. Without an own pattern, the window itself.
    ///
    /// - Complexity: O(*k*) in the periods of `own` within the window, at most
    ///   ``maximumDashCount`` of them: far from a subpath's start a double no longer tells a short
    ///   dash from nothing, nor one period from the next, so periods can show no dash at all.
    static func visible(_ window: Interval, own: [Double], offset: Double) -> [Interval] {
        guard window.end > window.start else { return [] }
        let period = own.reduce(0, +)
        guard !own.isEmpty, period > 0, period.isFinite else { return [window] }
        // Where each dash starts within a period.
        var starts: [Double] = []
        var position = 0.0
        for (index, length) in own.enumerated() {
            if index % 2 == 0 { starts.append(position) }
            position += length
        }
        var result: [Interval] = []
        // The period that holds the window's start, one before to catch a dash reaching into it.
        var period0 = ((window.start + offset) / period).rounded(.down) - 1
        var periods = 0
        while period0 * period - offset < window.end, result.count < maximumDashCount, periods < maximumDashCount {
            let base = period0 * period - offset
            for (dash, start) in starts.enumerated() {
                let from = base + start
                let to = from + own[2 * dash]
                if to < window.start || from >= window.end { continue }
                let cut = (max(from, window.start), min(to, window.end))
                // A dash cut to nothing at an edge shows nothing; a dot inside shows.
                if cut.1 > cut.0 || own[2 * dash] == 0 { result.append(cut) }
            }
            period0 += 1
            periods += 1
        }
        return result
    }

    /// The pattern showing exactly `intervals` (sorted, not overlapping) of a subpath of
    /// `length`: the dashes and the gaps between them from the first, then a gap longer than the
    /// subpath, shifted so the first dash starts where the first stretch does.
    ///
    /// - Returns: `nil` for no stretch (the stroke shows nothing: hide it rather than write a
    ///   dash of zero, which round caps draw as a dot).
    static func pattern(showing intervals: [Interval], length: Double) -> (array: [Double], offset: Double)? {
        guard let first = intervals.first, let last = intervals.last else { return nil }
        var array: [Double] = []
        array.reserveCapacity(2 * intervals.count)
        for (index, interval) in intervals.enumerated() {
            if index > 0 { array.append(max(interval.start - intervals[index - 1].end, 0)) }
            array.append(max(interval.end - interval.start, 0))
        }
        // Past the last stretch and before the first: one gap reaching beyond both ends.
        array.append(max(length, last.end) + 1)
        return (array, -first.start)
    }

    /// Intervals merged where they touch or overlap, sorted.
    static func merged(_ intervals: [Interval]) -> [Interval] {
        var result: [Interval] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, interval.start <= last.end {
                result[result.count - 1].end = max(last.end, interval.end)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}
