/* sim_team.c — the cast of one project: a simulated team for every system
 * the adapters detect, ticked together so each system changes every tick.
 * A team may span several projects (the demo's two): each member's lines
 * then carry its project's label. */
#include "sim/sim.h"
#include "core/util/strbuf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sim_team_open(sim_team *t, const char *dir, uint64_t seed, lw_error *err)
{
	memset(t, 0, sizeof *t);
	sim_rng_seed(&t->rng, seed);
	return sim_team_add(t, dir, NULL, err);
}

int sim_team_add(sim_team *t, const char *dir, const char *label, lw_error *err)
{
	size_t before = t->n;
	for (const lw_adapter *const *a = lw_adapters; *a && t->n < LW_MAX_SOURCES; a++) {
		const sim_system *s = (*a)->sim;
		sim_team_member *m = &t->m[t->n];
		if (!s || !(*a)->detect(dir, m->root, sizeof m->root))
			continue;
		m->sys = s;
		snprintf(m->label, sizeof m->label, "%s", label ? label : "");
		m->mem = calloc(1, s->mem_size ? s->mem_size : 1);
		if (!m->mem) {
			lw_error_set(err, dir, 0, 0, "out of memory");
			sim_team_close(t);
			return -1;
		}
		t->n++;
	}
	if (t->n == before) {
		strbuf looked;
		strbuf_init(&looked);
		for (const lw_adapter *const *a = lw_adapters; *a; a++)
			if ((*a)->sim && (*a)->looks_for)
				strbuf_printf(&looked, "%s%s", looked.len ? ", " : "", (*a)->looks_for);
		lw_error_set(err, dir, 0, 0, "no state the demo can simulate here (looked for %s)",
		             looked.len ? looked.buf : "nothing: no system has a simulator");
		strbuf_free(&looked);
		return -1;
	}
	return 0;
}

void sim_team_close(sim_team *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->m[i].mem);
	t->n = 0;
}

size_t sim_team_tick(sim_team *t, time_t now, sim_report_fn report, void *ctx)
{
	size_t failed = 0;
	for (size_t i = 0; i < t->n; i++) {
		sim_team_member *m = &t->m[i];
		char line[600] = "", msg[1200], out[1400];
		lw_error err;
		lw_error_clear(&err);
		const char *name = m->sys->adapter->name;
		if (m->sys->tick(m->mem, m->root, now, &t->rng, line, sizeof line, &err) < 0) {
			failed++;
			snprintf(out, sizeof out, "%s%s: tick failed: %s", m->label, name,
			         lw_error_format(&err, msg, sizeof msg));
		} else if (line[0]) {
			snprintf(out, sizeof out, "%s%s: %s", m->label, name, line);
		} else {
			continue;
		}
		if (report)
			report(out, ctx);
	}
	return failed;
}
