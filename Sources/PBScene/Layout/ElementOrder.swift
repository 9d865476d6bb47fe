/// How progress spreads over the elements of a drawing (an SVG document's shapes), as the
/// line-drawing tools order them (vivus, Lottie's trim paths).
///
/// ``windows(lengths:from:to:)`` gives each element's part; for progress `p` (and a start `s`,
/// 0 unless given), with `n` elements of lengths `l₀ … lₙ₋₁` and `L = Σ lᵢ`:
/// - ``sequence``: the drawing as one path in document order, as `CAShapeLayer` measures it:
///   element `i`, which spans `[Aᵢ, Aᵢ + lᵢ]` of the total length (`Aᵢ = l₀ + … + lᵢ₋₁`), is
///   drawn from `clamp((s L − Aᵢ) / lᵢ)` to `clamp((p L − Aᵢ) / lᵢ)` of its own length.
/// - ``together``: every element from `s` to `p` of its own length (vivus `sync`).
/// - ``delayed(_:)``: element `i` draws over the progress window `[wᵢ, wᵢ + 1 − D]` with
///   `wᵢ = i D / (n − 1)`, at uniform speed: to `clamp((p − wᵢ) / (1 − D))` of its length (one
///   element draws over `[0, 1]`; with `D = 1` each element appears whole when `p` reaches `wᵢ`).
///
/// `clamp` pins to `0...1`. An element of length zero is drawn from 0 to 0 in ``sequence``.
public enum ElementOrder: Hashable, Sendable {
    /// The drawing as one path, in document order (the default).
    case sequence
    /// Every element at the same fraction of its own length.
    case together
    /// Each element over its own window of the progress, the windows starting `delay` apart in
    /// all (`0...1`; ``defaultDelay`` by default).
    case delayed(Double)

    /// The delay of ``delayed(_:)`` when none is given: 0.5, vivus's default.
    public static let defaultDelay = 0.5

    /// Each element's part, as fractions of its own length, for progress from `start` to `end`
    /// (both pinned to `0...1`).
    ///
    /// - Parameters:
    ///   - lengths: the elements' lengths on the canvas, in order.
    ///   - start: where the progress starts (`strokeStart`), a fraction of the whole.
    ///   - end: where the progress ends, a fraction of the whole.
    /// - Returns: one `(start, end)` a length, each in `0...1`; nothing is drawn where
    ///   `start >= end`.
    /// - Complexity: O(n).
    public func windows(lengths: [Double], from start: Double, to end: Double) -> [(start: Double, end: Double)] {
        let (start, end) = (Self.clamp(start), Self.clamp(end))
        switch self {
        case .together:
            return lengths.map { _ in (start, end) }
        case .sequence:
            guard let placed = Self.sequencePlacement(lengths) else { return lengths.map { _ in (0, 0) } }
            return placed.map { total, before, length in
                guard length > 0 else { return (0, 0) }
                // The whole path's ends are exact: at 1 every element is whole.
                let from = start == 0 ? 0 : Self.clamp((start * total - before) / length)
                let to = end == 1 ? 1 : Self.clamp((end * total - before) / length)
                return (from, to)
            }
        case .delayed(let delay):
            return lengths.indices.map { index in
                let (begin, span) = Self.delayedWindow(index, of: lengths.count, delay: delay)
                func local(_ progress: Double) -> Double {
                    guard span > 0 else { return progress >= begin && progress > 0 ? 1 : 0 }
                    return progress == 1 ? 1 : Self.clamp((progress - begin) / span)
                }
                return (local(start), local(end))
            }
        }
    }

    /// For each element of `lengths`, where its progress ends as an affine map of the drawing's
    /// progress `p` (pinned to `0...1`): `(scale, shift)` with the end `scale × p + shift`, as
    /// ``windows(lengths:from:to:)`` places it (``ElementProgressLayer``). An element of no length
    /// gets `(0, 0)`; in `delayed(1)`, where elements appear whole at once, the scale is infinite
    /// and the shift minus the progress where the element appears.
    public func endMaps(lengths: [Double]) -> [(scale: Double, shift: Double)] {
        switch self {
        case .together:
            return lengths.map { _ in (1, 0) }
        case .sequence:
            guard let placed = Self.sequencePlacement(lengths) else { return lengths.map { _ in (0, 0) } }
            return placed.map { total, before, length in length > 0 ? (total / length, -before / length) : (0, 0) }
        case .delayed(let delay):
            return lengths.indices.map { index in
                let (begin, span) = Self.delayedWindow(index, of: lengths.count, delay: delay)
                return span > 0 ? (1 / span, -begin / span) : (.infinity, -begin)
            }
        }
    }

    /// In the `sequence` order: the drawing's length, and each element's length before it and
    /// its own; `nil` when the drawing has no finite, positive length.
    private static func sequencePlacement(_ lengths: [Double]) -> [(total: Double, before: Double, length: Double)]? {
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        var before = 0.0
        return lengths.map { length in
            defer { before += length }
            return (total, before, length)
        }
    }

    /// In the `delayed` order: where element `index` of `count` starts drawing, and over how
    /// much of the progress it draws.
    private static func delayedWindow(_ index: Int, of count: Int, delay: Double) -> (begin: Double, span: Double) {
        let delay = clamp(delay)
        return count > 1 ? (Double(index) * delay / Double(count - 1), 1 - delay) : (0, 1)
    }

    private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
}
