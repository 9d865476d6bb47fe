import PBGeometry

extension ProgressIndicator {
    /// The scene of the indicator at its ``values``: ``layout()``, then
    /// ``ProgressLayout/scene(values:strokeStart:)``.
    ///
    /// - Throws: ``RenderError`` as ``layout()`` does, and for values that are NaN or infinite.
    public func scene() throws(RenderError) -> Scene {
        try layout().scene(values: values, strokeStart: strokeStart)
    }

    /// Lays the indicator out: the style's defaults filled in, the canvas sized, the shape
    /// fitted or the path placed, and the path measured.
    ///
    /// - A shape takes its natural canvas (``ProgressShape/naturalSize(width:height:stroke:padding:startAngle:clockwise:)``)
    ///   unless ``width`` and ``height`` set it, and fits inside it less the padding.
    /// - A path with a canvas keeps its coordinates on that canvas (``width`` and ``height`` set
    ///   another); a path without one gets the canvas of its stroke's bounds plus the padding,
    ///   or, with ``width`` and ``height``, that canvas with its coordinates as they are.
    ///
    /// - Throws: ``RenderError``: `.invalidValue` for a bad style, size, padding or scale;
    ///   `.notApplicable` for a start angle on a bar or a path, or padding on a path whose
    ///   canvas is fixed; `.emptyPath` for a path with no segments; `.pathTooLarge` when its
    ///   length overflows; `.canvasTooLarge` and `.tooManyPixels` above the limits.
    public func layout() throws(RenderError) -> ProgressLayout {
        try style.validate()
        for (name, value) in [("width", width), ("height", height)] {
            if let value, !(value.isFinite && value > 0) {
                throw RenderError(.invalidValue(name: name, value: "\(value)", requirement: "a finite number > 0"))
            }
        }
        guard padding.isFinite, padding >= 0 else {
            throw RenderError(.invalidValue(name: "padding", value: "\(padding)", requirement: "a finite number >= 0"))
        }
        if let startAngle, !startAngle.isFinite {
            throw RenderError(.invalidValue(name: "startAngle", value: "\(startAngle)", requirement: "a finite angle"))
        }
        let progressStroke = style.progressStroke(defaultWidth: defaultLineWidth)
        let trackStroke = style.trackStroke(defaultWidth: defaultLineWidth)
        var widest = progressStroke
        widest.lineWidth = max(progressStroke.lineWidth, trackStroke.lineWidth)
        let (path, canvas, center) = try place(widest: widest)
        let scene = Scene(width: canvas.width, height: canvas.height, scale: scale)
        try scene.validate(for: .png)
        guard !path.isEmpty else { throw RenderError(.emptyPath) }
        let measure = PathMeasure(path)
        guard measure.length.isFinite else { throw RenderError(.pathTooLarge) }
        return ProgressLayout(
            width: canvas.width, height: canvas.height, scale: scale, measure: measure, center: center, style: style,
            progressStroke: progressStroke, trackStroke: trackStroke, accessibility: accessibility)
    }

    /// The path in canvas coordinates, the canvas, and a round shape's centre.
    private func place(widest: StrokeStyle) throws(RenderError) -> (path: Path, canvas: Size, center: Point?) {
        switch geometry {
        case .shape(let shape):
            let canvas = shape.naturalSize(
                width: width, height: height, stroke: widest, padding: padding, startAngle: startAngle,
                clockwise: isClockwise)
            try Scene(width: canvas.width, height: canvas.height, scale: scale).validate(for: .png)
            let rect = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height).insetBy(padding)
            let (path, center) = try shape.geometry(
                in: rect, stroke: widest, startAngle: startAngle, clockwise: isClockwise)
            return (path, canvas, center)
        case .path(let source, let given):
            if startAngle != nil {
                throw RenderError(
                    .notApplicable(
                        name: "startAngle",
                        reason: "a path starts where its data starts; start angles turn built-in shapes"))
            }
            let path = isClockwise ? source : source.reversed()
            let fixed: Size?
            if let given { fixed = given } else { fixed = try explicitCanvas() }
            if let canvas = fixed {
                if padding > 0 {
                    throw RenderError(
                        .notApplicable(
                            name: "padding",
                            reason:
                                "the canvas is fixed (a width and height), so the path's coordinates are used as they are; "
                                + "padding applies to built-in shapes and to paths whose canvas fits their stroke"))
                }
                let size = Size(width: width ?? canvas.width, height: height ?? canvas.height)
                return (path, size, nil)
            }
            guard let bounds = try path.strokedBounds(widest) else { throw RenderError(.emptyPath) }
            let moved = path.transformed(by: Transform(translationX: padding - bounds.minX, y: padding - bounds.minY))
            return (moved, Size(width: bounds.width + 2 * padding, height: bounds.height + 2 * padding), nil)
        }
    }

    /// The canvas ``width`` and ``height`` give together.
    private func explicitCanvas() throws(RenderError) -> Size? {
        switch (width, height) {
        case (let width?, let height?): return Size(width: width, height: height)
        case (nil, nil): return nil
        default:
            throw RenderError(
                .invalidValue(
                    name: width == nil ? "width" : "height", value: "none",
                    requirement: "given with the \(width == nil ? "height" : "width") for a path without a canvas "
                        + "(or neither: the canvas then fits the stroke)"))
        }
    }
}
