import PBGeometry

/// What drawing a document will cost, counted from its tree before anything is expanded, resolved
/// or drawn: how many elements are drawn and how many path segments and dash entries they carry,
/// each `<use>` multiplying what it refers to; and how much matching the `<style>` sheets against
/// the elements can cost. ``check(_:)`` refuses a document that would cost more than its
/// ``SVGDocumentLimits`` allow, naming the budget and the count, before any of that work is done.
///
/// Counts are upper bounds: every child of a `<switch>` counts, and every element counts as
/// displayed (a rule can hide it, but only after the cascade the budget is there to bound).
struct DocumentCost: Hashable, Sendable {
    /// Elements drawn, each `<use>` expansion counted again.
    var elements: Double = 0
    /// Path segments drawn: each shape's segments times the times it is drawn.
    var segments: Double = 0
    /// `stroke-dasharray` entries drawn: each element's entries times the times it is drawn.
    var dashEntries: Double = 0
    /// Style steps: for each element drawn, the rules it is matched against and the declarations
    /// it takes and computes (``styleSteps(of:ruleWork:inlineDeclarations:)``).
    var styleMatches: Double = 0

    /// A cost of the given counts.
    init(elements: Double = 0, segments: Double = 0, dashEntries: Double = 0, styleMatches: Double = 0) {
        (self.elements, self.segments, self.dashEntries, self.styleMatches) = (
            elements, segments, dashEntries, styleMatches
        )
    }

    static func + (lhs: DocumentCost, rhs: DocumentCost) -> DocumentCost {
        DocumentCost(
            elements: lhs.elements + rhs.elements, segments: lhs.segments + rhs.segments,
            dashEntries: lhs.dashEntries + rhs.dashEntries, styleMatches: lhs.styleMatches + rhs.styleMatches)
    }

    /// The document's cost: each element's own cost (`own`), times the times it is drawn.
    ///
    /// - Parameters:
    ///   - tree: the document's elements.
    ///   - ids: the first element with each `id`.
    ///   - own: what drawing each element once costs by itself (not its children or what it uses),
    ///     by index: 1 element, its path segments, its dash entries, its style steps.
    ///   - limits: the document's limits (``SVGDocumentLimits/maximumDepth`` bounds `<use>` chains).
    ///   - fileName: the document's name, for errors.
    /// - Throws: ``SVGDocumentError`` (`useCycle`, `tooDeep`) for a `<use>` that refers to itself or to
    ///   an element that contains it, or a chain of them deeper than the limit, found on the way.
    /// - Complexity: O(*n*) in the number of elements and `<use>` references: each element's cost is
    ///   worked out once and reused wherever it is used.
    init(tree: XMLTree, ids: [String: Int], own: [DocumentCost], limits: SVGDocumentLimits, fileName: String?)
        throws(SVGDocumentError)
    {
        var walk = Walk(
            tree: tree, ids: ids, own: own, limits: limits, fileName: fileName,
            known: Array(repeating: nil, count: tree.elements.count),
            onPath: Array(repeating: false, count: tree.elements.count))
        if !tree.elements.isEmpty { self = try walk.cost(of: 0, depth: 1) }
    }

    /// The style steps of drawing one element once: the rules indexed under its keys (its type,
    /// classes and id, and `*`), one more than each one's declarations (matching is worked out once
    /// an element, but an element drawn again computes its declarations again, so it counts again);
    /// its presentation attributes and its `style` attribute's declarations.
    ///
    /// - Parameter ruleWork: for each key of `sheet`'s index, its rules' steps.
    static func styleSteps(of element: XMLTree.Element, ruleWork: [String: Double], inlineDeclarations: Int) -> Double {
        var steps =
            Double(element.attributes.count + inlineDeclarations) + (ruleWork["*"] ?? 0)
            + (ruleWork[element.name] ?? 0)
        if let id = element.attributes["id"] { steps += ruleWork["#" + id] ?? 0 }
        for name in Set((element.attributes["class"] ?? "").split(whereSeparator: \.isWhitespace)) {
            steps += ruleWork["." + name] ?? 0
        }
        return steps
    }

    /// For each key of the sheet's index, the steps of its rules: one more than each one's declarations.
    static func ruleWork(_ sheet: StyleSheet) -> [String: Double] {
        sheet.index.mapValues { rules in rules.reduce(0) { $0 + Double(1 + sheet.rules[$1].declarations.count) } }
    }

    /// Refuses a cost beyond `limits`, naming the budget it exceeds most and the count.
    ///
    /// - Throws: ``SVGDocumentError`` (`overBudget`) at line 0 (the document as a whole).
    func check(_ limits: SVGDocumentLimits, fileName: String?) throws(SVGDocumentError) {
        let budgets: [(SVGDocumentError.Budget, Double, Int)] = [
            (.elements, elements, limits.maximumDrawnElementCount),
            (.segments, segments, limits.maximumDrawnSegmentCount),
            (.dashEntries, dashEntries, limits.maximumDrawnDashCount),
            (.styleMatches, styleMatches, limits.maximumStyleMatchCount),
        ]
        // The budget most exceeded is the one to name (a <use> bomb is many elements, but far more segments).
        if let (budget, count, limit) = budgets.filter({ $0.1 > Double($0.2) }).max(by: {
            $0.1 / Double($0.2) < $1.1 / Double($1.2)
        }) {
            throw SVGDocumentError(kind: .overBudget(budget, count: count, limit: limit), fileName: fileName, line: 0)
        }
    }

    /// The depth-first walk that works out each element's cost once.
    private struct Walk {
        let tree: XMLTree
        let ids: [String: Int]
        let own: [DocumentCost]
        let limits: SVGDocumentLimits
        let fileName: String?
        /// Each element's cost once worked out.
        var known: [DocumentCost?]
        /// The elements between the root and the one being worked out (a `<use>` of one is a cycle).
        var onPath: [Bool]

        /// The cost of drawing element `index` once: itself, its children that are drawn, and what it uses.
        mutating func cost(of index: Int, depth: Int) throws(SVGDocumentError) -> DocumentCost {
            if let cost = known[index] { return cost }
            let element = tree.elements[index]
            guard element.isSVG else { return DocumentCost() }
            guard depth <= limits.maximumDepth else {
                throw SVGDocumentError(
                    kind: .tooDeep(limit: limits.maximumDepth), fileName: fileName, line: element.line)
            }
            onPath[index] = true
            defer { onPath[index] = false }
            var cost = own[index]
            if element.name == "use" {
                if let id = DocumentReader.usedID(of: element), let target = ids[id] {
                    guard !onPath[target] else {
                        throw SVGDocumentError(
                            kind: .useCycle(reference: "#" + id), fileName: fileName, line: element.line)
                    }
                    cost = cost + (try self.cost(of: target, depth: depth + 1))
                }
            } else if !DocumentReader.notRendered.contains(element.name) || element.name == "symbol" {
                // What is not rendered where it stands (defs, symbol, clipPath, …) is drawn only through a
                // <use>, which counts it there; a symbol's children are drawn where it is used.
                for case .element(let child) in element.children {
                    let childElement = tree.elements[child]
                    if DocumentReader.notRendered.contains(childElement.name) {
                        // Visited and passed over, not drawn.
                        if childElement.isSVG { cost.elements += 1 }
                    } else {
                        cost = cost + (try self.cost(of: child, depth: depth + 1))
                    }
                }
            }
            known[index] = cost
            return cost
        }
    }
}
