import PBStyle

/// What a layer's stroke or fill is painted with.
public enum Paint: Hashable, Sendable {
    /// One colour everywhere.
    case color(Color)
    /// A colour that follows the path: at each point, the colour of the gradient at that point's
    /// arc-length fraction of the layer's whole path, so colours stay put as progress grows (an
    /// activity ring's gradient), and hard stops mark several values laid end to end.
    case pathGradient(PathGradient)
    /// Colours across the canvas that stay where they are whatever part of the path is drawn
    /// (an SVG document's `<linearGradient>` or `<radialGradient>` fill or stroke).
    case canvasGradient(CanvasGradient)

    /// The colour at a fraction of the path's length: the solid colour, or the path gradient's;
    /// a canvas gradient's first colour (where one colour must stand for it).
    public func color(atFraction fraction: Double) -> Color {
        switch self {
        case .color(let color): color
        case .pathGradient(let gradient): gradient.color(atFraction: fraction)
        case .canvasGradient(let gradient): gradient.firstColor
        }
    }

    /// Whether nothing this paint covers shows: a clear colour, or a gradient of clear stops.
    public var isInvisible: Bool {
        switch self {
        case .color(let color): color.alpha == 0
        case .pathGradient(let gradient): gradient.stops.allSatisfy { $0.color.alpha == 0 }
        case .canvasGradient(let gradient): gradient.stops.allSatisfy { $0.color.alpha == 0 }
        }
    }
}
