#ifndef PBRENDER_CICU_FUNCTIONS_H
#define PBRENDER_CICU_FUNCTIONS_H

// ICU, the Unicode consortium's locale data and formatters (Debian's libicu72, which libxml2 already needs),
// for `--locale`: numbers, percents, byte counts and times in a language other than en_US_POSIX. Loaded when
// the first such locale is asked for, never for a default label (pb_dynamic_library.h): the functions
// pbrender uses, as `pb_icu()`'s table once `pb_icu_load()` has returned 1.
//
// This header does not include ICU's. Swift's Foundation carries an ICU of its own (_FoundationICU) whose
// enums have other members, and a Swift module that sees both sets of headers (a test importing Foundation
// and PBRendering) does not compile. So the table's types are spelled here, as macros CICU.c replaces by
// ICU's own types before including this file, and it checks every function against ICU's declaration
// (`__builtin_types_compatible_p`) and every constant against ICU's value: a signature cannot be mistyped.

#include <stdint.h>

#include "pb_dynamic_library.h"

#ifndef PB_ICU_TYPES_FROM_ICU
/// `UErrorCode`: 0 is success, negative values are warnings, positive ones errors.
typedef int pb_icu_status;
/// `UChar`: one UTF-16 unit.
typedef uint16_t pb_icu_char;
/// `UBool`.
typedef int8_t pb_icu_bool;
/// `ULayoutType`, `UDateRelativeDateTimeFormatterStyle`, `UDisplayContext`, `URelativeDateTimeUnit`: enums
/// without negative members, which C passes as `unsigned int`.
typedef unsigned int pb_icu_layout, pb_icu_relative_style, pb_icu_display_context, pb_icu_relative_unit;
/// `UNumberFormatter`, `UFormattedNumber`, `URelativeDateTimeFormatter`, `UNumberFormat` (opaque).
typedef struct pb_icu_number_formatter pb_icu_number_formatter;
typedef struct pb_icu_formatted_number pb_icu_formatted_number;
typedef struct pb_icu_relative_formatter pb_icu_relative_formatter;
typedef struct pb_icu_number_format pb_icu_number_format;
#endif

/// The values of ICU's enums pbrender passes or tests (CICU.c checks each against ICU's).
#define PB_ICU_ZERO_ERROR ((pb_icu_status)0)                        // U_ZERO_ERROR
#define PB_ICU_BUFFER_OVERFLOW_ERROR ((pb_icu_status)15)            // U_BUFFER_OVERFLOW_ERROR
#define PB_ICU_LAYOUT_RTL ((pb_icu_layout)1)                        // ULOC_LAYOUT_RTL
#define PB_ICU_STYLE_LONG ((pb_icu_relative_style)0)                // UDAT_STYLE_LONG
#define PB_ICU_CAPITALIZATION_NONE ((pb_icu_display_context)256)    // UDISPCTX_CAPITALIZATION_NONE
#define PB_ICU_UNIT_DAY ((pb_icu_relative_unit)4)                   // UDAT_REL_UNIT_DAY
#define PB_ICU_UNIT_HOUR ((pb_icu_relative_unit)5)                  // UDAT_REL_UNIT_HOUR
#define PB_ICU_UNIT_MINUTE ((pb_icu_relative_unit)6)                // UDAT_REL_UNIT_MINUTE
#define PB_ICU_UNIT_SECOND ((pb_icu_relative_unit)7)                // UDAT_REL_UNIT_SECOND

/// The functions pbrender calls, with ICU's parameter names; pointers are non-null unless marked.
#pragma clang assume_nonnull begin
typedef struct pb_icu_functions {
    int32_t (*_Nonnull uloc_canonicalize)(const char *localeID, char *name, int32_t nameCapacity,
                                          pb_icu_status *err);
    int32_t (*_Nonnull uloc_forLanguageTag)(const char *langtag, char *localeID, int32_t localeIDCapacity,
                                            int32_t *_Nullable parsedLength, pb_icu_status *err);
    int32_t (*_Nonnull uloc_toLanguageTag)(const char *localeID, char *langtag, int32_t langtagCapacity,
                                           pb_icu_bool strict, pb_icu_status *err);
    int32_t (*_Nonnull uloc_countAvailable)(void);
    const char *_Nullable (*_Nonnull uloc_getAvailable)(int32_t n);
    int32_t (*_Nonnull uloc_getLanguage)(const char *localeID, char *language, int32_t languageCapacity,
                                         pb_icu_status *err);
    int32_t (*_Nonnull uloc_getCountry)(const char *localeID, char *country, int32_t countryCapacity,
                                        pb_icu_status *err);
    const char *_Nullable const *_Nullable (*_Nonnull uloc_getISOCountries)(void);
    pb_icu_layout (*_Nonnull uloc_getCharacterOrientation)(const char *localeId, pb_icu_status *status);
    pb_icu_number_formatter *_Nullable (*_Nonnull unumf_openForSkeletonAndLocale)(const pb_icu_char *skeleton,
                                                                        int32_t skeletonLen, const char *locale,
                                                                        pb_icu_status *ec);
    pb_icu_formatted_number *_Nullable (*_Nonnull unumf_openResult)(pb_icu_status *ec);
    void (*_Nonnull unumf_formatDouble)(const pb_icu_number_formatter *uformatter, double value,
                                        pb_icu_formatted_number *uresult, pb_icu_status *ec);
    void (*_Nonnull unumf_formatInt)(const pb_icu_number_formatter *uformatter, int64_t value,
                                     pb_icu_formatted_number *uresult, pb_icu_status *ec);
    int32_t (*_Nonnull unumf_resultToString)(const pb_icu_formatted_number *uresult, pb_icu_char *buffer,
                                             int32_t bufferCapacity, pb_icu_status *ec);
    void (*_Nonnull unumf_close)(pb_icu_number_formatter *uformatter);
    void (*_Nonnull unumf_closeResult)(pb_icu_formatted_number *uresult);
    pb_icu_relative_formatter *_Nullable (*_Nonnull ureldatefmt_open)(
        const char *locale, pb_icu_number_format *_Nullable nfToAdopt, pb_icu_relative_style width,
        pb_icu_display_context capitalizationContext, pb_icu_status *status);
    int32_t (*_Nonnull ureldatefmt_formatNumeric)(const pb_icu_relative_formatter *reldatefmt, double offset,
                                                  pb_icu_relative_unit unit, pb_icu_char *result,
                                                  int32_t resultCapacity, pb_icu_status *status);
    void (*_Nonnull ureldatefmt_close)(pb_icu_relative_formatter *reldatefmt);
    const char *_Nonnull (*_Nonnull u_errorName)(pb_icu_status code);
} pb_icu_functions;
#pragma clang assume_nonnull end

/// The functions of the table, in its order (the names dlsym looks up, with ICU's version added).
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

/// Loads ICU once per process (thread-safe); 1 when every function is there.
int pb_icu_load(void);
/// Why loading failed (the loader's words), or "".
const char *_Nonnull pb_icu_load_error(void);
/// The table, valid once `pb_icu_load()` has returned 1.
const pb_icu_functions *_Nonnull pb_icu(void);
/// The major version of ICU the library loaded is (72 on Debian 12): the version of the headers CICU.c
/// was compiled with.
int pb_icu_version(void);

#endif
