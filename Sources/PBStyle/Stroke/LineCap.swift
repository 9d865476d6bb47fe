/// How the open ends of a stroke are drawn (`CAShapeLayerLineCap`, SVG `stroke-linecap`).
public enum LineCap: String, CaseIterable, Hashable, Sendable {
    /// The stroke ends exactly at the end point.
    case butt
    /// A half disc of radius `lineWidth / 2` past the end point.
    case round
    /// A half square of side `lineWidth` past the end point.
    case square
}
