internal import CRSVG
import PBScene

/// librsvg's functions, from the library loaded when the first document is drawn, never for a
/// ring (CRSVG's header and CDynamicLibrary say how).
enum RSVGLibrary {
    /// The functions, or `nil` when librsvg cannot be loaded (``unavailable`` says why). Loaded
    /// once per process, on first use.
    static let functions: pb_rsvg_functions? = pb_rsvg_load() == 1 ? pb_rsvg().pointee : nil

    /// The error when librsvg cannot be loaded, in the dynamic linker's words.
    static var unavailable: RenderError {
        RenderError(
            .encoding(
                "SVG documents: cannot load librsvg (install Debian's librsvg2-2): "
                    + String(cString: pb_rsvg_load_error())))
    }

    /// The functions, loaded.
    ///
    /// - Throws: ``unavailable`` when librsvg cannot be loaded.
    static func loaded() throws(RenderError) -> pb_rsvg_functions {
        guard let functions else { throw unavailable }
        return functions
    }
}
