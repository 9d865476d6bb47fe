#ifndef PBRENDER_CGIF_SHIM_H
#define PBRENDER_CGIF_SHIM_H

// giflib (Debian libgif-dev, MIT): still and animated GIFs, loaded the first time a GIF is written, not with
// every process (pb_dynamic_library.h). Its median cut (GifQuantizeBuffer) picks the colour boxes of an image
// with more than 256 colours.

#include <stdbool.h>
#include <stddef.h>
#include <gif_lib.h>

#include "pb_dynamic_library.h"

#define PB_GIF_FUNCTIONS(F)    \
    F(EGifOpen)                \
    F(EGifSetGifVersion)       \
    F(EGifPutScreenDesc)       \
    F(EGifPutImageDesc)        \
    F(EGifPutLine)             \
    F(EGifPutExtension)        \
    F(EGifPutExtensionLeader)  \
    F(EGifPutExtensionBlock)   \
    F(EGifPutExtensionTrailer) \
    F(EGifGCBToExtension)      \
    F(EGifCloseFile)           \
    F(GifMakeMapObject)        \
    F(GifFreeMapObject)        \
    F(GifQuantizeBuffer)       \
    F(GifErrorString)

PB_DYNAMIC_LIBRARY_DECLARE(pb_gif, PB_GIF_FUNCTIONS)

#endif
