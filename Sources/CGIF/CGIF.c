#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_gif, PB_GIF_FUNCTIONS, "libgif.so.7")
