#ifndef PBRENDER_CHARFBUZZ_SHIM_H
#define PBRENDER_CHARFBUZZ_SHIM_H

// HarfBuzz, Pango's shaper: its pkg-config flags carry the GLib, FreeType and HarfBuzz include
// folders that Pango's headers need (CPango's include/ holds Pango's own).
#include <hb.h>

#endif
