import PBDocument
import PBGeometry
import PBRendering

/// What a command draws or measures along: one input, read in one place
/// (`PathSource.input(context:)`).
///
/// Every rule that depends on the kind of input asks this value: a document's elements take the
/// progress in an order and its track is clear; a curve file brings options; path data and
/// shapes bring nothing but geometry.
public enum PathInput: Sendable {
    /// A built-in shape (`--shape`; a ring when no input is given).
    case shape(ProgressShape)
    /// SVG path data given inline (`--path-data`).
    case pathData(Path)
    /// A JSON curve file (`--path ring.json`): a path, a canvas, options.
    case curveFile(CurveFile)
    /// An SVG document (`--path logo.svg`, told by its content): the elements it draws.
    case document(SVGDocument, file: String)

    /// The document, for an SVG document.
    public var document: SVGDocument? {
        if case .document(let document, _) = self { document } else { nil }
    }

    /// Whether the input is an SVG document (whose elements take the progress in an order).
    public var isDocument: Bool { document != nil }

    /// What to draw, before options: the shape, the path on the curve file's canvas, or the
    /// document's path on its canvas (``RenderOptions`` places a document's elements).
    package var geometry: ProgressIndicator.Geometry {
        switch self {
        case .shape(let shape): .shape(shape)
        case .pathData(let path): .path(path, canvas: nil)
        case .curveFile(let file): .path(file.path, canvas: file.canvas)
        case .document(let document, _): .path(document.path, canvas: document.canvasSize)
        }
    }

    /// The document's warnings (text not converted, style values ignored), one sentence each,
    /// `file:line: …`; none for other inputs.
    package var warnings: [JobWarning] {
        guard case .document(let document, let file) = self else { return [] }
        return document.warnings.map { JobWarning(.document, Sentence("\(file):\($0.line): \($0.message)")) }
    }

    /// The document on a canvas of the given sides: fitted to them (`SVGDocument.fitted(to:)`,
    /// its `preserveAspectRatio` kept), a missing side from the document's aspect ratio; `nil`
    /// for other inputs.
    package func fittedDocument(width: Double?, height: Double?) -> SVGDocument? {
        guard let document else { return nil }
        let natural = document.canvasSize
        guard width != nil || height != nil, natural.width > 0, natural.height > 0 else { return document }
        let size = Size(
            width: width ?? (height ?? natural.height) * natural.width / natural.height,
            height: height ?? (width ?? natural.width) * natural.height / natural.width)
        return document.fitted(to: size)
    }

    /// The path a measuring command works on: the curve file's or the document's (every
    /// element's, in document order, on the canvas), the path data, or the shape's on its natural
    /// canvas.
    ///
    /// - Throws: a render error when a shape cannot be laid out.
    package func path() throws(CommandLineError) -> Path {
        switch self {
        case .pathData(let path): return path
        case .curveFile(let file): return file.path
        case .document(let document, _): return document.path
        case .shape(let shape):
            do {
                return try ProgressIndicator(shape: shape).layout().measure.path
            } catch {
                throw CommandLineError(.render(error))
            }
        }
    }

    /// Reads what `--path` names: an SVG document when the bytes are one (by their content,
    /// `SVGDocument.looksLikeSVG(_:)`, whatever the file's name), otherwise a JSON curve file
    /// (``CurveFile/decode(_:file:)``).
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the name messages give it (`<stdin>` for standard input).
    /// - Throws: an input error (exit code 2): for a document, its `SVGDocumentError` as one
    ///   line `file:line:column: …`, or a document with nothing to draw; for JSON, as
    ///   ``CurveFile/decode(_:file:)`` says.
    /// - Complexity: O(n) in the size of the file.
    package static func read(_ bytes: [UInt8], file: String) throws(CommandLineError) -> PathInput {
        guard SVGDocument.looksLikeSVG(bytes) else { return .curveFile(try CurveFile.decode(bytes, file: file)) }
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
        return .document(document, file: file)
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
}
