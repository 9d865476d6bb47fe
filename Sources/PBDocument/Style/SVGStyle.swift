import PBGeometry
import PBStyle

/// An element's presentation as the document gives it, every property computed: from its
/// presentation attributes, the document's `<style>` sheet and its `style` attribute, inherited
/// through its ancestors (and through the `<use>` that draws it), with SVG's initial values for
/// what nothing sets.
///
/// Lengths (``strokeWidth``, ``dashArray``, ``dashOffset``) are in the element's own user units,
/// before its transform: stroke the element's path in its own coordinates and map the stroke by
/// ``SVGElement/transform`` to see what a browser shows (a skewed stroke stays skewed).
public struct SVGStyle: Hashable, Sendable {
    /// The fill (initially black).
    public var fill: SVGPaint = .color(.black)
    /// The fill's opacity, `0...1` (initially 1).
    public var fillOpacity: Double = 1
    /// The fill rule (initially non-zero).
    public var fillRule: SVGFillRule = .nonzero
    /// The stroke (initially none).
    public var stroke: SVGPaint = .none
    /// The stroke's opacity, `0...1` (initially 1).
    public var strokeOpacity: Double = 1
    /// The stroke width in the element's user units (initially 1).
    public var strokeWidth: Double = 1
    /// The caps (initially butt).
    public var lineCap: LineCap = .butt
    /// The joins (initially miter).
    public var lineJoin: LineJoin = .miter
    /// The miter limit, at least 1 (initially 4, SVG's, not Core Animation's 10).
    public var miterLimit: Double = 4
    /// Dash and gap lengths in user units, an even count (an odd list as written is repeated, as
    /// SVG says); empty for a solid stroke.
    public var dashArray: [Double] = []
    /// How far into the dash pattern the path starts, in user units.
    public var dashOffset: Double = 0
    /// The element's opacity times every ancestor's (group opacity applied to each element on
    /// its own, which differs from a browser only where shapes of one group overlap), `0...1`.
    public var opacity: Double = 1
    /// The `color` property, which `currentColor` refers to (initially black).
    public var color: Color = .black

    /// The initial style: black fill, no stroke.
    public init() {}

    /// Whether the element has a stroke of its own to draw.
    public var hasStroke: Bool { stroke.solidColor != nil || isReference(stroke) }

    /// The stroke as PBRendering strokes a path: width, caps, joins, miter limit and dashes, in
    /// the element's user units.
    public var strokeStyle: StrokeStyle {
        StrokeStyle(
            lineWidth: strokeWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, dash: dashArray,
            dashPhase: dashOffset)
    }

    /// The stroke colour with ``strokeOpacity`` and ``opacity`` folded into its alpha, or `nil`
    /// when there is no solid stroke.
    public var effectiveStrokeColor: Color? {
        stroke.solidColor.map { $0.faded(by: strokeOpacity * opacity) }
    }

    /// The fill colour with ``fillOpacity`` and ``opacity`` folded into its alpha, or `nil` when
    /// there is no solid fill.
    public var effectiveFillColor: Color? {
        fill.solidColor.map { $0.faded(by: fillOpacity * opacity) }
    }

    private func isReference(_ paint: SVGPaint) -> Bool {
        if case .reference = paint { return true }
        return false
    }
}
