import PBGeometry

/// An SVG document read into exact geometry: the canvas it is drawn on and every shape it
/// draws, in document order, each as a `PBGeometry` `Path` on the canvas with its computed
/// style.
///
/// ```swift
/// let document = try SVGDocument(data: Array(bytes), fileName: "logo.svg")
/// for element in document.elements {
///     print(element.tag, element.id ?? "", PathMeasure(element.path).length)
/// }
/// let whole = document.path  // every shape, in order: one path to trim
/// ```
///
/// Reading is safe for untrusted input: libxml2 reads the bytes with no network access, no DTD
/// loading and no entity substitution, a document that declares any entity is refused before it
/// is parsed, and ``SVGDocumentLimits`` bounds the size, the nesting and the number of
/// elements. See <doc:ReadingSVGDocuments> for what is drawn and how.
public struct SVGDocument: Hashable, Sendable {
    /// The size of the canvas, in canvas units (pixels at scale 1): the root's `width` and
    /// `height` in user units (absolute units converted, `1in = 96`), the missing one from the
    /// `viewBox`'s aspect ratio, or the `viewBox`'s size, or 300 × 150 (CSS's default) when
    /// the document gives neither.
    public let canvasSize: Size
    /// The shapes drawn, in document order (a `<use>` draws its target where the `<use>` is).
    public let elements: [SVGElement]
    /// What was read but is not drawn as a browser would (text, ignored style values, a
    /// `<use>` of nothing), in document order but for the one warning about text, which comes
    /// last.
    public let warnings: [SVGDocumentWarning]
    /// The gradients the elements' fills and strokes refer to (``SVGPaint/reference(id:fallback:)``),
    /// by `id`, each resolved through its `href` templates. A reference to an `id` missing here
    /// names no gradient: its fallback colour is painted, or nothing.
    public let gradients: [String: SVGGradient]
    /// The root's `preserveAspectRatio` (default `xMidYMid meet`): how ``fitted(to:)`` maps the
    /// canvas onto another. `nil` alignment is `none`.
    let alignment: Point?
    let slices: Bool

    /// Reads a document from its bytes.
    ///
    /// - Parameters:
    ///   - data: the document, UTF-8 (or ASCII) XML; a byte-order mark is allowed.
    ///   - fileName: the name errors and warnings give the document (`logo.svg:3:14: …`), if any.
    ///   - limits: the most the document may hold (default ``SVGDocumentLimits/default``).
    /// - Throws: ``SVGDocumentError``: XML that is not well-formed (with line and column), an
    ///   entity declaration, a document over a limit, a root that is not `<svg>`, an attribute
    ///   that cannot be read (a length with an unknown unit, a malformed `transform`, `points`,
    ///   `viewBox` or `d`), or a `<use>` cycle. Style values that cannot be read are ignored
    ///   with a warning instead, as browsers ignore them.
    /// - Complexity: O(n) in the size of the document plus the size of what `<use>` elements
    ///   expand to.
    public init(data: [UInt8], fileName: String? = nil, limits: SVGDocumentLimits = .default)
        throws(SVGDocumentError)
    {
        let tree = try XMLTree.read(data, fileName: fileName, limits: limits)
        var reader = DocumentReader(tree: tree, fileName: fileName, limits: limits)
        try reader.checkCost()
        canvasSize = try reader.read()
        elements = reader.elements
        warnings = reader.warnings
        gradients = reader.gradients
        let aspect = try reader.rootAspectRatio()
        alignment = aspect.alignment.map { Point($0.x, $0.y) }
        slices = aspect.slices
    }

    /// A document with every property given (for ``fitted(to:)``).
    init(
        canvasSize: Size, elements: [SVGElement], warnings: [SVGDocumentWarning], gradients: [String: SVGGradient],
        alignment: Point?, slices: Bool
    ) {
        self.canvasSize = canvasSize
        self.gradients = gradients
        self.elements = elements
        self.warnings = warnings
        self.alignment = alignment
        self.slices = slices
    }

    /// The document on a canvas of `size`, every element mapped by the transform the root's
    /// `preserveAspectRatio` gives for the whole canvas (`xMidYMid meet` unless it says
    /// otherwise: scaled uniformly to fit and centred; `slice` covers; `none` stretches), as a
    /// browser draws the document in an `<img>` of that size. Element styles stay in their user
    /// units, so strokes scale with the drawing.
    ///
    /// - Parameter size: the new canvas, each side above zero (otherwise the document is
    ///   returned as it is).
    /// - Complexity: O(n) in the total number of path elements.
    public func fitted(to size: Size) -> SVGDocument {
        guard size.width > 0, size.height > 0, canvasSize.width > 0, canvasSize.height > 0, size != canvasSize else {
            return self
        }
        var box = ViewBox(
            rect: Rect(origin: .zero, size: canvasSize), alignment: alignment.map { ($0.x, $0.y) })
        box.slices = slices
        let transform = box.transform(onto: size)
        let mapped = elements.map { element in
            SVGElement(
                tag: element.tag, id: element.id, localPath: element.localPath,
                transform: element.transform.concatenating(transform), style: element.style, line: element.line)
        }
        return SVGDocument(
            canvasSize: size, elements: mapped, warnings: warnings, gradients: gradients, alignment: alignment,
            slices: slices)
    }

    /// Reads a document from text; see ``init(data:fileName:limits:)``.
    public init(string: String, fileName: String? = nil, limits: SVGDocumentLimits = .default)
        throws(SVGDocumentError)
    {
        try self.init(data: Array(string.utf8), fileName: fileName, limits: limits)
    }

    /// Every element's path on the canvas, appended in document order: the document as one path,
    /// as a line-drawing of the whole document measures it.
    ///
    /// - Complexity: O(n) in the total number of path elements.
    public var path: Path {
        var result = Path()
        for element in elements { result.addPath(element.path) }
        return result
    }

    /// Whether bytes look like an SVG document rather than another input (a JSON curve file, path
    /// data): after an optional byte-order mark, white space, an XML declaration, comments and a
    /// `DOCTYPE`, the first element is `<svg` (with or without a namespace prefix). Only the
    /// first 4 KiB are looked at; the document may still fail to read.
    ///
    /// - Complexity: O(1) (at most 4,096 bytes).
    public static func looksLikeSVG(_ data: some Collection<UInt8>) -> Bool {
        var text = String(decoding: data.prefix(4096), as: UTF8.self)[...]
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            text = text.drop(while: \.isWhitespace)
            if text.hasPrefix("<!"), !text.hasPrefix("<!--") {
                // A DOCTYPE, whose internal subset (`[<!ENTITY …>]`) holds `>`s of its own.
                var depth = 0
                guard
                    let close = text.firstIndex(where: { character in
                        if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                        return character == ">" && depth <= 0
                    })
                else { return false }
                text = text[text.index(after: close)...]
                continue
            }
            if text.hasPrefix("<?") || text.hasPrefix("<!--") {
                let end = text.hasPrefix("<!--") ? "-->" : ">"
                guard let close = text.firstRange(of: end) else { return false }
                text = text[close.upperBound...]
                continue
            }
            guard text.hasPrefix("<") else { return false }
            let name = text.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name == "svg" || name.hasSuffix(":svg")
        }
    }
}
