import PBDocument
import PBGeometry
import PBStyle

extension ProgressIndicator {
    /// The scene of the indicator at its ``values``: ``layout()``, then
    /// ``ProgressLayout/scene(values:strokeStart:offset:)``.
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
    ///   length overflows; `.pathOutOfReach` when its stroked bounds reach beyond
    ///   ``Scene/maximumReach`` at the scale (a fixed canvas's coordinates far off it);
    ///   `.canvasTooLarge` and `.tooManyPixels` above the limits.
    public func layout() throws(RenderError) -> ProgressLayout {
        try style.validate()
        try validateValues()
        for (name, value) in [("width", width), ("height", height)] {
            if let value, !(value.isFinite && value > 0) {
                throw RenderError(.invalidValue(name: name, value: "\(value)", requirement: "a finite number > 0"))
            }
        }
        guard padding.isFinite, padding >= 0 else {
            throw RenderError(.invalidValue(name: "padding", value: "\(padding)", requirement: "a finite number >= 0"))
        }
        // A side given is checked before a side derived from it (a ring given only a height is
        // as wide), so that a canvas too large is blamed on the value the user gave.
        for (dimension, value) in [(RenderError.Dimension.height, height), (.width, width)] {
            if let value, value * scale > Double(Scene.maximumPixelDimension), width == nil || height == nil {
                throw RenderError(.canvasTooLarge(dimension: dimension, points: value, pixels: value * scale))
            }
        }
        if let startAngle, !startAngle.isFinite {
            throw RenderError(.invalidValue(name: "startAngle", value: "\(startAngle)", requirement: "a finite angle"))
        }
        let progressStroke = style.progressStroke(defaultWidth: defaultLineWidth)
        let trackStroke = style.trackStroke(defaultWidth: defaultLineWidth)
        var widest = progressStroke
        widest.lineWidth = max(progressStroke.lineWidth, trackStroke.lineWidth)
        var fitted = self
        var warnings = valueWarnings
        if let label, let limit = labelWidthLimit(widest: widest) {
            let (shrunk, labelWarnings) = try fit(label, within: limit)
            fitted.label = shrunk
            warnings += labelWarnings
        }
        let room = try fitted.labelRoom(gap: labelGap(widest))
        let (path, canvas, center, content) = try place(widest: widest, room: room)
        let scene = Scene(width: canvas.width, height: canvas.height, scale: scale)
        try scene.validate(for: Self.checkedTarget(scale: scale))
        guard !path.isEmpty else { throw RenderError(.emptyPath) }
        let measure = PathMeasure(path)
        guard measure.length.isFinite else { throw RenderError(.pathTooLarge) }
        let reach = max(-content.minX, content.maxX, -content.minY, content.maxY) * scale
        guard reach <= Scene.maximumReach else { throw RenderError(.pathOutOfReach(distance: reach)) }
        var layout = ProgressLayout(
            width: canvas.width, height: canvas.height, scale: scale, measure: measure, center: center, style: style,
            progressStroke: progressStroke, trackStroke: trackStroke, accessibility: accessibility, label: fitted.label,
            labelRoom: room, content: content,
            isIndeterminate: isIndeterminate)
        if case .elements(let elements, _, let order) = geometry {
            try validateElements(elements, order: order)
            let oriented = isClockwise ? elements : elements.reversed().map { $0.reversed() }
            let documentMeasure = document.map { SVGDocumentMeasure($0.document) }
            layout.elements = oriented.enumerated().map { position, element in
                // A document's element runs as the document measured it, unless it is reversed.
                var measure: PathMeasure?
                if isClockwise, let documentMeasure, let document {
                    measure = documentMeasure.measures[document.elementIndices[position]]
                }
                return ProgressLayout.MeasuredElement(element: element, measure: measure ?? PathMeasure(element.path))
            }
            layout.order = order
            if let document, let documentMeasure {
                layout.document = ProgressLayout.MeasuredDocument(
                    measure: documentMeasure, elementIndices: document.elementIndices,
                    overrides: document.overrides, isReversed: !isClockwise)
                for (name, gradient) in [
                    ("progressGradient", style.progressGradient), ("trackGradient", style.trackGradient),
                ] {
                    guard let first = gradient?.stops.first?.color else { continue }
                    warnings.append(RenderWarning(.gradientAsOneColor(name: name, color: first.hexString)))
                }
            }
        }
        if case .path = geometry, let cut = Self.strokePastCanvas(content, canvas: canvas, scale: scale) {
            warnings.append(cut)
        }
        layout.warnings = warnings
        return layout
    }

