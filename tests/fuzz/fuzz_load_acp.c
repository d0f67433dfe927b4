/* fuzz_load_acp.c — the Agent Cell Phone loader and checks on fuzzed
 * agent_workspaces/ and fsm_data/tasks/ folders (ACP's state lives in the
 * project folder itself). */
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/load_frame.h"

static const fuzz_system sys = { "acp", ".", "agent_workspaces/Agent-1/state.json" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_load_one(&sys, data, size); }
