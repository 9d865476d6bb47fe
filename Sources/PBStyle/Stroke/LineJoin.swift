/// How corners between segments of a stroke are drawn (`CAShapeLayerLineJoin`, SVG
/// `stroke-linejoin`).
public enum LineJoin: String, CaseIterable, Hashable, Sendable {
    /// A sharp corner, bevelled when longer than the miter limit allows.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut straight across.
    case bevel
}
