#ifndef PBRENDER_CICU_FUNCTIONS_H
#define PBRENDER_CICU_FUNCTIONS_H

// Included by shim.h after ICU's headers. ICU is loaded when the first locale other than en_US_POSIX is
// asked for, not with every process (pb_dynamic_library.h): the functions pbrender uses, as `pb_icu()`'s
// table once `pb_icu_load()` has returned 1. `pb_icu_version()` is the major version the headers are of.

#include "pb_dynamic_library.h"

#define PB_ICU_FUNCTIONS(F)                \
    F(uloc_canonicalize)                   \
    F(uloc_forLanguageTag)                 \
    F(uloc_toLanguageTag)                  \
    F(uloc_countAvailable)                 \
    F(uloc_getAvailable)                   \
    F(uloc_getLanguage)                    \
    F(uloc_getCountry)                     \
    F(uloc_getISOCountries)                \
    F(uloc_getCharacterOrientation)        \
    F(unumf_openForSkeletonAndLocale)      \
    F(unumf_openResult)                    \
    F(unumf_formatDouble)                  \
    F(unumf_formatInt)                     \
    F(unumf_resultToString)                \
    F(unumf_close)                         \
    F(unumf_closeResult)                   \
    F(ureldatefmt_open)                    \
    F(ureldatefmt_formatNumeric)           \
    F(ureldatefmt_close)                   \
    F(u_errorName)

PB_DYNAMIC_LIBRARY_DECLARE(pb_icu, PB_ICU_FUNCTIONS)

/// The major version of ICU the headers are of, and so the library that is loaded (72 on Debian 12).
static inline int pb_icu_version(void) { return U_ICU_VERSION_MAJOR_NUM; }

#endif
