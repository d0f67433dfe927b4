/* test_sim_five.c — the demo's team on the bundled project moves all five
 * systems: after a run every system's files changed, every system still
 * loads, and no tick left an invalid state or a file that does not parse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/model/adapter.h"
#include "core/util/timeparse.h"
#include "sim/sim.h"

static void report(const char *line, void *ctx)
{
	(void)ctx;
	if (strstr(line, "failed") || strstr(line, "error"))
		print_message("%s\n", line);
}

/* A digest of every file under dir: changes when any byte does. */
static unsigned long long digest(const char *dir)
{
	char cmd[600];
	/* A system's root is a folder, or (AoT) its one state file. */
	snprintf(cmd, sizeof cmd, "r='%s'; if [ -d \"$r\" ]; then cd \"$r\" && find . -type f ! -name '*.lock' -print0 | "
	         "sort -z | xargs -0 cat; else cat \"$r\"; fi | cksum", dir);
	FILE *p = popen(cmd, "r");
	unsigned long long sum = 0;
	assert_non_null(p);
	assert_int_equal(fscanf(p, "%llu", &sum), 1);
	pclose(p);
	return sum;
}

static void every_system_moves_and_stays_valid(void **state)
{
	(void)state;
	const char *fx = getenv("LW_FIXTURES");
	char examples[512], tmp[] = "/tmp/lw-five.XXXXXX", proj[600], cmd[1400];
	snprintf(examples, sizeof examples, "%s/../../examples", fx ? fx : "tests/fixtures");
	assert_non_null(mkdtemp(tmp));
	snprintf(proj, sizeof proj, "%s/p", tmp);
	snprintf(cmd, sizeof cmd, "cp -r '%s' '%s'", examples, proj);
	assert_int_equal(system(cmd), 0);

	lw_project p;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_project_open(&p, proj, &err), 0);
	assert_int_equal(p.n, 5);
	unsigned long long before[5];
	for (size_t i = 0; i < p.n; i++)
		before[i] = digest(p.src[i].root);

	sim_team t;
	assert_int_equal(sim_team_open(&t, proj, 7, &err), 0);
	assert_int_equal(t.n, 5);
	time_t now;
	lw_parse_time("2026-11-22T03:00:00Z", &now);
	for (int tick = 0; tick < 150; tick++) {
		assert_int_equal(sim_team_tick(&t, now + tick * 2, report, NULL), 0);
		if (tick % 25 == 24) {
			assert_int_equal(lw_project_load_all(&p), 0);
			lw_alerts al;
			lw_alerts_init(&al);
			lw_check_ctx c = { .now = now + tick * 2, .next_deadline = LW_NO_TIME, .out = &al };
			lw_project_check(&p, &c);
			for (size_t i = 0; i < al.n; i++)
				if (strcmp(al.v[i].code, "invalid_state") == 0 || strcmp(al.v[i].code, "parse_error") == 0)
					fail_msg("tick %d: %s %s %s: %s", tick, al.v[i].system, al.v[i].code, al.v[i].subject,
					         al.v[i].message);
			lw_alerts_free(&al);
		}
	}
	for (size_t i = 0; i < p.n; i++)
		if (digest(p.src[i].root) == before[i])
			fail_msg("%s: nothing changed in 150 ticks", p.src[i].adapter->name);
	sim_team_close(&t);
	lw_project_close(&p);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_system_moves_and_stays_valid),
	};
	return cmocka_run_group_tests_name("sim_five", tests, NULL, NULL);
}
