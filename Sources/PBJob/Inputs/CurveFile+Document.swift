import PBDocument
import PBGeometry
import PBRendering

extension CurveFile {
    /// Reads what `--path` names: an SVG document when the bytes are one (by their content,
    /// `SVGDocument.looksLikeSVG(_:)`, whatever the file's name), otherwise a JSON curve file
    /// (``decode(_:file:)``).
    ///
    /// A document's path is every element's, in document order, as one path (the `sequence`
    /// order), on the document's canvas; it sets no options.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the name messages give it (`<stdin>` for standard input).
    /// - Throws: an input error (exit code 2): for a document, its `SVGDocumentError` as one
    ///   line `file:line:column: …`; for JSON, as ``decode(_:file:)`` says.
    /// - Complexity: O(n) in the size of the file.
    package static func read(_ bytes: [UInt8], file: String) throws(CommandLineError) -> CurveFile {
        guard SVGDocument.looksLikeSVG(bytes) else { return try decode(bytes, file: file) }
        let document: SVGDocument
        do {
            document = try SVGDocument(data: bytes, fileName: file)
        } catch {
            throw Self.error(error, file: file)
        }
        guard !document.elements.isEmpty else {
            throw .input(
                "\(file): the document has nothing to draw (no path, line, polyline, polygon, rect, circle or ellipse)")
        }
        var curveFile = CurveFile(file: file, canvas: document.canvasSize, path: document.path, optionMembers: [])
        curveFile.document = document
        return curveFile
    }

    /// A document's error as the command line says it: at `file:line:column` when libxml2 gave
    /// the place, otherwise at `file:line` (an attribute's element) or at `file` (the whole
    /// document).
    package static func error(_ error: SVGDocumentError, file: String) -> CommandLineError {
        if error.line > 0, let column = error.column {
            return .input(error.reason, file: file, at: TextPosition(line: error.line, column: column))
        }
        var named = error
        named.fileName = file
        return .input("\(named.description)")
    }

    /// The document's warnings (text not converted, style values ignored), one sentence each.
    package var documentWarnings: [String] {
        document?.warnings.map { "\(file):\($0.line): \($0.message)" } ?? []
    }

    /// The document on a canvas of the given sides: fitted to them (`SVGDocument.fitted(to:)`,
    /// its `preserveAspectRatio` kept), a missing side from the document's aspect ratio; `nil`
    /// when this is not a document.
    package func fittedDocument(width: Double?, height: Double?) -> SVGDocument? {
        guard let document else { return nil }
        let natural = document.canvasSize
        guard width != nil || height != nil, natural.width > 0, natural.height > 0 else { return document }
        let size = Size(
            width: width ?? (height ?? natural.height) * natural.width / natural.height,
            height: height ?? (width ?? natural.width) * natural.height / natural.width)
        return document.fitted(to: size)
    }
}
