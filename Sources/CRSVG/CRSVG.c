#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_rsvg, PB_RSVG_FUNCTIONS, "librsvg-2.so.2")
