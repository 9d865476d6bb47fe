/// A CSS selector as librsvg matches one (it uses Servo's `selectors`): compound selectors joined
/// by combinators, matched right to left against a document's tree.
///
/// A compound is a type or `*`, then `#id`, `.class`, attribute tests (`[a]`, `[a=v]`, `~=`,
/// `|=`, `^=`, `$=`, `*=`, with an optional ` i` for ASCII case-insensitive values) and the
/// structural pseudo-classes (`:root`, `:empty`, `:first-child`, `:last-child`, `:only-child`,
/// `:nth-child(An+B)`, `:nth-last-child()`, the `-of-type` ones, `:not()` of simple selectors);
/// combinators are descendant (white space), child (`>`), next sibling (`+`) and subsequent
/// sibling (`~`). Anything else (namespaces, pseudo-elements, dynamic pseudo-classes) makes
/// ``init(parsing:)`` fail, and the rule is skipped.
struct Selector: Hashable, Sendable {
    /// How a compound relates to the one on its left.
    enum Combinator: Hashable, Sendable {
        case descendant, child, nextSibling, subsequentSibling
    }

    /// An attribute test: `[name]`, or `[name op value]`.
    struct AttributeTest: Hashable, Sendable {
        enum Operation: Hashable, Sendable {
            case exists, equals, includes, dashMatch, prefix, suffix, substring
        }
        var name: String
        var operation: Operation
        var value: String
        var ignoresCase: Bool
    }

    /// A structural pseudo-class.
    indirect enum Pseudo: Hashable, Sendable {
        case root, empty
        /// `:nth-child(a n + b)` and its relatives: counted from the end (`last`) and among
        /// siblings of the same type (`ofType`); `first-child` is `(0, 1)`.
        case nth(a: Int, b: Int, last: Bool, ofType: Bool)
        /// `:only-child`, `:only-of-type`.
        case only(ofType: Bool)
        /// `:not(…)` of one compound.
        case not(Compound)
    }

    /// Simple selectors that must all match one element.
    struct Compound: Hashable, Sendable {
        var type: String?
        var id: String?
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var pseudos: [Pseudo] = []

        /// The key a rule is indexed under in a sheet: the most selective part an element's
        /// own key list can find (`#id`, `.class`, its type, or `*`).
        var key: String {
            if let id { return "#" + id }
            if let first = classes.first { return "." + first }
            return type ?? "*"
        }
    }

    /// The compounds, left to right.
    var compounds: [Compound]
    /// The combinators between them: `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var combinators: [Combinator]

    /// The most compounds a selector may chain: matching is bounded by it times the tree's depth.
    static let maximumCompoundCount = 32

    /// CSS specificity as one comparable number: ids, then classes, attributes and
    /// pseudo-classes, then types.
    var specificity: Int {
        var (ids, classes, types) = (0, 0, 0)
        func count(_ compound: Compound) {
            if compound.id != nil { ids += 1 }
            if compound.type != nil { types += 1 }
            classes += compound.classes.count + compound.attributes.count
            for pseudo in compound.pseudos {
                if case .not(let inner) = pseudo { count(inner) } else { classes += 1 }
            }
        }
        for compound in compounds { count(compound) }
        return ids * 1_000_000 + classes * 1_000 + types
    }

    /// The rightmost compound: what the element itself must match.
    var subject: Compound { compounds[compounds.count - 1] }

    /// Whether matching it depends on an element's siblings (its place among them), so that
    /// inserting an element can change what it matches.
    var isStructural: Bool {
        combinators.contains { $0 == .nextSibling || $0 == .subsequentSibling }
            || compounds.contains { compound in
                compound.pseudos.contains {
                    switch $0 {
                    case .nth, .only: true
                    case .root, .empty, .not: false
                    }
                }
            }
    }

    // MARK: Parsing

    /// Reads one selector (not a list), or fails for syntax it does not support.
    init?(parsing text: String) {
        var parser = Parser(Array(text.utf8))
        guard let selector = parser.selector() else { return nil }
        self = selector
    }

