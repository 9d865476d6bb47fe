import PBGeometry

/// Writes a document back as XML for one ``SVGDocumentAppearance``: the tree as read, safe
/// (``DocumentSafety``), with what the progress changes written last into each element's `style`
/// (which wins over its attributes and the sheets' rules but `!important` ones):
///
/// - An element shown whole keeps its own stroke (a closed one joins at its seam); a part of one
///   subpath is that element's `stroke-dasharray`/`stroke-dashoffset`, its own dashes cut to the
///   part (``DashWindow``); parts of several subpaths are drawn by copies of the element right
///   after it, one for the subpaths shown whole and one for each cut one, the element's own
///   stroke hidden; nothing shown hides the stroke (no round cap's dot).
/// - A fill not shown is `fill: none` with no markers; content not shown is `display: none`.
/// - A track is a copy of the element just before it, in the track's stroke.
/// - Each `<use>` refers to a copy of its target of its own, written in a `<defs>` at the end,
///   so that each instance shows its own part.
///
/// Copies carry the winning value of every property the style sheets set, as the element has it
/// where it stands (librsvg and browsers match a `<use>`'s instances where their originals
/// stand): where a copy stands then changes nothing of its style ("pinning"). When the sheets
/// have rules that depend on elements' places among their siblings and copies are inserted,
/// every element is pinned.
struct DocumentRewriter {
    let measure: SVGDocumentMeasure
    let appearance: SVGDocumentAppearance
    let source: DocumentSource
    var tree: XMLTree { source.tree }
    /// Each drawn element's index in the document's elements, by `instance × element count + node`.
    let elementAt: [Int: Int]
    /// Each content item's index, the same way.
    let contentAt: [Int: Int]
    /// Whether the appearance draws the document as it is (complete, every fill shown, nothing
    /// added): then no `<use>` needs a copy.
    let isIdentity: Bool
    /// Whether every element is pinned (structural selectors, and copies inserted; or `!important`
    /// rules for properties the rewrite writes).
    let pinsAll: Bool
    /// Whether the sheet is written without the `!important` of properties the rewrite writes.
    let dropsImportant: Bool
    /// The properties the sheets set, sorted, that pinning writes.
    let pinnedProperties: [String]
    var output = ""
    /// The instances whose copies are still to be written, in order.
    var pendingCopies: [Int] = []
    var scheduled: Set<Int> = []

    /// Numbers in CSS and attributes: six decimals (a millionth of a user unit).
    static let numbers = SVGNumberFormat(decimals: 6)
    /// Elements whose text children are content.
    static let textElements: Set<String> = ["text", "tspan", "textPath", "a", "title", "desc", "tref", "style"]
    /// Attributes that give a shape its geometry, which a copy drawn from path data leaves out.
    static let geometryAttributes: Set<String> = [
        "d", "points", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "pathLength",
    ]
    /// The properties the rewrite writes into elements' `style`.
    static let rewrittenProperties: Set<String> = [
        "fill", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
        "stroke-dasharray", "stroke-dashoffset", "marker", "marker-start", "marker-mid", "marker-end", "display",
    ]
    /// What hides an element's fill and markers.
    static let hiddenFill = ["fill:none", "marker-start:none", "marker-mid:none", "marker-end:none"]

    init(measure: SVGDocumentMeasure, appearance: SVGDocumentAppearance) {
        self.measure = measure
        self.appearance = appearance
        source = measure.document.source
        let count = source.tree.elements.count
        var elementAt: [Int: Int] = [:]
        for (index, element) in measure.document.elements.enumerated() {
            elementAt[element.instance * count + element.node] = index
        }
        var contentAt: [Int: Int] = [:]
        for (index, item) in measure.document.content.enumerated() {
            contentAt[item.instance * count + item.node] = index
        }
        self.elementAt = elementAt
        self.contentAt = contentAt
        let document = measure.document
        let identity =
            appearance.liveValue == nil && appearance.overrides.isEmpty
            && appearance.showsContent.allSatisfy { $0 }
            && zip(document.elements, appearance.elements).allSatisfy { element, shown in
                shown.showsFill && (element.style.hasStroke || !shown.showsOutline)
                    && (appearance.track == nil || !shown.showsTrack)
                    && shown.parts.contains { $0.start <= 0 && $0.end >= 1 }
            }
        isIdentity = identity
        let sheet = source.styles.sheet
        // An `!important` rule would win over what the rewrite writes in `style`: its flag goes, and
        // every element is pinned, so each keeps the value the rule gave it.
        let importantRewritten = sheet.rules.contains { rule in
            rule.declarations.contains { $0.isImportant && Self.rewrittenProperties.contains($0.property) }
        }
        dropsImportant = importantRewritten && !identity
        pinsAll = (sheet.hasStructuralSelectors || importantRewritten) && !identity
        pinnedProperties = sheet.properties.flatMap(StyleResolver.longhands).filter(CSSProperty.isKnown).sorted()
    }

