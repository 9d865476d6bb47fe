#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_mhd, PB_MHD_FUNCTIONS, "libmicrohttpd.so.12")
