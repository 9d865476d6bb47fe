#ifndef PBRENDER_CMALLOC_SHIM_H
#define PBRENDER_CMALLOC_SHIM_H

// glibc's allocator settings (<malloc.h>, from Debian's libc6-dev).
#include <malloc.h>

/// Serves allocations below `mmap_threshold` bytes from the heap instead of fresh mappings, and keeps up to
/// `trim_threshold` bytes freed at the top of a heap instead of returning them to the system, so memory a
/// request frees is reused by the next without faulting pages in again. Returns 1 when both were set.
/// The corresponding C function is `mallopt` (`M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`).
static inline int pb_malloc_keep_pages(int mmap_threshold, int trim_threshold) {
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1 && mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1;
}

/// Returns the free pages of every heap to the system, those between allocations as well as at the top
/// (`malloc_trim(0)`): what a long run of allocations of mixed lifetimes (a cache's entries among a
/// request's buffers) leaves resident but unused. Returns 1 when memory was released.
static inline int pb_malloc_release_free_pages(void) {
    return malloc_trim(0);
}

#endif