    // MARK: Writing

    mutating func write() -> String {
        output.reserveCapacity(tree.elements.count * 64)
        writeElement(0, instance: 0)
        return output
    }

    /// Writes element `node` of `instance` and its content; `copyID` names the root of a copy
    /// (each other element of a copy loses its id, so ids stay unique).
    mutating func writeElement(_ node: Int, instance: Int, copyID: String? = nil, inCopy: Bool = false) {
        let element = tree.elements[node]
        guard element.isSVG, !DocumentSafety.droppedElements.contains(element.name) else { return }
        let name = element.name
        if name == "style" {
            guard !inCopy, let sheet = safeSheet(of: node) else { return }
            output += "<style>\(xmlEscaped(sheet))</style>"
            return
        }
        let key = instance * tree.elements.count + node
        var attributes = safeAttributes(of: node)
        var declarations: [String] = []
        if inCopy || pinsAll { declarations += pinned(node) }
        if inCopy { attributes = attributes.filter { $0.name != "id" } }
        if let copyID { attributes.append(("id", copyID)) }
        if let parent = element.parent, tree.elements[parent].name == "switch" {
            switchAttributes(node, parent: parent, &attributes)
        }
        if name == "use", let target = source.useInstances[key], !isIdentity {
            attributes = attributes.filter { $0.name != "href" && $0.name != "xlink:href" }
            attributes.append(("href", "#\(copyName(target))"))
            schedule(target)
        }
        var before = ""
        var after = ""
        if let index = elementAt[key] {
            let drawn =
                if let value = appearance.liveValue, let live = appearance.elements[index].live {
                    liveDrawing(of: index, node: node, live: live, value: value)
                } else {
                    drawing(of: index, node: node, attributes: attributes)
                }
            (before, after) = (drawn.before, drawn.after)
            declarations += drawn.declarations
            if drawn.dropsPathLength { attributes = attributes.filter { $0.name != "pathLength" } }
        } else if let index = contentAt[key] {
            if let value = appearance.liveValue, appearance.contentFrom.indices.contains(index) {
                let from = appearance.contentFrom[index]
                if from > 0 { declarations.append(gatedOpacity(node, LiveReveal.gate(from: from, value: value))) }
            } else if !appearance.showsContent[index] {
                declarations.append("display:none")
            }
        }
        if node == 0 { attributes = rootAttributes(attributes) }
        if !declarations.isEmpty { attributes = styled(attributes, adding: declarations) }
        output += before
        output += "<\(name)"
        for (attribute, value) in attributes { output += " \(attribute)=\"\(xmlEscaped(value))\"" }
        output += ">"
        if node == 0 { output += appearance.prologue }
        let keepsText = Self.textElements.contains(name)
        for child in element.children {
            switch child {
            case .element(let index): writeElement(index, instance: instance, inCopy: inCopy)
            case .text(let text): if keepsText { output += xmlEscaped(text) }
            }
        }
        if node == 0 { writeCopies() }
        output += "</\(name)>"
        output += after
    }

    /// Writes the copies of `<use>` targets scheduled so far (and those they schedule), in a
    /// `<defs>`, then the appearance's epilogue.
    mutating func writeCopies() {
        if !pendingCopies.isEmpty {
            output += "<defs>"
            var next = 0
            while next < pendingCopies.count {
                let instance = pendingCopies[next]
                next += 1
                writeElement(
                    source.instances[instance].target, instance: instance, copyID: copyName(instance), inCopy: true)
            }
            output += "</defs>"
        }
        output += appearance.epilogue
    }

    mutating func schedule(_ instance: Int) {
        guard !scheduled.contains(instance) else { return }
        scheduled.insert(instance)
        pendingCopies.append(instance)
    }

    func copyName(_ instance: Int) -> String { "\(appearance.idPrefix)-u\(instance)" }

