#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_spng, PB_SPNG_FUNCTIONS, "libspng.so.0")
