#ifndef PBRENDER_CRSVG_SHIM_H
#define PBRENDER_CRSVG_SHIM_H

// librsvg (Debian librsvg2-dev 2.54), the SVG engine GNOME uses: it draws a rewritten SVG document onto
// pbrender's own Cairo context. Its headers are Debian's (include/librsvg links to
// /usr/include/librsvg-2.0/librsvg and include/gdk-pixbuf to /usr/include/gdk-pixbuf-2.0/gdk-pixbuf, as
// CPango links Pango's; GLib's include folders come from Cairo's pkg-config file). librsvg pulls in about 50
// shared libraries, so it is loaded when the first document is drawn, never with every process
// (pb_dynamic_library.h): the functions pbrender uses, as `pb_rsvg()`'s table once `pb_rsvg_load()` has
// returned 1; dlsym finds GLib's in the libraries librsvg needs.
#include <librsvg/rsvg.h>

#include "pb_dynamic_library.h"

#define PB_RSVG_FUNCTIONS(F)        \
    F(rsvg_handle_new_from_data)    \
    F(rsvg_handle_set_dpi)          \
    F(rsvg_handle_render_document)  \
    F(g_object_unref)               \
    F(g_error_free)

PB_DYNAMIC_LIBRARY_DECLARE(pb_rsvg, PB_RSVG_FUNCTIONS)

#endif