    /// The root's attributes: its size the canvas's, a `viewBox` (its own canvas when it has
    /// none), the namespaces, librsvg's initial font size where nothing sets one, and the
    /// appearance's own.
    func rootAttributes(_ attributes: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let replaced: Set<String> = ["width", "height", "x", "y", "xmlns", "xmlns:xlink", "version"]
        var result: [(name: String, value: String)] = [
            ("xmlns", XMLTree.svgNamespace), ("xmlns:xlink", XMLTree.xlinkNamespace),
            ("width", Self.number(appearance.size.width)), ("height", Self.number(appearance.size.height)),
        ]
        if tree.elements[0].attributes["viewBox"] == nil {
            result.append(("viewBox", "0 0 \(Self.number(source.canvas.width)) \(Self.number(source.canvas.height))"))
        }
        if tree.elements[0].attributes["font-size"] == nil {
            result.append(("font-size", Self.number(StyleResolver.Computed.initialFontSize)))
        }
        var extra = appearance.rootAttributes
        for (name, value) in attributes where !replaced.contains(name) {
            if let index = extra.firstIndex(where: { $0.name == name }), name == "class" {
                extra[index].value = value + " " + extra[index].value
            } else if !extra.contains(where: { $0.name == name }) {
                result.append((name, value))
            }
        }
        return result + extra
    }

    /// A `<switch>`'s child: the chosen one loses its conditions, the others get one no reader
    /// passes, so librsvg and browsers draw the child chosen when the document was read.
    func switchAttributes(_ node: Int, parent: Int, _ attributes: inout [(name: String, value: String)]) {
        let conditions: Set<String> = ["systemLanguage", "requiredExtensions", "requiredFeatures"]
        attributes = attributes.filter { !conditions.contains($0.name) }
        if source.switchChoices[parent] != node { attributes.append(("requiredExtensions", "pbrender:not-chosen")) }
    }

    /// The element's attributes, safe, in order.
    func safeAttributes(of node: Int) -> [(name: String, value: String)] {
        let element = tree.elements[node]
        var result: [(name: String, value: String)] = []
        for (name, value) in element.attributes {
            if let safe = DocumentSafety.attribute(name, value, element: element.name) { result.append((name, safe)) }
        }
        return result
    }

    /// The rules of the document's sheets pbrender matches, safe, as one sheet (only what is
    /// matched, so that librsvg, browsers and the progress agree on every element's style);
    /// written by the first `<style>` element, `nil` for the others.
    func safeSheet(of node: Int) -> String? {
        guard tree.elements.firstIndex(where: { $0.isSVG && $0.name == "style" }) == node else { return nil }
        var sheet = ""
        for rule in source.styles.sheet.rules {
            var declarations = rule.declarations.filter(DocumentSafety.isSafe)
            if dropsImportant {
                for index in declarations.indices where Self.rewrittenProperties.contains(declarations[index].property)
                {
                    declarations[index].isImportant = false
                }
            }
            guard !declarations.isEmpty else { continue }
            sheet += "\(rule.selectorText){\(declarations.map(DocumentSafety.text).joined(separator: ";"))}"
        }
        return sheet
    }

    /// The attributes with `declarations` added last to the `style` attribute, which wins over
    /// attributes and the sheets' rules (not `!important`: librsvg 2.54 ignores a `style`
    /// attribute's `!important` declarations, so an `!important` rule of a sheet still wins).
    func styled(_ attributes: [(name: String, value: String)], adding declarations: [String])
        -> [(name: String, value: String)]
    {
        let added = declarations.joined(separator: ";")
        var result = attributes
        if let index = result.firstIndex(where: { $0.name == "style" }) {
            result[index].value = result[index].value.isEmpty ? added : result[index].value + ";" + added
        } else {
            result.append(("style", added))
        }
        return result
    }

    /// The winning value of every property the sheets set, as element `node` has it where it
    /// stands in the document (``StyleResolver/cascade(_:in:)``), or its initial value.
    func pinned(_ node: Int) -> [String] {
        guard !pinnedProperties.isEmpty else { return [] }
        let element = tree.elements[node]
        let winners = source.styles.cascade(node, in: tree)
        return pinnedProperties.compactMap { property in
            guard let winner = winners[property] else {
                return "\(property):\(CSSProperty.initialValue(of: property, for: element.name))"
            }
            var value = winner.value
            if winner.fromAttribute {
                if property == "transform" {
                    guard let transform = TransformList.parse(value) else { return nil }
                    value =
                        "matrix(\([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(Self.number).joined(separator: ","))"
                        + ")"
                } else if ["font-size", "letter-spacing", "word-spacing", "baseline-shift"].contains(property),
                    Double(value.trimmingCharacters) != nil
                {
                    value = value.trimmingCharacters + "px"
                }
            }
            guard DocumentSafety.isSafe(StyleSheet.Declaration(property: property, value: value, isImportant: false))
            else { return nil }
            return "\(property):\(value)"
        }
    }

