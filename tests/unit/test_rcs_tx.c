/* test_rcs_tx.c — RCS writes: clearing one member keeps the others (in the
 * set file and in the mode files, every other byte as it was), the legacy
 * top-level fields follow the set, scopes (the session's view, and
 * --all-sessions), activation into empty and legacy-only folders, and the
 * usage errors. */
/* make valgrind: run under memcheck */
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

#define NOW "2026-04-09T00:20:00Z"
#define S1 ".rcs/state/sessions/s1/"

static const rcs_state *rcs_of(tp *p)
{
	const lw_snapshot *s = tp_snap(p, "rcs");
	assert_non_null(s);
	return s->sys;
}

static const char *joined(tp *p)
{
	static char buf[256];
	return rcs_set_join(&rcs_of(p)->set, "+", buf, sizeof buf);
}

static const char skills_team_forge[] =
	"{\n"
	"  \"version\": 1,\n"
	"  \"active\": true,\n"
	"  \"skill\": \"forge\",\n"
	"  \"phase\": \"executing\",\n"
	"  \"active_skills\": [\n"
	"    { \"skill\": \"forge\", \"phase\": \"executing\", \"active\": true, \"session_id\": \"s1\" },\n"
	"    { \"skill\": \"team\",  \"phase\": \"team-exec\", \"active\": true, \"session_id\": \"s1\" }\n"
	"  ]\n"
	"}\n";

static void session_team_forge(tp *p)
{
	tp_write(p, ".rcs/state/session.json", "{ \"session_id\": \"s1\" }\n");
	tp_write(p, S1 "skill-active-state.json", skills_team_forge);
	tp_write(p, S1 "team-state.json", "{\n  \"active\": true,\n  \"current_phase\": \"team-exec\"\n}\n");
	tp_write(p, S1 "forge-state.json",
	         "{\n  \"active\": true,\n  \"current_phase\": \"executing\",\n  \"iteration\": 2,\n"
	         "  \"max_iterations\": 5\n}\n");
}

static void clear_keeps_the_other_member(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	session_team_forge(&p);
	assert_int_equal(tp_load(&p, NOW), 0);
	char *team_before = tp_read(&p, S1 "team-state.json");
	assert_int_equal(tp_tx(&p, "rcs", "forge", "clear", NULL, NOW), TX_DONE);
	TP_CONTAINS(p.res.message, "cleared forge", "active now: team");
	/* The set file: forge's entry gone from active_skills (as `rcs state
	 * clear` does); the legacy skill moves to team; every other byte as it
	 * was. */
	char *skills = tp_read(&p, S1 "skill-active-state.json");
	assert_string_equal(skills,
		"{\n"
		"  \"version\": 1,\n"
		"  \"active\": true,\n"
		"  \"skill\": \"team\",\n"
		"  \"phase\": \"team-exec\",\n"
		"  \"active_skills\": [\n"
		"    { \"skill\": \"team\",  \"phase\": \"team-exec\", \"active\": true, \"session_id\": \"s1\" }\n"
		"  ],\n"
		"  \"updated_at\": \"2026-04-09T00:20:00Z\"\n"
		"}\n");
	char *forge = tp_read(&p, S1 "forge-state.json");
	assert_string_equal(forge,
		"{\n  \"active\": false,\n  \"current_phase\": \"cancelled\",\n  \"iteration\": 2,\n"
		"  \"max_iterations\": 5,\n  \"completed_at\": \"2026-04-09T00:20:00Z\"\n}\n");
	char *team_after = tp_read(&p, S1 "team-state.json");
	assert_string_equal(team_before, team_after);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team");
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	/* Clearing the last member: the file says inactive. */
	assert_int_equal(tp_tx(&p, "rcs", "team", "clear", NULL, NOW), TX_DONE);
	TP_CONTAINS(p.res.message, "active now: nothing");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(rcs_of(&p)->set.n, 0);
	free(skills);
	skills = tp_read(&p, S1 "skill-active-state.json");
	TP_CONTAINS(skills, "\"active\": false,\n  \"skill\": \"team\"", "\"active_skills\": [],\n");
	free(skills);
	free(forge);
	free(team_before);
	free(team_after);
	tp_close(&p);
}

static void clear_what_is_not_active_writes_nothing(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	session_team_forge(&p);
	assert_int_equal(tp_load(&p, NOW), 0);
	char *before = tp_fingerprint(&p);
	assert_int_equal(tp_tx(&p, "rcs", "ultrawork", "clear", NULL, NOW), TX_DENIED);
	TP_CONTAINS(p.res.message, "ultrawork is not active", "nothing written");
	char *after = tp_fingerprint(&p);
	assert_string_equal(before, after);
	free(before);
	free(after);
	tp_close(&p);
}

/* The session's view clears the root entries it sees (no session id, or
 * its own) but not another session's; --all-sessions clears everywhere. */
