#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_pango, PB_PANGO_FUNCTIONS, "libpangocairo-1.0.so.0")
