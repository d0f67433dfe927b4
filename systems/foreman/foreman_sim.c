/* foreman_sim.c — the demo's foreman team: the generic tick
 * (sim/sim_generic.c) on this system's own transition table. */
#include "sim/sim.h"
#include "systems/foreman/foreman.h"

static int foreman_sim_tick(void *mem, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	(void)mem;
	return sim_generic_tick(&lw_adapter_foreman, root, now, rng, line, n, err);
}

const sim_system foreman_sim_system = { .adapter = &lw_adapter_foreman, .tick = foreman_sim_tick };