    /// The warning for a path's stroke (its stroked bounds) reaching past the canvas by half a
    /// pixel or more, or `nil` when it stays inside.
    private static func strokePastCanvas(_ bounds: Rect, canvas: Size, scale: Double) -> RenderWarning? {
        let overflow: [(RenderWarning.Edge, Double)] = [
            (.left, -bounds.minX), (.top, -bounds.minY), (.right, bounds.maxX - canvas.width),
            (.bottom, bounds.maxY - canvas.height),
        ]
        let cut = overflow.filter { $0.1 * scale >= 0.5 }
        guard let distance = cut.map(\.1).max() else { return nil }
        return RenderWarning(.strokePastCanvas(distance: distance, edges: cut.map(\.0)))
    }

    /// The widest a label may be where it goes (``ProgressLayout/minimumLabelScale`` states the
    /// rule), or `nil` where the canvas grows to hold it.
    private func labelWidthLimit(widest: StrokeStyle) -> Double? {
        guard let label else { return nil }
        let position = label.position ?? defaultLabelPosition
        let canvasWidth: Double?
        let roundShape: ProgressShape?
        switch geometry {
        case .shape(let shape):
            canvasWidth = width
            roundShape = shape == .bar ? nil : shape
        case .path(_, let canvas):
            canvasWidth = width ?? canvas?.width
            roundShape = nil
        case .elements(_, let canvas, _):
            canvasWidth = width ?? canvas.width
            roundShape = nil
        }
        switch position {
        case .center, .end:
            // A bar's or a path's: above it for the end, inside its canvas in the centre.
            guard let shape = roundShape else { return canvasWidth }
            let natural = Self.defaultSide + 2 * padding
            let across = width ?? height ?? natural
            let down = height ?? (shape == .semicircle ? across / 2 : across)
            let side = min(across, shape == .semicircle ? 2 * down : down) - 2 * padding
            return max(side - 2 * widest.lineWidth - 2 * labelGap(widest), 0)
        case .above, .below:
            return canvasWidth
        case .leading, .trailing:
            return canvasWidth.map { max($0 / 2 - labelGap(widest), 0) }
        }
    }

    /// The side of a built-in shape's canvas when none is given.
    private static let defaultSide = 256.0

    /// `label` shrunk to fit `limit` (to ``ProgressLayout/minimumLabelScale`` of its size at
    /// most), then cut with an ellipsis if it still does not, with a warning for each.
    private func fit(_ label: ProgressLabel, within limit: Double) throws(RenderError) -> (
        ProgressLabel, [RenderWarning]
    ) {
        let fraction = isIndeterminate ? nil : min(max(progress, 0), 1)
        func widest(_ label: ProgressLabel) throws(RenderError) -> Double {
            var widest = 0.0
            for value in [fraction, 0, 1] { widest = max(widest, try label.layout(atFraction: value).width) }
            return widest
        }
        var label = label
        var width = try widest(label)
        guard width > limit else { return (label, []) }
        let size = label.font.size
        let minimum = max(size * ProgressLayout.minimumLabelScale, min(size, 8))
        var warnings: [RenderWarning] = []
        if minimum < size {
            var target = size
            // Pango's widths are nearly proportional to the size (hinting aside): a few steps.
            for _ in 0..<6 where width > limit && target > minimum {
                target = max(minimum, ((target * limit / width) * 10).rounded(.down) / 10)
                do {
                    label.font = try Font(
                        family: label.font.family, size: target, weight: label.font.weight, style: label.font.style)
                } catch {
                    throw RenderError(.invalidLabel("\(error)"))
                }
                width = try widest(label)
            }
            warnings.append(RenderWarning(.labelShrunk(size: size, shrunkTo: target)))
        }
        if width > limit {
            let text: String
            do { text = try label.text(atFraction: fraction) } catch { throw RenderError(.invalidLabel("\(error)")) }
            label.maximumWidth = limit
            let shown = try label.layout(atFraction: fraction).text
            warnings.append(RenderWarning(.labelEllipsized(text: text, shown: shown)))
        }
        return (label, warnings)
    }

    /// What the values are drawn as, when it is not what they say: one progress outside 0...1
    /// is pinned (`UIProgressView`'s rule), several values adding up past the end of the path
    /// are cut there, a start outside 0...1 is pinned. None while indeterminate.
    public var valueWarnings: [RenderWarning] {
        guard !isIndeterminate else { return [] }
        var warnings: [RenderWarning] = []
        func pin(_ name: String, _ value: Double) {
            guard value.isFinite, !(0...1).contains(value) else { return }
            warnings.append(RenderWarning(.pinned(name: name, value: value, drawnAs: min(max(value, 0), 1))))
        }
        pin("strokeStart", strokeStart)
        if values.count == 1 {
            pin("progress", values[0])
        } else {
            let end = min(max(strokeStart, 0), 1) + values.reduce(0, +)
            if end.isFinite, end > 1 { warnings.append(RenderWarning(.valuesPastTheEnd(end: end))) }
        }
        return warnings
    }

