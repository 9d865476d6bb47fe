#ifndef PBRENDER_CXML2_SHIM_H
#define PBRENDER_CXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
