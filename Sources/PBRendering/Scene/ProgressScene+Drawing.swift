import PBGeometry

extension ProgressScene {
    /// Draws the scene: background, track fill, track, progress fill, progress.
    func draw(on context: CairoContext) throws(RenderError) {
        if style.backgroundColor.alpha > 0 {
            context.setSource(style.backgroundColor)
            context.paint()
        }
        if let fill = style.trackFillColor {
            context.addPath(path)
            context.setSource(fill)
            context.fill()
        }
        if style.effectiveTrackWidth > 0 {
            context.setStroke(width: style.effectiveTrackWidth, style: style, dashOffset: style.dashPhase)
            context.addPath(path)
            context.setSource(style.trackTintColor)
            context.stroke()
        }
        let pieces: [TrimmedPiece]
        do {
            pieces = try measure.trimmedPieces(from: strokeStart, to: progress, scope: style.trimScope)
        } catch {
            throw RenderError(.invalidScene, error.description)
        }
        if pieces.isEmpty {
            drawZeroProgressDot(on: context)
        }
        if let fill = style.progressFillColor, !pieces.isEmpty {
            for piece in pieces { context.addSubpath(piece.subpath) }
            context.setSource(fill)
            context.fill()
        }
        guard style.lineWidth > 0, !pieces.isEmpty else { return try context.check() }
        context.setSource(style.progressTintColor)
        if style.dashPattern.isEmpty {
            context.setStroke(width: style.lineWidth, style: style, dashOffset: 0)
            for piece in pieces { context.addSubpath(piece.subpath) }
            context.stroke()
        } else {
            // Each piece continues the dash pattern where it lies on the track.
            for piece in pieces {
                context.setStroke(
                    width: style.lineWidth, style: style, dashOffset: style.dashPhase + piece.sourceDistance)
                context.addSubpath(piece.subpath)
                context.stroke()
            }
        }
        try context.check()
    }

    /// At zero progress, the dot a zero-length stroke with round or square caps makes, when
    /// the style asks to keep it.
    private func drawZeroProgressDot(on context: CairoContext) {
        guard style.showsZeroProgressDot, style.lineCap != .butt, style.lineWidth > 0,
            let location = measure.location(atFraction: min(max(strokeStart, 0), 1))
        else { return }
        context.setStroke(width: style.lineWidth, style: style, dashOffset: 0)
        context.addDot(at: location.point)
        context.setSource(style.progressTintColor)
        context.stroke()
    }
}
