/* aot_sim.c — the demo's aot team: the generic tick
 * (sim/sim_generic.c) on this system's own transition table. */
#include "sim/sim.h"
#include "systems/aot/aot.h"

static int aot_sim_tick(void *mem, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	(void)mem;
	return sim_generic_tick(&lw_adapter_aot, root, now, rng, line, n, err);
}

const sim_system aot_sim_system = { .adapter = &lw_adapter_aot, .tick = aot_sim_tick };
