#ifndef PBRENDER_CSPNG_SHIM_H
#define PBRENDER_CSPNG_SHIM_H

// libspng (Debian libspng-dev): decodes PNGs (snapshot references, screenshots), loaded the first time a PNG
// is decoded, not with every process (pb_dynamic_library.h).

#include <spng.h>

#include "pb_dynamic_library.h"

#define PB_SPNG_FUNCTIONS(F)  \
    F(spng_ctx_new)           \
    F(spng_ctx_free)          \
    F(spng_set_image_limits)  \
    F(spng_set_chunk_limits)  \
    F(spng_set_png_buffer)    \
    F(spng_get_ihdr)          \
    F(spng_decode_image)      \
    F(spng_decode_row)        \
    F(spng_get_row_info)      \
    F(spng_decode_chunks)     \
    F(spng_strerror)

PB_DYNAMIC_LIBRARY_DECLARE(pb_spng, PB_SPNG_FUNCTIONS)

#endif
