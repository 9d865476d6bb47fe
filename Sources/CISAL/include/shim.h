#ifndef PBRENDER_CISAL_SHIM_H
#define PBRENDER_CISAL_SHIM_H

// ISA-L's igzip (Debian libisal-dev): the compressor of `--compression fast`, loaded the first time a PNG is
// compressed that way, not with every process (pb_dynamic_library.h).

#include <stddef.h>
#include <stdint.h>
#include <isa-l/igzip_lib.h>

#include "pb_dynamic_library.h"

#define PB_ISAL_FUNCTIONS(F)      \
    F(isal_deflate_stateless_init) \
    F(isal_deflate_stateless)

PB_DYNAMIC_LIBRARY_DECLARE(pb_isal, PB_ISAL_FUNCTIONS)

/// The size of the level buffer igzip level 1 is given: ISAL_DEF_LVL1_DEFAULT (a macro Swift
/// cannot import).
static inline size_t pbrender_isal_level1_buffer_size(void) { return ISAL_DEF_LVL1_DEFAULT; }

/// Compresses `input` into one zlib stream with igzip level 1 (isal_deflate_stateless_init,
/// level 1 with `level_buffer` of pbrender_isal_level1_buffer_size() bytes, IGZIP_ZLIB,
/// end_of_stream = 1, isal_deflate_stateless). Returns the stream's length, or 0 when it failed
/// (STATELESS_OVERFLOW: `capacity` too small, or any other error). Call pb_isal_load() first.
static inline size_t pbrender_isal_zlib_compress(
    const void *_Nullable input, size_t count, void *_Nullable output, size_t capacity, void *_Nullable level_buffer,
    size_t level_buffer_size)
{
    if (count > UINT32_MAX || capacity > UINT32_MAX || level_buffer_size > UINT32_MAX) return 0;
    struct isal_zstream stream;
    pb_isal()->isal_deflate_stateless_init(&stream);
    stream.level = 1;
    stream.level_buf = (uint8_t *)level_buffer;
    stream.level_buf_size = (uint32_t)level_buffer_size;
    stream.gzip_flag = IGZIP_ZLIB;
    stream.next_in = (uint8_t *)input;
    stream.avail_in = (uint32_t)count;
    stream.next_out = (uint8_t *)output;
    stream.avail_out = (uint32_t)capacity;
    stream.end_of_stream = 1;
    stream.flush = NO_FLUSH;
    if (pb_isal()->isal_deflate_stateless(&stream) != COMP_OK || stream.avail_in != 0) return 0;
    return stream.total_out;
}

#endif