    /// Checks several values against each other and the style: each is at least 0 (a share of
    /// the path cannot be negative), and colours given for them (``ProgressStyle/valueColors``)
    /// are one a value. One value is the plain progress, pinned to 0...1 as `UIProgressView`
    /// pins it (with a warning, ``ProgressLayout/warnings``), and drawn in the progress tint,
    /// whatever value colours the style has (so a curve file's values can be replaced by one
    /// progress).
    ///
    /// - Throws: ``RenderError``: `.invalidValue` naming `values` for a negative value among
    ///   several; `.countMismatch` naming `valueColors` and `values` when their counts differ.
    func validateValues() throws(RenderError) {
        if values.count > 1, let negative = values.first(where: { $0 < 0 }) {
            throw RenderError(
                .invalidValue(
                    name: "values", value: RenderError.format(negative),
                    requirement: "a list of numbers >= 0 (each value is a share of the path)"))
        }
        let colors = style.valueColors.count
        if values.count > 1, colors > 0, colors != values.count {
            throw RenderError(
                .countMismatch(
                    name: "valueColors", count: colors, items: colors == 1 ? "colour" : "colours",
                    otherName: "values", otherCount: values.count, otherItems: values.count == 1 ? "value" : "values"))
        }
    }

    /// The space between a label and the shape: 4 points, or half the stroke if that is more.
    private func labelGap(_ widest: StrokeStyle) -> Double { max(4, widest.lineWidth / 2) }

    /// The room a label outside the shape takes: its position and size (the largest of its text
    /// at the indicator's progress, at 0 and at 1, so frames of an animation share a canvas);
    /// `nil` for no label; a label inside the shape takes none.
    private func labelRoom(gap: Double) throws(RenderError) -> LabelRoom? {
        guard let label else { return nil }
        let position = label.position ?? defaultLabelPosition
        var size = Size(width: 0, height: 0)
        for fraction in [isIndeterminate ? nil : progress, 0, 1] {
            let layout = try label.layout(atFraction: fraction)
            size.width = max(size.width, layout.width)
            size.height = max(size.height, layout.height)
        }
        let isRound: Bool = if case .shape(let shape) = geometry { shape != .bar } else { false }
        let direction = try label.layout(atFraction: isIndeterminate ? nil : progress).direction
        let edge: LabelRoom.Edge? =
            switch position {
            case .center: nil
            case .end: isRound ? nil : .top
            case .above: .top
            case .below: .bottom
            case .leading: direction == .leftToRight ? .left : .right
            case .trailing: direction == .leftToRight ? .right : .left
            }
        return LabelRoom(position: position, edge: edge, size: size, gap: gap)
    }

    /// Where a label goes by default: in the middle of a round shape or a closed path (a ring of
    /// one's own), above a bar or an open path.
    public var defaultLabelPosition: LabelPosition {
        switch geometry {
        case .shape(let shape): shape == .bar ? .above : .center
        case .path(let path, _): !path.isEmpty && path.subpaths.allSatisfy(\.isClosed) ? .center : .above
        case .elements(let elements, _, _):
            elements.contains { !$0.path.isEmpty } && elements.allSatisfy { $0.path.subpaths.allSatisfy(\.isClosed) }
                ? .center : .above
        }
    }

