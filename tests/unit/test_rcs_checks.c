/* test_rcs_checks.c — every alert code of docs/systems/rcs.md's table, at its
 * threshold and just below it, on state folders written here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/rcs/rcs.h"
#include "tests/unit/helper_proj.h"

#define NOW "2026-04-09T01:00:00Z"
#define SKILLS ".rcs/state/skill-active-state.json"

static void set_of(tp *p, const char *json_list)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "{ \"active_skills\": %s }\n", json_list);
	tp_write(p, SKILLS, buf);
}

static void mode(tp *p, const char *name, const char *fields)
{
	char path[256], buf[1024];
	snprintf(path, sizeof path, ".rcs/state/%s-state.json", name);
	snprintf(buf, sizeof buf, "{ \"active\": true%s%s }\n", *fields ? ", " : "", fields);
	tp_write(p, path, buf);
}

static void unsupported_overlap(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	set_of(&p, "[ {\"skill\": \"team\"}, {\"skill\": \"autopilot\"} ]");
	mode(&p, "team", "");
	mode(&p, "autopilot", "");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_CRIT, "rcs", "unsupported_overlap", "team+autopilot",
	          "active set team + autopilot is not an approved combination");
	/* Three approved-looking members are still three. */
	set_of(&p, "[ {\"skill\": \"team\"}, {\"skill\": \"forge\"}, {\"skill\": \"ultrawork\"} ]");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_CRIT, "rcs", "unsupported_overlap", "team+forge+ultrawork", NULL);
	/* A skill the contract does not track does not make an overlap. */
	set_of(&p, "[ {\"skill\": \"team\"}, {\"skill\": \"note\"} ]");
	tp_load(&p, NOW);
	TP_NONE(&p, "rcs", "unsupported_overlap", NULL);
	tp_close(&p);
}

static void active_set_mismatch_both_ways(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	set_of(&p, "[ {\"skill\": \"team\"}, {\"skill\": \"forge\"} ]");
	mode(&p, "team", "");
	tp_write(&p, ".rcs/state/forge-state.json", "{ \"active\": false, \"current_phase\": \"complete\" }\n");
	mode(&p, "ultrawork", "");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_WARN, "rcs", "active_set_mismatch", "forge", "does not say active: true");
	TP_EXPECT(&p, LW_WARN, "rcs", "active_set_mismatch", "ultrawork", "skill-active-state.json does not list");
	TP_NONE(&p, "rcs", "active_set_mismatch", "team");
	/* A state file that is not a workflow mode is not held to the set. */
	tp_write(&p, ".rcs/state/hud-state.json", "{ \"active\": true }\n");
	tp_load(&p, NOW);
	TP_NONE(&p, "rcs", "active_set_mismatch", "hud");
	assert_int_equal(tp_snap(&p, "rcs")->nworkflows, 3);
	tp_remove(&p, ".rcs/state/forge-state.json");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_WARN, "rcs", "active_set_mismatch", "forge", "there is no forge-state.json");
	tp_close(&p);
}

static void iterations(void **state)
{
	(void)state;
	static const struct { int it; const char *code; lw_level lvl; const char *frag; } cases[] = {
		{ 6, NULL, 0, NULL },
		{ 7, "iterations_warning", LW_WARN, "iteration 7 of 10 (warning at 70%)" },
		{ 8, "iterations_warning", LW_WARN, NULL },
		{ 9, "iterations_cliff", LW_CRIT, "iteration 9 of 10 (cliff at 90%)" },
		{ 10, "iterations_cliff", LW_CRIT, "iteration 10 of 10: at the cliff" },
		{ 12, "iterations_cliff", LW_CRIT, "at the cliff" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		tp p;
		tp_open(&p);
		set_of(&p, "[ {\"skill\": \"forge\"} ]");
		char f[128];
		snprintf(f, sizeof f, "\"iteration\": %d, \"max_iterations\": 10", cases[i].it);
		mode(&p, "forge", f);
		tp_load(&p, NOW);
		if (!cases[i].code) {
			assert_int_equal(tp_count(&p, "rcs", NULL), 0);
		} else {
			TP_EXPECT(&p, cases[i].lvl, "rcs", cases[i].code, "forge", cases[i].frag);
			assert_int_equal(tp_count(&p, "rcs", NULL), 1);   /* one level at a time */
		}
		tp_close(&p);
	}
	/* An inactive mode past its cliff is history, not an alert. */
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/forge-state.json", "{ \"active\": false, \"iteration\": 10, \"max_iterations\": 10 }\n");
	tp_load(&p, NOW);
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);
}

static void mode_error(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	set_of(&p, "[ {\"skill\": \"team\"}, {\"skill\": \"forge\"} ]");
	mode(&p, "team", "\"error\": \"tmux pane vanished\"");
	mode(&p, "forge", "\"run_outcome\": \"failed\"");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_CRIT, "rcs", "mode_error", "team", "while active: tmux pane vanished");
	TP_EXPECT(&p, LW_CRIT, "rcs", "mode_error", "forge", "run_outcome: failed");
	assert_non_null(strstr(tp_snap(&p, "rcs")->workflows[0].flags, "ERROR"));
	/* An error object; and null/false errors are no error. */
	mode(&p, "team", "\"error\": { \"message\": \"lease lost\" }");
	mode(&p, "forge", "\"error\": null, \"run_outcome\": \"success\"");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_CRIT, "rcs", "mode_error", "team", "lease lost");
	TP_NONE(&p, "rcs", "mode_error", "forge");
	/* Not active: not reported. */
	tp_write(&p, ".rcs/state/team-state.json", "{ \"active\": false, \"error\": \"old\" }\n");
	set_of(&p, "[]");
	tp_load(&p, NOW);
	TP_NONE(&p, "rcs", "mode_error", NULL);
	tp_close(&p);
}

