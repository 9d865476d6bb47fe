import PBDocument
import PBGeometry
import PBScene
import PBStyle
import PBSynchronization

/// Writes a scene as a web-native SVG document: `width`/`height` in px and a `viewBox`, one
/// `<path>` per layer with presentation attributes (no style soup), arcs kept as `A` commands,
/// numbers with at most three decimals, accessible by default (`role="progressbar"`, ARIA values,
/// `<title>`), dark appearance as a `@media (prefers-color-scheme: dark)` rule, and ids and
/// class names only where a gradient or the dark rule needs them, derived from the content (so
/// two different images inlined in one page never clash, and the same scene is the same bytes).
struct SVGWriter {
    /// How numbers are written: three decimals at most (a thousandth of a pixel).
    static let numbers = SVGNumberFormat(decimals: 3)

    let scene: Scene
    /// Whether the progress follows the CSS custom property `--progress` (`--value-1`, … for
    /// several values) set on the `<svg>` or an ancestor.
    let isLive: Bool
    /// For an animated SVG: its timeline, whose motion CSS animations play.
    let timeline: Timeline?
    /// CSS rules beyond the dark ones (animations).
    var rules = ""
    /// A class on the root `<svg>`, for rules that animate it.
    var rootClass: String?
    /// The body, with `prefixMarker` where the content-derived prefix of ids and classes goes.
    var body = ""
    var definitions = ""
    var darkRules = ""
    private var counter = 0
    /// Stands for the id prefix until the content that derives it is complete.
    static let prefixMarker: Unicode.Scalar = "\u{1}"

    init(scene: Scene, isLive: Bool, timeline: Timeline? = nil) {
        self.scene = scene
        self.isLive = isLive
        self.timeline = timeline
    }

    /// The document.
    ///
    /// - Throws: `RenderError` when a layer's fractions are not finite, or (live) when the
    ///   progress layer cannot follow CSS: a dash pattern on it, or a fill under it.
    static func document(for scene: Scene, isLive: Bool = false) throws(RenderError) -> String {
        var writer = SVGWriter(scene: scene, isLive: isLive)
        return try writer.write()
    }

    /// An animated document: the timeline's first frame, moving as its motion says.
    ///
    /// - Throws: `RenderError` as ``document(for:isLive:)`` does, and `.notApplicable` for an
    ///   indeterminate arc or bar on a path of several subpaths, or dashed.
    static func document(for timeline: Timeline) throws(RenderError) -> String {
        let scene = try timeline.scene(ofFrame: 0)
        let isProgress = if case .progress = timeline.motion { true } else { false }
        var writer = SVGWriter(scene: scene, isLive: isProgress, timeline: timeline)
        return try writer.write()
    }

    private mutating func write() throws(RenderError) -> String {
        let dark = scene.darkLayers ?? scene.layers
        if let timeline, case .indeterminate(let style) = timeline.motion {
            try writeIndeterminate(style, timeline: timeline, dark: dark)
            return finish()
        }
        // A drawing's elements each follow the value with their own progress layer, and may
        // open at their first layer (a fill shown at the end, an outline hidden at the end).
        let elements = scene.progress?.elements ?? []
        let byProgressLayer = Dictionary(elements.map { ($0.layerIndex, $0) }, uniquingKeysWith: { first, _ in first })
        let byFirstLayer = Dictionary(
            elements.map { ($0.firstLayerIndex, $0) }, uniquingKeysWith: { first, _ in first })
        var closings: Set<Int> = []  // layers after which an element's group closes
        for (index, layer) in scene.layers.enumerated() {
            let darkLayer = index < dark.count ? dark[index] : layer
            defer { if closings.contains(index) { body += "</g>\n" } }
            if isLive, let progress = scene.progress, let element = byFirstLayer[index],
                let closing = try beginLiveElement(element, progress: progress)
            {
                closings.insert(closing)
            }
            if isLive, let progress = scene.progress, case .shape(let shape) = layer,
                case .shape(let darkShape) = darkLayer,
                elements.isEmpty ? progress.layerIndex == index : byProgressLayer[index] != nil
            {
                try writeLive(shape, dark: darkShape, progress: progress, element: byProgressLayer[index])
            } else {
                try write(layer, dark: darkLayer)
            }
        }
        if let timeline, case .progress(let from, let to, let timing) = timeline.motion {
            writeProgressAnimation(from: from, to: to, timing: timing, schedule: timeline.schedule)
        }
        return finish()
    }

