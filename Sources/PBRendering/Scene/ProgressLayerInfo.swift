/// Which layer of a scene is its progress, and the values it shows: what a live SVG needs to let
/// a page move the progress with CSS.
public struct ProgressLayerInfo: Hashable, Sendable {
    /// The index of the progress layer in ``Scene/layers`` (a ``ShapeLayer``).
    public var layerIndex: Int
    /// Where the progress starts, as a fraction of the path's length.
    public var strokeStart: Double
    /// The values: one is where the progress ends (`strokeEnd`); several are laid end to end
    /// from ``strokeStart``.
    public var values: [Double]

    /// The fraction where the progress ends, in `0...1`.
    public var end: Double {
        values.count == 1 ? min(max(values[0], 0), 1) : min(strokeStart + values.reduce(0, +), 1)
    }

    /// Creates the description.
    public init(layerIndex: Int, strokeStart: Double, values: [Double]) {
        self.layerIndex = layerIndex
        self.strokeStart = strokeStart
        self.values = values
    }
}
