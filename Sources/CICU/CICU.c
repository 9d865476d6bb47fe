// The only file that includes ICU's headers (libicu-dev): the table's types become ICU's own, and every
// function and constant of pb_icu_functions.h is checked against ICU's declarations.

// Read unrenamed, so that the names are ICU's (`uloc_canonicalize`); the loader adds the version the headers
// were built for (`uloc_canonicalize_72`, U_ICU_VERSION_SUFFIX), so the headers and the library agree.
#define U_DISABLE_RENAMING 1
#define U_SHOW_CPLUSPLUS_API 0

#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/ureldatefmt.h>
#include <unicode/utypes.h>

// `UNumberFormat` is `void *`, so `UNumberFormat *nfToAdopt` has a pointer ICU's headers say nothing of.
#pragma clang diagnostic ignored "-Wnullability-completeness"

#define PB_ICU_TYPES_FROM_ICU 1
typedef UErrorCode pb_icu_status;
typedef UChar pb_icu_char;
typedef UBool pb_icu_bool;
typedef ULayoutType pb_icu_layout;
typedef UDateRelativeDateTimeFormatterStyle pb_icu_relative_style;
typedef UDisplayContext pb_icu_display_context;
typedef URelativeDateTimeUnit pb_icu_relative_unit;
typedef UNumberFormatter pb_icu_number_formatter;
typedef UFormattedNumber pb_icu_formatted_number;
typedef URelativeDateTimeFormatter pb_icu_relative_formatter;
typedef UNumberFormat pb_icu_number_format;

#include "pb_icu_functions.h"

// What Swift sees instead (the header without PB_ICU_TYPES_FROM_ICU) is the same size and passed the same way.
_Static_assert(sizeof(UErrorCode) == sizeof(int) && (UErrorCode)-1 < 0, "UErrorCode is an int");
_Static_assert(sizeof(UChar) == 2 && sizeof(UBool) == 1, "UChar and UBool");
_Static_assert(sizeof(ULayoutType) == sizeof(unsigned) && sizeof(UDisplayContext) == sizeof(unsigned) &&
                   sizeof(UDateRelativeDateTimeFormatterStyle) == sizeof(unsigned) &&
                   sizeof(URelativeDateTimeUnit) == sizeof(unsigned),
               "the enums passed by value are unsigned ints");

#define PB_ICU_CHECK_TYPE(name)                                                                   \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name),                                \
                                                __typeof__(((pb_icu_functions *)0)->name)),       \
                   #name " is declared as ICU declares it");
PB_ICU_FUNCTIONS(PB_ICU_CHECK_TYPE)

_Static_assert(PB_ICU_ZERO_ERROR == U_ZERO_ERROR && PB_ICU_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR &&
                   PB_ICU_LAYOUT_RTL == ULOC_LAYOUT_RTL && PB_ICU_STYLE_LONG == UDAT_STYLE_LONG &&
                   PB_ICU_CAPITALIZATION_NONE == UDISPCTX_CAPITALIZATION_NONE &&
                   PB_ICU_UNIT_DAY == UDAT_REL_UNIT_DAY && PB_ICU_UNIT_HOUR == UDAT_REL_UNIT_HOUR &&
                   PB_ICU_UNIT_MINUTE == UDAT_REL_UNIT_MINUTE && PB_ICU_UNIT_SECOND == UDAT_REL_UNIT_SECOND,
               "the constants are ICU's");

#define PB_ICU_STRING(x) #x
#define PB_ICU_EXPAND(x) PB_ICU_STRING(x)
// `uloc_canonicalize` is found as `uloc_canonicalize_72` in `libicui18n.so.72` (whose dependencies,
// libicuuc and libicudata, dlsym searches too).
#define PB_ICU_NAME(name) #name PB_ICU_EXPAND(U_ICU_VERSION_SUFFIX),

PB_DYNAMIC_LIBRARY_DEFINE_NAMED(pb_icu, PB_ICU_FUNCTIONS, "libicui18n.so." PB_ICU_EXPAND(U_ICU_VERSION_MAJOR_NUM),
                                PB_ICU_NAME)

int pb_icu_version(void) { return U_ICU_VERSION_MAJOR_NUM; }
