internal import CGIF
import PBScene

/// giflib's functions, from the library loaded when the first GIF is written, not with every
/// process (CGIF's header and CDynamicLibrary say how).
enum GIFLibrary {
    /// The functions, or `nil` when giflib cannot be loaded. Loaded once per process, on first use.
    static let functions: pb_gif_functions? = pb_gif_load() == 1 ? pb_gif().pointee : nil

    /// The functions, loaded.
    ///
    /// - Throws: `RenderError` (`.encoding`) when giflib cannot be loaded, in the dynamic linker's
    ///   words.
    static func loaded() throws(RenderError) -> pb_gif_functions {
        guard let functions else {
            throw RenderError(
                .encoding("GIF: cannot load giflib (install Debian's libgif7): " + String(cString: pb_gif_load_error()))
            )
        }
        return functions
    }
}
