#ifndef PBRENDER_CWEBPDECODE_SHIM_H
#define PBRENDER_CWEBPDECODE_SHIM_H

// libwebp's decoder, for pbrender-fuzz's webp target only (it decodes what PBRendering's
// encoder wrote): the libraries themselves never decode WebP.
#include <webp/decode.h>

#endif
