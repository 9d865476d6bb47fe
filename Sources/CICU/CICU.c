#include "shim.h"

#define PB_ICU_STRING(x) #x
#define PB_ICU_EXPAND(x) PB_ICU_STRING(x)
// `uloc_canonicalize` is found as `uloc_canonicalize_72` in `libicui18n.so.72` (whose dependencies,
// libicuuc and libicudata, dlsym searches too).
#define PB_ICU_NAME(name) #name PB_ICU_EXPAND(U_ICU_VERSION_SUFFIX),

PB_DYNAMIC_LIBRARY_DEFINE_NAMED(pb_icu, PB_ICU_FUNCTIONS, "libicui18n.so." PB_ICU_EXPAND(U_ICU_VERSION_MAJOR_NUM),
                                PB_ICU_NAME)
