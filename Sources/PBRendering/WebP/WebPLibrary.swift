internal import CWebP
import PBScene

/// libwebp's and libwebpmux's functions, from the libraries loaded when the first WebP is written, not
/// with every process (CWebP's header and CDynamicLibrary say how).
enum WebPLibrary {
    /// The functions, or `nil` when libwebp cannot be loaded (``unavailable`` says why). Loaded once
    /// per process, on first use.
    static let functions: pb_webp_functions? = pb_webp_load() == 1 ? pb_webp().pointee : nil

    /// The error when libwebp cannot be loaded, in the dynamic linker's words.
    static var unavailable: RenderError {
        RenderError(
            .encoding(
                "WebP: cannot load libwebp (install Debian's libwebp7 and libwebpmux3): "
                    + String(cString: pb_webp_load_error())))
    }

    /// The functions, loaded.
    ///
    /// - Throws: ``unavailable`` when libwebp cannot be loaded.
    static func loaded() throws(RenderError) -> pb_webp_functions {
        guard let functions else { throw unavailable }
        return functions
    }
}
