/* test_sim_lizago.c — the demo's simulated team on the project of today's
 * Liza (examples/liza-go): many ticks keep the state valid for the Go
 * validator's rules (no invalid_state) and its orchestrator present, the
 * work moves (claims, reviews, verdicts, merges) and a seed replays a run
 * byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_generation.h"
#include "systems/liza/go/lizago_sim.h"
#include "systems/liza/shell/liza_sim.h"
#include "core/util/fileio.h"

static void copy_example(th_run *r)
{
	const char *f = getenv("LW_FIXTURES");
	char src[512], *buf;
	size_t len;
	lw_error err;
	static const char *const files[] = { "state.yaml", "pipeline.yaml", "log.yaml" };
	th_open(r);
	for (size_t i = 0; i < 3; i++) {
		snprintf(src, sizeof src, "%s/../../examples/liza-go/.liza/%s", f && *f ? f : "tests/fixtures", files[i]);
		assert_int_equal(lw_read_file(src, 1u << 20, &buf, &len, &err), LW_READ_OK);
		th_write(r, files[i], buf);
		free(buf);
	}
	char wt[600];
	snprintf(wt, sizeof wt, "%s/.worktrees", r->dir);
	mkdir(wt, 0755);
	snprintf(wt, sizeof wt, "%s/.worktrees/code-2", r->dir);
	mkdir(wt, 0755);
}

static char *run(uint64_t seed, size_t ticks, time_t step, size_t *merged, size_t *verdicts)
{
	th_run r;
	copy_example(&r);
	sim_rng rng;
	sim_rng_seed(&rng, seed);
	time_t now = th_time("2026-11-25T10:00:00Z");
	*merged = *verdicts = 0;
	for (size_t i = 0; i < ticks; i++, now += step) {
		char line[400];
		lw_error err;
		assert_int_equal(lizago_sim_tick(r.liza, now, &rng, line, sizeof line, &err), 0);
		*verdicts += strstr(line, " approves ") || strstr(line, " rejects ");
		*merged += strstr(line, " merges ") != NULL;
		char iso[32];
		assert_int_equal(th_load(&r, lw_format_time(now, iso, sizeof iso)), 0);
		assert_ptr_equal(liza_gen_of(r.snap->sys), &lizago_generation);
		if (th_count(&r, "invalid_state"))
			th_dump(&r);
		assert_int_equal(th_count(&r, "invalid_state"), 0);
		assert_int_equal(th_count(&r, "orchestrator_missing"), 0);
	}
	char p[600], *buf;
	size_t len;
	lw_error err;
	snprintf(p, sizeof p, "%s/state.yaml", r.liza);
	assert_int_equal(lw_read_file(p, 1u << 22, &buf, &len, &err), LW_READ_OK);
	th_close(&r);
	return buf;
}

static void the_team_works_and_keeps_the_state_valid(void **state)
{
	(void)state;
	size_t merged, verdicts;
	free(run(7, 150, 7, &merged, &verdicts));
	assert_true(verdicts > 0);
	assert_true(merged > 0);
}

/* the orchestrator's lease (10:30 in the example) is renewed with its
 * heartbeat: an hour on, Liza's watcher still sees it present */
static void the_orchestrator_stays_present(void **state)
{
	(void)state;
	size_t merged, verdicts;
	free(run(5, 60, 60, &merged, &verdicts));
}

static void a_seed_replays_a_run(void **state)
{
	(void)state;
	size_t m1, v1, m2, v2;
	char *a = run(11, 40, 7, &m1, &v1), *b = run(11, 40, 7, &m2, &v2);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_team_works_and_keeps_the_state_valid),
		cmocka_unit_test(a_seed_replays_a_run),
		cmocka_unit_test(the_orchestrator_stays_present),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
