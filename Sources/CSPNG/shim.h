#ifndef PBRENDER_CSPNG_SHIM_H
#define PBRENDER_CSPNG_SHIM_H

#include <spng.h>

#endif
