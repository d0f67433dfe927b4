/* test_deadlines.c — between two deadlines nothing changes.
 *
 * Every check that depends on the clock registers the next instant its
 * answer changes (lw_check_deadline). The HUD sleeps until that instant and
 * `status` keeps its result until then (cli/status_cache.h), so a check
 * that changes its mind without registering the instant leaves a stale
 * screen or status line. For each fixture project, from a time before every
 * timestamp in it, hop from deadline to deadline: at the middle of each
 * interval and at its last second, the alerts (level, system, code,
 * subject) and the status line are those of its start. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/model/adapter.h"
#include "cli/report.h"
#include "core/util/timeparse.h"

enum { MAX_HOPS = 400 };

typedef struct seen {
	char *status;
	char *alerts;   /* one "LEVEL system code subject" line each, sorted */
	time_t deadline;
} seen;

static seen look(lw_project *p, time_t now)
{
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx ctx = { .now = now, .next_deadline = LW_NO_TIME, .out = &al };
	lw_project_check(p, &ctx);
	lw_alerts_sort(&al);
	strbuf s, a;
	strbuf_init(&s);
	strbuf_init(&a);
	report_status(&s, p, &al, STATUS_PLAIN, NULL);
	strbuf_adds(&a, "");
	for (size_t i = 0; i < al.n; i++)
		strbuf_printf(&a, "%d %s %s %s\n", (int)al.v[i].level, al.v[i].system, al.v[i].code, al.v[i].subject);
	lw_alerts_free(&al);
	return (seen){ strbuf_detach(&s, NULL), strbuf_detach(&a, NULL), ctx.next_deadline };
}

static void seen_free(seen *s)
{
	free(s->status);
	free(s->alerts);
}

static void same_at(lw_project *p, const seen *from, time_t t0, time_t t, const char *dir)
{
	seen at = look(p, t);
	if (strcmp(at.status, from->status) != 0 || strcmp(at.alerts, from->alerts) != 0) {
		char a[32], b[32];
		print_error("%s: changed between %s and %s with no deadline registered\n"
		            "--- at the start ---\n%s\n%s--- later ---\n%s\n%s", dir, lw_format_time(t0, a, sizeof a),
		            lw_format_time(t, b, sizeof b), from->status, from->alerts, at.status, at.alerts);
		fail();
	}
	seen_free(&at);
}

/* Returns how many intervals were walked. */
static int walk(const char *dir)
{
	lw_project p;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(lw_project_open(&p, dir, &err), 0);
	assert_true(p.n > 0);
	lw_project_load_all(&p);
	time_t t;
	assert_int_equal(lw_parse_time("2024-01-01T00:00:00Z", &t), 0);
	int hops = 0;
	for (; hops < MAX_HOPS; hops++) {
		seen s = look(&p, t);
		time_t d = s.deadline;
		if (d == LW_NO_TIME) {
			/* Nothing ahead: a year later still reads the same. */
			same_at(&p, &s, t, t + 366 * 86400, dir);
			seen_free(&s);
			break;
		}
		assert_true(d > t);
		if (d - t > 1) {
			same_at(&p, &s, t, t + (d - t) / 2, dir);
			same_at(&p, &s, t, d - 1, dir);
		}
		seen_free(&s);
		t = d;
	}
	assert_true(hops < MAX_HOPS);
	lw_project_close(&p);
	return hops;
}

static char *fixture(const char *rel)
{
	static char path[4096];
	const char *f = getenv("LW_FIXTURES");
	snprintf(path, sizeof path, "%s/%s", f ? f : "tests/fixtures", rel);
	return path;
}

static void liza_board(void **state)
{
	(void)state;
	assert_true(walk(fixture("hud/basic")) >= 3);
}

static void foreman_and_acp(void **state)
{
	(void)state;
	assert_true(walk(fixture("hud/foreman-acp")) >= 1);
}

static void aot_loop(void **state)
{
	(void)state;
	walk(fixture("aot/running"));
}

static void rcs_team_forge(void **state)
{
	(void)state;
	walk(fixture("rcs/team-forge"));
}

/* The demo project: all five systems in one folder. */
static void bundled_examples(void **state)
{
	(void)state;
	assert_true(walk(fixture("../../examples")) >= 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(liza_board),
		cmocka_unit_test(foreman_and_acp),
		cmocka_unit_test(aot_loop),
		cmocka_unit_test(rcs_team_forge),
		cmocka_unit_test(bundled_examples),
	};
	return cmocka_run_group_tests_name("deadlines", tests, NULL, NULL);
}
