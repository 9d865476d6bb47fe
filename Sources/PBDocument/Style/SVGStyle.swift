/// What drawing progress along an element needs of its style, computed as librsvg computes it
/// (the cascade of presentation attributes, `<style>` sheets and `style=""`, inherited through
/// groups and the `<use>` that draws it): whether it has a stroke, how wide, its dashes, whether
/// its fill paints, and whether it has markers.
///
/// Colours, paint servers, opacity, clipping, masking, filters and text stay librsvg's: a
/// rewritten document (``SVGDocumentMeasure/rewritten(_:)``) keeps their declarations as written.
/// Lengths are in the element's own user units, before its transform.
public struct SVGStyle: Hashable, Sendable {
    /// Whether the element strokes: its `stroke` is not `none` and its width is above 0.
    public var hasStroke: Bool
    /// The stroke width in user units (initially 1).
    public var strokeWidth: Double
    /// Dash and gap lengths in user units, an even count (an odd list as written is repeated, as
    /// SVG says; lengths in units of `pathLength` are scaled to the path's, as browsers lay
    /// them); empty for a solid stroke.
    public var dashArray: [Double]
    /// How far into the dash pattern each subpath starts, in user units.
    public var dashOffset: Double
    /// Whether the fill paints something: `fill` is not `none` and `fill-opacity` is above 0.
    public var fillPaints: Bool
    /// Whether `marker-start`, `marker-mid` or `marker-end` names a marker.
    public var hasMarkers: Bool

    /// A style; by default SVG's initial one: no stroke, width 1, solid, a fill that paints.
    public init(
        hasStroke: Bool = false, strokeWidth: Double = 1, dashArray: [Double] = [], dashOffset: Double = 0,
        fillPaints: Bool = true, hasMarkers: Bool = false
    ) {
        self.hasStroke = hasStroke
        self.strokeWidth = strokeWidth
        self.dashArray = dashArray
        self.dashOffset = dashOffset
        self.fillPaints = fillPaints
        self.hasMarkers = hasMarkers
    }
}
