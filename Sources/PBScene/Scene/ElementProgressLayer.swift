import PBDocument

/// One element's progress layer in a drawing of several (an SVG document's elements), and how
/// its part follows the drawing's progress: what a live or animated SVG needs to move every
/// element with one value, as ``ElementOrder`` spreads it.
///
/// Where the element's progress ends, as a fraction of its own length, is an affine map of the
/// drawing's progress `p`, pinned to `0...1`: `scale × p + shift` (in the `sequence` order
/// `L / Lᵢ × p − Sᵢ / Lᵢ`, with `L` the drawing's length and `Sᵢ` the length before the element;
/// in `together`, `p`; in `delayed(D)`, `(p − aᵢ) / (1 − D)`).
public struct ElementProgressLayer: Hashable, Sendable {
    /// The index of the element's progress layer in ``Scene/layers`` (a ``ShapeLayer``).
    public var layerIndex: Int
    /// Where the element's progress starts, as a fraction of its own length; it stays there as
    /// the progress moves.
    public var strokeStart: Double
    /// How fast the element's end moves with the drawing's progress; infinite where it jumps
    /// from 0 to 1 at once (`delayed(1)`), at the progress `-shift`.
    public var scale: Double
    /// Where the element's end is at progress 0 (before pinning); for an infinite scale, minus
    /// the progress where it jumps.
    public var shift: Double
    /// The index of the element's first layer after its fill (its track, or its progress).
    public var firstLayerIndex: Int
    /// The element's fill when it is shown only once the progress is complete
    /// (``ElementFills/atEnd``) and the scene is not: a live or animated SVG draws
    /// it before ``firstLayerIndex``, shown when the value reaches 1. `nil` otherwise.
    public var fillAtEnd: ShapeLayer?
    /// Whether the element's layers from ``firstLayerIndex`` to ``layerIndex`` (its track and
    /// progress) are hidden once the value reaches 1: an element whose stroke only traces its
    /// outline, shown by its fill alone when the drawing is complete.
    public var hidesAtEnd: Bool

    /// Creates the description.
    public init(
        layerIndex: Int, strokeStart: Double, scale: Double, shift: Double, firstLayerIndex: Int? = nil,
        fillAtEnd: ShapeLayer? = nil, hidesAtEnd: Bool = false
    ) {
        self.layerIndex = layerIndex
        self.strokeStart = strokeStart
        self.scale = scale
        self.shift = shift
        self.firstLayerIndex = firstLayerIndex ?? layerIndex
        self.fillAtEnd = fillAtEnd
        self.hidesAtEnd = hidesAtEnd
    }

    /// Where the element's progress ends at the drawing's progress `progress`, in `0...1`
    /// (`LiveMap.end(at:)`, which a document's live elements follow too).
    public func end(at progress: Double) -> Double {
        LiveMap(start: strokeStart, scale: scale, shift: shift).end(at: progress)
    }
}
