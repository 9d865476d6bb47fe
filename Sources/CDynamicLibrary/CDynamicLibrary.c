#define _GNU_SOURCE  // RTLD_DEEPBIND, dladdr
#include "pb_dynamic_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/// How libraries are loaded (`mode`, chosen once by `choose_mode`): with their own dependencies searched
/// first (RTLD_DEEPBIND) when libc's malloc is the process's.
///
/// Without it, each symbol a new library binds (about 9,500 for librsvg and what it needs, all bound at
/// load: Debian links them with BIND_NOW) is first looked for in pbrender and the 20-odd libraries Cairo
/// brings, which never define it: 8 of a document image's 35 M instructions (callgrind). Searching the new
/// library's own dependencies first finds the same definitions, since they are the same files (pbrender
/// exports no symbol). But it also bypasses whatever comes before them: a preloaded allocator
/// (`LD_PRELOAD` jemalloc), whose memory those libraries would then free with libc's `free`, or a
/// sanitizer's interceptors, which sit in the program itself (the sanitizers refuse RTLD_DEEPBIND
/// outright). Their `malloc` is not libc's, so they keep the usual order. (Valgrind's preloaded library
/// defines no `malloc`, so what callgrind counts is what runs without it.)
static int mode = RTLD_NOW | RTLD_LOCAL;
static pthread_once_t mode_once = PTHREAD_ONCE_INIT;

static void choose_mode(void) {
    Dl_info info;
    void *process_malloc = dlsym(RTLD_DEFAULT, "malloc");
    if (process_malloc != NULL && dladdr(process_malloc, &info) != 0 && info.dli_fname != NULL) {
        const char *slash = strrchr(info.dli_fname, '/');
        if (strcmp(slash != NULL ? slash + 1 : info.dli_fname, "libc.so.6") == 0) {
            mode |= RTLD_DEEPBIND;
        }
    }
}

int pb_dynamic_library_load(pb_dynamic_library *library) {
    pthread_mutex_lock(&library->mutex);
    if (library->state == 0) {
        library->state = -1;
        pthread_once(&mode_once, choose_mode);
        void *handle = dlopen(library->file_name, mode);
        if (handle == NULL) {
            const char *reason = dlerror();
            snprintf(library->error, sizeof library->error, "%s", reason != NULL ? reason : library->file_name);
        } else {
            size_t index = 0;
            for (; index < library->symbol_count; index += 1) {
                // dlsym on a handle searches the library and the libraries it needs (GLib's for Pango).
                void *symbol = dlsym(handle, library->symbol_names[index]);
                if (symbol == NULL) {
                    snprintf(library->error, sizeof library->error, "%s: no symbol %s", library->file_name,
                             library->symbol_names[index]);
                    break;
                }
                library->symbols[index] = symbol;
            }
            if (index == library->symbol_count) {
                library->state = 1;
            }
        }
    }
    int loaded = library->state == 1;
    pthread_mutex_unlock(&library->mutex);
    return loaded;
}
