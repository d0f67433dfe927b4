/* fuzz_load_liza.c — Liza's loader and checks on fuzzed .liza/ folders. */
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/load_frame.h"

static const fuzz_system sys = { "liza", ".liza", "state.yaml" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_load_one(&sys, data, size); }
