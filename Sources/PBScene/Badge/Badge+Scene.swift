import PBGeometry
import PBStyle

extension Badge {
    /// The most Unicode scalars a badge's title or value may have: 200, far more than a badge needs.
    public static let maximumTextLength = 200

    /// Lays the badge out as a scene: the title box, the value box in ``valueColor``, the style's gloss
    /// over both, then the bar and the texts (each with its shadow in the styles that have one).
    ///
    /// Each box is its text's width as Pango measures it, rounded up to whole points, plus
    /// ``Style/padding`` on both sides (the value box also holds the bar and a gap), so box edges fall
    /// on whole pixels at whole scales; the texts are centred in their room. The scene is accessible as
    /// an image (`role="img"` in SVG) named ``accessibleLabel``; in dark appearance the title box takes
    /// ``darkTitleColor`` and the value box ``darkColor`` (or its colour's dark variant).
    ///
    /// - Throws: ``RenderError``: `.invalidValue` for a progress that is NaN, a negative total or a bad
    ///   scale; `.invalidLabel` for a title or value longer than ``maximumTextLength`` characters or
    ///   with a NUL; `.canvasTooLarge` when the badge is wider than the limit.
    /// - Complexity: Pango's layout of the two texts, and O(height) gloss bands.
    public func scene() throws(RenderError) -> Scene {
        guard !progress.isNaN else {
            throw RenderError(.invalidValue(name: "progress", value: "nan", requirement: "a number"))
        }
        if let total, total < 1 {
            throw RenderError(.invalidValue(name: "total", value: "\(total)", requirement: "a whole number >= 1"))
        }
        guard scale.isFinite, scale > 0 else {
            throw RenderError(.invalidValue(name: "scale", value: "\(scale)", requirement: "a finite number > 0"))
        }
        let height = style.height
        let padding = style.padding
        let baseFont = font ?? style.font
        let titleText = style == .forTheBadge ? title.uppercased() : title
        let valueFont = style == .forTheBadge ? try bold(baseFont) : baseFont
        let titleFont = style == .social ? try bold(baseFont) : baseFont
        let titleLayout = titleText.isEmpty ? nil : try layOut(titleText, font: titleFont)
        let valueLayout = try layOut(valueText, font: valueFont)

        let titleWidth = titleLayout.map { ($0.width).rounded(.up) + 2 * padding } ?? 0
        let bar = style.bar
        let barRoom = showsBar ? bar.length + padding * 5 / 6 : 0
        let valueTextWidth = valueLayout.width.rounded(.up)
        // The value's box: on its own after the gap, in the social style.
        let valueX = titleWidth + (titleWidth > 0 ? style.bubbleGap : 0)
        let width = valueX + padding + barRoom + valueTextWidth + padding
        let radius = style.cornerRadius

        func layers(titleColor: Color, valueColor: Color) -> [Layer] {
            var layers: [Layer] = []
            if style == .social {
                layers += socialBoxes(titleWidth: titleWidth, valueX: valueX, width: width)
            } else {
                if titleWidth > 0 {
                    let box = BadgeGeometry.box(
                        minX: 0, maxX: titleWidth, height: height, leftRadius: radius, rightRadius: 0)
                    layers.append(fill(box, titleColor))
                }
                let valueBox = BadgeGeometry.box(
                    minX: titleWidth, maxX: width, height: height, leftRadius: titleWidth > 0 ? 0 : radius,
                    rightRadius: radius)
                layers.append(fill(valueBox, valueColor))
                layers += glossLayers(width: width, height: height, radius: radius)
            }
            if showsBar {
                // In the text colour on a box of the value's colour; on the social style's light
                // bubble, in the value's colour.
                layers += barLayers(
                    x: valueX + padding, y: height / 2, length: bar.length, thickness: bar.thickness,
                    color: style == .social ? valueColor : resolvedTextColor)
            }
            if let titleLayout {
                layers += textLayers(titleLayout, roomX: 0, roomWidth: titleWidth, height: height)
            }
            layers += textLayers(
                valueLayout, roomX: valueX + barRoom, roomWidth: valueTextWidth + 2 * padding, height: height)
            return layers
        }
        let light = layers(titleColor: titleColor.resolved(for: .light), valueColor: valueColor.resolved(for: .light))
        let dark = layers(
            titleColor: darkTitleColor.resolved(for: .dark), valueColor: (darkColor ?? valueColor).resolved(for: .dark))
        let scene = Scene(
            width: width, height: height, scale: scale, layers: light, darkLayers: dark == light ? nil : dark,
            accessibility: Accessibility(
                title: accessibleLabel, description: description, isProgressIndicator: false))
        try scene.validate(for: .vector)
        return scene
    }

