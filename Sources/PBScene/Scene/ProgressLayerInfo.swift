/// Which layer of a scene is its progress, and the values it shows: what a live SVG needs to let
/// a page move the progress with CSS.
///
/// A drawing of elements (an SVG document's) has a progress layer for each, listed in
/// ``elements``; ``layerIndex`` is then the first of them (the layers under it do not change
/// with the progress).
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

    /// What else in the scene changes with the values (a live SVG, which moves only the
    /// progress, refuses these): empty for most scenes.
    public var dependents: Dependents

    /// Parts of a scene other than the progress's length that follow its values.
    public struct Dependents: OptionSet, Hashable, Sendable {
        /// The set's bits.
        public let rawValue: Int
        /// Creates the set from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The progress's colour (colour stops: ``ProgressStyle/progressValueColors``).
        public static let color = Dependents(rawValue: 1)
        /// The label: its text has tokens ("{percent}"), or it rides at the progress's end.
        public static let label = Dependents(rawValue: 2)
    }

    /// For a drawing of elements, each element's progress layer and how it follows the value;
    /// empty for a scene of one path or shape.
    public var elements: [ElementProgressLayer]

    /// Creates the description.
    public init(
        layerIndex: Int, strokeStart: Double, values: [Double], dependents: Dependents = [],
        elements: [ElementProgressLayer] = []
    ) {
        self.layerIndex = layerIndex
        self.strokeStart = strokeStart
        self.values = values
        self.dependents = dependents
        self.elements = elements
    }
}
