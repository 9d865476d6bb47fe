internal import CPango
import PBSynchronization

/// The process's one Pango font map and its contexts, and the lock every Pango call holds.
///
/// Why one map behind one lock. Pango does not lock its objects: a font map, the fonts and
/// fontsets it caches, and the contexts and layouts made from it must not be used by two
/// threads at once. Since Pango 1.32.6 `pango_cairo_font_map_get_default` therefore returns a
/// different map on each thread ("PangoCairo can be used safely from multiple threads" means:
/// each thread on its own map). Projects that shared one map between threads anyway reported
/// failed scaled fonts, tofu and GLib aborts (rrdtool, which moved to per-thread maps), and
/// libvips, which uses a private map like this one, locks "for the whole of text rendering".
///
/// Per-thread maps do not fit labels: a ``TextLayout`` is made on one thread and drawn on
/// whichever threads render frames, so a layout made on thread A and drawn on thread B while A
/// lays out another label would use A's map (its cached fonts) from two threads. A fresh map
/// per layout would share nothing, but loads the fonts again each time: about 1.3 ms per label
/// here, against about 6 µs with a shared map. So all labels share one map made with
/// `pango_cairo_font_map_new` (not the per-thread default, so that nothing else in the process
/// changes its resolution or sees ours), and every call into Pango (laying out, measuring,
/// drawing, and releasing a layout, whose fonts may then leave the map's caches) holds
/// ``lock``. Cairo, which Pango draws through, locks its own shared state (scaled fonts, font
/// faces), so the `cairo_t` a frame draws on needs no lock beyond its owner's. The price: Pango
/// work does not run in parallel (laying out a short label takes about 6 µs and drawing it
/// about 2 µs, small next to a frame's rasterising and encoding).
///
/// Pango's font map keeps what it loads for each font description (fontsets, fontconfig
/// patterns, fonts) for as long as the map lives, and ours lives as long as the process: found
/// by fuzzing labels, every new description (another family or size) cost 10 to 20 KB that
/// never came back (8000 descriptions: 168 MB; LeakSanitizer reports them as leaks when Pango's
/// fontconfig thread races the first layout), which a server laying out labels in fonts its
/// requests choose cannot afford. So the system counts the descriptions laid out since the
/// caches were last cleared, and once more than ``maximumCachedDescriptions`` have been seen it
/// clears them (`pango_fc_font_map_cache_clear`) and starts counting again: memory stays flat
/// (measured with the same 8000 descriptions: 14 MB), while the few fonts an application really
/// uses stay cached. Layouts made before a clear keep their fonts (each holds references) and
/// draw as they were measured.
///
/// The lock is not recursive: a closure passed to ``withLock(_:)`` must not release the last
/// reference to a ``PangoLayoutOwner`` (its `deinit` takes the lock).
///
/// Contexts are set up once: 72 dpi (one Pango device unit is one point), hinting off and
/// metrics unhinted, glyph positions not rounded, grey antialiasing. Nothing then depends on
/// the surface a layout is drawn on: the same layout is valid for PNG at any scale, PDF and SVG.
final class PangoTextSystem: @unchecked Sendable {
    // @unchecked: the pointers below are set in `init` and then only used under `lock`.

    /// The shared system, made on first use (which loads Pango), or `nil` when Pango cannot be
    /// loaded (``Pango/loadError`` says why).
    static let shared: PangoTextSystem? = Pango.functions.map(PangoTextSystem.init)

    /// The most font descriptions laid out between two clears of the font map's caches.
    static let maximumCachedDescriptions = 64

    /// The lock, and what it guards besides every Pango call: the font descriptions laid out
    /// since the caches were last cleared.
    private let lock = Locked(FontCache())

    /// The font descriptions laid out since the font map's caches were last cleared.
    struct FontCache: Sendable {
        /// The descriptions, in Pango's normal form.
        var descriptions: Set<String> = []
        /// How many times the caches were cleared.
        var clearCount = 0
    }
    /// Pango's functions.
    let pango: pb_pango_functions
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Contexts whose base direction is weak left-to-right / weak right-to-left: the direction
    /// of a paragraph without a strong character.
    private let leftToRight: OpaquePointer
    private let rightToLeft: OpaquePointer

    private init(pango: pb_pango_functions) {
        self.pango = pango
        fontMap = Pango.made(pango.pango_cairo_font_map_new(), by: "pango_cairo_font_map_new")
        leftToRight = Self.makeContext(fontMap, baseDirection: PANGO_DIRECTION_WEAK_LTR, pango: pango)
        rightToLeft = Self.makeContext(fontMap, baseDirection: PANGO_DIRECTION_WEAK_RTL, pango: pango)
    }

    deinit {
        pango.g_object_unref(UnsafeMutableRawPointer(leftToRight))
        pango.g_object_unref(UnsafeMutableRawPointer(rightToLeft))
        pango.g_object_unref(fontMap)
    }

    /// Runs `body` holding the lock.
    func withLock<R: Sendable>(_ body: () -> R) -> R {
        lock.withLock { _ in body() }
    }

    /// Runs `body` holding the lock, with the context whose neutral paragraphs run in
    /// `direction`, for laying out text in the font `fontDescription`: clears the font map's
    /// caches first when this description is one more than ``maximumCachedDescriptions`` since
    /// the last clear.
    func withContext<R: Sendable>(
        neutralDirection direction: TextDirection, fontDescription: String, _ body: (OpaquePointer) -> R
    ) -> R {
        let context = direction == .leftToRight ? leftToRight : rightToLeft
        let (fontMap, pango) = (fontMap, pango)
        return lock.withLock { cache in
            if cache.descriptions.insert(fontDescription).inserted,
                cache.descriptions.count > Self.maximumCachedDescriptions
            {
                // A PangoCairo font map on fontconfig is a PangoFcFontMap (an opaque type here).
                pango.pango_fc_font_map_cache_clear(OpaquePointer(fontMap))
                cache.descriptions = [fontDescription]
                cache.clearCount += 1
            }
            return body(context)
        }
    }

    /// The font descriptions laid out since the caches were last cleared, and the number of
    /// clears (for tests).
    var fontCache: FontCache {
        lock.withLock { $0 }
    }

    /// The corresponding C functions are `pango_font_map_create_context`,
    /// `pango_cairo_context_set_resolution`, `pango_cairo_context_set_font_options` and
    /// `pango_context_set_round_glyph_positions`.
    private static func makeContext(
        _ fontMap: UnsafeMutablePointer<PangoFontMap>, baseDirection: PangoDirection, pango: pb_pango_functions
    ) -> OpaquePointer {
        let context = Pango.made(pango.pango_font_map_create_context(fontMap), by: "pango_font_map_create_context")
        pango.pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango.pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango.pango_context_set_round_glyph_positions(context, 0)
        pango.pango_context_set_base_dir(context, baseDirection)
        return context
    }
}
