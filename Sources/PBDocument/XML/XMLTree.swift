internal import CXML2

/// A parsed XML document as plain Swift values, copied out of libxml2's tree (which is freed
/// before ``read(_:fileName:limits:)`` returns): elements in a flat array, each knowing its
/// children, so that `<use>` can refer to any element by its index.
struct XMLTree {
    /// One element: its local name, whether it is in the SVG namespace (or in none), its
    /// attributes by qualified name (`xlink:href` keeps its prefix as `xlink:`), its children in
    /// order and its line.
    struct Element {
        var name: String
        var isSVG: Bool
        var attributes: [String: String]
        var children: [Child]
        var line: Int
    }

    /// A child of an element: another element (an index into ``elements``) or text.
    enum Child {
        case element(Int)
        case text(String)
    }

    /// Every element, in document order; the root is the first.
    var elements: [Element] = []

    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// Reads `data` with libxml2, safely for untrusted input: no network (`XML_PARSE_NONET`), no
    /// entity substitution or DTD loading (neither `XML_PARSE_NOENT` nor `XML_PARSE_DTDLOAD`), and
    /// a document that declares any entity is refused before libxml2 sees it; the bytes are read
    /// as UTF-8 whatever the document declares, so the check cannot be dodged by another
    /// encoding. Errors are kept on the parser's context, never printed.
    ///
    /// - Throws: ``SVGDocumentError`` for a document too large, declaring an entity, not
    ///   well-formed, too deep or with too many elements.
    /// - Complexity: O(n) in the size of the document.
    static func read(_ data: [UInt8], fileName: String?, limits: SVGDocumentLimits) throws(SVGDocumentError)
        -> XMLTree
    {
        func failure(_ kind: SVGDocumentError.Kind, line: Int = 0, column: Int? = nil) -> SVGDocumentError {
            SVGDocumentError(kind: kind, fileName: fileName, line: line, column: column)
        }
        guard data.count <= limits.maximumSize else {
            throw failure(.tooLarge(size: data.count, limit: limits.maximumSize))
        }
        if let offset = firstEntityDeclaration(in: data) {
            let (line, column) = location(of: offset, in: data)
            throw failure(.entityDeclaration, line: line, column: column)
        }
        if let (offset, count) = firstCrowdedTag(in: data, limit: limits.maximumAttributeCount) {
            let (line, column) = location(of: offset, in: data)
            throw failure(
                .tooManyAttributes(count: count, limit: limits.maximumAttributeCount), line: line, column: column)
        }
        guard let xml = libxml2 else {
            throw failure(.libraryUnavailable(reason: String(cString: pb_xml2_load_error())))
        }
        guard let context = xml.xmlNewParserCtxt() else {
            throw failure(.notWellFormed(message: "libxml2 could not allocate a parser"))
        }
        defer { xml.xmlFreeParserCtxt(context) }
        let options =
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue
        let document = data.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    xml.xmlCtxtReadMemory(context, chars, Int32(buffer.count), nil, "UTF-8", Int32(options))
                }
            }
        }
        guard let document else {
            if let error = xml.xmlCtxtGetLastError(context) {
                let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
                throw failure(
                    .notWellFormed(message: message.asOneLine), line: Int(error.pointee.line),
                    column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil)
            }
            throw failure(.notWellFormed(message: data.isEmpty ? "the document is empty" : "unknown error"))
        }
        defer { xml.xmlFreeDoc(document) }
        guard let root = xml.xmlDocGetRootElement(document) else {
            throw failure(.notWellFormed(message: "no root element"))
        }
        var tree = XMLTree()
        try tree.copy(root, depth: 1, limits: limits, xml: xml, failure: failure)
        return tree
    }

    /// Copies `node` and its subtree, returning its index.
    @discardableResult
    private mutating func copy(
        _ node: UnsafeMutablePointer<xmlNode>, depth: Int, limits: SVGDocumentLimits, xml: pb_xml2_functions,
        failure: (SVGDocumentError.Kind, Int, Int?) -> SVGDocumentError
    ) throws(SVGDocumentError) -> Int {
        let line = xml.xmlGetLineNo(node)
        guard depth <= limits.maximumDepth else { throw failure(.tooDeep(limit: limits.maximumDepth), line, nil) }
        guard elements.count < limits.maximumElementCount else {
            throw failure(.tooManyElements(limit: limits.maximumElementCount), line, nil)
        }
        let namespace = node.pointee.ns.flatMap { $0.pointee.href }.map { Self.string($0) }
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = Self.string(current.pointee.name)
            let prefix: String
            switch current.pointee.ns.flatMap({ $0.pointee.href }).map({ Self.string($0) }) {
            case nil: prefix = ""
            case Self.xlinkNamespace: prefix = "xlink:"
            case let other?: prefix = other == Self.svgNamespace ? "" : "{\(other)}"
            }
            attributes[prefix + name] = Self.text(of: current.pointee.children)
            attribute = current.pointee.next
        }
        let index = elements.count
        elements.append(
            Element(
                name: Self.string(node.pointee.name), isSVG: namespace == nil || namespace == Self.svgNamespace,
                attributes: attributes, children: [], line: line))
        var children: [Child] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(
                    .element(try copy(current, depth: depth + 1, limits: limits, xml: xml, failure: failure)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { children.append(.text(Self.string(content))) }
            default:
                break
            }
            child = current.pointee.next
        }
        elements[index].children = children
        return index
    }

    /// The text of an attribute's children (text nodes; entity references cannot occur, since
    /// entities are refused).
    private static func text(of first: UnsafeMutablePointer<xmlNode>?) -> String {
        var result = ""
        var node = first
        while let current = node {
            if let content = current.pointee.content { result += string(content) }
            node = current.pointee.next
        }
        return result
    }

    private static func string(_ chars: UnsafePointer<xmlChar>) -> String {
        String(cString: chars)
    }

    /// The offset of the first `<!ENTITY` in the bytes, if any. Markup declarations are
    /// case-sensitive and must be written so, so a plain search finds every one (the bytes are
    /// parsed as UTF-8, whatever the document's own declaration says).
    static func firstEntityDeclaration(in data: [UInt8]) -> Int? {
        let needle = Array("<!ENTITY".utf8)
        guard data.count >= needle.count else { return nil }
        var index = 0
        while index <= data.count - needle.count {
            if data[index] == needle[0], data[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the first start tag with more than `limit` attributes, and how many it has;
    /// `nil` when none has. Counted in the bytes, before libxml2 parses them: libxml2 2.9 checks
    /// each attribute of an element against all the ones before it (10^5 attributes took 17 s).
    ///
    /// An attribute is an `=` inside a start tag, outside its quoted values; comments, CDATA
    /// sections, processing instructions and declarations (`<!DOCTYPE …>`) are skipped. A document
    /// that is not well-formed may be counted loosely; libxml2 refuses it anyway.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func firstCrowdedTag(in data: [UInt8], limit: Int) -> (offset: Int, count: Int)? {
        let (less, greater, equals) = (UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="))
        /// The index just past `terminator` at or after `start`, or the end.
        func skip(past terminator: [UInt8], from start: Int) -> Int {
            var index = start
            while index + terminator.count <= data.count {
                if data[index] == terminator[0], data[index..<index + terminator.count].elementsEqual(terminator) {
                    return index + terminator.count
                }
                index += 1
            }
            return data.count
        }
        var index = 0
        while index < data.count {
            guard data[index] == less, index + 1 < data.count else {
                index += 1
                continue
            }
            let next = data[index + 1]
            if next == UInt8(ascii: "!") {
                if data[index...].starts(with: Array("<!--".utf8)) {
                    index = skip(past: Array("-->".utf8), from: index + 4)
                } else if data[index...].starts(with: Array("<![CDATA[".utf8)) {
                    index = skip(past: Array("]]>".utf8), from: index + 9)
                } else {
                    index = skip(past: [greater], from: index + 2)
                }
                continue
            }
            if next == UInt8(ascii: "?") {
                index = skip(past: Array("?>".utf8), from: index + 2)
                continue
            }
            // A start or end tag: count the `=` outside quotes up to its `>`.
            let start = index
            var (count, quote): (Int, UInt8?) = (0, nil)
            index += 1
            while index < data.count {
                let byte = data[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == equals {
                    count += 1
                } else if byte == greater {
                    break
                }
                index += 1
            }
            if count > limit { return (start, count) }
            index += 1
        }
        return nil
    }

    /// The 1-based line and column (in bytes) of an offset.
    static func location(of offset: Int, in data: [UInt8]) -> (line: Int, column: Int) {
        var (line, lineStart) = (1, 0)
        for index in 0..<offset where data[index] == UInt8(ascii: "\n") {
            (line, lineStart) = (line + 1, index + 1)
        }
        return (line, offset - lineStart + 1)
    }
}

/// libxml2's functions, loaded when the first document is read (not with every process: see
/// CDynamicLibrary), and set up once, before any parse (`xmlInitParser` is not safe to race); `nil` when
/// libxml2 cannot be loaded.
private let libxml2: pb_xml2_functions? = {
    guard pb_xml2_load() == 1 else { return nil }
    let functions = pb_xml2().pointee
    functions.xmlInitParser()
    return functions
}()

extension String {
    /// The string on one line: every run of white space (line breaks included) one space, none at
    /// either end. libxml2's messages end with a newline, and some have a second line (`Input is
    /// not proper UTF-8, indicate encoding !` then `Bytes: 0xFF 0xFF 0xFF 0x39`); an error's
    /// message is one line.
    ///
    /// - Complexity: O(*n*) in the string's length.
    var asOneLine: String {
        split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
