/* lizago_sim.h — the demo's team on a project of today's Liza
 * (lizago_sim.c); liza_sim_team.c calls it. */
#ifndef LW_LIZAGO_SIM_H
#define LW_LIZAGO_SIM_H
#include "sim/sim.h"

/* One tick of the team. */
int lizago_sim_tick(const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err);
/* Move the example's times so its newest heartbeat is now (the first tick). */
int lizago_sim_rebase(const char *root, time_t now, lw_error *err);

#endif
