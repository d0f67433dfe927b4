/* test_sim_shift.c — the demo moves the example files' timestamps to the
 * present: the newest reads as now minus 30 s, distances between them stay,
 * each keeps its written form, and .liza/ is left to its own simulator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include "sim/sim.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *path)
{
	char *b;
	size_t n;
	lw_error e;
	assert_int_equal(lw_read_file(path, 1 << 20, &b, &n, &e), LW_READ_OK);
	return b;
}

static void timestamps_move_to_now_keeping_their_form(void **state)
{
	(void)state;
	char dir[] = "/tmp/lw-shift.XXXXXX", p[128], q[128], cmd[160];
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof p, "%s/sub", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/sub/a.json", dir);
	put(p, "{\"at\": \"2026-01-20T10:00:00Z\", \"ms\": \"2026-01-20T10:10:00.123Z\", "
	       "\"off\": \"2026-01-20T11:20:00+01:00\", \"bare\": \"2026-01-20T09:00:00\", \"n\": 12}\n");
	snprintf(q, sizeof q, "%s/.liza", dir);
	mkdir(q, 0755);
	snprintf(q, sizeof q, "%s/.liza/state.yaml", dir);
	put(q, "created: 2026-01-20T10:00:00Z\n");
	time_t now;
	lw_parse_time("2026-11-22T03:00:30Z", &now);
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(sim_shift_times(dir, now, &err), 0);
	char *got = get(p);
	/* newest was 10:20Z (the +01:00 one): it becomes now - 30 s = 03:00:00Z */
	assert_string_equal(got, "{\"at\": \"2026-11-22T02:40:00Z\", \"ms\": \"2026-11-22T02:50:00.123Z\", "
	                         "\"off\": \"2026-11-22T03:00:00+00:00\", \"bare\": \"2026-11-22T01:40:00\", \"n\": 12}\n");
	free(got);
	got = get(q);
	assert_string_equal(got, "created: 2026-01-20T10:00:00Z\n");   /* .liza untouched */
	free(got);
	/* Already current: left byte for byte. */
	assert_int_equal(sim_shift_times(dir, now, &err), 0);
	got = get(p);
	assert_non_null(strstr(got, "02:40:00Z"));
	free(got);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(timestamps_move_to_now_keeping_their_form),
	};
	return cmocka_run_group_tests_name("sim_shift", tests, NULL, NULL);
}
