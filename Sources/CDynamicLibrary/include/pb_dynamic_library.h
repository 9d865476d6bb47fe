#ifndef PBRENDER_DYNAMIC_LIBRARY_H
#define PBRENDER_DYNAMIC_LIBRARY_H

// A C library loaded when it is first needed instead of when the process starts.
//
// Linking a library makes every process load it, and the libraries it needs, and bind their symbols
// (Debian builds them with BIND_NOW): one image per process paid about 4 ms of CPU for libmicrohttpd and
// GnuTLS, 5 ms for Pango and GLib, 3 ms for libxml2 and ICU, none of which draws a ring
// (Tests/Benchmarks/results/startup.md). So the modules of those libraries (CMicroHTTPD, CXML2, CPango)
// link nothing: each lists the functions it uses, declares them as a table of pointers typed from the
// library's own header (`__typeof__(&name)`, so a signature cannot be mistyped), and fills the table here
// on first use:
//
//     #define PB_XML2_FUNCTIONS(F) F(xmlInitParser) F(xmlNewParserCtxt) ...
//     PB_DYNAMIC_LIBRARY_DECLARE(pb_xml2, PB_XML2_FUNCTIONS)            // in the module's header
//     PB_DYNAMIC_LIBRARY_DEFINE(pb_xml2, PB_XML2_FUNCTIONS, "libxml2.so.2")  // in its one .c file
//
// which gives `int pb_xml2_load(void)` (1 once every function is there), `pb_xml2_load_error()` and
// `pb_xml2()`, the table, which Swift calls as `pb_xml2().pointee.xmlInitParser()`.

#include <pthread.h>
#include <stddef.h>

/// One library and the symbols a module uses from it (made by `PB_DYNAMIC_LIBRARY_DEFINE`).
typedef struct pb_dynamic_library {
    /// The file dlopen loads: the library's soname, as its package installs it (`libxml2.so.2`).
    const char *_Nonnull file_name;
    /// The names of the symbols to resolve, `symbol_count` of them.
    const char *_Nonnull const *_Nonnull symbol_names;
    size_t symbol_count;
    /// Where the addresses go, in the order of `symbol_names`.
    void *_Nullable *_Nonnull symbols;
    /// Guards `state` and `error`.
    pthread_mutex_t mutex;
    /// 0 before the first load, 1 when every symbol was resolved, -1 when loading failed.
    int state;
    /// Why loading failed (dlerror's words), or empty.
    char error[512];
} pb_dynamic_library;

/// Loads the library (RTLD_NOW | RTLD_LOCAL, and RTLD_DEEPBIND when libc's malloc is the process's) and
/// resolves every symbol, once per process; thread-safe.
/// Returns 1 when every symbol is there, 0 otherwise, with the reason in `library->error` (the library is
/// not tried again). The library is never unloaded.
int pb_dynamic_library_load(pb_dynamic_library *_Nonnull library);

/// A field of a function table: a pointer of the function's own type.
#define PB_DYNAMIC_LIBRARY_FIELD(name) __typeof__(&name) _Nonnull name;
/// A name of a function table's function, as dlsym looks it up.
#define PB_DYNAMIC_LIBRARY_NAME(name) #name,

/// Declares `PREFIX_functions`, a table of the functions `FUNCTIONS(F)` lists (valid once loaded);
/// `PREFIX_load()`, which loads the library once per process and returns 1 when every function is there
/// (thread-safe); `PREFIX_load_error()`, why it failed, or ""; and `PREFIX()`, the table.
#define PB_DYNAMIC_LIBRARY_DECLARE(PREFIX, FUNCTIONS)                \
    typedef struct PREFIX##_functions {                              \
        FUNCTIONS(PB_DYNAMIC_LIBRARY_FIELD)                          \
    } PREFIX##_functions;                                            \
    int PREFIX##_load(void);                                         \
    const char *_Nonnull PREFIX##_load_error(void);                  \
    const PREFIX##_functions *_Nonnull PREFIX(void);

/// Defines what `PB_DYNAMIC_LIBRARY_DECLARE(PREFIX, FUNCTIONS)` declares, loading `file_name`.
#define PB_DYNAMIC_LIBRARY_DEFINE(PREFIX, FUNCTIONS, file_name) \
    PB_DYNAMIC_LIBRARY_DEFINE_NAMED(PREFIX, FUNCTIONS, file_name, PB_DYNAMIC_LIBRARY_NAME)

/// `PB_DYNAMIC_LIBRARY_DEFINE`, with `NAME(name)` giving the string dlsym looks up and a comma: for a
/// library whose symbols carry a version its header hides (ICU's `uloc_canonicalize_72`).
#define PB_DYNAMIC_LIBRARY_DEFINE_NAMED(PREFIX, FUNCTIONS, file_name, NAME)                                   \
    static const char *const PREFIX##_names[] = {FUNCTIONS(NAME)};                                            \
    _Static_assert(sizeof(PREFIX##_functions) == sizeof(PREFIX##_names) / sizeof(PREFIX##_names[0]) *         \
                                                     sizeof(void *),                                          \
                   "one name for every function of the table");                                               \
    static PREFIX##_functions PREFIX##_table;                                                                 \
    static pb_dynamic_library PREFIX##_library = {                                                            \
        (file_name), PREFIX##_names, sizeof(PREFIX##_names) / sizeof(PREFIX##_names[0]),                      \
        (void **)&PREFIX##_table, PTHREAD_MUTEX_INITIALIZER, 0, {0}};                                         \
    int PREFIX##_load(void) { return pb_dynamic_library_load(&PREFIX##_library); }                            \
    const char *PREFIX##_load_error(void) { return PREFIX##_library.error; }                                  \
    const PREFIX##_functions *PREFIX(void) { return &PREFIX##_table; }

#endif
