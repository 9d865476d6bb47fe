import PBGeometry

/// How a live element's stroke follows a CSS value `p` (the page's `--progress`): it shows from
/// ``start`` to `scale × p + shift` of its length, pinned to `0...1`; an infinite ``scale`` jumps
/// from nothing to whole at `p = -shift` (from any `p` above 0 where that is 0).
public struct LiveMap: Hashable, Sendable {
    /// Where the element's stroke starts, as a fraction of its length.
    public var start: Double
    /// How fast its end moves with the value.
    public var scale: Double
    /// Where its end is at value 0.
    public var shift: Double

    /// A map.
    public init(start: Double, scale: Double, shift: Double) {
        self.start = start
        self.scale = scale
        self.shift = shift
    }

    /// Where the end is at the value `value`, in `0...1`.
    public func end(at value: Double) -> Double {
        guard scale.isFinite else { return value >= -shift && value > 0 ? 1 : 0 }
        return min(max(scale * value + shift, 0), 1)
    }
}

/// The CSS that shows one subpath of a live element's stroke, shared by the SVG writer's live
/// layers and the live rewrite of documents: the subpath stroked whole with a dash as long as its
/// visible part, computed by CSS from the exact lengths pbrender measured (not `pathLength`, which
/// renderers disagree on), so that one CSS property, or a transition of it, moves the progress.
/// Zero shows nothing (opacity 0, so no round cap's dot); a closed subpath shown whole from its
/// start is drawn undashed by a second stroke (``whole``), joined at its seam.
public struct LiveReveal: Hashable, Sendable {
    /// The dash's length and the gap after it at the file's own value, in user units; `nil` for
    /// a subpath that appears whole at once, undashed.
    public var initialDash: (visible: Double, gap: Double)?
    /// Where the dash starts along the subpath (`stroke-dashoffset` is its negative).
    public var dashStart: Double
    /// `stroke-dasharray` in CSS, following the value (`none` for a subpath shown whole at once).
    public var dashArray: String
    /// The stroke's opacity in CSS (0 or 1, a gate), following the value.
    public var opacity: String
    /// Whether it shows at the file's own value.
    public var isInitiallyShown: Bool
    /// For a closed subpath shown from its start: the undashed stroke's opacity in CSS and
    /// whether it shows at the file's own value.
    public var whole: (opacity: String, isInitiallyShown: Bool)?

    public static func == (lhs: LiveReveal, rhs: LiveReveal) -> Bool {
        lhs.initialDash?.visible == rhs.initialDash?.visible && lhs.initialDash?.gap == rhs.initialDash?.gap
            && lhs.dashStart == rhs.dashStart && lhs.dashArray == rhs.dashArray
            && lhs.opacity == rhs.opacity && lhs.isInitiallyShown == rhs.isInitiallyShown
            && lhs.whole?.opacity == rhs.whole?.opacity && lhs.whole?.isInitiallyShown == rhs.whole?.isInitiallyShown
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(dashArray)
        hasher.combine(opacity)
    }

    /// Numbers of gates: nine decimals, so that an element whose part starts exactly at a value
    /// (an order's boundary) shows nothing there, as the PNG does, not a cap's dot of rounding.
    static let gateNumbers = SVGNumberFormat(decimals: 9)

