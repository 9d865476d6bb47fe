/// One layer of a ``Scene``: what it draws, bottom to top.
public enum Layer: Hashable, Sendable {
    /// Paints the whole canvas (a background).
    case fill(Paint)
    /// A path, trimmed, stroked and filled: a `CAShapeLayer`.
    case shape(ShapeLayer)
    /// Text: a label.
    case text(TextLayer)
}