    // MARK: Drawn elements

    /// What drawing element `index` adds: declarations on the element, markup before it (its
    /// track) and after it (copies that draw parts of several subpaths).
    struct Drawing {
        var declarations: [String] = []
        var before = ""
        var after = ""
        var dropsPathLength = false
    }

    mutating func drawing(of index: Int, node: Int, attributes: [(name: String, value: String)]) -> Drawing {
        var drawing = Drawing()
        let element = measure.document.elements[index]
        let shown = appearance.elements[index]
        let style = element.style
        let scale = abs(element.transform.determinant).squareRoot()
        // pathLength: the own dashes are written out in user units, so it goes.
        drawing.dropsPathLength = tree.elements[node].attributes["pathLength"] != nil
        let ownDash = appearance.overrides.contains(.dash) ? userDash(scale) : (style.dashArray, style.dashOffset)
        if !shown.showsFill { drawing.declarations += Self.hiddenFill }
        let isOutline = !style.hasStroke
        let strokes = !isOutline || shown.showsOutline
        if let track = appearance.track, shown.showsTrack, strokes {
            drawing.before = copy(
                of: node, data: nil,
                declarations: trackDeclarations(track, style: style, scale: scale, dash: ownDash))
        }
        guard strokes else { return drawing }
        let base = strokeDeclarations(style: style, scale: scale, isOutline: isOutline)
        let subpathCount = measure.measures[index].subpaths.count
        let lengths = (0..<subpathCount).map { measure.localLength($0, index, scale: scale) }
        let stretches = measure.stretches(index, parts: shown.parts, scope: appearance.trimScope)
        let drawnSubpaths = lengths.indices.filter { lengths[$0] > 0 }
        let whole = drawnSubpaths.filter { subpath in
            guard let only = stretches[subpath], only.count == 1 else { return false }
            return only[0].start <= 1e-9 * lengths[subpath] && only[0].end >= lengths[subpath] * (1 - 1e-9)
        }
        let dashed = drawnSubpaths.filter { stretches[$0] != nil && !whole.contains($0) }
        if dashed.isEmpty && whole.count == drawnSubpaths.count && !drawnSubpaths.isEmpty {
            // Whole: its own stroke (and dashes), as the document draws it; its dashes written out
            // only where an override or a dropped pathLength changed them.
            let rewritesDash = appearance.overrides.contains(.dash) || drawing.dropsPathLength
            drawing.declarations += base + (rewritesDash ? dashDeclarations(ownDash) : [])
            return drawing
        }
        if whole.isEmpty && dashed.isEmpty {
            drawing.declarations.append("stroke:none")
            return drawing
        }
        if drawnSubpaths.count == 1, let only = dashed.first {
            drawing.declarations += base + cut(stretches[only] ?? [], length: lengths[only], own: ownDash)
            return drawing
        }
        // Several subpaths: the element keeps its fill; copies draw the stroke.
        drawing.declarations.append("stroke:none")
        let localSubpaths = element.localPath.subpaths
        if !whole.isEmpty {
            let data = Path(subpaths: whole.map { localSubpaths[$0] }).svgPathData(decimals: nil)
            drawing.after += copy(
                of: node, data: data, declarations: base + dashDeclarations(ownDash) + Self.hiddenFill)
        }
        for subpath in dashed {
            let data = Path(subpaths: [localSubpaths[subpath]]).svgPathData(decimals: nil)
            let dash = cut(stretches[subpath] ?? [], length: lengths[subpath], own: ownDash)
            drawing.after += copy(of: node, data: data, declarations: base + dash + Self.hiddenFill)
        }
        return drawing
    }

