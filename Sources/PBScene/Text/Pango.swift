internal import CPango

/// Pango's functions, from the library loaded when the first font or label needs it, not with every
/// process: a ring or a bar without a label never loads Pango, GLib or HarfBuzz (CPango's header and
/// CDynamicLibrary say how; Tests/Benchmarks/results/startup.md what it saves).
enum Pango {
    /// The functions, or `nil` when Pango cannot be loaded (``loadError`` says why). Loaded once per
    /// process, on first use.
    static let functions: pb_pango_functions? = pb_pango_load() == 1 ? pb_pango().pointee : nil

    /// Why Pango could not be loaded, in the dynamic linker's words, or an empty string.
    static var loadError: String { String(cString: pb_pango_load_error()) }

    /// What labels and fonts say when Pango is missing.
    static var unavailableReason: String {
        "cannot load Pango, which lays out labels (install Debian's libpango-1.0-0 and libpangocairo-1.0-0): "
            + loadError
    }

    /// The object a Pango constructor made. Through a function pointer its result imports as an
    /// optional, where the direct import was implicitly unwrapped; it is never `nil`: GLib
    /// allocates with `g_malloc`, which aborts the process when memory runs out instead of
    /// returning `NULL`, and these constructors fail in no other way.
    static func made<Object>(_ object: Object?, by function: StaticString) -> Object {
        guard let object else { fatalError("\(function) returned NULL, which GLib never lets it do") }
        return object
    }
}
