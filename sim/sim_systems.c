/* sim_systems.c — the table of simulated systems: one line per system.
 * A system without a line here is still watched by the demo's HUD; it just
 * has nobody writing its state. */
#include "sim/sim.h"
#include "systems/liza/liza_sim.h"


const sim_system *const sim_systems[] = {
	&sim_liza,
	&sim_rcs,
	&sim_aot,
	&sim_foreman,
	&sim_acp,
	NULL,
};
