#include "shim.h"

// libwebpmux needs libwebp, so dlsym on it finds both libraries' functions.
PB_DYNAMIC_LIBRARY_DEFINE(pb_webp, PB_WEBP_FUNCTIONS, "libwebpmux.so.3")
