import PBStyle

/// A colour chosen by the progress value, as progress badges go from red to green: stops at
/// progress values, and the colour of the last stop at or below the value (below the first
/// stop, the first), or with ``isBlended`` the colour interpolated between the stops around it.
///
/// ```swift
/// let stops = try ValueColors(stops: [(0, .systemRed), (0.5, .systemOrange), (0.8, .systemGreen)])
/// stops.color(forValue: 0.6)   // systemOrange
/// ```
public struct ValueColors: Hashable, Sendable {
    /// The stops, in increasing order of value (a ``PathGradient`` stop's location is the value).
    public let stops: [PathGradient.Stop]
    /// Whether colours between stops are interpolated (in premultiplied sRGB components) instead
    /// of stepping at each stop.
    public var isBlended: Bool

    /// Stops at values with their colours.
    ///
    /// - Throws: ``RenderError`` (`.invalidValue`) when there are no stops, a value is not in
    ///   `0...1` (a progress is never outside it, so such a stop could never be reached or would
    ///   always be), or the values do not increase.
    public init(stops: [(value: Double, color: Color)], isBlended: Bool = false) throws(RenderError) {
        guard !stops.isEmpty else {
            throw RenderError(.invalidValue(name: "colorStops", value: "[]", requirement: "at least one stop"))
        }
        for (index, stop) in stops.enumerated() {
            guard stop.value.isFinite else {
                throw RenderError(
                    .invalidValue(name: "colorStops", value: "\(stop.value)", requirement: "finite stop values"))
            }
            guard (0...1).contains(stop.value) else {
                throw RenderError(
                    .invalidValue(
                        name: "colorStops", value: "\(stop.value)", requirement: "a stop value in 0...1 (a progress)"))
            }
            if index > 0, stop.value <= stops[index - 1].value {
                throw RenderError(
                    .invalidValue(
                        name: "colorStops", value: "\(stop.value)", requirement: "stop values in increasing order"))
            }
        }
        self.stops = stops.map { PathGradient.Stop(location: $0.value, color: $0.color) }
        self.isBlended = isBlended
    }

    /// The stops with each colour replaced by its dark variant (`Color.darkVariant`).
    public var darkVariant: ValueColors { resolved(for: .dark) }

    /// The stops with each colour resolved for `appearance` (`Color.resolved(for:)`).
    public func resolved(for appearance: Appearance) -> ValueColors {
        let stops = self.stops.map { (value: $0.location, color: $0.color.resolved(for: appearance)) }
        return (try? ValueColors(stops: stops, isBlended: isBlended)) ?? self
    }

    /// The colour for a progress value.
    public func color(forValue value: Double) -> Color {
        guard let first = stops.first else { return .clear }
        guard value > first.location else { return first.color }
        let index = stops.lastIndex { $0.location <= value } ?? 0
        guard isBlended, index + 1 < stops.count else { return stops[index].color }
        let (a, b) = (stops[index], stops[index + 1])
        return a.color.interpolated(to: b.color, at: (value - a.location) / (b.location - a.location))
    }
}
