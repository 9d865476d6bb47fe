import PBGeometry

extension CairoContext {
    /// Draws a scene's layers in order, bottom first, in user space (points).
    ///
    /// - Throws: ``RenderError`` when a layer's fractions are not finite, or Cairo fails.
    func draw(_ scene: Scene) throws(RenderError) {
        try draw(scene.layers[...], scale: scene.scale)
    }

    /// Draws some of a scene's layers, in order.
    ///
    /// - Throws: ``RenderError`` when a layer's fractions are not finite, or Cairo fails.
    func draw(_ layers: ArraySlice<Layer>, scale: Double) throws(RenderError) {
        for layer in layers {
            switch layer {
            case .fill(let paint):
                // A path gradient has no path to follow on the whole canvas: its first colour.
                setSource(paint.color(atFraction: 0))
                self.paint()
            case .shape(let shape):
                try draw(shape, scale: scale)
            case .text(let text):
                draw(text.layout, at: text.origin, color: text.color)
            }
        }
        try check()
    }

    /// Draws one shape layer: its fill, then its stroke, through a group when it is not opaque.
    private func draw(_ layer: ShapeLayer, scale: Double) throws(RenderError) {
        let pieces = try layer.visiblePieces()
        let isTranslucent = layer.opacity < 1
        if isTranslucent { pushGroup() }
        if let fill = layer.fillPaint, !pieces.isEmpty {
            for piece in pieces { addSubpath(piece.subpath) }
            setSource(fill.color(atFraction: 0))
            self.fill()
        }
        if let stroke = layer.stroke, stroke.lineWidth > 0 {
            if let dot = layer.zeroLengthDot(for: pieces) {
                setSource(layer.strokePaint.color(atFraction: layer.strokeStart))
                setStroke(stroke, dashOffset: 0)
                addDot(at: dot)
                self.stroke()
            } else if !pieces.isEmpty {
                switch layer.strokePaint {
                case .color(let color):
                    setSource(color)
                case .pathGradient(let gradient):
                    paintGradientSource(gradient, of: layer, pieces: pieces, stroke: stroke, scale: scale)
                }
                strokePieces(pieces, stroke: stroke)
            }
        }
        if isTranslucent { popGroup(paintingWithAlpha: max(0, layer.opacity)) }
    }

    /// Strokes the pieces with the current source; each continues the dash pattern where it lies
    /// on the whole path, so dashes stay put.
    private func strokePieces(_ pieces: [TrimmedPiece], stroke: StrokeStyle) {
        if stroke.dash.isEmpty {
            setStroke(stroke, dashOffset: 0)
            for piece in pieces { addSubpath(piece.subpath) }
            self.stroke()
            return
        }
        for piece in pieces {
            setStroke(stroke, dashOffset: stroke.dashPhase + piece.sourceDistance)
            addSubpath(piece.subpath)
            self.stroke()
        }
    }

    /// Makes the source a group holding the gradient's colours along the pieces: its slices
    /// painted in order, each a wide stroke with a linear gradient along its chord.
    private func paintGradientSource(
        _ gradient: PathGradient, of layer: ShapeLayer, pieces: [TrimmedPiece], stroke: StrokeStyle, scale: Double
    ) {
        var wide = stroke
        wide.lineWidth = ShapeLayer.sliceWidth(lineWidth: stroke.lineWidth, scale: scale)
        wide.lineCap = .butt
        wide.dash = []
        pushGroup()
        setStroke(wide, dashOffset: 0)
        for slice in layer.gradientSlices(gradient, pieces: pieces, scale: scale) {
            setSlicePaint(slice)
            addPath(slice.path)
            for (from, to) in slice.extensions {
                moveTo(from)
                lineTo(to)
            }
            self.stroke()
        }
        popGroupToSource()
    }

    private func setSlicePaint(_ slice: GradientSlice) {
        if slice.startColor == slice.endColor || slice.start == slice.end {
            setSource(slice.startColor)
        } else {
            setLinearGradient(from: slice.start, slice.startColor, to: slice.end, slice.endColor)
        }
    }
}
