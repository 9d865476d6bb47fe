/// An estimate of how long a scene takes to render, in seconds of one core of the reference
/// machine (a 2-core AMD EPYC VM running Debian 12, where the model was fitted): what a limit on
/// render time compares, before anything is drawn.
///
/// The estimate is a model, not a measurement: it is meant to be within a factor of about 3 of
/// the real time on such a machine, usually above it, and to grow as the real time does with
/// the canvas, the stroke's area, the number of dashes and subpaths (each stroked with its own
/// caps, which Cairo's rasterizer pays for in proportion to how deeply they overlap) and the
/// number of path elements. See ``Scene/estimatedRenderCost(for:)``.
public struct RenderCost: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The estimated time, in seconds.
    public var seconds: Double

    /// A cost of `seconds`.
    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// A cost of `milliseconds` thousandths of a second.
    public static func milliseconds(_ milliseconds: Double) -> RenderCost {
        RenderCost(seconds: milliseconds / 1000)
    }

    /// No cost.
    public static let zero = RenderCost(seconds: 0)

    /// Whether `lhs` is cheaper than `rhs`.
    public static func < (lhs: RenderCost, rhs: RenderCost) -> Bool { lhs.seconds < rhs.seconds }

    /// Refuses this estimate when it is above `limit`.
    ///
    /// - Throws: ``RenderError`` `.renderTooCostly` with the estimate and the limit (an input
    ///   error).
    package func check(against limit: RenderCost) throws(RenderError) {
        guard self <= limit else { throw RenderError(.renderTooCostly(estimate: self, limit: limit)) }
    }

    /// `12 ms`, `1.5 s`: milliseconds below a second, else seconds, to two significant digits
    /// at most.
    public var description: String {
        guard seconds.isFinite else { return "\(seconds) s" }
        if seconds < 1 {
            let ms = seconds * 1000
            return "\(Self.rounded(ms)) ms"
        }
        return "\(Self.rounded(seconds)) s"
    }

    /// `value` with at most two significant digits, without trailing zeros.
    private static func rounded(_ value: Double) -> String {
        guard value >= 10 else {
            let tenths = (value * 10).rounded() / 10
            return tenths == tenths.rounded() ? String(Int(tenths)) : "\(tenths)"
        }
        guard value < 1e15 else { return "\(value)" }
        return String(Int(value.rounded()))
    }
}
