import PBGeometry
import PBScene
import PBStyle

extension CairoContext {
    /// Draws a scene's layers in order, bottom first, in user space (points).
    ///
    /// - Throws: `RenderError` when a layer's fractions are not finite, or Cairo fails.
    func draw(_ scene: Scene) throws(RenderError) {
        try draw(scene.layers[...], scale: scene.scale)
    }

    /// Draws some of a scene's layers, in order.
    ///
    /// - Throws: `RenderError` when a layer's fractions are not finite, or Cairo fails.
    func draw(_ layers: ArraySlice<Layer>, scale: Double) throws(RenderError) {
        for layer in layers {
            switch layer {
            case .fill(let paint):
                // A path gradient has no path to follow on the whole canvas: its first colour.
                setSource(paint)
                self.paint()
            case .shape(let shape):
                try draw(shape, scale: scale)
            case .text(let text):
                draw(text.layout, at: text.origin, color: text.color)
            }
        }
        try check()
    }

    /// Draws one shape layer as its plan says: its fill, then its stroke, through a group when
    /// it is not opaque.
    private func draw(_ layer: ShapeLayer, scale: Double) throws(RenderError) {
        let plan = try layer.plan()
        if plan.isGrouped { pushGroup() }
        if let transform = plan.transform {
            save()
            concatenate(transform)
        }
        if let fill = plan.fillPaint {
            for subpath in plan.drawnSubpaths { addSubpath(subpath) }
            setSource(fill)
            self.fill(rule: layer.fillRule)
        }
        switch plan.stroke {
        case .dot(let point, let paint, let style):
            setSource(paint)
            setStroke(style, dashOffset: 0)
            addDot(at: point)
            self.stroke()
        case .plain(let paint, let style, let runs):
            setSource(paint)
            stroke(runs, style: style)
        case .pathGradient(let gradient, let style, let runs):
            strokeGradient(gradient, of: layer, pieces: plan.pieces, runs: runs, stroke: style, scale: scale)
        case nil:
            break
        }
        if plan.transform != nil { restore() }
        if plan.isGrouped { popGroup(paintingWithAlpha: plan.opacity) }
    }

    /// Strokes each run with the current source, at its dash offset.
    private func stroke(_ runs: [ShapePlan.Run], style: StrokeStyle) {
        for run in runs {
            setStroke(style, dashOffset: run.dashOffset)
            for subpath in run.subpaths { addSubpath(subpath) }
            self.stroke()
        }
    }

    /// Strokes the pieces with the gradient's colours along them.
    ///
    /// The slices overlap (each reaches under the next, so no seam shows between them), which
    /// is invisible only where they are opaque: a translucent slice painted over the reach of
    /// the one before would show both, a band of doubled opacity at every boundary. So when
    /// every stop has the same opacity (the usual case: all opaque, or all 50 %) the slices are
    /// painted opaque and that opacity is applied once, to the whole stroke; when the stops'
    /// opacities differ, each slice replaces what is under it (``replaceWhatIsUnder()``), exact
    /// in every backend, though a PDF then holds that layer as an image.
    private func strokeGradient(
        _ gradient: PathGradient, of layer: ShapeLayer, pieces: [TrimmedPiece], runs: [ShapePlan.Run],
        stroke: StrokeStyle, scale: Double
    ) {
        let uniformAlpha = gradient.uniformAlpha
        paintGradientSource(
            gradient, of: layer, pieces: pieces, stroke: stroke, scale: scale, opaque: uniformAlpha != nil)
        if let alpha = uniformAlpha, alpha < 1 {
            pushGroup()
            self.stroke(runs, style: stroke)
            popGroup(paintingWithAlpha: alpha)
        } else {
            self.stroke(runs, style: stroke)
        }
    }

    /// Makes the source a group holding the gradient's colours along the pieces: its slices
    /// painted in order, each a wide stroke with a linear gradient along its chord; with
    /// `opaque`, each colour without its opacity, else each slice replacing what is under it.
    private func paintGradientSource(
        _ gradient: PathGradient, of layer: ShapeLayer, pieces: [TrimmedPiece], stroke: StrokeStyle, scale: Double,
        opaque: Bool
    ) {
        var wide = stroke
        wide.lineWidth = ShapeLayer.sliceWidth(lineWidth: stroke.lineWidth, scale: scale)
        wide.lineCap = .butt
        wide.dash = []
        pushGroup()
        if !opaque { replaceWhatIsUnder() }
        setStroke(wide, dashOffset: 0)
        for slice in layer.gradientSlices(gradient, pieces: pieces, scale: scale) {
            setSlicePaint(slice, opaque: opaque)
            addPath(slice.path)
            for (from, to) in slice.extensions {
                moveTo(from)
                lineTo(to)
            }
            self.stroke()
        }
        popGroupToSource()
    }

    private func setSlicePaint(_ slice: GradientSlice, opaque: Bool) {
        let slice = opaque ? slice.opaque : slice
        if slice.startColor == slice.endColor || slice.start == slice.end {
            setSource(slice.startColor)
        } else {
            setLinearGradient(from: slice.start, slice.startColor, to: slice.end, slice.endColor)
        }
    }
}