    /// The texts' colour: the one set, else the style's.
    private var resolvedTextColor: Color { textColor ?? style.textColor }

    /// `font` in bold.
    private func bold(_ font: Font) throws(RenderError) -> Font {
        do {
            return try Font(family: font.family, size: font.size, weight: .bold, style: font.style)
        } catch {
            throw RenderError(.invalidLabel("\(error)"))
        }
    }

    /// Lays out one of the badge's texts.
    private func layOut(_ text: String, font: Font) throws(RenderError) -> TextLayout {
        let count = text.unicodeScalars.count
        guard count <= Self.maximumTextLength else {
            throw RenderError(
                .invalidLabel(
                    "a badge's text has \(count) characters, more than the \(Self.maximumTextLength) it may have"))
        }
        do {
            return try TextLayout(text: text, font: font, neutralDirection: formatter.neutralDirection)
        } catch {
            throw RenderError(.invalidLabel("\(error)"))
        }
    }

    /// A closed outline filled with a colour.
    private func fill(_ path: Path, _ color: Color) -> Layer {
        .shape(ShapeLayer(path: PathMeasure(path), stroke: nil, fillPaint: .color(color)))
    }

    /// The style's vertical gloss, clipped to the badge's rounded outline: between the corners one
    /// stroke along a vertical line as wide as the badge, painted with the gloss as a path gradient
    /// (an exact vertical gradient); beside the corners, where the outline curves, one band a point
    /// tall per point of radius, each in the gradient's colour at its middle.
    private func glossLayers(width: Double, height: Double, radius: Double) -> [Layer] {
        guard let stops = style.gloss, let gradient = try? PathGradient(stops: stops) else { return [] }
        let corner = min(radius.rounded(.up), height / 2)
        var layers: [Layer] = []
        func band(_ top: Double, _ bottom: Double) {
            let color = gradient.color(atFraction: (top + bottom) / 2 / height)
            layers.append(
                fill(BadgeGeometry.strip(width: width, height: height, radius: radius, top: top, bottom: bottom), color)
            )
        }
        var top = 0.0
        while top < corner {
            band(top, min(top + 1, corner))
            top += 1
        }
        let (upper, lower) = (corner, height - corner)
        if lower > upper {
            // The gradient between `upper` and `lower`, as fractions of that line.
            var middle = [PathGradient.Stop(location: 0, color: gradient.color(atFraction: upper / height))]
            for stop in stops where stop.location * height > upper && stop.location * height < lower {
                middle.append(
                    PathGradient.Stop(location: (stop.location * height - upper) / (lower - upper), color: stop.color))
            }
            middle.append(PathGradient.Stop(location: 1, color: gradient.color(atFraction: lower / height)))
            var line = Path()
            line.move(to: Point(width / 2, upper))
            line.addLine(to: Point(width / 2, lower))
            if let paint = try? PathGradient(stops: middle) {
                layers.append(
                    .shape(
                        ShapeLayer(
                            path: PathMeasure(line), stroke: StrokeStyle(lineWidth: width, lineCap: .butt),
                            strokePaint: .pathGradient(paint))))
            }
        }
        var bottom = lower
        while bottom < height {
            band(bottom, min(bottom + 1, height))
            bottom += 1
        }
        return layers
    }

