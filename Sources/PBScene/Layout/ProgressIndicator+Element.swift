import PBGeometry
import PBStyle

extension ProgressIndicator {
    /// One shape of a drawing that progress runs along (an SVG document's element): its outline
    /// on the canvas and how it is stroked.
    ///
    /// Progress is a fraction of ``path``'s length on the canvas. The stroke is drawn in the
    /// space ``transform`` maps onto the canvas (``ShapeLayer/strokeTransform``): ``stroke``'s
    /// width and dashes are in that space's units, so a skewed or non-uniformly scaled element
    /// is stroked as a browser strokes it.
    public struct Element: Hashable, Sendable {
        /// The outline on the canvas.
        public var path: Path
        /// The map from the space the stroke is drawn in to the canvas; the identity to stroke
        /// on the canvas. A singular transform draws nothing.
        public var transform: Transform
        /// The stroke, in the units of ``transform``'s space.
        public var stroke: StrokeStyle
        /// What the progress along the element is painted with (a colour or a canvas gradient,
        /// its opacity folded in), or `nil` for the indicator's progress paint (its tint,
        /// gradient or colour by value).
        public var paint: Paint?
        /// The opacity the element's progress, track and fill are drawn with, `0...1`.
        public var opacity: Double
        /// The element's own fill (a colour or a canvas gradient, its opacity folded in), drawn
        /// under the strokes when the style's ``ProgressStyle/elementFills`` says; `nil` for none.
        public var fill: Paint?
        /// Which points the fill covers.
        public var fillRule: FillRule
        /// Whether the stroke only traces the element's outline (an SVG element with no stroke
        /// of its own, drawn in the indicator's progress paint): once the progress is complete and
        /// the fill is drawn, the element shows its fill alone, as the document draws it.
        public var isOutline: Bool

        /// Creates an element.
        public init(
            path: Path, transform: Transform = .identity, stroke: StrokeStyle, paint: Paint? = nil,
            opacity: Double = 1, fill: Paint? = nil, fillRule: FillRule = .nonZero, isOutline: Bool = false
        ) {
            self.path = path
            self.transform = transform
            self.stroke = stroke
            self.paint = paint
            self.opacity = opacity
            self.fill = fill
            self.fillRule = fillRule
            self.isOutline = isOutline
        }

        /// The element run the other way: its path reversed.
        func reversed() -> Element {
            var element = self
            element.path = path.reversed()
            return element
        }
    }
}
