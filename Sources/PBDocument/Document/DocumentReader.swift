import PBGeometry

/// Walks a document's tree in rendering order, as librsvg renders it, and collects what the
/// progress draws along: each shape that strokes or fills, with its path, transform and the
/// style the progress needs; what else draws (text, images, markers alone) and where it comes
/// in that order; the canvas; and the warnings, one per cause.
struct DocumentReader {
    let tree: XMLTree
    let fileName: String?
    let limits: SVGDocumentLimits
    var styles = StyleResolver()
    /// Each element's winning declarations, once worked out (a used element is drawn again).
    var cascades: [Int: [String: StyleResolver.Winner]] = [:]
    /// The first element with each `id`.
    var ids: [String: Int] = [:]
    var elements: [SVGElement] = []
    var content: [SVGContent] = []
    /// The `<use>` instances met: instance 0 is the document itself, each other one a `<use>`
    /// drawn within another instance.
    var instances: [DocumentInstance] = [DocumentInstance(use: -1, parent: -1, target: 0)]
    /// The instance each `<use>` makes within each instance, by `instance × element count + use`.
    var useInstances: [Int: Int] = [:]
    /// The `<switch>` children chosen, by `<switch>` element.
    var switchChoices: [Int: Int] = [:]
    var warnings = WarningTally()
    /// The elements being drawn, from the root down, `<use>` targets included: a `<use>` of one
    /// of them is a cycle.
    var active: Set<Int> = []
    /// The elements visited so far, each `<use>` expansion counted again.
    var visits = 0
    /// Each `<path>`'s path and each `<polyline>`'s and `<polygon>`'s points, read once (a used
    /// element is drawn again without reading them again); `nil` where not read yet.
    var pathData: [Path?]
    var pointLists: [[Point]?]
    /// Whether the `<style>` sheets went past ``SVGDocumentLimits/maximumStyleRuleCount`` rules or
    /// ``SVGDocumentLimits/maximumStyleDeclarationCount`` declarations (reading them stopped there).
    var sheetsOverLimit = false

    /// Where an element is drawn: its user space's map to the canvas, the viewport its
    /// percentages refer to, the style it inherits, and the `<use>` instance it is drawn in.
    struct Context {
        var transform: Transform
        var viewport: Size
        var computed: StyleResolver.Computed
        var instance: Int
    }

