// The one libFuzzer entry point pbrender-fuzz calls. It is defined by the runtime that
// `-sanitize=fuzzer` links in, so this module has nothing to link.
#ifndef CFUZZER_H
#define CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv`, calling `callback` for each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
