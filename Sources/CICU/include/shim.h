#ifndef PBRENDER_CICU_SHIM_H
#define PBRENDER_CICU_SHIM_H

// ICU, the Unicode consortium's locale data and formatters (Debian's libicu72, which libxml2 already needs),
// for `--locale`: numbers, percents, byte counts and times in a language other than en_US_POSIX. Loaded when
// the first locale is asked for, never for a default label (pb_icu_functions.h). include/unicode links to
// Debian's headers (libicu-dev), as CXML2 does to libxml2's.
//
// Debian's ICU names every symbol with its version (`uloc_canonicalize_72`), and its headers rename the
// declarations to match. Read unrenamed, so that Swift calls `uloc_canonicalize`; the loader adds the
// version the headers were built for (U_ICU_VERSION_SUFFIX), so the headers and the library agree.
#define U_DISABLE_RENAMING 1
#define U_SHOW_CPLUSPLUS_API 0

#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/ureldatefmt.h>
#include <unicode/utypes.h>

#include "pb_icu_functions.h"

#endif
