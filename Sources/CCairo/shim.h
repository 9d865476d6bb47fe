#ifndef PBRENDER_CCAIRO_SHIM_H
#define PBRENDER_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>

#endif