    /// The elements that are never drawn where they stand (but may be used).
    static let notRendered: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "marker", "pattern", "linearGradient", "radialGradient", "filter",
        "style", "title", "desc", "metadata", "script", "foreignObject", "font", "font-face", "cursor", "view",
        "animate", "animateTransform", "animateMotion", "set", "mpath", "discard",
    ]

    /// The shapes, which the progress draws along.
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// The language `<switch>` tests `systemLanguage` against: English, whatever the locale
    /// (librsvg follows the process's locale, browsers their own: a rewritten document keeps only
    /// the child chosen here, so both draw it).
    static let language = "en"

    init(tree: XMLTree, fileName: String?, limits: SVGDocumentLimits) {
        self.tree = tree
        self.fileName = fileName
        self.limits = limits
        pathData = Array(repeating: nil, count: tree.elements.count)
        pointLists = Array(repeating: nil, count: tree.elements.count)
        for (index, element) in tree.elements.enumerated() {
            if let id = element.attributes["id"], ids[id] == nil { ids[id] = index }
            if element.isSVG, element.name == "style" {
                let type = element.attributes["type"]?.lowercased() ?? "text/css"
                guard type == "text/css" || type.isEmpty else { continue }
                var text = ""
                for case .text(let content) in element.children { text += content }
                if !sheetsOverLimit {
                    sheetsOverLimit = !styles.sheet.add(
                        text, maximumRules: limits.maximumStyleRuleCount,
                        maximumDeclarations: limits.maximumStyleDeclarationCount)
                }
            }
        }
    }

    /// Refuses a document whose drawing would cost more than its limits allow, counted from the
    /// tree before anything is expanded, resolved or drawn (``DocumentCost``); reads each shape's
    /// path data and points on the way, once.
    ///
    /// - Returns: the cost, within the limits.
    /// - Throws: ``SVGDocumentError``: `tooManyStyleRules`, `tooManyAttributes`, `overBudget`, or
    ///   a `<use>` cycle or chain too deep.
    @discardableResult
    mutating func checkCost() throws(SVGDocumentError) -> DocumentCost {
        guard !sheetsOverLimit else {
            throw SVGDocumentError(
                kind: .tooManyStyleRules(
                    limit: limits.maximumStyleRuleCount, declarationLimit: limits.maximumStyleDeclarationCount),
                fileName: fileName, line: 0)
        }
        // `stroke-dasharray` is inherited, through <use> too: every shape drawn is counted with the
        // longest list anywhere in the document, twice (an odd list is repeated).
        let sheetDashes =
            styles.sheet.rules.lazy.flatMap(\.declarations).filter { $0.property == "stroke-dasharray" }
            .map { Self.listCount($0.value) }.max() ?? 0
        let elementDashes =
            tree.elements.lazy.compactMap { element in
                let inline = element.attributes["style"].flatMap { style in
                    StyleSheet.declarations(style).last { $0.property == "stroke-dasharray" }?.value
                }
                return [element.attributes["stroke-dasharray"], inline].compactMap { $0 }.map(Self.listCount).max()
            }.max() ?? 0
        let dashes = 2 * Double(max(sheetDashes, elementDashes))
        let ruleWork = DocumentCost.ruleWork(styles.sheet)
        var own = Array(repeating: DocumentCost(), count: tree.elements.count)
        for (index, element) in tree.elements.enumerated() where element.isSVG {
            let inline = element.attributes["style"].map(Self.declarationCount) ?? 0
            guard element.attributes.count + inline <= limits.maximumAttributeCount else {
                throw failure(
                    .tooManyAttributes(count: element.attributes.count + inline, limit: limits.maximumAttributeCount),
                    at: index)
            }
            own[index].elements = 1
            own[index].styleMatches = DocumentCost.styleSteps(
                of: element, ruleWork: ruleWork, inlineDeclarations: inline)
            switch element.name {
            case "path": own[index].segments = Double((try? pathOfData(index))?.elements.count ?? 0)
            case "polyline", "polygon": own[index].segments = Double(((try? points(index))?.count ?? 0) + 1)
            default:
                guard let count = BasicShapes.elementCounts[element.name] else { continue }
                own[index].segments = Double(count)
            }
            own[index].dashEntries = dashes
        }
        let cost = try DocumentCost(tree: tree, ids: ids, own: own, limits: limits, fileName: fileName)
        try cost.check(limits, fileName: fileName)
        return cost
    }

    /// How many items a list of numbers (a `stroke-dasharray`, or a `style` holding one) could
    /// have at most: its runs of digits, since every number has at least one of its own (`1+2`,
    /// `1.2.3` and `1e3` need no separator to hold several runs). A bound, not a parse.
    static func listCount(_ text: String) -> Int {
        var (count, previousIsDigit) = (0, false)
        for byte in text.utf8 {
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if isDigit && !previousIsDigit { count += 1 }
            previousIsDigit = isDigit
        }
        return count
    }

    /// How many declarations a `style` attribute could hold at most: one more than its `;`s.
    static func declarationCount(_ text: String) -> Int {
        1 + text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ";") ? 1 : 0) }
    }

    /// The winning declarations of the element at `index`, worked out once.
    mutating func cascade(_ index: Int) -> [String: StyleResolver.Winner] {
        if let known = cascades[index] { return known }
        let winners = styles.cascade(index, in: tree)
        cascades[index] = winners
        return winners
    }

    /// The computed style of the element at `index` in a parent's context, its ignored values
    /// warned of.
    mutating func compute(_ index: Int, parent: Context) throws(SVGDocumentError) -> StyleResolver.Computed {
        var messages: [String] = []
        let element = tree.elements[index]
        do {
            let computed = try styles.compute(
                cascade(index), parent: parent.computed, viewport: parent.viewport, element: element.name
            ) { messages.append($0) }
            for message in messages { warnings.add(message, line: element.line) }
            return computed
        } catch {
            var located = error
            (located.fileName, located.line) = (fileName, element.line)
            throw located
        }
    }

    func failure(_ kind: SVGDocumentError.Kind, at index: Int) -> SVGDocumentError {
        SVGDocumentError(kind: kind, fileName: fileName, line: tree.elements[index].line)
    }

    /// Reads the whole document: the root's canvas, then every element in order.
    mutating func read() throws(SVGDocumentError) -> Size {
        guard let root = tree.elements.first, root.isSVG, root.name == "svg" else {
            throw SVGDocumentError(
                kind: .notSVG(root: tree.elements.first?.name ?? ""), fileName: fileName,
                line: tree.elements.first?.line ?? 0)
        }
        let viewBox = try self.viewBox(of: 0)
        let initial = Context(
            transform: .identity, viewport: Size(width: 0, height: 0), computed: StyleResolver.Computed(), instance: 0)
        let computed = try compute(0, parent: initial)
        // The canvas: width and height (a percentage has nothing to refer to: it is left out),
        // the missing one from the view box's aspect ratio, or the view box's size, or CSS's
        // default 300 × 150 for a replaced element with nothing given.
        var width = try canvasLength("width", fontSize: computed.fontSize)
        var height = try canvasLength("height", fontSize: computed.fontSize)
        if let box = viewBox?.rect {
            switch (width, height) {
            case (nil, nil): (width, height) = (box.width, box.height)
            case (let w?, nil): height = w * box.height / box.width
            case (nil, let h?): width = h * box.width / box.height
            default: break
            }
        }
        let canvas = Size(width: width ?? 300, height: height ?? 150)
        guard canvas.width >= 0, canvas.height >= 0 else {
            throw failure(
                .invalidValue(
                    element: "svg", attribute: "width", value: "\(canvas.width) × \(canvas.height)",
                    reason: "the canvas cannot be negative"), at: 0)
        }
        // SVG: a width or height of zero disables rendering (found by fuzzing: the layout then
        // blamed the command line's --width, which nobody gave).
        let sides = [("width", canvas.width), ("height", canvas.height)].filter { $0.1 == 0 }
        // The side written as zero before one derived from it through the view box.
        for (name, _) in sides.sorted(by: { root.attributes[$0.0] != nil && root.attributes[$1.0] == nil }) {
            throw failure(
                .invalidValue(
                    element: "svg", attribute: name, value: root.attributes[name] ?? "0",
                    reason: "a canvas of no \(name) shows nothing (SVG disables rendering)"), at: 0)
        }
        let transform = viewBox?.transform(onto: canvas) ?? .identity
        let viewport = viewBox?.rect.size ?? canvas
        if computed.isDisplayed {
            active.insert(0)
            try children(
                of: 0, Context(transform: transform, viewport: viewport, computed: computed, instance: 0))
        }
        warnAboutSheets()
        warnAboutUndrawnElements()
        try checkDashes()
        return canvas
    }

    /// Refuses strokes that would lay more dashes than the limit: each dashed element's length in
    /// its user space over its pattern's period, plus one, times the pattern's dashes (found by fuzzing: a
    /// dashed `<rect>` 6 × 10^30 units tall, 200 bytes, took Cairo 2 GiB). An element without a stroke
    /// counts too: the progress stroke along its outline follows its dash pattern (found by fuzzing: a
    /// filled `<rect>` 5.6 × 10^105 tall under a `<g>`'s pattern kept the rewrite walking its
    /// periods). Lengths are measured only for dashed elements, whose segments the segment budget
    /// already bounds.
    func checkDashes() throws(SVGDocumentError) {
        var dashes = 0.0
        for element in elements where !element.style.dashArray.isEmpty {
            let pattern = element.style.dashArray
            let period = pattern.reduce(0, +)
            guard period > 0 else { continue }
            dashes += (PathMeasure(element.localPath).length / period + 1) * Double((pattern.count + 1) / 2)
        }
        let limit = limits.maximumDrawnDashCount
        guard dashes <= Double(limit) else {
            throw SVGDocumentError(kind: .overBudget(.dashes, count: dashes, limit: limit), fileName: fileName, line: 0)
        }
    }

    /// Warns, once for each kind, of elements that draw nothing wherever they stand: animations
    /// (the rewrite leaves them out, so that the picture is the document as it stands), media
    /// that is not SVG, and text along a path (librsvg 2.54 does not lay it out; browsers do).
    mutating func warnAboutUndrawnElements() {
        for element in tree.elements where element.isSVG {
            switch element.name {
            case "animate", "animateColor", "animateMotion", "animateTransform", "set", "discard":
                warnings.count(
                    "<\(element.name)>", "animate nothing: the document is drawn as it stands, its animations left out",
                    line: element.line)
            case "video", "audio", "iframe", "canvas":
                warnings.count(
                    "<\(element.name)>", "draw nothing: their content is not SVG and is left out", line: element.line)
            case "textPath":
                warnings.count(
                    "<textPath>", "draw nothing: librsvg does not lay text along a path", line: element.line)
            default:
                break
            }
        }
    }

    /// Warns, once each, of the style sheets' parts librsvg is not given: selectors pbrender
    /// cannot match and at-rules (a rewritten document's sheet holds only the rules matched here,
    /// so that what it draws and what the progress follows agree).
    mutating func warnAboutSheets() {
        let line = tree.elements.first { $0.name == "style" }?.line ?? 0
        let skipped = styles.sheet.skippedSelectors
        if let first = skipped.first {
            let others = skipped.count > 1 ? " and \(skipped.count - 1) more" : ""
            warnings.add(
                "the style rules of selector \"\(SVGDocumentError.shortened(first))\"\(others) are not applied "
                    + "(namespaces, pseudo-elements and dynamic pseudo-classes are not matched)", line: line)
        }
        let atRules = styles.sheet.skippedAtRuleCount
        if atRules > 0 {
            warnings.add(
                atRules == 1
                    ? "an at-rule (@media, @font-face, @import, …) in the style sheet is not applied"
                    : "\(atRules) at-rules (@media, @font-face, @import, …) in the style sheet are not applied",
                line: line)
        }
    }

    /// Draws the children of `index` in order.
    mutating func children(of index: Int, _ context: Context) throws(SVGDocumentError) {
        for child in tree.elements[index].elementChildren {
            try draw(child, context)
        }
    }

    /// Draws one element (and what it contains or uses) in `context`, its parent's.
    mutating func draw(_ index: Int, _ parent: Context, useTarget: Bool = false) throws(SVGDocumentError) {
        let element = tree.elements[index]
        guard element.isSVG else { return }
        visits += 1
        // A second line behind the estimate (DocumentCost), which counts every element this can visit.
        guard visits <= limits.maximumDrawnElementCount else {
            throw failure(
                .overBudget(.elements, count: Double(visits), limit: limits.maximumDrawnElementCount), at: index)
        }
        let name = element.name
        if name == "foreignObject" {
            warnings.add("a <foreignObject> draws nothing: its content is not SVG and is left out", line: element.line)
            return
        }
        if Self.notRendered.contains(name) && !(useTarget && name == "symbol") { return }
        var context = parent
        context.computed = try compute(index, parent: parent)
        guard context.computed.isDisplayed else { return }
        if let transform = context.computed.transform, name != "svg" {
            context.transform = transform.concatenating(context.transform)
        }
        active.insert(index)
        defer { active.remove(index) }
        // Elements and the <use>s between them: a long chain of uses nests as deep as groups do.
        guard active.count <= limits.maximumDepth else {
            throw failure(.tooDeep(limit: limits.maximumDepth), at: index)
        }
        switch name {
        case "g", "a":
            try children(of: index, context)
        case "switch":
            if let child = try chosenChild(of: index) { try draw(child, context) }
        case "svg", "symbol":
            try viewport(of: index, context, size: nil)
        case "use":
            try use(index, context)
        case "text":
            addContent(
                index, context, warning: "appear when the drawing reaches them: text has no outline to draw along")
        case "image":
            let reference = element.attributes["href"] ?? element.attributes["xlink:href"] ?? ""
            if !Self.isInside(reference, allowingData: true) {
                warnings.add(
                    "<image> href=\"\(SVGDocumentError.shortened(reference))\" draws nothing: nothing outside the "
                        + "document is read", line: element.line)
                return
            }
            addContent(index, context, warning: "appear when the drawing reaches them: an image has no outline")
        case _ where Self.shapes.contains(name):
            try shape(index, context)
        default:
            // Unknown elements and their content are not drawn, as in a browser.
            break
        }
    }

    /// A shape: a drawn element when its stroke or its fill paints (the progress runs along it),
    /// content when only its markers do.
    mutating func shape(_ index: Int, _ context: Context) throws(SVGDocumentError) {
        let computed = context.computed
        guard computed.isVisible, let path = try shape(index, context.viewport, fontSize: computed.fontSize),
            !path.isEmpty
        else { return }
        let element = tree.elements[index]
        let hasStroke = computed.hasStrokePaint && computed.strokeWidth > 0
        guard hasStroke || computed.fillPaints else {
            if computed.hasMarkers {
                addContent(index, context, warning: "appear when the drawing reaches them: they draw only markers")
            }
            return
        }
        var dashArray = computed.dashArray
        var dashOffset = computed.dashOffset
        let pathLength = element.attributes["pathLength"].flatMap { Double($0.trimmingCharacters) }
        if let pathLength, pathLength > 0, pathLength.isFinite, !dashArray.isEmpty {
            // As browsers lay the dashes: in units of pathLength (librsvg ignores it; the rewrite
            // writes the lengths out, so both draw the browsers' dashes).
            let ratio = PathMeasure(path).length / pathLength
            dashArray = dashArray.map { $0 * ratio }
            dashOffset *= ratio
        }
        let style = SVGStyle(
            hasStroke: hasStroke, strokeWidth: computed.strokeWidth, dashArray: dashArray, dashOffset: dashOffset,
            fillPaints: computed.fillPaints, hasMarkers: computed.hasMarkers)
        elements.append(
            SVGElement(
                tag: element.name, id: element.attributes["id"], localPath: path, transform: context.transform,
                style: style, line: element.line, node: index, instance: context.instance))
    }

    /// Records something that draws but has no outline to draw along, with the warning its kind
    /// gives (once, with a count).
    mutating func addContent(_ index: Int, _ context: Context, warning: String) {
        let element = tree.elements[index]
        content.append(
            SVGContent(
                tag: element.name, line: element.line, position: elements.count, node: index,
                instance: context.instance))
        warnings.count("<\(element.name)>", warning, line: element.line)
    }

    /// The child of a `<switch>` librsvg and browsers draw: the first element whose conditions
    /// pass (`requiredExtensions`: none is supported; `systemLanguage`: ``language``), a
    /// `<foreignObject>` left out.
    mutating func chosenChild(of index: Int) throws(SVGDocumentError) -> Int? {
        if let known = switchChoices[index] { return known }
        let chosen = tree.elements[index].elementChildren.first { child in
            let element = tree.elements[child]
            guard element.isSVG, element.name != "foreignObject" else { return false }
            if element.attributes["requiredExtensions"] != nil { return false }
            if let languages = element.attributes["systemLanguage"] {
                return languages.split(separator: ",").contains { tag in
                    let tag = tag.trimmingCharacters.lowercased()
                    return tag == Self.language || tag.hasPrefix(Self.language + "-")
                }
            }
            return true
        }
        switchChoices[index] = chosen
        return chosen
    }

    /// Whether a reference names something inside the document: a fragment (`#id`), or with
    /// `allowingData` a `data:` URL.
    static func isInside(_ reference: String, allowingData: Bool) -> Bool {
        let trimmed = reference.trimmingCharacters
        return trimmed.hasPrefix("#") || (allowingData && trimmed.lowercased().hasPrefix("data:"))
    }

    /// The `id` a `<use>` draws: its `href` (or `xlink:href`) trimmed, without the `#`; nil when it has
    /// none or names something outside the document. The reader and the budget (``DocumentCost``)
    /// both resolve a `<use>` by it, so that the budget counts exactly what is drawn.
    static func usedID(of element: XMLTree.Element) -> String? {
        guard let reference = element.attributes["href"] ?? element.attributes["xlink:href"] else { return nil }
        let trimmed = reference.trimmingCharacters
        return trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : nil
    }

    /// A nested `<svg>` (at `x`, `y`, with its own `width` and `height`, default 100%) or a used
    /// `<symbol>` (sized by the `<use>`, `size`): a new viewport, its `viewBox` mapped onto it.
    mutating func viewport(of index: Int, _ context: Context, size: Size?) throws(SVGDocumentError) {
        var context = context
        let element = tree.elements[index]
        let viewBox = try self.viewBox(of: index)
        let fontSize = context.computed.fontSize
        var origin = Point.zero
        if element.name == "svg" {
            origin = Point(
                try length("x", of: index, context.viewport, .horizontal, fontSize: fontSize) ?? 0,
                try length("y", of: index, context.viewport, .vertical, fontSize: fontSize) ?? 0)
        }
        var (width, height) = (size?.width, size?.height)
        if size == nil {
            width = try length("width", of: index, context.viewport, .horizontal, fontSize: fontSize)
            height = try length("height", of: index, context.viewport, .vertical, fontSize: fontSize)
        }
        let box = Size(width: width ?? context.viewport.width, height: height ?? context.viewport.height)
        guard box.width > 0, box.height > 0 else { return }
        var transform = Transform(translationX: origin.x, y: origin.y)
        if let viewBox { transform = viewBox.transform(onto: box).concatenating(transform) }
        context.transform = transform.concatenating(context.transform)
        context.viewport = viewBox?.rect.size ?? box
        try children(of: index, context)
    }

    /// A `<use>`: the element its `href` (or `xlink:href`) names, moved by `x` and `y`, drawn
    /// with the `<use>`'s style as its parent's, as an instance of its own.
    mutating func use(_ index: Int, _ context: Context) throws(SVGDocumentError) {
        let element = tree.elements[index]
        guard let reference = element.attributes["href"] ?? element.attributes["xlink:href"] else { return }
        guard let id = Self.usedID(of: element) else {
            warnings.add(
                "<use> href=\"\(SVGDocumentError.shortened(reference))\" draws nothing: nothing outside the document "
                    + "is read", line: element.line)
            return
        }
        guard let target = ids[id] else {
            warnings.add(
                "<use> href=\"\(SVGDocumentError.shortened(reference))\" refers to no element: nothing drawn",
                line: element.line)
            return
        }
        guard !active.contains(target) else { throw failure(.useCycle(reference: reference), at: index) }
        var context = context
        let fontSize = context.computed.fontSize
        let x = try length("x", of: index, context.viewport, .horizontal, fontSize: fontSize) ?? 0
        let y = try length("y", of: index, context.viewport, .vertical, fontSize: fontSize) ?? 0
        context.transform = Transform(translationX: x, y: y).concatenating(context.transform)
        let key = context.instance * tree.elements.count + index
        let instance = useInstances[key] ?? instances.count
        if useInstances[key] == nil {
            useInstances[key] = instance
            instances.append(DocumentInstance(use: index, parent: context.instance, target: target))
        }
        context.instance = instance
        let targetElement = tree.elements[target]
        if targetElement.isSVG, targetElement.name == "symbol" {
            // The symbol's own style applies under the use's.
            var symbolContext = context
            symbolContext.computed = try compute(target, parent: context)
            guard symbolContext.computed.isDisplayed else { return }
            let width = try length("width", of: index, context.viewport, .horizontal, fontSize: fontSize)
            let height = try length("height", of: index, context.viewport, .vertical, fontSize: fontSize)
            let size = Size(width: width ?? context.viewport.width, height: height ?? context.viewport.height)
            active.insert(target)
            defer { active.remove(target) }
            try viewport(of: target, symbolContext, size: size)
        } else {
            try draw(target, context, useTarget: true)
        }
    }

    // MARK: Shapes

    /// The path of a basic shape or `<path>` in its user space, or `nil` when SVG draws nothing
    /// (a zero or negative size).
    mutating func shape(_ index: Int, _ viewport: Size, fontSize: Double) throws(SVGDocumentError) -> Path? {
        let element = tree.elements[index]
        func length(_ name: String, _ direction: SVGLength.Direction) throws(SVGDocumentError) -> Double? {
            try self.length(name, of: index, viewport, direction, fontSize: fontSize)
        }
        switch element.name {
        case "path":
            return try pathOfData(index)
        case "rect":
            let (x, y) = (try length("x", .horizontal) ?? 0, try length("y", .vertical) ?? 0)
            guard let width = try length("width", .horizontal), let height = try length("height", .vertical),
                width > 0, height > 0
            else { return nil }
            // SVG 2: a negative radius is invalid, as `auto`; `auto` takes the other; each is at
            // most half its side.
            var rx = try length("rx", .horizontal).flatMap { $0 >= 0 ? $0 : nil }
            var ry = try length("ry", .vertical).flatMap { $0 >= 0 ? $0 : nil }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return BasicShapes.rect(
                x: x, y: y, width: width, height: height, rx: min(rx ?? 0, width / 2), ry: min(ry ?? 0, height / 2))
        case "circle":
            let (cx, cy) = (try length("cx", .horizontal) ?? 0, try length("cy", .vertical) ?? 0)
            guard let r = try length("r", .other), r > 0 else { return nil }
            return BasicShapes.ellipse(cx: cx, cy: cy, rx: r, ry: r)
        case "ellipse":
            let (cx, cy) = (try length("cx", .horizontal) ?? 0, try length("cy", .vertical) ?? 0)
            var rx = try length("rx", .horizontal).flatMap { $0 >= 0 ? $0 : nil }
            var ry = try length("ry", .vertical).flatMap { $0 >= 0 ? $0 : nil }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            return BasicShapes.ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
        case "line":
            let start = Point(try length("x1", .horizontal) ?? 0, try length("y1", .vertical) ?? 0)
            let end = Point(try length("x2", .horizontal) ?? 0, try length("y2", .vertical) ?? 0)
            return BasicShapes.poly([start, end], closed: false)
        default:
            guard let points = try points(index) else { return nil }
            return BasicShapes.poly(points, closed: element.name == "polygon")
        }
    }

    /// A `<path>`'s `d`, read the first time it is asked for; `nil` when it has none.
    ///
    /// - Throws: ``SVGDocumentError`` (`invalidPathData`).
    mutating func pathOfData(_ index: Int) throws(SVGDocumentError) -> Path? {
        if let known = pathData[index] { return known }
        guard let data = tree.elements[index].attributes["d"] else { return nil }
        do {
            let path = try Path(svgPathData: data, limits: limits.pathData)
            pathData[index] = path
            return path
        } catch {
            throw failure(.invalidPathData(element: "path", error: error), at: index)
        }
    }

    /// A `<polyline>`'s or `<polygon>`'s `points`, read the first time they are asked for; `nil`
    /// when it has none.
    ///
    /// - Throws: ``SVGDocumentError`` (`invalidValue`) for numbers that are not pairs.
    mutating func points(_ index: Int) throws(SVGDocumentError) -> [Point]? {
        if let known = pointLists[index] { return known }
        let element = tree.elements[index]
        guard let text = element.attributes["points"] else { return nil }
        var scanner = ValueScanner(text)
        guard let numbers = scanner.numberList(), numbers.count % 2 == 0 else {
            throw failure(
                .invalidValue(
                    element: element.name, attribute: "points", value: text,
                    reason: "expected pairs of numbers (x,y) separated by white space or commas"), at: index)
        }
        let points = stride(from: 0, to: numbers.count, by: 2).map { Point(numbers[$0], numbers[$0 + 1]) }
        pointLists[index] = points
        return points
    }

    // MARK: Attributes

    /// A length attribute in user units, or `nil` when absent or `auto`.
    func length(
        _ name: String, of index: Int, _ viewport: Size, _ direction: SVGLength.Direction, fontSize: Double
    ) throws(SVGDocumentError) -> Double? {
        guard let text = tree.elements[index].attributes[name], text.trimmingCharacters.lowercased() != "auto" else {
            return nil
        }
        do {
            return try SVGLength(parsing: text).resolved(in: viewport, direction, fontSize: fontSize)
        } catch .unknownUnit(let unit) {
            throw failure(.unknownUnit(element: tree.elements[index].name, attribute: name, unit: unit), at: index)
        } catch {
            throw failure(
                .invalidValue(
                    element: tree.elements[index].name, attribute: name, value: text,
                    reason: "expected a length (a number with an optional unit)"), at: index)
        }
    }

    /// The root's `width` or `height`: a length, or `nil` when absent, `auto` or a percentage.
    func canvasLength(_ name: String, fontSize: Double) throws(SVGDocumentError) -> Double? {
        if let text = tree.elements[0].attributes[name], text.trimmingCharacters.hasSuffix("%") { return nil }
        return try length(name, of: 0, Size(width: 0, height: 0), .other, fontSize: fontSize)
    }

    /// The root's `preserveAspectRatio`, with or without a `viewBox` (default `xMidYMid meet`).
    func rootAspectRatio() throws(SVGDocumentError) -> ViewBox {
        let value = tree.elements[0].attributes["preserveAspectRatio"]
        switch ViewBox.parse(viewBox: "0 0 1 1", preserveAspectRatio: value) {
        case .success(let box): return box
        case .failure(let problem):
            throw failure(
                .invalidValue(element: "svg", attribute: problem.attribute, value: value ?? "", reason: problem.reason),
                at: 0)
        }
    }

    /// An element's `viewBox` with its `preserveAspectRatio`, or `nil` when it has none.
    func viewBox(of index: Int) throws(SVGDocumentError) -> ViewBox? {
        let element = tree.elements[index]
        guard let text = element.attributes["viewBox"] else { return nil }
        switch ViewBox.parse(viewBox: text, preserveAspectRatio: element.attributes["preserveAspectRatio"]) {
        case .success(let box): return box
        case .failure(let problem):
            throw failure(
                .invalidValue(
                    element: element.name, attribute: problem.attribute,
                    value: element.attributes[problem.attribute] ?? "", reason: problem.reason), at: index)
        }
    }
}
