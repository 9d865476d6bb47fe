import PBStyle

/// Colours along a path: stops at fractions of the path's arc length, interpolated linearly in
/// premultiplied sRGB components between stops, as CSS gradients are.
///
/// Two stops at the same fraction make a hard stop: the colour jumps there. Before the first
/// stop the first colour holds, after the last the last.
///
/// ```swift
/// // An Apple Watch ring: red to yellow to green around the ring.
/// let gradient = try PathGradient(colors: [.systemRed, .systemYellow, .systemGreen])
/// ```
public struct PathGradient: Hashable, Sendable {
    /// One colour at one place along the path.
    public struct Stop: Hashable, Sendable {
        /// The fraction of the path's length, in `0...1`.
        public var location: Double
        /// The colour there.
        public var color: Color

        /// Creates a stop.
        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// The stops, in increasing order of location.
    public let stops: [Stop]

    /// The opacity every stop shares, or `nil` when the stops' opacities differ.
    package var uniformAlpha: Double? {
        let alphas = Set(stops.map(\.color.alpha))
        return alphas.count == 1 ? alphas.first : nil
    }

    /// A gradient through `stops`.
    ///
    /// - Throws: ``RenderError`` (`.invalidValue`) when there are no stops, a location is not in
    ///   `0...1`, or the locations decrease.
    public init(stops: [Stop]) throws(RenderError) {
        guard !stops.isEmpty else {
            throw RenderError(.invalidValue(name: "gradient", value: "[]", requirement: "at least one colour"))
        }
        for (index, stop) in stops.enumerated() {
            guard stop.location.isFinite, stop.location >= 0, stop.location <= 1 else {
                throw RenderError(
                    .invalidValue(
                        name: "gradient", value: "\(stop.location)", requirement: "stop locations in 0...1"))
            }
            if index > 0, stop.location < stops[index - 1].location {
                throw RenderError(
                    .invalidValue(
                        name: "gradient", value: "\(stop.location)",
                        requirement: "stop locations in increasing order"))
            }
        }
        self.stops = stops
    }

    /// A gradient of `colors` spaced evenly from the start of the path to its end (one colour is
    /// that colour everywhere).
    ///
    /// - Throws: ``RenderError`` when `colors` is empty.
    public init(colors: [Color]) throws(RenderError) {
        let count = colors.count
        try self.init(
            stops: colors.enumerated().map { index, color in
                Stop(location: count == 1 ? 0 : Double(index) / Double(count - 1), color: color)
            })
    }

    /// The gradient with each colour replaced by its dark variant (`Color.darkVariant`).
    public var darkVariant: PathGradient { resolved(for: .dark) }

    /// The gradient with each colour resolved for `appearance` (`Color.resolved(for:)`): fixed
    /// colours stay, dynamic ones take that appearance.
    public func resolved(for appearance: Appearance) -> PathGradient {
        // The same locations, in the same order: valid.
        let resolved = stops.map { Stop(location: $0.location, color: $0.color.resolved(for: appearance)) }
        return (try? PathGradient(stops: resolved)) ?? self
    }

    /// The colour at `fraction` of the path's length: between the stops around it, interpolated
    /// linearly in premultiplied components; at a hard stop, the colour after it.
    public func color(atFraction fraction: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if !(fraction > first.location) { return fraction == first.location ? colorAfter(first.location) : first.color }
        if fraction >= last.location { return last.color }
        // The last stop at or before the fraction, and the one after it.
        var upper = 1
        while stops[upper].location <= fraction { upper += 1 }
        let (a, b) = (stops[upper - 1], stops[upper])
        return a.color.interpolated(to: b.color, at: (fraction - a.location) / (b.location - a.location))
    }

    /// The colour just after `location`: the last of the stops there.
    private func colorAfter(_ location: Double) -> Color {
        stops.last { $0.location == location }?.color ?? .clear
    }

    /// The gradient's pieces between consecutive stops, for renderers: each with its start and
    /// end fractions and colours, hard stops giving pieces of zero width (left out); the colour
    /// holds before the first stop and after the last.
    var pieces: [(from: Double, to: Double, fromColor: Color, toColor: Color)] {
        guard let first = stops.first, let last = stops.last else { return [] }
        var pieces: [(from: Double, to: Double, fromColor: Color, toColor: Color)] = []
        if first.location > 0 { pieces.append((0, first.location, first.color, first.color)) }
        for (a, b) in zip(stops, stops.dropFirst()) where b.location > a.location {
            pieces.append((a.location, b.location, a.color, b.color))
        }
        if last.location < 1 || pieces.isEmpty { pieces.append((last.location, 1, last.color, last.color)) }
        return pieces
    }
}
