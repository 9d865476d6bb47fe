internal import CCairo
import PBGeometry
import PBStyle

/// The one owner of a `cairo_t` drawing on a ``CairoSurface``.
///
/// Drawing calls do not throw: Cairo errors are sticky, and ``check()`` (called where the
/// drawing commits) reports the first one.
package final class CairoContext {
    package let pointer: OpaquePointer
    /// The surface, kept alive as long as the context.
    package let surface: CairoSurface

    /// The corresponding C function is `cairo_create`.
    package init(_ surface: CairoSurface) throws(RenderError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        try check()
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws Cairo's status if the context is in an error state.
    package func check() throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoSurface.error(status) }
    }

    package func scale(by factor: Double) {
        cairo_scale(pointer, factor, factor)
    }

    /// Saves the drawing state (the transform among it) for ``restore()``.
    ///
    /// The corresponding C function is `cairo_save`.
    package func save() {
        cairo_save(pointer)
    }

    /// Restores the state the last ``save()`` saved.
    ///
    /// The corresponding C function is `cairo_restore`.
    package func restore() {
        cairo_restore(pointer)
    }

    /// Maps later drawing by `transform` first, then by the current transform.
    ///
    /// The corresponding C function is `cairo_transform`.
    package func concatenate(_ transform: Transform) {
        var matrix = cairo_matrix_t(
            xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(pointer, &matrix)
    }

    package func setSource(_ color: Color) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    /// A paint as the source: a colour, or a canvas gradient (``setGradient(_:)``); a path
    /// gradient, which needs a path to follow, gives its first colour.
    package func setSource(_ paint: Paint) {
        switch paint {
        case .canvasGradient(let gradient): setGradient(gradient)
        default: setSource(paint.color(atFraction: 0))
        }
    }

    /// A canvas gradient as the source, in the current user space: Cairo's linear or radial
    /// pattern with the gradient's stops and extend, its matrix the inverse of the gradient's
    /// transform (a singular transform paints the first colour).
    ///
    /// The corresponding C functions are `cairo_pattern_create_linear`,
    /// `cairo_pattern_create_radial` and `cairo_pattern_set_matrix`.
    package func setGradient(_ gradient: CanvasGradient) {
        guard let inverse = gradient.transform.inverse else {
            setSource(gradient.firstColor)
            return
        }
        let pattern =
            switch gradient.kind {
            case .linear(let start, let end): cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            case .radial(let center, let radius, let focus, let focusRadius):
                cairo_pattern_create_radial(focus.x, focus.y, focusRadius, center.x, center.y, radius)
            }
        for stop in gradient.stops {
            let color = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, color.red, color.green, color.blue, color.alpha)
        }
        let extend =
            switch gradient.spread {
            case .pad: CAIRO_EXTEND_PAD
            case .reflect: CAIRO_EXTEND_REFLECT
            case .repeat: CAIRO_EXTEND_REPEAT
            }
        cairo_pattern_set_extend(pattern, extend)
        var matrix = cairo_matrix_t(
            xx: inverse.a, yx: inverse.b, xy: inverse.c, yy: inverse.d, x0: inverse.tx, y0: inverse.ty)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// A linear gradient from `start` (in `startColor`) to `end` (in `endColor`), padded beyond
    /// them, as the source.
    ///
    /// The corresponding C function is `cairo_pattern_create_linear`.
    package func setLinearGradient(from start: Point, _ startColor: Color, to end: Point, _ endColor: Color) {
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        for (offset, color) in [(0.0, startColor), (1.0, endColor)] {
            cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// Sets width, cap, join, miter limit and dashes for the next strokes; the dash pattern
    /// starts `dashOffset` into the pattern.
    package func setStroke(_ style: StrokeStyle, dashOffset: Double) {
        cairo_set_line_width(pointer, style.lineWidth)
        cairo_set_line_cap(pointer, style.lineCap.cairoValue)
        cairo_set_line_join(pointer, style.lineJoin.cairoValue)
        cairo_set_miter_limit(pointer, style.miterLimit)
        style.dash.withUnsafeBufferPointer {
            cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), dashOffset)
        }
    }

    /// Starts drawing into a group (an offscreen layer) that ``popGroupToSource()`` or
    /// ``popGroup(paintingWithAlpha:)`` ends.
    package func pushGroup() {
        cairo_push_group(pointer)
    }

    /// Makes later drawing replace what is under it rather than composite over it: inside the
    /// drawn shape the source takes the place of the destination, and along the shape's
    /// antialiased edge the two are blended by coverage (Cairo's `CAIRO_OPERATOR_SOURCE`, a
    /// bounded operator). Until the group or state ends.
    ///
    /// The corresponding C function is `cairo_set_operator`.
    package func replaceWhatIsUnder() {
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
    }

    /// Ends a group and makes it the source.
    package func popGroupToSource() {
        cairo_pop_group_to_source(pointer)
    }

    /// Ends a group and paints it with `alpha`.
    package func popGroup(paintingWithAlpha alpha: Double) {
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
    }

    /// Paints the whole clip (the canvas) with the source.
    package func paint() {
        cairo_paint(pointer)
    }

    /// Strokes the current path and clears it.
    package func stroke() {
        cairo_stroke(pointer)
    }

    /// Fills the current path by `rule` (non-zero winding by default) and clears it.
    ///
    /// The corresponding C functions are `cairo_set_fill_rule` and `cairo_fill`.
    package func fill(rule: FillRule = .nonZero) {
        cairo_set_fill_rule(pointer, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(pointer)
    }

    /// The bounds of what stroking the current path would paint, in user space; the path is
    /// kept.
    package func strokeExtents() -> Rect {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_stroke_extents(pointer, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Clears the current path.
    ///
    /// The corresponding C function is `cairo_new_path`.
    package func newPath() {
        cairo_new_path(pointer)
    }

    /// Starts a new subpath at `point`.
    package func moveTo(_ point: Point) {
        cairo_move_to(pointer, point.x, point.y)
    }

    /// Adds a straight line from the current point to `point`.
    package func lineTo(_ point: Point) {
        cairo_line_to(pointer, point.x, point.y)
    }

    /// Starts a new path at `point` with a zero-length segment: what a round or square cap turns
    /// into a dot.
    package func addDot(at point: Point) {
        cairo_move_to(pointer, point.x, point.y)
        cairo_line_to(pointer, point.x, point.y)
    }

    /// Appends `path` to the current path: lines, cubics, quadratics as cubics (the exact 2/3
    /// rule), arcs as Cairo arcs of the same ellipse; closed subpaths closed.
    package func addPath(_ path: Path) {
        for subpath in path.subpaths {
            addSubpath(subpath)
        }
    }

    /// Appends one subpath.
    package func addSubpath(_ subpath: Subpath) {
        cairo_move_to(pointer, subpath.start.x, subpath.start.y)
        for segment in subpath.segments {
            switch segment {
            case .line(let line):
                cairo_line_to(pointer, line.end.x, line.end.y)
            case .quadCurve(let quad):
                addCubic(quad.cubic)
            case .curve(let cubic):
                addCubic(cubic)
            case .arc(let arc):
                addArc(arc)
            }
        }
        if subpath.isClosed { cairo_close_path(pointer) }
    }

    private func addCubic(_ cubic: CubicBezier) {
        cairo_curve_to(
            pointer, cubic.control1.x, cubic.control1.y, cubic.control2.x, cubic.control2.y, cubic.end.x, cubic.end.y)
    }

    /// An elliptical arc, as the cubics of `EllipticalArc.cubicApproximation()`: split at
    /// fixed angles, so a progress arc shares its cubics with the track it was trimmed from
    /// and Cairo flattens both alike (its own `cairo_arc` divides each arc evenly, so a partial
    /// arc and the whole one would differ by up to a tenth of a pixel).
    private func addArc(_ arc: EllipticalArc) {
        for cubic in arc.cubicApproximation() { addCubic(cubic) }
    }
}

extension LineCap {
    var cairoValue: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension LineJoin {
    var cairoValue: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
