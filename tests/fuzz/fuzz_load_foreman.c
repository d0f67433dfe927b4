/* fuzz_load_foreman.c — the Task Factory loader and checks on fuzzed
 * .taskfactory/ folders (task files, factory.json, the activity log and
 * the execution leases). */
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/load_frame.h"

static const fuzz_system sys = { "foreman", ".taskfactory", "tasks/DEMO-1/task.yaml" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_load_one(&sys, data, size); }