    /// The document around the body written.
    private func finish() -> String {
        var head = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + (rootClass.map { " class=\"\($0)\"" } ?? "")
        head += " width=\"\(number(scene.width))\" "
        head += "height=\"\(number(scene.height))\" viewBox=\"0 0 \(number(scene.width)) \(number(scene.height))\""
        head += accessibilityAttributes()
        head += ">\n"
        head += accessibilityElements()
        let dark = darkRules.isEmpty ? "" : "@media (prefers-color-scheme: dark){\(darkRules)}"
        if !dark.isEmpty || !rules.isEmpty { head += "<style>\(rules)\(dark)</style>\n" }
        if !definitions.isEmpty { head += "<defs>\n\(definitions)</defs>\n" }
        let document = head + body + "</svg>\n"
        let marker = UInt8(ascii: Self.prefixMarker)
        guard document.utf8.contains(marker) else { return document }
        let prefix = "pb" + String(FNV1a<UInt32>.hash(document.utf8), radix: 16)  // at most 8 hexadecimal digits
        // Byte by byte: the marker is ASCII, never part of another character's bytes (splitting by
        // Character walked the document's grapheme clusters, 1.1 M instructions for a 3 kB icon).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(document.utf8.count + 16 * prefix.utf8.count)
        for byte in document.utf8 {
            if byte == marker { bytes += prefix.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Accessibility

    private func accessibilityAttributes() -> String {
        let info = scene.accessibility
        if info.isDecorative { return " aria-hidden=\"true\"" }
        guard info.isProgressIndicator else {
            // An image is named by its title: `aria-label` too, which every screen reader reads on an <svg>.
            return " role=\"img\"" + (info.title.map { " aria-label=\"\(xmlEscaped($0))\"" } ?? "")
        }
        var out = " role=\"progressbar\" aria-valuemin=\"0\" aria-valuemax=\"100\""
        if let percent = info.percent {
            out += " aria-valuenow=\"\(ProgressTextFormatter.accessibilityPercent(min(max(percent, 0), 100) / 100))\""
        }
        // An empty label says nothing: no aria-valuetext, so assistive technology reads the value.
        if let text = info.valueText, !text.isEmpty { out += " aria-valuetext=\"\(xmlEscaped(text))\"" }
        return out
    }

    private func accessibilityElements() -> String {
        let info = scene.accessibility
        guard !info.isDecorative else { return "" }
        var out = ""
        if let title = info.title { out += "<title>\(xmlEscaped(title))</title>\n" }
        if let description = info.description { out += "<desc>\(xmlEscaped(description))</desc>\n" }
        return out
    }

    // MARK: Layers

    mutating func write(_ layer: Layer, dark: Layer) throws(RenderError) {
        switch (layer, dark) {
        case (.fill(let paint), .fill(let darkPaint)):
            let color = paint.color(atFraction: 0)
            let darkClass = self.darkClass(property: "fill", light: color, dark: darkPaint.color(atFraction: 0))
            body +=
                "<rect width=\"100%\" height=\"100%\"\(darkClass) fill=\"\(hex(color))\"\(opacity("fill", color))/>\n"
        case (.shape(let shape), .shape(let darkShape)):
            try write(shape, dark: darkShape)
        case (.text(let text), .text(let darkText)):
            write(text, darkColor: darkText.color)
        case (.document(let document), let darkLayer):
            // The rewritten document itself, as librsvg draws it: an `<svg>` within ours.
            var document = document
            if case .document(let dark) = darkLayer { document = try darkened(document, dark: dark) }
            body += (isLive || timeline != nil ? try liveMarkup(of: document) : document.markup) + "\n"
        default:
            try write(layer, dark: layer)
        }
    }

    private mutating func write(_ layer: ShapeLayer, dark: ShapeLayer) throws(RenderError) {
        let plan = try layer.plan()
        if plan.isGrouped { body += "<g opacity=\"\(number(plan.opacity))\">\n" }
        if let transform = plan.transform { body += "<g transform=\"\(matrix(transform))\">\n" }
        if let paint = plan.fillPaint {
            let darkClass = self.darkClass(property: "fill", light: paint, dark: dark.fillPaint)
            body += "<path d=\"\(pathData(plan.drawnSubpaths))\"\(darkClass)\(paintAttributes("fill", paint))"
            body += "\(layer.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : "")/>\n"
        }
        // The dark layer has the same geometry: only its paints differ.
        switch plan.stroke {
        case .dot(let dot, let paint, let style):
            let darkPaint = Paint.color(dark.strokePaint.color(atFraction: layer.strokeStart))
            body +=
                "<path d=\"M\(number(dot.x)),\(number(dot.y))h0\"\(darkClass(property: "stroke", light: paint, dark: darkPaint))"
            body += " fill=\"none\"\(paintAttributes("stroke", paint))\(strokeShape(style, dashOffset: 0))/>\n"
        case .plain(let paint, let style, let runs):
            let darkClass = darkClass(property: "stroke", light: paint, dark: dark.strokePaint)
            writeStroke(runs, stroke: style, paint: paint, extra: darkClass)
        case .pathGradient(let gradient, let style, let runs):
            let darkGradient: PathGradient? = if case .pathGradient(let other) = dark.strokePaint { other } else { nil }
            writeGradientStroke(
                layer, pieces: plan.pieces, runs: runs, stroke: style, gradient: gradient, dark: darkGradient)
        case nil:
            break
        }
        if plan.transform != nil { body += "</g>\n" }
        if plan.isGrouped { body += "</g>\n" }
    }

    /// A label as real text: the fonts Pango used first in its font-family stack, and
    /// `textLength` set to Pango's measured width so it fits in any browser; centred on its
    /// layout box, its baseline where Pango put it.
    private mutating func write(_ text: TextLayer, darkColor: Color) {
        let layout = text.layout
        let font = layout.font
        let darkClass = self.darkClass(property: "fill", light: text.color, dark: darkColor)
        body += "<text x=\"\(number(text.origin.x + layout.logicalExtents.midX))\""
        body += " y=\"\(number(text.origin.y + layout.baseline))\"\(darkClass)"
        body += " font-family=\"\(xmlEscaped(layout.cssFontFamily))\" font-size=\"\(number(font.size))\""
        if font.weight.value != 400 { body += " font-weight=\"\(font.weight.value)\"" }
        if font.style != .normal { body += " font-style=\"\(font.style.cssValue)\"" }
        body += " text-anchor=\"middle\""
        if layout.direction == .rightToLeft { body += " direction=\"rtl\"" }
        body += " textLength=\"\(number(layout.logicalExtents.width))\" lengthAdjust=\"spacingAndGlyphs\""
        body += " fill=\"\(hex(text.color))\"\(opacity("fill", text.color))>\(xmlEscaped(layout.text))</text>\n"
    }

    /// One `<path>` a run: all pieces in one, or one a piece when dashed (each continues the
    /// pattern where it lies on the whole path).
    private mutating func writeStroke(_ runs: [ShapePlan.Run], stroke: StrokeStyle, paint: Paint, extra: String) {
        let corners = runs.contains { $0.subpaths.contains(where: \.hasCorners) }
        let paint = paintAttributes("stroke", paint)
        for run in runs {
            body += "<path d=\"\(pathData(run.subpaths))\"\(extra) fill=\"none\"\(paint)"
            body += "\(strokeShape(stroke, dashOffset: run.dashOffset, corners: corners))/>\n"
        }
    }

    /// A path-gradient stroke: the slices, each a wide stroke with a linear gradient along its
    /// chord, painted in order in a group masked by the layer's own stroke (as the Cairo
    /// backends paint it).
    private mutating func writeGradientStroke(
        _ layer: ShapeLayer, pieces: [TrimmedPiece], runs: [ShapePlan.Run], stroke: StrokeStyle,
        gradient: PathGradient, dark: PathGradient?
    ) {
        let mask = nextID("m")
        definitions += "<mask id=\"\(mask)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" "
        definitions += "width=\"\(number(scene.width))\" height=\"\(number(scene.height))\">\n"
        let white = Color.white
        let saved = body
        body = ""
        writeStroke(runs, stroke: stroke, paint: .color(white), extra: "")
        definitions += body + "</mask>\n"
        body = saved
        let width = ShapeLayer.sliceWidth(lineWidth: stroke.lineWidth, scale: 1)
        // Slices overlap where each meets the next: with one opacity for every stop they are
        // painted opaque and the opacity is applied once, to the group, so no overlap shows.
        // (Stops of different opacities keep theirs, and their overlaps are a little denser.)
        let shared = gradient.uniformAlpha ?? 1
        body += "<g mask=\"url(#\(mask))\" fill=\"none\" stroke-width=\"\(number(width))\""
        body += shared < 1 ? " opacity=\"\(number(shared))\">\n" : ">\n"
        func opaque(_ slices: [GradientSlice]) -> [GradientSlice] { shared < 1 ? slices.map(\.opaque) : slices }
        let darkSlices = dark.map { opaque(layer.gradientSlices($0, pieces: pieces, scale: 1)) }
        writeSlices(opaque(layer.gradientSlices(gradient, pieces: pieces, scale: 1)), dark: darkSlices)
        body += "</g>\n"
    }

    /// The slices of a path gradient, each a wide stroke in a solid colour or a linear gradient
    /// along its chord, with the dark colours in dark rules.
    mutating func writeSlices(_ slices: [GradientSlice], dark darkSlices: [GradientSlice]?) {
        for (index, slice) in slices.enumerated() {
            let darkSlice = darkSlices.flatMap { index < $0.count ? $0[index] : nil }
            var data = pathData(slice.path.subpaths)
            for (from, to) in slice.extensions {
                data += "M\(number(from.x)),\(number(from.y))L\(number(to.x)),\(number(to.y))"
            }
            if slice.startColor == slice.endColor || slice.start == slice.end {
                let darkClass = self.darkClass(property: "stroke", light: slice.startColor, dark: darkSlice?.startColor)
                body +=
                    "<path d=\"\(data)\"\(darkClass) stroke=\"\(hex(slice.startColor))\"\(opacity("stroke", slice.startColor))/>\n"
            } else {
                let id = nextID("g")
                definitions += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" "
                definitions += "x1=\"\(number(slice.start.x))\" y1=\"\(number(slice.start.y))\" "
                definitions += "x2=\"\(number(slice.end.x))\" y2=\"\(number(slice.end.y))\">"
                for (offset, color, darkColor) in [
                    (0, slice.startColor, darkSlice?.startColor), (1, slice.endColor, darkSlice?.endColor),
                ] {
                    let darkClass = self.darkClass(property: "stop-color", light: color, dark: darkColor)
                    definitions += "<stop offset=\"\(offset)\"\(darkClass) stop-color=\"\(hex(color))\""
                    definitions += color.alpha < 1 ? " stop-opacity=\"\(number(color.alpha))\"/>" : "/>"
                }
                definitions += "</linearGradient>\n"
                body += "<path d=\"\(data)\" stroke=\"url(#\(id))\"/>\n"
            }
        }
    }

    // MARK: Attributes

    /// The stroke's colour and shape as attributes (``strokeShape(_:dashOffset:corners:)``).
    func strokeAttributes(_ stroke: StrokeStyle, color: Color, dashOffset: Double, corners: Bool = true) -> String {
        " stroke=\"\(hex(color))\"\(opacity("stroke", color))"
            + strokeShape(stroke, dashOffset: dashOffset, corners: corners)
    }

    /// Width, caps, joins, miter limit (where `corners` can show it) and dashes as attributes,
    /// each only when it is not SVG's initial value.
    func strokeShape(_ stroke: StrokeStyle, dashOffset: Double, corners: Bool = true) -> String {
        var out = " stroke-width=\"\(number(stroke.lineWidth))\""
        if stroke.lineCap != .butt { out += " stroke-linecap=\"\(stroke.lineCap.rawValue)\"" }
        if stroke.lineJoin != .miter { out += " stroke-linejoin=\"\(stroke.lineJoin.rawValue)\"" }
        if corners && stroke.lineJoin == .miter && stroke.miterLimit != 4 {
            out += " stroke-miterlimit=\"\(number(stroke.miterLimit))\""
        }
        if !stroke.dash.isEmpty {
            out += " stroke-dasharray=\"\(stroke.dash.map(number).joined(separator: " "))\""
            if dashOffset != 0 { out += " stroke-dashoffset=\"\(number(dashOffset))\"" }
        }
        return out
    }

    /// ` fill-opacity="0.5"` for a translucent colour (`property` is `fill` or `stroke`).
    func opacity(_ property: String, _ color: Color) -> String {
        color.alpha < 1 ? " \(property)-opacity=\"\(number(color.alpha))\"" : ""
    }

    /// ` class="…"` for paints as ``darkClass(property:light:dark:)-(_,Color,_)`` for colours;
    /// nothing when either is a canvas gradient (a document's own colours, the same in both
    /// appearances).
    mutating func darkClass(property: String, light: Paint, dark: Paint?) -> String {
        if case .canvasGradient = light { return "" }
        if case .canvasGradient = dark { return "" }
        return darkClass(property: property, light: light.color(atFraction: 0), dark: dark?.color(atFraction: 0))
    }

    /// ` class="…"`, naming a class whose dark rule sets `property` to `dark`, when it differs
    /// from `light`; else nothing.
    mutating func darkClass(property: String, light: Color, dark: Color?) -> String {
        darkClassName(property: property, light: light, dark: dark).map { " class=\"\($0)\"" } ?? ""
    }

    /// The name of a class whose dark rule sets `property` to `dark`, when it differs from
    /// `light`; the rule joins the dark rules.
    mutating func darkClassName(property: String, light: Color, dark: Color?) -> String? {
        guard let dark, dark != light else { return nil }
        let name = nextID("c")
        darkRules += ".\(name){\(property):\(hex(dark))"
        if dark.alpha != light.alpha {
            let opacityProperty = property == "stop-color" ? "stop-opacity" : "\(property)-opacity"
            darkRules += ";\(opacityProperty):\(number(dark.alpha))"
        }
        darkRules += "}"
        return name
    }

    /// A document whose progress and track paints follow custom properties that a dark rule sets
    /// on the root where `dark` paints them otherwise (`--pbrender-progress`): a browser shows
    /// the dark appearance's, as the PNG of `--appearance dark` does, and each SVG of a page its
    /// own; a renderer without custom properties, the light ones. The document's own colours stay.
    mutating func darkened(_ document: DocumentLayer, dark: DocumentLayer) throws(RenderError) -> DocumentLayer {
        let (measure, light) = try Self.measured(document)
        var appearance = light
        let darkAppearance = try Self.measured(dark).appearance
        func variable(_ kind: String, light: String, dark: String?) -> String? {
            guard let dark, dark != light else { return nil }
            let name = "--pbrender-\(kind)"
            darkRules += ".\(rootClassName()){\(name):\(dark)}"
            return name
        }
        // The progress paints what it overrides, and the outlines of elements without a stroke.
        let paintsProgress =
            appearance.overrides.contains(.paint)
            || measure.document.elements.contains { !$0.style.hasStroke && $0.style.fillPaints }
        if paintsProgress {
            appearance.progress.variable = variable(
                "progress", light: appearance.progress.paint, dark: darkAppearance.progress.paint)
        }
        if let track = appearance.track {
            appearance.track?.variable = variable("track", light: track.paint, dark: darkAppearance.track?.paint)
        }
        return DocumentLayer(measure: measure, appearance: appearance)
    }

    /// The measured document of a layer and its appearance, which an SVG writes from.
    ///
    /// - Throws: `.notApplicable` for a layer that holds only its markup (`DocumentLayer.rewritten()`).
    static func measured(_ layer: DocumentLayer) throws(RenderError) -> (
        measure: SVGDocumentMeasure, appearance: SVGDocumentAppearance
    ) {
        guard let measure = layer.measure, let appearance = layer.appearance else {
            throw RenderError(
                .notApplicable(
                    name: "svg",
                    reason: "this document layer holds only its markup for raster and PDF output; "
                        + "write an SVG from the layer its indicator lays out"))
        }
        return (measure, appearance)
    }

    /// The root's class, named the first time it is asked for.
    mutating func rootClassName() -> String {
        if let rootClass { return rootClass }
        let name = nextID("a")
        rootClass = name
        return name
    }

    mutating func nextID(_ kind: String) -> String {
        counter += 1
        return "\(Self.prefixMarker)-\(kind)\(counter)"
    }

    func number(_ value: Double) -> String { Self.numbers.string(value) }

    /// `matrix(a b c d e f)`, the coefficients with six decimals (a transform's error is
    /// multiplied by the coordinates it maps).
    func matrix(_ transform: Transform) -> String {
        let format = SVGNumberFormat(decimals: 6)
        let values = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        return "matrix(" + values.map { format.string($0) }.joined(separator: " ") + ")"
    }

    /// `#RRGGBB`; the alpha goes in an opacity attribute.
    func hex(_ color: Color) -> String {
        var opaque = color
        opaque.alpha = 1
        return opaque.hexString
    }

    /// The subpaths as path data with three decimals, arcs as arcs.
    func pathData(_ subpaths: [Subpath]) -> String {
        Path(elements: subpaths.flatMap(\.pathElements)).svgPathData(decimals: 3)
    }
}