    /// What drawing element `index` adds in a live document: the element keeps its fill and
    /// markers (shown from the value ``SVGDocumentAppearance/Live/fillFrom`` says), its stroke
    /// hidden; copies after it stroke each subpath with a dash that CSS computes from the value
    /// (``LiveReveal``), in the element's user space (its transform is a similarity:
    /// ``SVGDocumentMeasure/liveProblem(_:)``), run backwards for a reversed drawing; its track is
    /// a copy before it. An outline and its track hide from ``SVGDocumentAppearance/Live/outlineHidesFrom``.
    mutating func liveDrawing(of index: Int, node: Int, live: SVGDocumentAppearance.Live, value: String) -> Drawing {
        var drawing = Drawing()
        let element = measure.document.elements[index]
        let style = element.style
        let scale = abs(element.transform.determinant).squareRoot()
        drawing.dropsPathLength = tree.elements[node].attributes["pathLength"] != nil
        if let from = live.fillFrom {
            if from > 0 { drawing.declarations.append(gatedOpacity(node, LiveReveal.gate(from: from, value: value))) }
        } else if !appearance.elements[index].showsFill {
            drawing.declarations += Self.hiddenFill
        }
        drawing.declarations.append("stroke:none")
        let isOutline = !style.hasStroke
        guard !isOutline || style.fillPaints else { return drawing }
        let outlineGate = isOutline ? live.outlineHidesFrom.map { LiveReveal.gate(until: $0, value: value) } : nil
        // The strokes' gates, and for an outline the gate that hides it at the end; the element's
        // own opacity applies to its strokes together, in a group, as to the element.
        func opacity(_ gate: String) -> String { "opacity:" + (outlineGate.map { "min(\(gate), \($0))" } ?? gate) }
        if let track = appearance.track, appearance.elements[index].showsTrack {
            drawing.before = copy(
                of: node, data: nil,
                declarations: trackDeclarations(track, style: style, scale: scale, dash: ([], 0))
                    + (outlineGate.map { [gatedOpacity(node, $0)] } ?? []))
        }
        let base = strokeDeclarations(style: style, scale: scale, isOutline: isOutline) + Self.hiddenFill
        let subpaths = element.localPath.subpaths
        let order = appearance.isReversed ? Array(subpaths.indices.reversed()) : Array(subpaths.indices)
        let reveals = LiveReveal.reveals(
            lengths: order.map { measure.localLength($0, index, scale: scale) },
            closed: order.map { subpaths[$0].isClosed }, scope: appearance.trimScope, map: live.map, initialEnd: 0,
            value: value, numbers: Self.numbers)
        let own = ownOpacity(node)
        if own < 1 { drawing.after += "<g opacity=\"\(Self.number(own))\">" }
        for (position, subpath) in order.enumerated() {
            guard let reveal = reveals[position] else { continue }
            let run = appearance.isReversed ? subpaths[subpath].reversed() : subpaths[subpath]
            let data = Path(subpaths: [run]).svgPathData(decimals: nil)
            let dash =
                reveal.initialDash == nil
                ? ["stroke-dasharray:none"]
                : ["stroke-dasharray:\(reveal.dashArray)", "stroke-dashoffset:\(Self.number(-reveal.dashStart))"]
            drawing.after += copy(of: node, data: data, declarations: base + dash + [opacity(reveal.opacity)])
            if let whole = reveal.whole {
                drawing.after += copy(
                    of: node, data: data, declarations: base + ["stroke-dasharray:none", opacity(whole.opacity)])
            }
        }
        if own < 1 { drawing.after += "</g>" }
        return drawing
    }

    /// Element `node`'s own `opacity` (what the sheets or its attribute give it), 1 where none.
    func ownOpacity(_ node: Int) -> Double {
        guard let text = source.styles.cascade(node, in: tree)["opacity"]?.value.trimmingCharacters else { return 1 }
        let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        return min(max(number ?? 1, 0), 1)
    }

    /// `opacity` as element `node`'s own times `gate`.
    func gatedOpacity(_ node: Int, _ gate: String) -> String {
        let own = ownOpacity(node)
        return own == 1 ? "opacity:\(gate)" : "opacity:calc(\(Self.number(own)) * \(gate))"
    }

    /// The style's dash pattern in the element's user units (the overriding progress stroke's).
    func userDash(_ scale: Double) -> (array: [Double], offset: Double) {
        guard scale > 0 else { return ([], 0) }
        let dash = appearance.progress.dash
        let array = dash.reduce(0, +) > 0 ? (dash.count % 2 == 1 ? dash + dash : dash) : []
        return (array.map { $0 / scale }, appearance.progress.dashPhase / scale)
    }

