#ifndef PBRENDER_CPANGO_SHIM_H
#define PBRENDER_CPANGO_SHIM_H

#include <pango/pangocairo.h>
// pango_fc_font_map_cache_clear: our font map is a PangoFcFontMap (PangoCairo on fontconfig).
#include <pango/pangofc-fontmap.h>

#endif
