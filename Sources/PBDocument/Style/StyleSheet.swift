/// A document's `<style>` sheets: rules whose selectors librsvg matches (``Selector``: types,
/// ids, classes, attributes, structural pseudo-classes and the four combinators), in comma lists,
/// with declarations. Selectors it cannot read are skipped (counted in ``skippedSelectors``), and
/// so are at-rules (`@media`, `@font-face`, `@import`).
struct StyleSheet: Sendable {
    struct Rule: Sendable {
        var selector: Selector
        /// The selector as written (trimmed), which a rewritten document's sheet writes back.
        var selectorText: String
        var declarations: [Declaration]
        /// The selector's specificity, worked out once (every element's cascade sorts by it; ties
        /// go by the rule's place in ``rules``).
        var specificity: Int
    }

    /// A property and its value, and whether it was `!important`.
    struct Declaration: Hashable, Sendable {
        var property: String
        var value: String
        var isImportant: Bool
    }

    var rules: [Rule] = []
    /// The selectors skipped, as written, in order (each once).
    var skippedSelectors: [String] = []
    /// How many at-rules were skipped.
    var skippedAtRuleCount = 0
    /// Whether any rule's selector depends on elements' places among their siblings
    /// (``Selector/isStructural``).
    var hasStructuralSelectors = false
    /// The properties any rule sets.
    var properties: Set<String> = []
    /// The rules by the most selective part of their subject compound: `#id`, `.class` (the
    /// first), the type, or `*`; an element need only look at the rules under its own keys.
    var index: [String: [Int]] = [:]

    /// The declarations of every rule so far (a declaration of a rule with a selector list counts
    /// once for each selector).
    var declarationCount = 0

    /// Adds the rules of one sheet's text, stopping as soon as the sheets have more than
    /// `maximumRules` rules or `maximumDeclarations` declarations.
    ///
    /// - Returns: false when it stopped at a limit.
    /// - Complexity: O(*n*) in the length of the text.
    @discardableResult
    mutating func add(_ text: String, maximumRules: Int = .max, maximumDeclarations: Int = .max) -> Bool {
        var source = Self.withoutComments(text)[...]
        while let open = source.firstIndex(of: "{") {
            let prelude = source[..<open].trimmingCharacters
            var depth = 0
            var close = open
            for index in source[open...].indices {
                if source[index] == "{" { depth += 1 }
                if source[index] == "}" {
                    depth -= 1
                    if depth == 0 {
                        close = index
                        break
                    }
                }
            }
            guard depth == 0 else { return true }
            let body = source[source.index(after: open)..<close]
            source = source[source.index(after: close)...]
            // At-rules and what follows a stray `;` before them are skipped.
            let selectorText = prelude.split(separator: ";").last.map { String($0) } ?? prelude
            if selectorText.trimmingCharacters.hasPrefix("@") {
                skippedAtRuleCount += 1
                continue
            }
            let declarations = Self.declarations(String(body))
            for part in selectorText.split(separator: ",") {
                let text = String(part).trimmingCharacters
                guard let selector = Selector(parsing: text) else {
                    if !skippedSelectors.contains(text) { skippedSelectors.append(text) }
                    continue
                }
                index[selector.subject.key, default: []].append(rules.count)
                rules.append(
                    Rule(
                        selector: selector, selectorText: text, declarations: declarations,
                        specificity: selector.specificity))
                hasStructuralSelectors = hasStructuralSelectors || selector.isStructural
                for declaration in declarations { properties.insert(declaration.property) }
                declarationCount += declarations.count
                if rules.count > maximumRules || declarationCount > maximumDeclarations { return false }
            }
        }
        return true
    }

    /// The declarations of a block or a `style` attribute: `property: value` separated by `;`,
    /// property names lower-cased, `!important` noted and removed.
    static func declarations(_ text: String) -> [Declaration] {
        let source: String = Self.withoutComments(text)
        let items: [Substring] = source.split(separator: ";")
        return items.compactMap { item -> Declaration? in
            guard let colon = item.firstIndex(of: ":") else { return nil }
            let property = item[..<colon].trimmingCharacters.lowercased()
            var value = item[item.index(after: colon)...].trimmingCharacters
            var isImportant = false
            if let bang = Self.importantMark(in: value) {
                value = String(value[..<bang]).trimmingCharacters
                isImportant = true
            }
            guard !property.isEmpty, !value.isEmpty else { return nil }
            return Declaration(property: property, value: value, isImportant: isImportant)
        }
    }

    /// The text with `/* … */` comments removed (an unclosed one runs to the end).
    ///
    /// - Complexity: O(*n*) in the length of the text.
    static func withoutComments(_ text: String) -> String {
        let source = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            guard source[index] == UInt8(ascii: "/"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "*")
            else {
                result.append(source[index])
                index += 1
                continue
            }
            index += 2
            while index + 1 < source.count,
                !(source[index] == UInt8(ascii: "*") && source[index + 1] == UInt8(ascii: "/"))
            {
                index += 1
            }
            index += 2
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Where `!important` (in any case of ASCII letters) starts in `value`, if anywhere.
    ///
    /// - Complexity: O(*n*) in the length of the value.
    static func importantMark(in value: String) -> String.Index? {
        let mark = Array("!important".utf8)
        let utf8 = value.utf8
        var start = utf8.startIndex
        while let bang = utf8[start...].firstIndex(of: UInt8(ascii: "!")) {
            var index = bang
            var matched = 0
            while matched < mark.count, index < utf8.endIndex,
                utf8[index] | (utf8[index] >= 0x41 && utf8[index] <= 0x5A ? 0x20 : 0) == mark[matched]
            {
                matched += 1
                index = utf8.index(after: index)
            }
            if matched == mark.count { return bang }
            start = utf8.index(after: bang)
        }
        return nil
    }

    /// The declarations of the rules that match element `index` of `tree`, ordered by
    /// specificity then order, as the cascade applies them (later wins).
    ///
    /// - Complexity: the rules indexed under the element's keys, each matched once
    ///   (``Selector/matches(_:in:)``), and the declarations of those that match
    ///   (``DocumentCost/styleMatches`` bounds their sum over a document).
    func matchingDeclarations(_ index: Int, in tree: XMLTree) -> [Declaration] {
        let element = tree.elements[index]
        var keys = ["*", element.name]
        for name in (element.attributes["class"] ?? "").split(whereSeparator: \.isWhitespace) {
            keys.append("." + name)
        }
        if let id = element.attributes["id"] { keys.append("#" + id) }
        var candidates: Set<Int> = []
        for key in keys {
            for rule in self.index[key] ?? [] { candidates.insert(rule) }
        }
        // By index (a rule's order), so that sorting moves integers, not rules.
        let matching = candidates.filter { rules[$0].selector.matches(index, in: tree) }
            .map { (specificity: rules[$0].specificity, rule: $0) }.sorted {
                ($0.specificity, $0.rule) < ($1.specificity, $1.rule)
            }
        return matching.flatMap { rules[$0.rule].declarations }
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    var trimmingCharacters: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
