import PBGeometry
import PBStyle

/// A `<linearGradient>` or `<radialGradient>` as a fill or stroke refers to it, with every
/// attribute and the stops resolved through its `href` chain (an attribute or the stops a
/// gradient does not give are its template's).
///
/// Geometry is in the units ``units`` says: fractions of the painted element's bounding box
/// (`objectBoundingBox`, the default), or the element's user space (`userSpaceOnUse`, lengths
/// resolved against the viewport); ``transform`` (`gradientTransform`) maps those coordinates
/// first.
public struct SVGGradient: Hashable, Sendable {
    /// The shape of the gradient.
    public enum Kind: Hashable, Sendable {
        /// Colours along the line from `start` (offset 0) to `end` (offset 1).
        case linear(start: Point, end: Point)
        /// Colours from the focal circle (`focus`, `focusRadius`: offset 0) to the circle
        /// (`center`, `radius`: offset 1).
        case radial(center: Point, radius: Double, focus: Point, focusRadius: Double)
    }

    /// The coordinate system of the gradient's geometry (`gradientUnits`).
    public enum Units: String, Hashable, Sendable {
        /// Fractions of the painted element's bounding box (the initial value).
        case objectBoundingBox
        /// The painted element's user space.
        case userSpaceOnUse
    }

    /// What is painted past the ends (`spreadMethod`).
    public enum Spread: String, Hashable, Sendable {
        /// The end colours continue (the initial value).
        case pad
        /// The gradient repeats mirrored.
        case reflect
        /// The gradient repeats.
        case `repeat`
    }

    /// One colour stop: its offset in `0...1` (never below the one before, as SVG says) and its
    /// colour with `stop-opacity` folded into the alpha.
    public struct Stop: Hashable, Sendable {
        /// The offset along the gradient, `0...1`.
        public var offset: Double
        /// The colour at the offset.
        public var color: Color

        /// Creates a stop.
        public init(offset: Double, color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    /// Linear or radial, with its geometry.
    public var kind: Kind
    /// The units of the geometry.
    public var units: Units
    /// `gradientTransform`, applied to the geometry in its units.
    public var transform: Transform
    /// What is painted past the ends.
    public var spread: Spread
    /// The colour stops in order; none paints nothing, one paints its colour (SVG's rules).
    public var stops: [Stop]

    /// Creates a gradient.
    public init(kind: Kind, units: Units, transform: Transform, spread: Spread, stops: [Stop]) {
        self.kind = kind
        self.units = units
        self.transform = transform
        self.spread = spread
        self.stops = stops
    }
}

extension SVGGradient {
    /// Whether the gradient can paint `element`: not when its geometry is in
    /// `objectBoundingBox` units and the element's bounding box has no width or no height (a
    /// horizontal line's gradient stroke), which SVG says is not rendered.
    public func canPaint(_ element: SVGElement) -> Bool {
        guard units == .objectBoundingBox, stops.count > 1 else { return true }
        guard let box = element.localPath.bounds else { return false }
        return box.width > 0 && box.height > 0
    }
}
