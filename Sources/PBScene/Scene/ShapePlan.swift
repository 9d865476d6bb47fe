import PBGeometry
import PBStyle

/// What a backend draws for one shape layer, decided once for every backend: the Cairo backends
/// (PNG, PDF) and the SVG writer walk the same plan, so they cannot disagree on when a fill, a
/// zero-length dot, a plain stroke, a dashed one or a path gradient is drawn.
///
/// The paints of a plan are in the space it draws in: a canvas gradient under the plan's
/// ``transform`` is mapped back into that space, so it stays where it is on the canvas.
package struct ShapePlan {
    /// A stroke of one paint along some subpaths, its dash pattern starting `dashOffset` in.
    package struct Run {
        /// The subpaths stroked together.
        package var subpaths: [Subpath]
        /// Where the dash pattern starts (the dash phase plus the run's distance along the
        /// whole path, so dashes stay put); 0 without dashes.
        package var dashOffset: Double
    }

    /// How the stroke is drawn.
    package enum Stroke {
        /// Nothing is visible but the dot a zero-length stroke with round or square caps paints,
        /// at this point, with this paint (a colour or a canvas gradient).
        case dot(Point, paint: Paint, style: StrokeStyle)
        /// One paint along the runs: a colour, or a canvas gradient.
        case plain(Paint, style: StrokeStyle, runs: [Run])
        /// The path gradient's colours along the visible pieces, shaped by the runs' stroke.
        case pathGradient(PathGradient, style: StrokeStyle, runs: [Run])
    }

    /// The visible pieces of the layer's path, between `strokeStart` and `strokeEnd`, on the
    /// canvas.
    package var pieces: [TrimmedPiece]
    /// The visible pieces as they are drawn: in the space of ``transform`` when there is one.
    package var drawnSubpaths: [Subpath]
    /// The transform the fill and stroke are drawn under (the layer's stroke transform), or
    /// `nil` to draw them on the canvas.
    package var transform: Transform?
    /// The fill's paint, when the layer is filled and something is visible: a colour or a
    /// canvas gradient (a path gradient fills with its first colour).
    package var fillPaint: Paint?
    /// The stroke, when there is one to draw.
    package var stroke: Stroke?
    /// Whether the layer is drawn through a group, for its opacity below 1.
    package var isGrouped: Bool
    /// The opacity the group is painted with, `0...1`.
    package var opacity: Double
}

extension ShapeLayer {
    /// What to draw for this layer, in every backend: the visible pieces, the fill, then the
    /// stroke (a dot, one colour or a gradient, as runs: all pieces at once, or one run per
    /// piece when dashed so each continues the pattern where it lies on the whole path).
    ///
    /// - Throws: ``RenderError`` when the layer's fractions are not finite.
    package func plan() throws(RenderError) -> ShapePlan {
        let pieces = try visiblePieces()
        var stroke = self.stroke
        var transform: Transform?
        var inverse = Transform.identity
        if !strokeTransform.isIdentity {
            guard let undo = strokeTransform.inverse else {
                // A singular transform flattens the layer: nothing to draw.
                return ShapePlan(
                    pieces: [], drawnSubpaths: [], transform: nil, fillPaint: nil, stroke: nil, isGrouped: false,
                    opacity: 0)
            }
            if case .pathGradient = strokePaint {
                // Gradient slices follow the canvas path: drawn there, the stroke scaled.
                let scale = abs(strokeTransform.determinant).squareRoot()
                if var scaled = stroke {
                    scaled.lineWidth *= scale
                    scaled.dash = scaled.dash.map { $0 * scale }
                    scaled.dashPhase *= scale
                    stroke = scaled
                }
            } else {
                transform = strokeTransform
                inverse = undo
            }
        }
        let drawn = transform == nil ? pieces.map(\.subpath) : pieces.map { $0.subpath.transformed(by: inverse) }
        var plan = ShapePlan(
            pieces: pieces, drawnSubpaths: drawn, transform: transform,
            fillPaint: pieces.isEmpty ? nil : fillPaint.map { drawnPaint($0, atFraction: 0, in: transform) },
            stroke: nil,
            isGrouped: opacity < 1, opacity: max(0, opacity))
        guard let stroke, stroke.lineWidth > 0 else { return plan }
        if let dot = zeroLengthDot(for: pieces) {
            plan.stroke = .dot(
                inverse.apply(to: dot), paint: drawnPaint(strokePaint, atFraction: strokeStart, in: transform),
                style: stroke)
            return plan
        }
        guard !pieces.isEmpty else { return plan }
        let runs =
            stroke.dash.isEmpty
            ? [ShapePlan.Run(subpaths: drawn, dashOffset: 0)]
            : zip(plan.pieces, drawn).map { piece, subpath in
                ShapePlan.Run(
                    subpaths: [subpath],
                    dashOffset: stroke.dashPhase
                        + (transform == nil ? piece.sourceDistance : localDistance(of: piece, inverse: inverse)))
            }
        if case .pathGradient(let gradient) = strokePaint {
            plan.stroke = .pathGradient(gradient, style: stroke, runs: runs)
        } else {
            plan.stroke = .plain(drawnPaint(strokePaint, atFraction: 0, in: transform), style: stroke, runs: runs)
        }
        return plan
    }

    /// A paint as drawn in the space `transform` maps onto the canvas (the canvas for `nil`):
    /// a colour as it is, a path gradient's colour at `fraction`, a canvas gradient mapped
    /// into that space.
    private func drawnPaint(_ paint: Paint, atFraction fraction: Double, in transform: Transform?) -> Paint {
        switch paint {
        case .color: paint
        case .pathGradient(let gradient): .color(gradient.color(atFraction: fraction))
        case .canvasGradient(let gradient): .canvasGradient(transform.map(gradient.inSpace) ?? gradient)
        }
    }

    /// How far along its source subpath a piece starts, measured in the stroke's space: the
    /// source subpath cut on the canvas up to the piece, mapped back by `inverse`, measured.
    private func localDistance(of piece: TrimmedPiece, inverse: Transform) -> Double {
        guard piece.sourceDistance > 0, piece.sourceIndex < path.subpaths.count else { return 0 }
        let source = PathMeasure(
            Path(elements: path.subpaths[piece.sourceIndex].pathElements), accuracy: path.accuracy)
        guard source.length > 0,
            let prefix = try? source.trimmedPath(from: 0, to: piece.sourceDistance / source.length)
        else { return 0 }
        return PathMeasure(prefix.transformed(by: inverse), accuracy: path.accuracy).length
    }
}
