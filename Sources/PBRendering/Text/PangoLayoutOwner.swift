internal import CPango

/// The one owner of a laid-out `PangoLayout`; its `deinit` releases it under the
/// ``PangoTextSystem`` lock.
final class PangoLayoutOwner: @unchecked Sendable {
    // @unchecked: the layout is only touched under `PangoTextSystem.shared`'s lock, and not
    // changed after `TextLayout` has measured it.

    /// The `PangoLayout`.
    let pointer: OpaquePointer

    /// Takes over `pointer` (one reference). Call under the lock, or outside it: creating an
    /// owner does not lock.
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        let pointer = pointer
        PangoTextSystem.shared.withLock { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    /// Draws the layout on `cairo` with its top-left corner at the current point.
    ///
    /// The corresponding C function is `pango_cairo_show_layout`; it does not lay the text out
    /// again (that would be `pango_cairo_update_layout`), so the geometry is the measured one.
    func show(on cairo: OpaquePointer) {
        let pointer = pointer
        PangoTextSystem.shared.withLock { pango_cairo_show_layout(cairo, pointer) }
    }
}
