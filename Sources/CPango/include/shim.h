#ifndef PBRENDER_CPANGO_SHIM_H
#define PBRENDER_CPANGO_SHIM_H

#include <pango/pangocairo.h>
// pango_fc_font_map_cache_clear: our font map is a PangoFcFontMap (PangoCairo on fontconfig).
#include <pango/pangofc-fontmap.h>

#include "pb_dynamic_library.h"

// Pango is loaded when the first font or label needs it, not with every process (pb_dynamic_library.h):
// a ring or a bar without a label never loads Pango, GLib or HarfBuzz. These are the functions pbrender
// uses, as `pb_pango()`'s table once `pb_pango_load()` has returned 1; dlsym finds GLib's and PangoFT2's
// in the libraries libpangocairo needs.
#define PB_PANGO_FUNCTIONS(F)                   \
    F(pango_cairo_font_map_new)                 \
    F(pango_cairo_context_set_resolution)       \
    F(pango_cairo_context_set_font_options)     \
    F(pango_cairo_show_layout)                  \
    F(pango_font_map_create_context)            \
    F(pango_fc_font_map_cache_clear)            \
    F(pango_context_set_round_glyph_positions)  \
    F(pango_context_set_base_dir)               \
    F(pango_context_load_font)                  \
    F(pango_font_describe)                      \
    F(pango_font_description_from_string)       \
    F(pango_font_description_to_string)         \
    F(pango_font_description_free)              \
    F(pango_font_description_get_set_fields)    \
    F(pango_font_description_get_family)        \
    F(pango_font_description_set_family)        \
    F(pango_font_description_get_size)          \
    F(pango_font_description_set_size)          \
    F(pango_font_description_get_weight)        \
    F(pango_font_description_set_weight)        \
    F(pango_font_description_get_style)         \
    F(pango_font_description_set_style)         \
    F(pango_layout_new)                         \
    F(pango_layout_set_text)                    \
    F(pango_layout_set_font_description)        \
    F(pango_layout_set_auto_dir)                \
    F(pango_layout_set_alignment)               \
    F(pango_layout_get_extents)                 \
    F(pango_layout_get_baseline)                \
    F(pango_layout_get_line_count)              \
    F(pango_layout_get_line_readonly)           \
    F(pango_layout_get_unknown_glyphs_count)    \
    F(pango_layout_line_get_resolved_direction) \
    F(pango_layout_get_iter)                    \
    F(pango_layout_iter_get_run_readonly)       \
    F(pango_layout_iter_next_run)               \
    F(pango_layout_iter_free)                   \
    F(g_object_unref)                           \
    F(g_free)

PB_DYNAMIC_LIBRARY_DECLARE(pb_pango, PB_PANGO_FUNCTIONS)

#endif
