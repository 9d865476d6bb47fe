internal import CCairo
import PBGeometry
import PBScene
import PBStyle

extension CairoContext {
    /// Draws `layout` in `color` with the top-left corner of its layout box at `origin`, in
    /// user space (after any ``scale(by:)``).
    ///
    /// The glyphs are the ones the layout measured (nothing is laid out again for this
    /// surface), so on an image surface at any scale, a PDF (and a Cairo SVG surface, as glyph
    /// outlines) the text has the layout's geometry: its logical box at `origin + logicalExtents.origin`, its first
    /// baseline at `origin.y + baseline`. (An image surface snaps each glyph to a whole device
    /// pixel, as Cairo 1.16 does for all text: ink moves by at most half a pixel.) On a PDF the
    /// text is real text, with the label's characters mapped to its glyphs, so it can be
    /// selected and extracted. The source, path and current point are restored afterwards.
    ///
    /// The corresponding C function is `pango_cairo_show_layout`.
    func draw(_ layout: TextLayout, at origin: Point, color: Color) {
        cairo_save(pointer)
        setSource(color)
        cairo_new_path(pointer)
        cairo_move_to(pointer, origin.x, origin.y)
        layout.owner.show(on: pointer)
        cairo_restore(pointer)
    }
}
