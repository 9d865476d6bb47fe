#include "pb_dynamic_library.h"

#include <dlfcn.h>
#include <stdio.h>

int pb_dynamic_library_load(pb_dynamic_library *library) {
    pthread_mutex_lock(&library->mutex);
    if (library->state == 0) {
        library->state = -1;
        void *handle = dlopen(library->file_name, RTLD_NOW | RTLD_LOCAL);
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
