import PBGeometry
import PBStyle

/// Text laid out by Pango, placed on the canvas: a progress indicator's label.
public struct TextLayer: Hashable, Sendable {
    /// The laid-out text.
    public var layout: TextLayout
    /// Where the top-left corner of the layout box goes, in points.
    public var origin: Point
    /// The text's colour.
    public var color: Color

    /// Creates a text layer.
    public init(layout: TextLayout, origin: Point, color: Color) {
        self.layout = layout
        self.origin = origin
        self.color = color
    }
}
