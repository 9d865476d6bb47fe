#ifndef PBRENDER_CPANGO_SHIM_H
#define PBRENDER_CPANGO_SHIM_H

#include <pango/pangocairo.h>

#endif
