#ifndef PBRENDER_CXML2_FUNCTIONS_H
#define PBRENDER_CXML2_FUNCTIONS_H

// Included by shim.h after libxml2's headers. libxml2 is loaded when the first document is read, not with
// every process (pb_dynamic_library.h): the functions pbrender uses, as `pb_xml2()`'s table once
// `pb_xml2_load()` has returned 1.

#include "pb_dynamic_library.h"

#define PB_XML2_FUNCTIONS(F) \
    F(xmlInitParser)         \
    F(xmlNewParserCtxt)      \
    F(xmlFreeParserCtxt)     \
    F(xmlCtxtReadMemory)     \
    F(xmlCtxtGetLastError)   \
    F(xmlDocGetRootElement)  \
    F(xmlFreeDoc)            \
    F(xmlGetLineNo)

PB_DYNAMIC_LIBRARY_DECLARE(pb_xml2, PB_XML2_FUNCTIONS)

#endif
