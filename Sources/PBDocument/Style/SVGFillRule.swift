/// Which points a fill covers (SVG `fill-rule`).
public enum SVGFillRule: String, Hashable, Sendable {
    /// Points the outline winds round a number of times other than zero (SVG's initial value).
    case nonzero
    /// Points the outline crosses an odd number of times to reach from outside.
    case evenodd
}