    /// The social style's boxes, each outlined by a light grey line a point wide on whole pixels: the
    /// title's in a light grey gradient, top to bottom, and the value's bubble, nearly white, with a
    /// point in the gap that meets the title box.
    private func socialBoxes(titleWidth: Double, valueX: Double, width: Double) -> [Layer] {
        let border = StrokeStyle(lineWidth: 1, lineCap: .butt)
        let borderColor = Color(red8: 0xD5, green8: 0xD5, blue8: 0xD5)
        let bubbleColor = Color(red8: 0xFA, green8: 0xFA, blue8: 0xFA)
        let height = style.height
        func outline(_ minX: Double, _ maxX: Double) -> PathMeasure {
            let box = BadgeGeometry.box(
                minX: minX + 0.5, maxX: maxX - 0.5, height: height - 1, leftRadius: style.cornerRadius,
                rightRadius: style.cornerRadius)
            return PathMeasure(box.transformed(by: Transform(translationX: 0, y: 0.5)))
        }
        var layers: [Layer] = []
        if titleWidth > 0 {
            let gradient = CanvasGradient(
                kind: .linear(start: Point(0, 0), end: Point(0, height)),
                stops: [
                    PathGradient.Stop(location: 0, color: Color(red8: 0xFC, green8: 0xFC, blue8: 0xFC)),
                    PathGradient.Stop(location: 1, color: Color(red8: 0xEE, green8: 0xEE, blue8: 0xEE)),
                ])
            layers.append(
                .shape(
                    ShapeLayer(
                        path: outline(0, titleWidth), stroke: border, strokePaint: .color(borderColor),
                        fillPaint: .canvasGradient(gradient))))
        }
        layers.append(
            .shape(
                ShapeLayer(
                    path: outline(valueX, width), stroke: border, strokePaint: .color(borderColor),
                    fillPaint: .color(bubbleColor))))
        guard titleWidth > 0 else { return layers }
        // The point: filled over the bubble's border where it joins, its two sides outlined.
        let (tip, base, middle) = (valueX - style.bubbleGap + 1.5, valueX + 0.5, height / 2)
        var point = Path()
        point.move(to: Point(base + 0.5, middle - 3.5))
        point.addLine(to: Point(tip, middle))
        point.addLine(to: Point(base + 0.5, middle + 3.5))
        point.closeSubpath()
        var sides = Path()
        sides.move(to: Point(base, middle - 3.5))
        sides.addLine(to: Point(tip, middle))
        sides.addLine(to: Point(base, middle + 3.5))
        layers.append(.shape(ShapeLayer(path: PathMeasure(point), fillPaint: .color(bubbleColor))))
        layers.append(.shape(ShapeLayer(path: PathMeasure(sides), stroke: border, strokePaint: .color(borderColor))))
        return layers
    }

    /// The bar: a track in the text colour at a third of its opacity, and the progress over it in
    /// `color`, both with round caps inside `length`.
    private func barLayers(x: Double, y: Double, length: Double, thickness: Double, color: Color) -> [Layer] {
        var line = Path()
        line.move(to: Point(x + thickness / 2, y))
        line.addLine(to: Point(x + length - thickness / 2, y))
        let measure = PathMeasure(line)
        let stroke = StrokeStyle(lineWidth: thickness, lineCap: .round)
        var track = resolvedTextColor
        track.alpha *= 0.35
        return [
            .shape(ShapeLayer(path: measure, stroke: stroke, strokePaint: .color(track))),
            .shape(ShapeLayer(path: measure, strokeEnd: pinnedProgress, stroke: stroke, strokePaint: .color(color))),
        ]
    }

    /// A text centred in a room of the badge's height, after its shadow in the styles with one.
    private func textLayers(_ layout: TextLayout, roomX: Double, roomWidth: Double, height: Double) -> [Layer] {
        let origin = Point(roomX + (roomWidth - layout.width) / 2, (height - layout.height) / 2)
        var layers: [Layer] = []
        if let shadow = style.textShadow {
            layers.append(.text(TextLayer(layout: layout, origin: Point(origin.x, origin.y + 1), color: shadow)))
        }
        layers.append(.text(TextLayer(layout: layout, origin: origin, color: resolvedTextColor)))
        return layers
    }
}