    /// The path in canvas coordinates, the canvas, a round shape's centre, and where the shape
    /// is (its rectangle, or the path's stroked bounds).
    private func place(widest: StrokeStyle, room: LabelRoom?, parts: [Path]? = nil) throws(RenderError) -> (
        path: Path, canvas: Size, center: Point?, content: Rect
    ) {
        let extra = room?.extra ?? Size(width: 0, height: 0)
        switch geometry {
        case .shape(let shape):
            let natural = shape.naturalSize(
                width: width.map { $0 - extra.width }, height: height.map { $0 - extra.height }, stroke: widest,
                padding: padding, startAngle: startAngle, clockwise: isClockwise)
            let (canvas, offset) =
                room?.canvas(around: natural, width: width, height: height) ?? (natural, Point.zero)
            try Scene(width: canvas.width, height: canvas.height, scale: scale).validate(
                for: Self.checkedTarget(scale: scale))
            let rect = Rect(x: offset.x, y: offset.y, width: natural.width, height: natural.height).insetBy(padding)
            let (path, center) = try shape.geometry(
                in: rect, stroke: widest, startAngle: startAngle, clockwise: isClockwise)
            return (path, canvas, center, rect)
        case .elements(let elements, let canvas, _):
            var joined = Path()
            for element in elements { joined.addPath(element.path) }
            var whole = self
            whole.geometry = .path(joined, canvas: canvas)
            return try whole.place(widest: widest, room: room, parts: elements.map(\.path))
        case .path(let source, let given):
            if startAngle != nil {
                throw RenderError(
                    .notApplicable(
                        name: "startAngle",
                        reason: "a path starts where its data starts; start angles turn built-in shapes"))
            }
            let path = isClockwise ? source : source.reversed()
            // Measured by its parts where it has them (the elements of a drawing): the same bounds.
            let stroked = try Path.strokedBounds(of: parts ?? [path], widest)
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
                let bounds = stroked ?? Rect(origin: .zero, size: size)
                return (path, size, nil, bounds)
            }
            guard let bounds = stroked else { throw RenderError(.emptyPath) }
            let fitted = Size(width: bounds.width + 2 * padding, height: bounds.height + 2 * padding)
            let (canvas, offset) = room?.canvas(around: fitted, width: nil, height: nil) ?? (fitted, Point.zero)
            let moved = path.transformed(
                by: Transform(translationX: offset.x + padding - bounds.minX, y: offset.y + padding - bounds.minY))
            let content = Rect(
                x: offset.x + padding, y: offset.y + padding, width: bounds.width, height: bounds.height)
            return (moved, canvas, nil, content)
        }
    }

    /// Checks what a drawing of elements cannot show: several values (each element has its own
    /// colour), progress and track fills, and a delay outside `0...1`.
    ///
    /// - Throws: ``RenderError``: `.notApplicable` or `.invalidValue` naming the value at fault.
    private func validateElements(_ elements: [Element], order: ElementOrder) throws(RenderError) {
        if case .delayed(let delay) = order, !(delay.isFinite && (0...1).contains(delay)) {
            throw RenderError(.invalidValue(name: "delay", value: "\(delay)", requirement: "a number from 0 to 1"))
        }
        if values.count > 1 {
            throw RenderError(
                .notApplicable(
                    name: "values",
                    reason: "a drawing's elements are drawn in their own colours, one progress over them"))
        }
        if style.trackFillColor != nil || style.progressFillColor != nil {
            throw RenderError(
                .notApplicable(
                    name: style.trackFillColor != nil ? "trackFillColor" : "progressFillColor",
                    reason: "a drawing's fills are its own"))
        }
        for element in elements {
            for (name, value) in [("opacity", element.opacity)] where !(value.isFinite && (0...1).contains(value)) {
                throw RenderError(.invalidValue(name: name, value: "\(value)", requirement: "a number from 0 to 1"))
            }
            try element.stroke.validate(naming: "lineWidth")
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

    /// The limits a layout checks before it draws: a scale is for pixels, so a scene at another
    /// scale than 1 is checked as the raster it is for; at scale 1 only the limits every format
    /// shares (the points a side), so an SVG or PDF of 9000 x 9000 points is drawn. Each render
    /// checks its own format again.
    private static func checkedTarget(scale: Double) -> RenderTarget { scale == 1 ? .vector : .raster }
}

/// The room a label takes: where it goes, on which edge of the shape (none inside it), and its
/// size.
struct LabelRoom: Hashable, Sendable {
    /// An edge of the shape's area.
    enum Edge: Hashable, Sendable {
        case top, bottom, left, right
    }

    var position: LabelPosition
    /// The edge the label sits beyond, or `nil` for a label inside the shape.
    var edge: Edge?
    var size: Size
    var gap: Double

    /// The width and height the canvas grows by.
    var extra: Size {
        switch edge {
        case .top, .bottom: Size(width: 0, height: size.height + gap)
        case .left, .right: Size(width: size.width + gap, height: 0)
        case nil: Size(width: 0, height: 0)
        }
    }

    /// The canvas around a shape's area of `shape` with the label beside it, and where the area
    /// starts: after the label when the label comes first, and centred across (a label wider than
    /// a bar widens the canvas, a label taller than a bar beside it heightens it), unless `width`
    /// or `height` fix the canvas.
    func canvas(around shape: Size, width: Double?, height: Double?) -> (canvas: Size, shapeOrigin: Point) {
        var canvas = Size(width: shape.width + extra.width, height: shape.height + extra.height)
        var origin = Point.zero
        switch edge {
        case .top, .bottom:
            if width == nil { canvas.width = max(canvas.width, size.width) }
            origin.x = (canvas.width - shape.width) / 2
            if edge == .top { origin.y = size.height + gap }
        case .left, .right:
            if height == nil { canvas.height = max(canvas.height, size.height) }
            origin.y = (canvas.height - shape.height) / 2
            if edge == .left { origin.x = size.width + gap }
        case nil:
            break
        }
        return (canvas, origin)
    }
}