static void session_stale_and_its_deadline(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	set_of(&p, "[ {\"skill\": \"forge\"} ]");
	/* last_turn_at wins over updated_at. */
	mode(&p, "forge", "\"last_turn_at\": \"2026-04-09T00:40:00Z\", \"updated_at\": \"2026-04-09T00:00:00Z\"");
	tp_load(&p, NOW);
	TP_NONE(&p, "rcs", "session_stale", NULL);
	time_t at;
	lw_parse_time("2026-04-09T01:10:00Z", &at);
	assert_int_equal(p.ctx.next_deadline, at);
	tp_load(&p, "2026-04-09T01:10:00Z");
	TP_EXPECT(&p, LW_WARN, "rcs", "session_stale", "forge", "last turn 30m old (stale after 30m)");
	assert_int_equal(tp_find(&p, "rcs", "session_stale", "forge")->since, at);
	mode(&p, "forge", "\"updated_at\": \"2026-04-09T00:00:00Z\"");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_WARN, "rcs", "session_stale", "forge", "last update 1h");
	tp_close(&p);
}

static void team_tasks_and_workers(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	set_of(&p, "[ {\"skill\": \"team\"} ]");
	mode(&p, "team", "\"team_name\": \"t\"");
	const char *d = ".rcs/state/team/t/";
	char path[256];
#define TASK(id, body) (snprintf(path, sizeof path, "%stasks/task-%s.json", d, id), tp_write(&p, path, body))
	TASK("1", "{ \"id\": \"1\", \"subject\": \"parse\", \"status\": \"completed\" }");
	TASK("2", "{ \"id\": \"2\", \"subject\": \"lex\", \"status\": \"failed\" }");
	TASK("3", "{ \"id\": \"3\", \"subject\": \"emit\", \"status\": \"blocked\", \"blocked_by\": [\"2\"] }");
	TASK("4", "{ \"id\": \"4\", \"subject\": \"link\", \"status\": \"pending\", \"depends_on\": [\"1\"] }");
	TASK("5", "{ \"id\": \"5\", \"subject\": \"ship\", \"status\": \"pending\", \"depends_on\": [\"4\"] }");
#undef TASK
	snprintf(path, sizeof path, "%sworkers/w1/status.json", d);
	tp_write(&p, path, "{ \"state\": \"working\", \"current_task_id\": \"4\" }");
	snprintf(path, sizeof path, "%sworkers/w1/heartbeat.json", d);
	tp_write(&p, path, "{ \"last_turn_at\": \"2026-04-09T00:55:00Z\", \"alive\": true }");
	snprintf(path, sizeof path, "%sworkers/w2/status.json", d);
	tp_write(&p, path, "{ \"state\": \"idle\" }");
	snprintf(path, sizeof path, "%sworkers/w2/heartbeat.json", d);
	tp_write(&p, path, "{ \"last_turn_at\": \"2026-04-08T00:00:00Z\" }");
	tp_load(&p, NOW);
	TP_EXPECT(&p, LW_CRIT, "rcs", "team_task_failed", "task-2", "team t task failed: lex");
	TP_EXPECT(&p, LW_WARN, "rcs", "team_task_blocked", "task-3", "emit");
	/* w1's heartbeat is exactly 5 minutes old: stale from now; w2 is idle. */
	TP_EXPECT(&p, LW_WARN, "rcs", "worker_stale", "w1", "heartbeat 5m old while working on task 4");
	TP_NONE(&p, "rcs", "worker_stale", "w2");
	tp_load(&p, "2026-04-09T00:59:59Z");
	TP_NONE(&p, "rcs", "worker_stale", NULL);
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_int_equal(s->ntasks, 5);
	lw_lane want[] = { LANE_DONE, LANE_BLOCKED, LANE_BLOCKED, LANE_READY, LANE_BACKLOG };
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(s->tasks[i].lane, want[i]);
	assert_int_equal(s->nagents, 2);
	tp_close(&p);
}

/* Strings from state files are data: kept as they are in the model and
 * alerts, escaped by the front ends (here the status line). */
static void hostile_names_are_data(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	set_of(&p, "[ {\"skill\": \"note\\u001b]0;x\\u0007\"} ]");
	tp_write(&p, ".rcs/state/team/t/tasks/task-1.json",
	         "{ \"id\": \"1\", \"subject\": \"\\u001b[31mred\", \"status\": \"failed\" }");
	tp_load(&p, NOW);
	assert_string_equal(tp_snap(&p, "rcs")->status_segment, "note\x1b]0;x\x07");
	const lw_alert *a = tp_find(&p, "rcs", "team_task_failed", "task-1");
	assert_non_null(a);
	assert_non_null(strstr(a->message, "\x1b[31mred"));
	char *line = tp_status(&p);
	assert_null(strchr(line, '\x1b'));
	TP_CONTAINS(line, "note^[]0;x^G");
	free(line);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unsupported_overlap),
		cmocka_unit_test(active_set_mismatch_both_ways),
		cmocka_unit_test(iterations),
		cmocka_unit_test(mode_error),
		cmocka_unit_test(session_stale_and_its_deadline),
		cmocka_unit_test(team_tasks_and_workers),
		cmocka_unit_test(hostile_names_are_data),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
