#ifndef PBRENDER_CXML2_SHIM_H
#define PBRENDER_CXML2_SHIM_H

// Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>: its `UErrorCode` clashes with Foundation's own ICU (_FoundationICU) in any
// module that imports Foundation and sees this one (PBCommandLine). Nothing here uses ICU
// converters (only pointers to `xmlCharEncodingHandler`, never its fields or size), so the
// declarations are read without them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
