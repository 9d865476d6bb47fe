import PBGeometry
import PBRendering

extension ProgressIndicator {
    /// An indicator along a document's shapes, at progress 0: the whole document as one path in
    /// document order (``SVGDocument/path``, the `sequence` order: progress is a fraction of the
    /// total length on the canvas), on the document's canvas.
    ///
    /// When `style` sets no line width, the first element's ``SVGElement/canvasLineWidth`` is used
    /// (its stroke width on the canvas, or 1 user unit of it). The document's other style values
    /// (colours, caps, dashes) are per element and are not applied here: the style given is.
    ///
    /// - Parameters:
    ///   - document: the document to draw along.
    ///   - style: the style of the track and progress.
    public init(document: SVGDocument, style: ProgressStyle = ProgressStyle()) {
        var style = style
        if style.lineWidth == nil, let first = document.elements.first { style.lineWidth = first.canvasLineWidth }
        self.init(path: document.path, canvas: document.canvasSize, style: style)
    }
}
