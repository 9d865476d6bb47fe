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
        /// More elements than ``SVGDocumentLimits/maximumElementCount``, in the document or once
        /// every `<use>` is expanded.
        case tooManyElements(limit: Int)
        /// The `<style>` sheets have more rules than ``SVGDocumentLimits/maximumStyleRuleCount``,
        /// or matching them against the elements costs more than that limit allows.
        case tooManyStyleRules(limit: Int)
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
            "the document has more than \(limit) elements (counting every <use> expanded), the limit"
        case .tooManyStyleRules(let limit):
            "the <style> sheets have more than \(limit) rules, or their rules match the elements too often"
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

    /// A value on one line (each run of white space, line breaks included, one space: a style
    /// sheet's value may span lines) and cut to 60 characters, for a one-line message.
    static func shortened(_ value: String) -> String {
        let line = value.asOneLine
        return line.count <= 60 ? line : String(line.prefix(57)) + "..."
    }
}
