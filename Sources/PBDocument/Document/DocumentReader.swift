import PBGeometry

/// Walks a document's tree in document order and collects what is drawn: each shape's path,
/// transform and computed style, the canvas, and the warnings.
struct DocumentReader {
    let tree: XMLTree
    let fileName: String?
    let limits: SVGDocumentLimits
    var styles = StyleResolver()
    /// Each element's cascaded declarations, once worked out (a used element is drawn again).
    var cascades: [Int: [StyleSheet.Declaration]] = [:]
    /// The first element with each `id`.
    var ids: [String: Int] = [:]
    var elements: [SVGElement] = []
    /// The gradients the elements' paints refer to, by `id`.
    var gradients: [String: SVGGradient] = [:]
    var warnings: [SVGDocumentWarning] = []
    /// The `<text>` elements met (one warning names them all).
    var textCount = 0
    var firstTextLine = 0
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
    /// percentages refer to, and the style it inherits.
    struct Context {
        var transform: Transform
        var viewport: Size
        var computed: StyleResolver.Computed
    }

    /// The elements that are never drawn where they stand (but may be used).
    static let notRendered: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "marker", "pattern", "linearGradient", "radialGradient", "filter",
        "style", "title", "desc", "metadata", "script", "foreignObject", "font", "font-face", "cursor", "view",
        "animate", "animateTransform", "animateMotion", "set", "mpath",
    ]

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

    /// The declarations that apply to the element at `index`, in cascade order, worked out once.
    mutating func cascade(_ index: Int) -> [StyleSheet.Declaration] {
        if let known = cascades[index] { return known }
        let declarations = styles.declarations(for: tree.elements[index])
        cascades[index] = declarations
        return declarations
    }

    func failure(_ kind: SVGDocumentError.Kind, at index: Int) -> SVGDocumentError {
        SVGDocumentError(kind: kind, fileName: fileName, line: tree.elements[index].line)
    }

    /// Warns where a fill or stroke refers to a gradient and paints nothing, as in
    /// rsvg-convert: a reference without a fallback colour to no gradient, or to a gradient in
    /// `objectBoundingBox` units on an element whose box has no width or no height (a
    /// horizontal line's gradient stroke).
    mutating func warnOfUnpaintedReferences(_ element: SVGElement, at index: Int) {
        for (property, paint) in [("fill", element.style.fill), ("stroke", element.style.stroke)] {
            guard case .reference(let id, nil) = paint else { continue }
            let name = "\(property) url(#\(SVGDocumentError.shortened(id)))"
            if let gradient = gradients[id] {
                guard !gradient.canPaint(element) else { continue }
                warn(
                    "\(name) paints nothing: its gradient is in objectBoundingBox units and the <\(element.tag)> "
                        + "has no width or no height (gradientUnits=\"userSpaceOnUse\" paints it)", at: index)
            } else {
                warn("\(name) paints nothing: no gradient has that id", at: index)
            }
        }
    }

    mutating func warn(_ message: String, at index: Int) {
        warnings.append(SVGDocumentWarning(message: message, fileName: fileName, line: tree.elements[index].line))
    }

    /// Reads the whole document: the root's canvas, then every element in order.
    mutating func read() throws(SVGDocumentError) -> Size {
        guard let root = tree.elements.first, root.isSVG, root.name == "svg" else {
            throw SVGDocumentError(
                kind: .notSVG(root: tree.elements.first?.name ?? ""), fileName: fileName,
                line: tree.elements.first?.line ?? 0)
        }
        let viewBox = try self.viewBox(of: 0)
        // The canvas: width and height (a percentage has nothing to refer to: it is left out),
        // the missing one from the view box's aspect ratio, or the view box's size, or CSS's
        // default 300 × 150 for a replaced element with nothing given.
        var width = try canvasLength("width", of: 0)
        var height = try canvasLength("height", of: 0)
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
        let initial = StyleResolver.Computed(style: SVGStyle(), isVisible: true, isDisplayed: true)
        let declarations = cascade(0)
        let viewport = viewBox?.rect.size ?? canvas
        let computed = styles.compute(declarations, parent: initial, viewport: viewport) { message in
            warnings.append(SVGDocumentWarning(message: message, fileName: fileName, line: root.line))
        }
        if computed.isDisplayed {
            active.insert(0)
            try children(of: 0, Context(transform: transform, viewport: viewport, computed: computed))
        }
        if textCount > 0 {
            warnings.append(
                SVGDocumentWarning(
                    message: textCount == 1
                        ? "a <text> element is not drawn (text is not converted to outlines)"
                        : "\(textCount) <text> elements are not drawn (text is not converted to outlines)",
                    fileName: fileName, line: firstTextLine))
        }
        return canvas
    }

    /// Draws the children of `index` in order.
    mutating func children(of index: Int, _ context: Context) throws(SVGDocumentError) {
        for case .element(let child) in tree.elements[index].children {
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
        if Self.notRendered.contains(name) && !(useTarget && name == "symbol") { return }
        if name == "text" {
            if textCount == 0 { firstTextLine = element.line }
            textCount += 1
            return
        }
        var context = parent
        var messages: [String] = []
        context.computed = styles.compute(
            cascade(index), parent: parent.computed, viewport: parent.viewport
        ) { messages.append($0) }
        for message in messages { warn(message, at: index) }
        guard context.computed.isDisplayed else { return }
        if let text = element.attributes["transform"], name != "svg" {
            guard let transform = TransformList.parse(text) else {
                throw failure(
                    .invalidValue(
                        element: name, attribute: "transform", value: text,
                        reason: "expected matrix, translate, scale, rotate, skewX or skewY functions"), at: index)
            }
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
            // The first child a reader would draw: features and languages are not tested, so the
            // first element child.
            if case .element(let child)? = element.children.first(where: {
                if case .element = $0 { return true }
                return false
            }) {
                try draw(child, context)
            }
        case "svg", "symbol":
            try viewport(of: index, context, size: nil)
        case "use":
            try use(index, context)
        case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
            guard context.computed.isVisible, let path = try shape(index, context.viewport), !path.isEmpty else {
                return
            }
            for paint in [context.computed.style.fill, context.computed.style.stroke] {
                if case .reference(let id, _) = paint, gradients[id] == nil {
                    gradients[id] = gradient(id: id, viewport: context.viewport)
                }
            }
            let drawn = SVGElement(
                tag: name, id: element.attributes["id"], localPath: path, transform: context.transform,
                style: context.computed.style, line: element.line)
            warnOfUnpaintedReferences(drawn, at: index)
            elements.append(drawn)
        case "image":
            warn("an <image> is not drawn", at: index)
        default:
            // Unknown elements and their content are not drawn, as in a browser.
            break
        }
    }

    /// A nested `<svg>` (at `x`, `y`, with its own `width` and `height`, default 100%) or a used
    /// `<symbol>` (sized by the `<use>`, `size`): a new viewport, its `viewBox` mapped onto it.
    mutating func viewport(of index: Int, _ context: Context, size: Size?) throws(SVGDocumentError) {
        var context = context
        let element = tree.elements[index]
        let viewBox = try self.viewBox(of: index)
        var origin = Point.zero
        if element.name == "svg" {
            origin = Point(
                try length("x", of: index, context.viewport, .horizontal) ?? 0,
                try length("y", of: index, context.viewport, .vertical) ?? 0)
        }
        var (width, height) = (size?.width, size?.height)
        if size == nil {
            width = try length("width", of: index, context.viewport, .horizontal)
            height = try length("height", of: index, context.viewport, .vertical)
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
    /// with the `<use>`'s style as its parent's.
    mutating func use(_ index: Int, _ context: Context) throws(SVGDocumentError) {
        let element = tree.elements[index]
        guard let reference = element.attributes["href"] ?? element.attributes["xlink:href"] else { return }
        guard reference.hasPrefix("#"), let target = ids[String(reference.dropFirst())] else {
            warn(
                "<use> href=\"\(SVGDocumentError.shortened(reference))\" refers to no element: nothing drawn", at: index
            )
            return
        }
        guard !active.contains(target) else { throw failure(.useCycle(reference: reference), at: index) }
        var context = context
        let x = try length("x", of: index, context.viewport, .horizontal) ?? 0
        let y = try length("y", of: index, context.viewport, .vertical) ?? 0
        context.transform = Transform(translationX: x, y: y).concatenating(context.transform)
        let targetElement = tree.elements[target]
        if targetElement.isSVG, targetElement.name == "symbol" {
            // The symbol's own style applies under the use's.
            var symbolContext = context
            var messages: [String] = []
            symbolContext.computed = styles.compute(
                cascade(target), parent: context.computed, viewport: context.viewport
            ) { messages.append($0) }
            for message in messages { warn(message, at: target) }
            guard symbolContext.computed.isDisplayed else { return }
            let width = try length("width", of: index, context.viewport, .horizontal)
            let height = try length("height", of: index, context.viewport, .vertical)
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
    mutating func shape(_ index: Int, _ viewport: Size) throws(SVGDocumentError) -> Path? {
        let element = tree.elements[index]
        func length(_ name: String, _ direction: SVGLength.Direction) throws(SVGDocumentError) -> Double? {
            try self.length(name, of: index, viewport, direction)
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
    func length(_ name: String, of index: Int, _ viewport: Size, _ direction: SVGLength.Direction)
        throws(SVGDocumentError) -> Double?
    {
        guard let text = tree.elements[index].attributes[name], text.trimmingCharacters.lowercased() != "auto" else {
            return nil
        }
        do {
            return try SVGLength(parsing: text).resolved(in: viewport, direction)
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
    func canvasLength(_ name: String, of index: Int) throws(SVGDocumentError) -> Double? {
        if let text = tree.elements[index].attributes[name], text.trimmingCharacters.hasSuffix("%") { return nil }
        return try length(name, of: index, Size(width: 0, height: 0), .other)
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
