/* liza_sim_team.c — the demo's Liza team: each tick, the generation that
 * wrote state.yaml plays (shell/liza_sim.c, go/lizago_sim.c). The demo has
 * no snapshot to ask: it reads the file, as each team does again under the
 * lock before it writes. */
#include "systems/liza/liza_gen.h"
#include "systems/liza/shell/liza_sim.h"
#include "systems/liza/go/lizago_sim.h"

static int liza_tick(void *mem, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	liza_sim *m = mem;
	if (liza_detect_file(root) == LIZA_GEN_GO) {
		if (!m->started && lizago_sim_rebase(root, now, err) < 0)
			return -1;
		m->started = true;
		return lizago_sim_tick(root, now, rng, line, n, err);
	}
	return liza_sim_tick(m, root, now, rng, line, n, err);
}

const sim_system liza_sim_system = {
	.adapter = &lw_adapter_liza,
	.mem_size = sizeof(liza_sim),
	.tick = liza_tick,
};
