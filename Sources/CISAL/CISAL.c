#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_isal, PB_ISAL_FUNCTIONS, "libisal.so.2")