    init(compounds: [Compound], combinators: [Combinator]) {
        self.compounds = compounds
        self.combinators = combinators
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        mutating func skipSpaces() -> Bool {
            let start = index
            while let byte = current, Self.isSpace(byte) { index += 1 }
            return index > start
        }

        mutating func name() -> String? {
            let start = index
            while let byte = current, Self.isNameByte(byte) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        mutating func selector() -> Selector? {
            _ = skipSpaces()
            var compounds: [Compound] = []
            var combinators: [Combinator] = []
            while true {
                guard let compound = compound(), compounds.count < Selector.maximumCompoundCount else { return nil }
                compounds.append(compound)
                let spaced = skipSpaces()
                guard let byte = current else { break }
                switch byte {
                case UInt8(ascii: ">"): combinators.append(.child)
                case UInt8(ascii: "+"): combinators.append(.nextSibling)
                case UInt8(ascii: "~"): combinators.append(.subsequentSibling)
                default:
                    guard spaced else { return nil }
                    combinators.append(.descendant)
                    continue
                }
                index += 1
                _ = skipSpaces()
            }
            return Selector(compounds: compounds, combinators: combinators)
        }

        /// One compound, or `nil` for none or one it cannot read.
        mutating func compound(allowingPseudos: Bool = true) -> Compound? {
            var compound = Compound()
            var empty = true
            if current == UInt8(ascii: "*") {
                index += 1
                empty = false
            } else if let byte = current, Self.isNameByte(byte), !(byte >= 0x30 && byte <= 0x39) {
                compound.type = name()
                empty = false
            }
            while let byte = current {
                switch byte {
                case UInt8(ascii: "#"):
                    index += 1
                    guard let id = name() else { return nil }
                    compound.id = id
                case UInt8(ascii: "."):
                    index += 1
                    guard let name = name() else { return nil }
                    compound.classes.append(name)
                case UInt8(ascii: "["):
                    index += 1
                    guard let test = attributeTest() else { return nil }
                    compound.attributes.append(test)
                case UInt8(ascii: ":"):
                    guard allowingPseudos else { return nil }
                    index += 1
                    guard let pseudo = pseudo() else { return nil }
                    compound.pseudos.append(pseudo)
                case UInt8(ascii: "|"):
                    return nil  // namespaces
                default:
                    return empty ? nil : compound
                }
                empty = false
            }
            return empty ? nil : compound
        }

        mutating func attributeTest() -> AttributeTest? {
            _ = skipSpaces()
            guard let name = name() else { return nil }
            _ = skipSpaces()
            if current == UInt8(ascii: "]") {
                index += 1
                return AttributeTest(name: name, operation: .exists, value: "", ignoresCase: false)
            }
            let operation: AttributeTest.Operation
            switch current {
            case UInt8(ascii: "="): operation = .equals
            case UInt8(ascii: "~"): operation = .includes
            case UInt8(ascii: "|"): operation = .dashMatch
            case UInt8(ascii: "^"): operation = .prefix
            case UInt8(ascii: "$"): operation = .suffix
            case UInt8(ascii: "*"): operation = .substring
            default: return nil
            }
            // `~=`, `|=`, …: the `=` after the operator, which a selector may end before (found by
            // fuzzing: `[a^` read past the end).
            if operation != .equals {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") else { return nil }
            }
            index += operation == .equals ? 1 : 2
            _ = skipSpaces()
            let value: String
            if let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                let start = index
                while let byte = current, byte != quote { index += 1 }
                guard current == quote else { return nil }
                value = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
            } else {
                guard let word = self.name() else { return nil }
                value = word
            }
            _ = skipSpaces()
            var ignoresCase = false
            if current == UInt8(ascii: "i") || current == UInt8(ascii: "I") {
                ignoresCase = true
                index += 1
                _ = skipSpaces()
            }
            guard current == UInt8(ascii: "]") else { return nil }
            index += 1
            return AttributeTest(name: name, operation: operation, value: value, ignoresCase: ignoresCase)
        }

        mutating func pseudo() -> Pseudo? {
            guard let name = name()?.lowercased() else { return nil }
            switch name {
            case "root": return .root
            case "empty": return .empty
            case "first-child": return .nth(a: 0, b: 1, last: false, ofType: false)
            case "last-child": return .nth(a: 0, b: 1, last: true, ofType: false)
            case "first-of-type": return .nth(a: 0, b: 1, last: false, ofType: true)
            case "last-of-type": return .nth(a: 0, b: 1, last: true, ofType: true)
            case "only-child": return .only(ofType: false)
            case "only-of-type": return .only(ofType: true)
            case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
                guard current == UInt8(ascii: "("), let close = bytes[index...].firstIndex(of: UInt8(ascii: ")"))
                else { return nil }
                let argument = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                index = close + 1
                guard let (a, b) = Self.anPlusB(argument) else { return nil }
                return .nth(a: a, b: b, last: name.contains("last"), ofType: name.hasSuffix("of-type"))
            case "not":
                guard current == UInt8(ascii: "(") else { return nil }
                index += 1
                _ = skipSpaces()
                guard let inner = compound(allowingPseudos: false) else { return nil }
                _ = skipSpaces()
                guard current == UInt8(ascii: ")") else { return nil }
                index += 1
                return .not(inner)
            default:
                return nil
            }
        }

        /// `odd`, `even`, `B`, `An`, `An+B`, `-n+B` (white space allowed around the sign).
        static func anPlusB(_ text: String) -> (Int, Int)? {
            let compact = text.lowercased().filter { !$0.isWhitespace }
            if compact == "odd" { return (2, 1) }
            if compact == "even" { return (2, 0) }
            guard let n = compact.firstIndex(of: "n") else { return Int(compact).map { (0, $0) } }
            let head = compact[..<n]
            let a = head.isEmpty || head == "+" ? 1 : head == "-" ? -1 : Int(head)
            let tail = compact[compact.index(after: n)...]
            let b = tail.isEmpty ? 0 : Int(tail.hasPrefix("+") ? tail.dropFirst() : tail)
            guard let a, let b else { return nil }
            return (a, b)
        }
    }

    // MARK: Matching

