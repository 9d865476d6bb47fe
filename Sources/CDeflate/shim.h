#ifndef PBRENDER_CDEFLATE_SHIM_H
#define PBRENDER_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
