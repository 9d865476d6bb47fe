#ifndef PBRENDER_CWEBP_SHIM_H
#define PBRENDER_CWEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