    /// Whether the selector matches element `index` of `tree`.
    ///
    /// - Complexity: O(*c* × (*d* + *s*)) for *c* compounds, an element at depth *d* with *s*
    ///   preceding siblings: each (element, compound) pair is tried once.
    func matches(_ index: Int, in tree: XMLTree) -> Bool {
        guard Self.matches(subject, index, tree) else { return false }
        guard compounds.count > 1 else { return true }
        var failed: Set<Int> = []  // element × compound pairs already known not to match
        return matchesLeft(of: compounds.count - 1, at: index, tree, &failed)
    }

    /// Whether the compounds left of `position` match, `position` matching at `index`.
    private func matchesLeft(of position: Int, at index: Int, _ tree: XMLTree, _ failed: inout Set<Int>) -> Bool {
        guard position > 0 else { return true }
        let compound = compounds[position - 1]
        let key = index &* Self.maximumCompoundCount &+ position
        if failed.contains(key) { return false }
        let element = tree.elements[index]
        var result = false
        switch combinators[position - 1] {
        case .child:
            if let parent = element.parent, Self.matches(compound, parent, tree) {
                result = matchesLeft(of: position - 1, at: parent, tree, &failed)
            }
        case .descendant:
            var ancestor = element.parent
            while let current = ancestor, !result {
                if Self.matches(compound, current, tree) {
                    result = matchesLeft(of: position - 1, at: current, tree, &failed)
                }
                ancestor = tree.elements[current].parent
            }
        case .nextSibling:
            if let previous = Self.previousSibling(of: index, tree), Self.matches(compound, previous, tree) {
                result = matchesLeft(of: position - 1, at: previous, tree, &failed)
            }
        case .subsequentSibling:
            var sibling = Self.previousSibling(of: index, tree)
            while let current = sibling, !result {
                if Self.matches(compound, current, tree) {
                    result = matchesLeft(of: position - 1, at: current, tree, &failed)
                }
                sibling = Self.previousSibling(of: current, tree)
            }
        }
        if !result { failed.insert(key) }
        return result
    }

    private static func previousSibling(of index: Int, _ tree: XMLTree) -> Int? {
        guard let parent = tree.elements[index].parent else { return nil }
        let siblings = tree.elements[parent].elementChildren
        guard let position = siblings.firstIndex(of: index), position > 0 else { return nil }
        return siblings[position - 1]
    }

    /// Whether one compound matches element `index`.
    static func matches(_ compound: Compound, _ index: Int, _ tree: XMLTree) -> Bool {
        let element = tree.elements[index]
        guard element.isSVG else { return false }
        if let type = compound.type, type != element.name { return false }
        if let id = compound.id, element.attributes["id"] != id { return false }
        if !compound.classes.isEmpty {
            let classes = (element.attributes["class"] ?? "").split(whereSeparator: \.isWhitespace)
            guard compound.classes.allSatisfy({ name in classes.contains { $0 == name } }) else { return false }
        }
        for test in compound.attributes where !test.matches(element.attributes[test.name]) { return false }
        for pseudo in compound.pseudos where !matches(pseudo, index, tree) { return false }
        return true
    }

    private static func matches(_ pseudo: Pseudo, _ index: Int, _ tree: XMLTree) -> Bool {
        let element = tree.elements[index]
        switch pseudo {
        case .root:
            return element.parent == nil
        case .empty:
            return element.children.allSatisfy {
                if case .text(let text) = $0 { return text.isEmpty }
                return false
            }
        case .not(let inner):
            return !matches(inner, index, tree)
        case .only(let ofType):
            return siblings(of: index, tree, ofType: ofType).count == 1
        case .nth(let a, let b, let last, let ofType):
            let siblings = siblings(of: index, tree, ofType: ofType)
            guard let position = siblings.firstIndex(of: index) else { return false }
            let n = last ? siblings.count - position : position + 1
            // n = a k + b for some k ≥ 0.
            guard a != 0 else { return n == b }
            let k = (n - b) / a
            return (n - b) % a == 0 && k >= 0
        }
    }

    private static func siblings(of index: Int, _ tree: XMLTree, ofType: Bool) -> [Int] {
        guard let parent = tree.elements[index].parent else { return [index] }
        let all = tree.elements[parent].elementChildren
        guard ofType else { return all }
        let name = tree.elements[index].name
        return all.filter { tree.elements[$0].name == name }
    }
}

extension Selector.AttributeTest {
    /// Whether an attribute's value (`nil` when absent) passes.
    func matches(_ attribute: String?) -> Bool {
        guard let attribute else { return false }
        let (have, want) = ignoresCase ? (attribute.lowercased(), value.lowercased()) : (attribute, value)
        switch operation {
        case .exists: return true
        case .equals: return have == want
        case .includes: return !want.isEmpty && have.split(whereSeparator: \.isWhitespace).contains { $0 == want }
        case .dashMatch: return have == want || have.hasPrefix(want + "-")
        case .prefix: return !want.isEmpty && have.hasPrefix(want)
        case .suffix: return !want.isEmpty && have.hasSuffix(want)
        case .substring: return !want.isEmpty && have.contains(want)
        }
    }
}