    /// The declarations that write the own dash pattern out (needed where an override or
    /// `pathLength` changed it), or none for a solid stroke left as it is.
    func dashDeclarations(_ own: (array: [Double], offset: Double)) -> [String] {
        guard !own.array.isEmpty else { return appearance.overrides.contains(.dash) ? ["stroke-dasharray:none"] : [] }
        return [
            "stroke-dasharray:\(own.array.map(Self.number).joined(separator: " "))",
            "stroke-dashoffset:\(Self.number(own.offset))",
        ]
    }

    /// The dash declarations showing `stretches` of a subpath of `length`, the own pattern cut
    /// to them; `stroke:none` when that shows nothing.
    func cut(_ stretches: [DashWindow.Interval], length: Double, own: (array: [Double], offset: Double)) -> [String] {
        let visible = stretches.flatMap { DashWindow.visible($0, own: own.array, offset: own.offset) }
        guard let pattern = DashWindow.pattern(showing: visible, length: length) else { return ["stroke:none"] }
        return [
            "stroke-dasharray:\(pattern.array.map(Self.number).joined(separator: " "))",
            "stroke-dashoffset:\(Self.number(pattern.offset))",
        ]
    }

    /// The stroke of an element: for an outline, the progress stroke, 1 user unit wide unless it
    /// gives a width; for an own stroke, what the overrides replace.
    func strokeDeclarations(style: SVGStyle, scale: Double, isOutline: Bool) -> [String] {
        let progress = appearance.progress
        let overrides: SVGDocumentAppearance.Overrides =
            isOutline ? [.paint, .width, .lineCap, .lineJoin, .miterLimit] : appearance.overrides
        var result: [String] = []
        if overrides.contains(.paint) { result += Self.stroke(progress) + ["stroke-opacity:1"] }
        if overrides.contains(.width) {
            let width = progress.width.map { scale > 0 ? $0 / scale : 0 } ?? (isOutline ? 1 : style.strokeWidth)
            result.append("stroke-width:\(Self.number(width))")
        }
        if overrides.contains(.lineCap) { result.append("stroke-linecap:\(progress.lineCap.rawValue)") }
        if overrides.contains(.lineJoin) { result.append("stroke-linejoin:\(progress.lineJoin.rawValue)") }
        if overrides.contains(.miterLimit) { result.append("stroke-miterlimit:\(Self.number(progress.miterLimit))") }
        return result
    }

    /// `stroke` as `paint` says: its colour, then its custom property where it has one.
    static func stroke(_ paint: SVGDocumentAppearance.Stroke) -> [String] {
        ["stroke:\(paint.paint)"] + (paint.variable.map { ["stroke:var(\($0), \(paint.paint))"] } ?? [])
    }

    /// The track's stroke: its paint, its width (the element's, or an outline's), the element's
    /// dashes, no fill or markers.
    func trackDeclarations(
        _ track: SVGDocumentAppearance.Stroke, style: SVGStyle, scale: Double, dash: (array: [Double], offset: Double)
    ) -> [String] {
        let own = style.hasStroke ? style.strokeWidth : (appearance.progress.width.map { $0 / max(scale, 1e-300) } ?? 1)
        let width = track.width.map { scale > 0 ? $0 / scale : 0 } ?? own
        return Self.stroke(track) + ["stroke-opacity:1", "stroke-width:\(Self.number(width))"]
            + ["stroke-linecap:\(appearance.progress.lineCap.rawValue)"].filter { _ in !style.hasStroke }
            + (dash.array.isEmpty ? ["stroke-dasharray:none"] : dashDeclarations(dash)) + Self.hiddenFill
    }

    /// A copy of element `node` (no id, no markers, pinned): the element itself with `data`
    /// `nil`, or a `<path>` of `data` in its user space.
    func copy(of node: Int, data: String?, declarations: [String]) -> String {
        let element = tree.elements[node]
        var attributes = safeAttributes(of: node).filter { $0.name != "id" }
        if let data {
            attributes = attributes.filter { !Self.geometryAttributes.contains($0.name) }
            attributes.append(("d", data))
        }
        attributes = styled(attributes, adding: pinned(node) + declarations)
        let name = data == nil ? element.name : "path"
        var markup = "<\(name)"
        for (attribute, value) in attributes { markup += " \(attribute)=\"\(xmlEscaped(value))\"" }
        return markup + "/>"
    }

    // MARK: Text

    static func number(_ value: Double) -> String { numbers.string(value) }
}
