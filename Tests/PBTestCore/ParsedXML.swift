import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read by Foundation's `XMLParser` (libxml2 on Linux): an independent reader
/// for the SVG pbrender writes, strict about well-formedness (a repeated attribute, an unescaped
/// `<` or `&`, a tag left open are errors), with entities decoded.
///
/// ```swift
/// let svg = try ParsedXML(parsing: svgText).root
/// #expect(svg.attributes["role"] == "progressbar")
/// #expect(svg.first("title")?.text == "Progress: 37%")
/// ```
public struct ParsedXML: Sendable {
    /// One element: its name, attributes, text and children.
    public struct Element: Sendable {
        /// The element's name as written (`svg`, `path`, `text`).
        public var name: String
        /// The attributes, values with entities decoded.
        public var attributes: [String: String]
        /// The element's own character data (not its children's), entities decoded, CDATA included.
        public var text: String
        /// The child elements, in order.
        public var children: [Element]

        /// This element and every element inside it, depth first, in document order.
        ///
        /// - Complexity: O(n) in the number of elements.
        public var descendants: [Element] {
            [self] + children.flatMap(\.descendants)
        }

        /// The elements named `name` in this element's subtree (itself included), in order.
        ///
        /// - Complexity: O(n) in the number of elements.
        public func all(_ name: String) -> [Element] {
            descendants.filter { $0.name == name }
        }

        /// The first element named `name` in this element's subtree, if any.
        ///
        /// - Complexity: O(n) in the number of elements.
        public func first(_ name: String) -> Element? {
            all(name).first
        }
    }

    /// Why a document could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// The parser's message, with its line and column.
        public var description: String
    }

    /// The document's root element.
    public var root: Element

    /// Parses a document.
    ///
    /// - Parameter text: The XML.
    /// - Throws: ``Failure`` for a document that is not well-formed XML.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing text: String) throws {
        let delegate = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        guard parser.parse(), let root = delegate.root else {
            let error = parser.parserError.map { "\($0)" } ?? "no root element"
            throw Failure(
                description: "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber): \(error)"
            )
        }
        self.root = root
    }

    /// Builds the tree from the parser's events.
    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            stack.append(Element(name: elementName, attributes: attributes, text: "", children: []))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
