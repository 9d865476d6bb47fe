import PBGeometry
import PBStyle

/// Colours across the canvas, as SVG's `<linearGradient>` and `<radialGradient>` (and the
/// HTML canvas's gradients, and `CGContext.drawLinearGradient`/`drawRadialGradient`) paint
/// them: where a fill or stroke covers a point, the colour of the gradient there. Unlike a
/// ``PathGradient``, the colours do not follow the path: a stroke drawn part of the way shows
/// the part of the gradient it covers.
///
/// The geometry (``Kind``) is in the gradient's own space, which ``transform`` maps onto the
/// canvas: an SVG gradient's `gradientTransform`, its bounding box for `objectBoundingBox`
/// units and its element's transform, combined. Colours are interpolated between stops as
/// Cairo does, the stops' offsets in `0...1`, never decreasing.
///
/// ```swift
/// // Left to right across a 100-point square, red to blue.
/// let gradient = CanvasGradient(
///     kind: .linear(start: Point(0, 0), end: Point(100, 0)),
///     stops: [.init(location: 0, color: .systemRed), .init(location: 1, color: .systemBlue)])
/// ```
public struct CanvasGradient: Hashable, Sendable {
    /// The shape of the gradient, in its own space.
    public enum Kind: Hashable, Sendable {
        /// Colours along the line from `start` (location 0) to `end` (location 1), constant
        /// across it.
        case linear(start: Point, end: Point)
        /// Colours from the focal circle (`focus`, `focusRadius`: location 0) to the circle
        /// (`center`, `radius`: location 1), as SVG 2 and Cairo draw a two-point radial
        /// gradient (a focus outside the circle makes a cone).
        case radial(center: Point, radius: Double, focus: Point, focusRadius: Double)
    }

    /// What is painted beyond the ends (SVG's `spreadMethod`).
    public enum Spread: Hashable, Sendable {
        /// The end colours continue.
        case pad
        /// The gradient repeats, mirrored each time.
        case reflect
        /// The gradient repeats.
        case `repeat`
    }

    /// Linear or radial, with its geometry.
    public var kind: Kind
    /// The map from the gradient's space to the canvas.
    public var transform: Transform
    /// What is painted beyond the ends.
    public var spread: Spread
    /// The stops, at least two, their locations in `0...1` and never decreasing.
    public var stops: [PathGradient.Stop]

    /// Creates a gradient.
    ///
    /// - Parameters:
    ///   - kind: the geometry, in the gradient's space.
    ///   - transform: the map from that space to the canvas. Default the identity.
    ///   - spread: what is painted beyond the ends. Default `pad`.
    ///   - stops: the colour stops, locations in `0...1` in increasing order.
    public init(kind: Kind, transform: Transform = .identity, spread: Spread = .pad, stops: [PathGradient.Stop]) {
        self.kind = kind
        self.transform = transform
        self.spread = spread
        self.stops = stops
    }

    /// The gradient as it is drawn in the space `space` maps onto the canvas (a stroke drawn
    /// under its element's transform): the same colours at the same points of the canvas.
    /// A singular `space` leaves the gradient as it is (nothing drawn under it shows).
    public func inSpace(_ space: Transform) -> CanvasGradient {
        guard let inverse = space.inverse else { return self }
        var gradient = self
        gradient.transform = transform.concatenating(inverse)
        return gradient
    }

    /// The gradient with each colour resolved for `appearance` (`Color.resolved(for:)`).
    public func resolved(for appearance: Appearance) -> CanvasGradient {
        var gradient = self
        gradient.stops = stops.map { .init(location: $0.location, color: $0.color.resolved(for: appearance)) }
        return gradient
    }

    /// The colour of the first stop.
    var firstColor: Color { stops.first?.color ?? .clear }
}
