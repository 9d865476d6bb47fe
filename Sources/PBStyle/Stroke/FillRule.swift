/// Which points a fill covers (SVG `fill-rule`, `CAShapeLayerFillRule`).
public enum FillRule: String, CaseIterable, Hashable, Sendable {
    /// Points the outline winds round a number of times other than zero (the default).
    case nonZero = "nonzero"
    /// Points the outline crosses an odd number of times to reach from outside.
    case evenOdd = "evenodd"
}
