#ifndef PBRENDER_CXML2_SHIM_H
#define PBRENDER_CXML2_SHIM_H

// libxml2's headers are Debian's (include/libxml links to /usr/include/libxml2/libxml: a C target, not a
// system library with libxml-2.0's pkg-config file, because that would link libxml2, and ICU with it, into
// every process); the library is loaded when the first document is read (pb_xml2_functions.h).

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

#include "pb_xml2_functions.h"

#endif
