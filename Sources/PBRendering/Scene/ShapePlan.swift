import PBGeometry

/// What a backend draws for one shape layer, decided once for every backend: the Cairo backends
/// (PNG, PDF) and the SVG writer walk the same plan, so they cannot disagree on when a fill, a
/// zero-length dot, a solid stroke, a dashed one or a gradient is drawn.
struct ShapePlan {
    /// A stroke of one colour along some subpaths, its dash pattern starting `dashOffset` in.
    struct Run {
        /// The subpaths stroked together.
        var subpaths: [Subpath]
        /// Where the dash pattern starts (the dash phase plus the run's distance along the
        /// whole path, so dashes stay put); 0 without dashes.
        var dashOffset: Double
    }

    /// How the stroke is drawn.
    enum Stroke {
        /// Nothing is visible but the dot a zero-length stroke with round or square caps paints,
        /// at this point, in this colour.
        case dot(Point, color: Color, style: StrokeStyle)
        /// One colour along the runs.
        case solid(color: Color, style: StrokeStyle, runs: [Run])
        /// The gradient's colours along the visible pieces, shaped by the runs' stroke.
        case gradient(PathGradient, style: StrokeStyle, runs: [Run])
    }

    /// The visible pieces of the layer's path, between `strokeStart` and `strokeEnd`, on the
    /// canvas.
    var pieces: [TrimmedPiece]
    /// The visible pieces as they are drawn: in the space of ``transform`` when there is one.
    var drawnSubpaths: [Subpath]
    /// The transform the fill and stroke are drawn under (the layer's stroke transform), or
    /// `nil` to draw them on the canvas.
    var transform: Transform?
    /// The fill's colour, when the layer is filled and something is visible (a fill takes its
    /// paint's first colour).
    var fillColor: Color?
    /// The stroke, when there is one to draw.
    var stroke: Stroke?
    /// Whether the layer is drawn through a group, for its opacity below 1.
    var isGrouped: Bool
    /// The opacity the group is painted with, `0...1`.
    var opacity: Double
}

extension ShapeLayer {
    /// What to draw for this layer, in every backend: the visible pieces, the fill, then the
    /// stroke (a dot, one colour or a gradient, as runs: all pieces at once, or one run per
    /// piece when dashed so each continues the pattern where it lies on the whole path).
    ///
    /// - Throws: ``RenderError`` when the layer's fractions are not finite.
    func plan() throws(RenderError) -> ShapePlan {
        let pieces = try visiblePieces()
        var stroke = self.stroke
        var transform: Transform?
        var inverse = Transform.identity
        if !strokeTransform.isIdentity {
            guard let undo = strokeTransform.inverse else {
                // A singular transform flattens the layer: nothing to draw.
                return ShapePlan(
                    pieces: [], drawnSubpaths: [], transform: nil, fillColor: nil, stroke: nil, isGrouped: false,
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
            fillColor: pieces.isEmpty ? nil : fillPaint?.color(atFraction: 0), stroke: nil,
            isGrouped: opacity < 1, opacity: max(0, opacity))
        guard let stroke, stroke.lineWidth > 0 else { return plan }
        if let dot = zeroLengthDot(for: pieces) {
            plan.stroke = .dot(inverse.apply(to: dot), color: strokePaint.color(atFraction: strokeStart), style: stroke)
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
        switch strokePaint {
        case .color(let color): plan.stroke = .solid(color: color, style: stroke, runs: runs)
        case .pathGradient(let gradient): plan.stroke = .gradient(gradient, style: stroke, runs: runs)
        }
        return plan
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
