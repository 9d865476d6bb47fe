internal import CRSVG
import PBScene

extension CairoContext {
    /// Draws a document layer: librsvg renders the rewritten document (``DocumentLayer/markup``)
    /// onto this context, its root on the canvas (the layer's size, in points). librsvg reads
    /// nothing outside the markup (it has no base file), and keeps its own limits.
    ///
    /// - Throws: `RenderError` when librsvg cannot be loaded, or cannot read or draw the markup.
    func draw(_ layer: DocumentLayer) throws(RenderError) {
        let rsvg = try RSVGLibrary.loaded()
        var markup = layer.markup
        var error: UnsafeMutablePointer<GError>?
        // A native string's own bytes: a large document's markup is not copied.
        let handle = markup.withUTF8 { bytes in
            rsvg.rsvg_handle_new_from_data(bytes.baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else { throw Self.documentError(error, rsvg: rsvg) }
        defer { rsvg.g_object_unref(UnsafeMutableRawPointer(handle)) }
        rsvg.rsvg_handle_set_dpi(handle, 96)
        var viewport = RsvgRectangle(x: 0, y: 0, width: layer.size.width, height: layer.size.height)
        guard rsvg.rsvg_handle_render_document(handle, pointer, &viewport, &error) != 0 else {
            throw Self.documentError(error, rsvg: rsvg)
        }
    }

    /// librsvg's error as a render error (freed).
    private static func documentError(_ error: UnsafeMutablePointer<GError>?, rsvg: pb_rsvg_functions) -> RenderError {
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        if let error { rsvg.g_error_free(error) }
        return RenderError(.encoding("librsvg cannot draw the document: \(message)"))
    }
}
