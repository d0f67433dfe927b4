/* fuzz_load_rcs.c — the RCS loader and checks on fuzzed .rcs/state/ folders. */
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/load_frame.h"

static const fuzz_system sys = { "rcs", ".rcs/state", "skill-active-state.json" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_load_one(&sys, data, size); }
