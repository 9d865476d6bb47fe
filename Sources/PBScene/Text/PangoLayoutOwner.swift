internal import CPango

/// The one owner of a laid-out `PangoLayout`; its `deinit` releases it under the
/// ``PangoTextSystem`` lock.
package final class PangoLayoutOwner: @unchecked Sendable {
    // @unchecked: the layout is only touched under its `PangoTextSystem`'s lock, and not
    // changed after `TextLayout` has measured it.

    /// The `PangoLayout`.
    let pointer: OpaquePointer
    /// The system that made it, whose lock guards it.
    let system: PangoTextSystem

    /// Takes over `pointer` (one reference), made by `system`. Call under the lock, or outside
    /// it: creating an owner does not lock.
    init(_ pointer: OpaquePointer, system: PangoTextSystem) {
        self.pointer = pointer
        self.system = system
    }

    deinit {
        let (pointer, pango) = (pointer, system.pango)
        system.withLock { pango.g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    /// Draws the layout on `cairo` with its top-left corner at the current point.
    ///
    /// The corresponding C function is `pango_cairo_show_layout`; it does not lay the text out
    /// again (that would be `pango_cairo_update_layout`), so the geometry is the measured one.
    package func show(on cairo: OpaquePointer) {
        let (pointer, pango) = (pointer, system.pango)
        system.withLock { pango.pango_cairo_show_layout(cairo, pointer) }
    }
}
