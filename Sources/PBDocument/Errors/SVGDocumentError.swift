import PBGeometry

/// Why an SVG document could not be read, and where: the file (when one was named), the line and,
/// when known, the column, as `icon.svg:3:14: …`.
///
/// No message ever holds text from outside the document: entities are refused before libxml2
/// reads them, so an entity naming a local file cannot bring that file's text into a message.
public struct SVGDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The bytes are not well-formed XML; `message` is libxml2's reason.
        case notWellFormed(message: String)
        /// The document declares an entity (`<!ENTITY` in its `DOCTYPE`): refused outright, since
        /// entities are how XML reads local files (external entities) and how it multiplies text
        /// into gigabytes ("billion laughs"). Nothing is expanded or read.
        case entityDeclaration
        /// The document is larger than ``SVGDocumentLimits/maximumSize`` bytes.
        case tooLarge(size: Int, limit: Int)
        /// Elements are nested deeper than ``SVGDocumentLimits/maximumDepth``.
        case tooDeep(limit: Int)
        /// More elements in the document than ``SVGDocumentLimits/maximumElementCount``.
        case tooManyElements(limit: Int)
        /// The `<style>` sheets have more rules than ``SVGDocumentLimits/maximumStyleRuleCount``
        /// (`limit`) or more declarations than ``SVGDocumentLimits/maximumStyleDeclarationCount``
        /// (`declarationLimit`).
        case tooManyStyleRules(limit: Int, declarationLimit: Int)
        /// An element has more attributes than ``SVGDocumentLimits/maximumAttributeCount``
        /// (counted before libxml2 parses the document).
        case tooManyAttributes(count: Int, limit: Int)
        /// Drawing the document would cost more than a budget of its ``SVGDocumentLimits``
        /// allows, counted from its tree before anything is drawn; `count` is what it would cost.
        case overBudget(Budget, count: Double, limit: Int)
        /// The root element is not `<svg>`; `root` is its name.
        case notSVG(root: String)
        /// An attribute or style property has a value that cannot be read.
        case invalidValue(element: String, attribute: String, value: String, reason: String)
        /// A length has a unit SVG does not know (`10qq`).
        case unknownUnit(element: String, attribute: String, unit: String)
        /// A `d` attribute's path data is not valid; the error's own offset, line and column are
        /// within the attribute's value.
        case invalidPathData(element: String, error: SVGPathParseError)
        /// A `<use>` refers to itself or to an element that contains it, directly or through
        /// other `<use>`s; `reference` is the `href` that closes the cycle.
        case useCycle(reference: String)
        /// libxml2, loaded when the first document is read, could not be loaded; `reason` is the
        /// dynamic linker's message. Not the document's fault: the system lacks the library.
        case libraryUnavailable(reason: String)
    }

    /// What a document's drawing is budgeted by (see ``SVGDocumentLimits``).
    public enum Budget: Hashable, Sendable {
        /// Elements drawn, each `<use>` expansion counted again.
        case elements
        /// Path segments drawn.
        case segments
        /// `stroke-dasharray` entries drawn.
        case dashEntries
        /// Dashes laid along the strokes: each dash pattern repeated along its element's length.
        case dashes
        /// Steps of matching the `<style>` sheets against the elements.
        case styleMatches
    }

    /// What went wrong.
    public var kind: Kind
    /// The name given for the document (a file name), if any.
    public var fileName: String?
    /// The line (1-based) of the element at fault or of the XML error; 0 when the document as a
    /// whole is at fault (its size).
    public var line: Int
    /// The column (1-based), when known (libxml2's errors have one; attributes do not).
    public var column: Int?

    /// Creates an error.
    public init(kind: Kind, fileName: String? = nil, line: Int, column: Int? = nil) {
        self.kind = kind
        self.fileName = fileName
        self.line = line
        self.column = column
    }

    /// What went wrong, in words, without the location.
    public var reason: String {
        switch kind {
        case .notWellFormed(let message):
            "not well-formed XML: \(message)"
        case .entityDeclaration:
            "the document declares an entity (<!ENTITY>): entities are refused, nothing was expanded or read"
        case .tooLarge(let size, let limit):
            "the document is \(size) bytes, more than the limit of \(limit) bytes"
        case .tooDeep(let limit):
            "elements are nested more than \(limit) deep, the limit"
        case .tooManyElements(let limit):
            "the document has more than \(Self.grouped(limit)) elements, the limit"
        case .tooManyStyleRules(let limit, let declarationLimit):
            "the <style> sheets have more than \(Self.grouped(limit)) rules or \(Self.grouped(declarationLimit)) "
                + "declarations, the limits"
        case .tooManyAttributes(let count, let limit):
            "an element has \(Self.grouped(count)) attributes (each declaration of its style attribute counted); the "
                + "limit is \(Self.grouped(limit))"
        case .overBudget(let budget, let count, let limit):
            switch budget {
            case .elements:
                "the document draws \(Self.count(count)) elements (each <use> draws what it refers to again); "
                    + "the limit is \(Self.grouped(limit))"
            case .segments:
                "the document draws \(Self.count(count)) path segments (each <use> draws what it refers to again); "
                    + "the limit is \(Self.grouped(limit))"
            case .dashEntries:
                "the document draws \(Self.count(count)) stroke-dasharray entries (each <use> draws what it refers "
                    + "to again); the limit is \(Self.grouped(limit))"
            case .dashes:
                "the strokes lay \(Self.count(count)) dashes (each stroke-dasharray repeated along its element's "
                    + "length); the limit is \(Self.grouped(limit))"
            case .styleMatches:
                "styling the elements would take \(Self.count(count)) steps (the rules each element drawn could "
                    + "match and the declarations it takes); the limit is \(Self.grouped(limit))"
            }
        case .notSVG(let root):
            "the root element is <\(root)>, not <svg>"
        case .invalidValue(let element, let attribute, let value, let reason):
            "<\(element)> \(attribute)=\"\(Self.shortened(value))\": \(reason)"
        case .unknownUnit(let element, let attribute, let unit):
            "<\(element)> \(attribute): unknown unit '\(Self.shortened(unit))' "
                + "(use none, px, mm, cm, in, pt, pc, Q, em, ex or %)"
        case .invalidPathData(let element, let error):
            "<\(element)> d: \(error.description)"
        case .useCycle(let reference):
            "<use> href=\"\(Self.shortened(reference))\" refers to itself or to an element that contains it"
        case .libraryUnavailable(let reason):
            "cannot load libxml2, which reads SVG documents (install Debian's libxml2): \(reason)"
        }
    }

    /// `file:line:column: reason`, leaving out what is not known (`line 0` is left out too).
    public var description: String {
        var location = fileName ?? ""
        if line > 0 {
            location += (location.isEmpty ? "line " : ":") + "\(line)"
            if let column { location += ":\(column)" }
        }
        return location.isEmpty ? reason : "\(location): \(reason)"
    }

    /// A whole number with thousands separated by commas: `1,000,000`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// A count as people read it: grouped up to ten million (`1,048,576`), then two significant
    /// digits and a power of ten (`5.0 × 10^7`).
    static func count(_ value: Double) -> String {
        guard value.isFinite else { return "more than 10^308" }
        guard value >= 1e7 else { return grouped(Int(value)) }
        var (mantissa, exponent) = (value, 0)
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        let tenths = Int((mantissa * 10).rounded())
        return tenths >= 100 ? "1.0 × 10^\(exponent + 1)" : "\(tenths / 10).\(tenths % 10) × 10^\(exponent)"
    }

    /// A value on one line (each run of white space, line breaks included, one space: a style
    /// sheet's value may span lines) and cut to 60 characters, for a one-line message.
    static func shortened(_ value: String) -> String {
        let line = value.asOneLine
        return line.count <= 60 ? line : String(line.prefix(57)) + "..."
    }
}
