import PBGeometry
import PBStyle

/// A path stroked and filled between two fractions of its length: pbrender's `CAShapeLayer`.
///
/// The partial-stroke semantics are the layer's, whatever draws it: `strokeStart` and
/// `strokeEnd` are fractions of the whole path's length in drawing order (or of each subpath's,
/// with ``trimScope``), pinned to `0...1`; `strokeStart >= strokeEnd` draws nothing, and a layer
/// trimmed to nothing draws nothing, even with round caps, unless ``showsZeroLengthDot``; a
/// closed subpath kept whole stays closed (joined at its seam); caps sit on the trimmed ends;
/// dashes are laid along the whole path and stay put; a path gradient's colours stay put too.
public struct ShapeLayer: Hashable, Sendable {
    /// The whole path, measured (layers of one path share the measure).
    public var path: PathMeasure
    /// Where the drawn part starts, as a fraction of the length. Default 0.
    public var strokeStart: Double
    /// Where the drawn part ends, as a fraction of the length. Default 1.
    public var strokeEnd: Double
    /// A shift of both fractions along the path, wrapping around its end, as Lottie's trim
    /// offset: an arc that turns round a ring. Default 0.
    public var trimOffset: Double
    /// What the fractions are fractions of. Default the whole path.
    public var trimScope: TrimScope
    /// How the part is stroked; `nil` for no stroke.
    public var stroke: StrokeStyle?
    /// What the stroke is painted with.
    public var strokePaint: Paint
    /// What the part is filled with, under its stroke; `nil` for no fill.
    public var fillPaint: Paint?
    /// Which points the fill covers. Default non-zero winding.
    public var fillRule: FillRule
    /// The layer's opacity, `0...1`. Default 1.
    public var opacity: Double
    /// Whether a layer trimmed to nothing (at `strokeStart`) still paints the dot a zero-length
    /// stroke makes with round or square caps, as Cairo, Skia and `CAShapeLayer` do. Default
    /// `false`.
    public var showsZeroLengthDot: Bool
    /// The map from the space the layer is stroked in to the canvas (an SVG element's
    /// `transform`). ``path`` is on the canvas, so the fractions are of its length as drawn; the
    /// visible pieces, cut there, are mapped back by the inverse and stroked (and filled) under
    /// this transform, so widths, caps, joins and dashes are in that space and a skewed stroke
    /// looks as a browser draws it. A singular transform draws nothing. A path-gradient stroke is
    /// drawn on the canvas, its width and dashes scaled by `√|det|`. Default the identity.
    public var strokeTransform: Transform

    /// Creates a layer.
    public init(
        path: PathMeasure, strokeStart: Double = 0, strokeEnd: Double = 1, trimOffset: Double = 0,
        trimScope: TrimScope = .wholePath,
        stroke: StrokeStyle? = nil, strokePaint: Paint = .color(.black), fillPaint: Paint? = nil,
        opacity: Double = 1, showsZeroLengthDot: Bool = false, strokeTransform: Transform = .identity,
        fillRule: FillRule = .nonZero
    ) {
        self.path = path
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
        self.trimOffset = trimOffset
        self.trimScope = trimScope
        self.stroke = stroke
        self.strokePaint = strokePaint
        self.fillPaint = fillPaint
        self.opacity = opacity
        self.showsZeroLengthDot = showsZeroLengthDot
        self.strokeTransform = strokeTransform
        self.fillRule = fillRule
    }

    /// Layers are equal when they draw the same: the same path (by its elements) and settings.
    public static func == (lhs: ShapeLayer, rhs: ShapeLayer) -> Bool {
        lhs.path.path == rhs.path.path && lhs.path.accuracy == rhs.path.accuracy
            && lhs.strokeStart == rhs.strokeStart && lhs.strokeEnd == rhs.strokeEnd && lhs.trimOffset == rhs.trimOffset
            && lhs.trimScope == rhs.trimScope
            && lhs.stroke == rhs.stroke && lhs.strokePaint == rhs.strokePaint && lhs.fillPaint == rhs.fillPaint
            && lhs.opacity == rhs.opacity && lhs.showsZeroLengthDot == rhs.showsZeroLengthDot
            && lhs.strokeTransform == rhs.strokeTransform && lhs.fillRule == rhs.fillRule
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path.path)
        hasher.combine(strokeStart)
        hasher.combine(strokeEnd)
        hasher.combine(stroke)
        hasher.combine(strokePaint)
        hasher.combine(fillPaint)
        hasher.combine(opacity)
        hasher.combine(strokeTransform)
    }

    /// The parts of the path the layer draws: the path trimmed to `strokeStart...strokeEnd`,
    /// each piece with where it lies on its source subpath (for dashes).
    ///
    /// - Throws: ``RenderError`` when a fraction is NaN or infinite.
    public func visiblePieces() throws(RenderError) -> [TrimmedPiece] {
        do {
            return try path.trimmedPieces(from: strokeStart, to: strokeEnd, offset: trimOffset, scope: trimScope)
        } catch {
            let name = ["from": "strokeStart", "to": "strokeEnd"][error.argument] ?? "trimOffset"
            throw RenderError(.invalidValue(name: name, value: "\(error.value)", requirement: "a finite number"))
        }
    }

    /// Where the zero-length dot goes, when the layer draws one: at `strokeStart` on a layer
    /// trimmed to nothing whose stroke has round or square caps and ``showsZeroLengthDot``.
    public func zeroLengthDot(for pieces: [TrimmedPiece]) -> Point? {
        guard pieces.isEmpty, showsZeroLengthDot, let stroke, stroke.lineCap != .butt, stroke.lineWidth > 0 else {
            return nil
        }
        return path.location(atFraction: min(max(strokeStart, 0), 1))?.point
    }

    /// Checks the layer's values.
    ///
    /// - Throws: ``RenderError`` for a fraction or opacity that is not finite, an invalid stroke,
    ///   or a dash pattern that lays more than ``Scene/maximumDashCount`` dashes along the path.
    func validate() throws(RenderError) {
        for (name, value) in [
            ("strokeStart", strokeStart), ("strokeEnd", strokeEnd), ("trimOffset", trimOffset), ("opacity", opacity),
        ]
        where !value.isFinite {
            throw RenderError(.invalidValue(name: name, value: "\(value)", requirement: "a finite number"))
        }
        guard let stroke else { return }
        try stroke.validate(naming: "lineWidth")
        if !stroke.dash.isEmpty {
            let period = stroke.dash.reduce(0, +)
            let dashes = path.length / period * Double(stroke.dash.count)
            guard dashes <= Double(Scene.maximumDashCount) else {
                throw RenderError(.dashPatternTooFine(length: path.length))
            }
        }
    }
}
