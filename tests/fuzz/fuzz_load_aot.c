/* fuzz_load_aot.c — the AoT loader and checks on a fuzzed
 * .claude/aot-loop-state.md (YAML front matter and its Markdown). */
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/load_frame.h"

static const fuzz_system sys = { "aot", ".claude", "aot-loop-state.md" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_load_one(&sys, data, size); }
