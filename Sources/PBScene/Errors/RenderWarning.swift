/// Something a render did that was not quite what was asked, and that a user should hear of: a
/// value pinned to its range, a label shrunk or shortened to fit. A kind with the facts, put
/// into words by ``message(naming:)`` (named like ``RenderError``'s values, so a command line
/// names its options and a server its parameters).
public struct RenderWarning: Hashable, Sendable, CustomStringConvertible {
    /// What happened, with what the message needs.
    public enum Kind: Hashable, Sendable {
        /// A progress outside `0...1` was drawn pinned: `name` as in ``RenderError``
        /// (`progress`), the value given and the value drawn.
        case pinned(name: String, value: Double, drawnAs: Double)
        /// Several values laid from the start end at `end` (the start plus their sum), past the
        /// end of the path (1): drawn up to it.
        case valuesPastTheEnd(end: Double)
        /// More bytes were received than expected: drawn as complete.
        case bytesAboveExpected(received: Int64, expected: Int64)
        /// A label did not fit its room and was drawn smaller: from `size` points to `shrunkTo`.
        case labelShrunk(size: Double, shrunkTo: Double)
        /// A label did not fit its room even at ``ProgressLayout/minimumLabelScale`` of its size
        /// and was shortened with an ellipsis: `text` as written, `shown` as drawn.
        case labelEllipsized(text: String, shown: String)
        /// A path's stroke on a canvas of fixed size reaches past `edges` of it, by up to
        /// `distance` points, and is cut there.
        case strokePastCanvas(distance: Double, edges: [Edge])
        /// A gradient along the path (`name`: `progressGradient`, `trackGradient`) given for an
        /// SVG document, whose elements' strokes are drawn in one colour, the gradient's first.
        case gradientAsOneColor(name: String, color: String)
    }

    /// An edge of the canvas.
    public enum Edge: String, Hashable, Sendable {
        /// x = 0.
        case left
        /// y = 0.
        case top
        /// x = the width.
        case right
        /// y = the height.
        case bottom
    }

    /// What happened.
    public var kind: Kind

    /// Creates a warning.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The warning in one sentence (without a final full stop), values named `'progress'`.
    public var description: String { message(naming: { "'\($0)'" }) }

    /// The warning in one sentence, naming values with `naming`.
    public func message(naming: (String) -> String) -> String {
        switch kind {
        case .pinned(let name, let value, let drawnAs):
            let side = value > drawnAs ? "above" : "below"
            return "\(naming(name)) is \(Self.readable(value)) (\(Self.readable(value * 100))%), \(side) "
                + "\(RenderError.format(drawnAs)): drawn as \(RenderError.format(drawnAs))"
        case .valuesPastTheEnd(let end):
            return "\(naming("values")) end at \(Self.readable(end)), past the end of the path (1): "
                + "drawn up to 1, the last values cut"
        case .bytesAboveExpected(let received, let expected):
            return "\(received) bytes received is more than the \(expected) expected: drawn as complete"
        case .labelShrunk(let size, let shrunkTo):
            return "the label does not fit at \(RenderError.format(size)) points and is drawn at "
                + "\(RenderError.format(shrunkTo))"
        case .labelEllipsized(let text, let shown):
            return "the label '\(text)' does not fit even at the smallest size and is shortened to '\(shown)'"
        case .strokePastCanvas(let distance, let edges):
            let names = edges.map(\.rawValue)
            let list =
                names.count > 1
                ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] : names.joined()
            return "the stroke reaches \(Self.readable(distance)) points past the canvas's \(list) "
                + "\(edges.count > 1 ? "edges" : "edge") and is cut there: give the path room with a larger "
                + "canvas or \(naming("viewBox")), or a thinner stroke with \(naming("lineWidth"))"
        case .gradientAsOneColor(let name, let color):
            return "\(naming(name)) is drawn in its first colour (\(color)) on a document: each element keeps one "
                + "stroke colour, and a gradient along the path is not drawn"
        }
    }

    /// A number to 12 significant digits, as people write it: `1.3` for the sum 0.6 + 0.7
    /// (1.2999999999999998 in doubles), `150`, `-0.2`.
    static func readable(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return RenderError.format(value) }
        let digits = 11 - abs(value).log10Floor
        // Dividing a whole number by an exact power of ten rounds once: 13e11 / 1e12 is 1.3.
        guard (0...22).contains(digits) else { return RenderError.format(value) }
        let scale = pow10(digits)
        return RenderError.format((value * scale).rounded() / scale)
    }

    /// 10 to a power in 0...22, exact (every such power is a double).
    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension Double {
    /// ⌊log₁₀ |x|⌋ for a finite non-zero value, by counting (no libm); 0 for zero, infinities
    /// and NaN (whose counting would not end).
    var log10Floor: Int {
        guard isFinite, self != 0 else { return 0 }
        var (value, exponent) = (abs(self), 0)
        while value >= 10 { value /= 10; exponent += 1 }
        while value < 1 { value *= 10; exponent -= 1 }
        return exponent
    }
}