    /// The reveals of a path's subpaths, by subpath index (those with nothing to show left out),
    /// or for an infinite scale the gate that shows every subpath whole at once (`jump`).
    ///
    /// - Parameters:
    ///   - lengths: each subpath's length, in the user units the dash is written in.
    ///   - closed: whether each subpath is closed.
    ///   - scope: whether fractions are of the whole path or of each subpath.
    ///   - map: how the element's end follows the value.
    ///   - initialEnd: the end at the file's own value (the still picture's).
    ///   - value: the CSS expression of the value (`var(--progress, 0.5)`).
    ///   - numbers: how lengths are written.
    public static func reveals(
        lengths: [Double], closed: [Bool], scope: TrimScope, map: LiveMap, initialEnd: Double, value: String,
        numbers: SVGNumberFormat
    ) -> [Int: LiveReveal] {
        func precise(_ number: Double) -> String { gateNumbers.string(number) }
        func length(_ number: Double) -> String { numbers.string(number) }
        let total = lengths.reduce(0, +)
        var result: [Int: LiveReveal] = [:]
        var subpathStart = 0.0
        for (index, subpathLength) in lengths.enumerated() {
            defer { subpathStart += subpathLength }
            guard subpathLength > 0 else { continue }
            // Distances along the whole path, or along each subpath for the per-subpath scope.
            let (scale, origin) = scope == .wholePath ? (total, 0.0) : (subpathLength, subpathStart)
            let first = max(origin + map.start * scale, subpathStart)
            let room = subpathStart + subpathLength - first
            guard room > 0 else { continue }
            guard map.scale.isFinite else {
                result[index] = jump(map: map, initialEnd: initialEnd, value: value)
                continue
            }
            // The length reached along the scope: (value × map.scale + map.shift) × scale.
            let (perValue, before) = (map.scale * scale, first - origin - map.shift * scale)
            let reached = "calc(\(value) * \(length(perValue))px - \(length(before))px)"
            // The gates that show a stroke once anything of it is reached (and the whole closed
            // subpath once all is) multiply lengths by 1,000 and 10^6.
            let shown = "calc((\(value) * \(precise(perValue)) - \(precise(before))) * 1000)"
            let initialVisible = min(max(origin + initialEnd * scale - first, 0), room)
            let dashStart = first - subpathStart
            let isWhole = closed[index] && dashStart == 0
            let full = "calc((\(value) * \(precise(perValue)) - \(precise(before + room))) * 1000000 + 1)"
            let opacity = isWhole ? "clamp(0, min(\(shown), calc(1 - \(full))), 1)" : "clamp(0, \(shown), 1)"
            result[index] = LiveReveal(
                initialDash: (initialVisible, subpathLength + 1), dashStart: dashStart,
                dashArray: "clamp(0px, \(reached), \(length(room))px) \(length(subpathLength + 1))px",
                opacity: opacity, isInitiallyShown: initialVisible > 0 && !(isWhole && initialVisible >= room),
                whole: isWhole ? ("clamp(0, \(full), 1)", initialVisible >= room) : nil)
        }
        return result
    }

    /// A subpath of an element that appears whole at once (`delayed(1)`), stroked whole (a closed
    /// one joined at its seam): shown from the value `-map.shift` on (from any value above 0 where
    /// that is 0). The gate multiplies the value's distance from there by 10^8, its number with
    /// nine decimals, so it is 0 a hundred-millionth before and at least 0.95 exactly there (1
    /// where the number is exact, as 0.5 is).
    private static func jump(map: LiveMap, initialEnd: Double, value: String) -> LiveReveal {
        let appears = -map.shift
        let gate =
            appears > 0
            ? "calc((\(value) - \(gateNumbers.string(appears))) * 100000000 + 1)" : "calc(\(value) * 100000000)"
        return LiveReveal(
            initialDash: nil, dashStart: 0, dashArray: "none", opacity: "clamp(0, \(gate), 1)",
            isInitiallyShown: initialEnd >= 1, whole: nil)
    }

    /// The CSS gate that is 1 from the value `from` on and 0 before it (a billionth before):
    /// what shows a fill, markers or content once the progress reaches them.
    public static func gate(from: Double, value: String) -> String {
        guard from > 0 else { return "1" }
        return "clamp(0, calc((\(value) - \(gateNumbers.string(from))) * 1000000000 + 1), 1)"
    }

    /// The CSS gate that is 1 before the value `until` and 0 from it on: what hides an outline
    /// once its element shows its fill alone.
    public static func gate(until: Double, value: String) -> String {
        "clamp(0, calc((\(gateNumbers.string(until)) - \(value)) * 1000000000), 1)"
    }
}
