#include "shim.h"

PB_DYNAMIC_LIBRARY_DEFINE(pb_xml2, PB_XML2_FUNCTIONS, "libxml2.so.2")