static void scopes(void **state)
{
	(void)state;
	static const char root_skills[] =
		"{ \"active_skills\": [\n"
		"  { \"skill\": \"forge\" },\n"
		"  { \"skill\": \"forge\", \"session_id\": \"s2\" }\n"
		"] }\n";
	tp p;
	tp_open(&p);
	session_team_forge(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json", root_skills);
	tp_write(&p, ".rcs/state/sessions/s2/skill-active-state.json",
	         "{ \"active_skills\": [ { \"skill\": \"forge\", \"session_id\": \"s2\" } ] }\n");
	tp_write(&p, ".rcs/state/sessions/s2/forge-state.json", "{ \"active\": true }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "forge", "clear", NULL, NOW), TX_DONE);
	char *root = tp_read(&p, ".rcs/state/skill-active-state.json");
	assert_string_equal(root, "{ \"active_skills\": [\n  { \"skill\": \"forge\", \"session_id\": \"s2\" }\n], "
	                          "\"updated_at\": \"2026-04-09T00:20:00Z\" }\n");
	char *s2 = tp_read(&p, ".rcs/state/sessions/s2/forge-state.json");
	assert_string_equal(s2, "{ \"active\": true }\n");
	free(root);
	free(s2);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team");
	/* Every session: s2's copies go too. */
	tx_request rq = { .subject = "forge", .event = "clear", .all_sessions = true };
	lw_parse_time(NOW, &rq.now);
	assert_int_equal(tp_tx_rq(&p, "rcs", &rq), TX_DONE);
	s2 = tp_read(&p, ".rcs/state/sessions/s2/forge-state.json");
	TP_CONTAINS(s2, "\"active\": false", "\"current_phase\": \"cancelled\"");
	free(s2);
	s2 = tp_read(&p, ".rcs/state/sessions/s2/skill-active-state.json");
	assert_string_equal(s2, "{ \"active_skills\": [], \"updated_at\": \"2026-04-09T00:20:00Z\" }\n");
	free(s2);
	root = tp_read(&p, ".rcs/state/skill-active-state.json");
	assert_string_equal(root, "{ \"active_skills\": [], \"updated_at\": \"2026-04-09T00:20:00Z\" }\n");
	free(root);
	tp_close(&p);
}

static void legacy_only_files(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json",
	         "{\n  \"active\": true,\n  \"skill\": \"team\",\n  \"phase\": \"team-plan\"\n}\n");
	tp_write(&p, ".rcs/state/team-state.json", "{ \"active\": true }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team");
	/* Activating beside a legacy-only set carries the legacy skill into
	 * the list, or the list would silently drop it. */
	assert_int_equal(tp_tx(&p, "rcs", "forge", "activate", NULL, NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team+forge");
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);
	/* Clearing the legacy skill itself. */
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active\": true, \"skill\": \"team\" }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "team", "clear", NULL, NOW), TX_DONE);
	char *s = tp_read(&p, ".rcs/state/skill-active-state.json");
	TP_CONTAINS(s, "\"active\": false, \"skill\": \"team\"");
	free(s);
	tp_close(&p);
}

static void activate_into_an_empty_session(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/session.json", "{ \"session_id\": \"s9\" }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "forge", "activate", NULL, NOW), TX_DONE);
	assert_int_equal(tp_tx(&p, "rcs", "forge", "activate", NULL, NOW), TX_DONE);
	TP_CONTAINS(p.res.message, "already active");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "forge");
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_string_equal(s->workflows[0].phase, "starting");
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	char *m = tp_read(&p, ".rcs/state/sessions/s9/forge-state.json");
	TP_CONTAINS(m, "\"mode\": \"forge\"", "\"session_id\": \"s9\"");
	free(m);
	/* Cleared, then activated again: the same entry comes back on. */
	assert_int_equal(tp_tx(&p, "rcs", "forge", "clear", NULL, NOW), TX_DONE);
	assert_int_equal(tp_tx(&p, "rcs", "forge", "activate", NULL, NOW), TX_DONE);
	char *sk = tp_read(&p, ".rcs/state/sessions/s9/skill-active-state.json");
	size_t entries = 0;
	for (const char *at = strstr(sk, "\"active_skills\""); (at = strstr(at + 1, "\"skill\": \"forge\""));)
		entries++;
	assert_int_equal(entries, 1);
	free(sk);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "forge");
	tp_close(&p);
}

/* Under .omx/ the upstream spelling is written. */
static void omx_spelling(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".omx/state/skill-active-state.json", "{ \"active_skills\": [ { \"skill\": \"team\" } ] }\n");
	tp_write(&p, ".omx/state/team-state.json", "{ \"active\": true }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "forge", "activate", NULL, NOW), TX_DONE);
	char *m = tp_read(&p, ".omx/state/ralph-state.json");
	assert_non_null(m);
	free(m);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(tp_snap(&p, "rcs")->status_segment, "team+ralph");
	assert_int_equal(tp_tx(&p, "rcs", "ralph", "clear", NULL, NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team");
	tp_close(&p);
}

static void usage_errors(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	session_team_forge(&p);
	assert_int_equal(tp_load(&p, NOW), 0);
	char *before = tp_fingerprint(&p);
	assert_int_equal(tp_tx(&p, "rcs", NULL, "clear", NULL, NOW), TX_USAGE);
	TP_CONTAINS(p.res.message, "transition rcs:MODE clear");
	assert_int_equal(tp_tx(&p, "rcs", "forge", "pause", NULL, NOW), TX_USAGE);
	TP_CONTAINS(p.res.message, "no transition 'pause'", "activate", "clear");
	assert_int_equal(tp_tx(&p, "rcs", "frobnicate", "activate", NULL, NOW), TX_USAGE);
	TP_CONTAINS(p.res.message, "not a workflow the transition contract tracks");
	char *after = tp_fingerprint(&p);
	assert_string_equal(before, after);
	free(before);
	free(after);
	/* TASK resolution: rcs:MODE names a workflow, active or not. */
	const lw_source *src;
	const lw_task *task;
	char msg[256];
	assert_int_equal(lw_project_resolve(&p.proj, "rcs:ultrawork", &src, &task, msg, sizeof msg), 0);
	assert_string_equal(src->adapter->name, "rcs");
	assert_null(task);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clear_keeps_the_other_member),
		cmocka_unit_test(clear_what_is_not_active_writes_nothing),
		cmocka_unit_test(scopes),
		cmocka_unit_test(legacy_only_files),
		cmocka_unit_test(activate_into_an_empty_session),
		cmocka_unit_test(omx_spelling),
		cmocka_unit_test(usage_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
