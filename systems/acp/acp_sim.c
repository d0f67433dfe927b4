/* acp_sim.c — the demo's acp team: the generic tick
 * (sim/sim_generic.c) on this system's own transition table. */
#include "sim/sim.h"
#include "systems/acp/acp.h"

static int acp_sim_tick(void *mem, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	(void)mem;
	return sim_generic_tick(&lw_adapter_acp, root, now, rng, line, n, err);
}

const sim_system acp_sim_system = { .adapter = &lw_adapter_acp, .tick = acp_sim_tick };
