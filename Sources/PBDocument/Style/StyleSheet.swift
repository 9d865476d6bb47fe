/// A `<style>` sheet reduced to what icons and exported drawings use: rules whose selectors are
/// simple (`*`, a type, `.class`, `#id`, or a compound of them such as `path.cls-1`), in comma
/// lists, with declarations. Selectors with combinators, attributes or pseudo-classes are
/// skipped (counted in ``skippedSelectorCount``), and so are at-rules (`@media`, `@font-face`).
struct StyleSheet {
    /// One compound selector: every part must match.
    struct Selector: Hashable {
        var type: String?
        var classes: [String] = []
        var id: String?

        /// CSS specificity, as one comparable number: ids, then classes, then types.
        var specificity: Int { (id == nil ? 0 : 1_000_000) + classes.count * 1_000 + (type == nil ? 0 : 1) }

        func matches(type elementType: String, id elementID: String?, classes elementClasses: [String]) -> Bool {
            if let type, type != elementType { return false }
            if let id, id != elementID { return false }
            return classes.allSatisfy(elementClasses.contains)
        }
    }

    struct Rule {
        var selector: Selector
        var declarations: [Declaration]
        /// The rule's place in the sheets, for ties of specificity.
        var order: Int
    }

    /// A property and its value, and whether it was `!important`.
    struct Declaration {
        var property: String
        var value: String
        var isImportant: Bool
    }

    var rules: [Rule] = []
    var skippedSelectorCount = 0
    /// The rules by the most selective part of their selector: `#id`, `.class` (the first), the
    /// type, or `*`; an element need only look at the rules under its own keys.
    var index: [String: [Int]] = [:]

    /// The key a selector is indexed under.
    static func key(of selector: Selector) -> String {
        if let id = selector.id { return "#" + id }
        if let first = selector.classes.first { return "." + first }
        return selector.type ?? "*"
    }

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
            if selectorText.trimmingCharacters.hasPrefix("@") { continue }
            let declarations = Self.declarations(String(body))
            for part in selectorText.split(separator: ",") {
                guard let selector = Self.selector(String(part).trimmingCharacters) else {
                    skippedSelectorCount += 1
                    continue
                }
                index[Self.key(of: selector), default: []].append(rules.count)
                rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
                declarationCount += declarations.count
                if rules.count > maximumRules || declarationCount > maximumDeclarations { return false }
            }
        }
        return true
    }

    /// A compound selector, or `nil` when it is not one this sheet supports.
    static func selector(_ text: String) -> Selector? {
        guard !text.isEmpty else { return nil }
        var selector = Selector()
        var index = text.startIndex
        func name() -> String {
            let start = index
            while index < text.endIndex, text[index].isLetter || text[index].isNumber || "-_".contains(text[index]) {
                index = text.index(after: index)
            }
            return String(text[start..<index])
        }
        if text[index] == "*" {
            index = text.index(after: index)
        } else if text[index].isLetter {
            selector.type = name()
        }
        while index < text.endIndex {
            let marker = text[index]
            index = text.index(after: index)
            let part = name()
            guard !part.isEmpty else { return nil }
            switch marker {
            case ".": selector.classes.append(part)
            case "#": selector.id = part
            default: return nil
            }
        }
        return selector
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

    /// The declarations of the rules that match an element, ordered by specificity then order,
    /// as the cascade applies them (later wins).
    ///
    /// - Complexity: the rules indexed under the element's keys, and the declarations of those
    ///   that match (``DocumentCost/styleMatches`` bounds their sum over a document).
    func matchingDeclarations(type: String, id: String?, classes: [String]) -> [Declaration] {
        var keys = ["*", type] + classes.map { "." + $0 }
        if let id { keys.append("#" + id) }
        var candidates: Set<Int> = []
        for key in keys {
            for rule in index[key] ?? [] { candidates.insert(rule) }
        }
        let matching = candidates.map { rules[$0] }.filter { $0.selector.matches(type: type, id: id, classes: classes) }
            .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
        return matching.flatMap(\.declarations)
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
