import PBStyle

/// What an element's `fill` or `stroke` paints with, resolved: `currentColor` is already the
/// element's `color`.
public enum SVGPaint: Hashable, Sendable {
    /// Nothing (`none`).
    case none
    /// One colour (its own alpha as written; the element's `fill-opacity` or `stroke-opacity`
    /// and `opacity` are kept apart in ``SVGStyle``).
    case color(Color)
    /// A paint server by reference (`url(#id)`): a gradient or pattern, with the colour to use
    /// when the reference cannot be drawn (`url(#id) red`), if any.
    case reference(id: String, fallback: Color?)

    /// The colour to draw with when paint servers are not drawn: the colour, a reference's
    /// fallback, or `nil` for nothing.
    public var solidColor: Color? {
        switch self {
        case .none: nil
        case .color(let color): color
        case .reference(_, let fallback): fallback
        }
    }
}
