/* test_rcs_examples.c — tests/fixtures/examples/rcs rebuilt as state folders (the
 * file names encode the paths; variants of one path in separate projects)
 * and loaded with the alerts each one should raise, plus the scope rules of
 * docs/systems/rcs.md: session scope first, root as fallback, the session view
 * of root entries, the legacy top-level skill only when the list is empty. */
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
#define OMX ".omx/state"

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

static void copy_team_runtime(tp *p, const char *team)
{
	static const char *const files[] = {
		"config.json", "phase.json", "tasks/task-1.json", "workers/worker-1/status.json",
		"workers/worker-1/heartbeat.json", "mailbox/worker-1.json", "dispatch/requests.json",
		"events/events.ndjson",
	};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char src[256], dst[256];
		snprintf(src, sizeof src, "examples/rcs/team-runtime/%s", files[i]);
		snprintf(dst, sizeof dst, "%s/team/%s/%s", OMX, team, files[i]);
		tp_copy_fixture(p, src, dst);
	}
}

/* The verbatim upstream test state, with the team runtime beside it. */
static void verbatim_combined_session(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_copy_rcs(&p, OMX, "session.json");
	tp_copy_rcs(&p, OMX, "sessions__sess-combined__skill-active-state.team+ralph.json");
	tp_copy_rcs(&p, OMX, "sessions__sess-combined__team-state.min.json");
	tp_copy_rcs(&p, OMX, "sessions__sess-combined__ralph-state.min.json");
	copy_team_runtime(&p, "fix-the-failing-tests");
	assert_int_equal(tp_load(&p, NOW), 0);
	const rcs_state *st = rcs_of(&p);
	assert_string_equal(st->surface, "omx");
	assert_string_equal(st->session_id, "sess-combined");
	assert_string_equal(joined(&p), "team+forge");
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_string_equal(s->status_segment, "team+ralph");
	/* What upstream's HUD reads from this state (its test's expectation):
	 * every member, with its phase and gauge. */
	tp_copy_fixture(&p, "examples/rcs/hud-readAllState.expected.team+ralph.json", "expected.json");
	char *want = tp_read(&p, "expected.json");
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, want, strlen(want), "expected.json", NULL, &err), 0);
	assert_int_equal(doc_len(d.root), s->nworkflows);
	for (size_t i = 0; i < s->nworkflows; i++) {
		const lw_workflow *w = &s->workflows[i];
		const doc_node *e = doc_get(d.root, w->name);
		assert_non_null(e);
		assert_string_equal(doc_str(doc_get(e, "current_phase")), w->phase);
		long long it = -1, max = -1;
		doc_int(doc_get(e, "iteration"), &it);
		doc_int(doc_get(e, "max_iterations"), &max);
		assert_int_equal(it, w->iteration);
		assert_int_equal(max, w->max);
	}
	doc_free(&d);
	free(want);
	/* The board: task 1 in progress, worker-1 working with a 15-minute-old
	 * heartbeat (the only alert). */
	assert_int_equal(s->ntasks, 1);
	assert_string_equal(s->tasks[0].id, "task-1");
	assert_string_equal(s->tasks[0].title, "Fix flaky parser test");
	assert_int_equal(s->tasks[0].lane, LANE_ACTIVE);
	assert_string_equal(s->tasks[0].assignee, "worker-1");
	assert_int_equal(s->nagents, 1);
	assert_string_equal(s->agents[0].role, "executor");
	TP_EXPECT(&p, LW_WARN, "rcs", "worker_stale", "worker-1", "heartbeat 15m old while working on task 1");
	assert_int_equal(tp_count(&p, "rcs", NULL), 1);
	/* Four minutes earlier it is not stale yet, and the deadline is set. */
	tp_load(&p, "2026-04-09T00:09:00Z");
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	time_t at;
	lw_parse_time("2026-04-09T00:10:00Z", &at);
	assert_int_equal(p.ctx.next_deadline, at);
	tp_close(&p);
}

/* Root entries without a session id are visible to the session; entries
 * in the session file add to them; duplicates collapse. */
static void overlap_session_view(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, OMX "/session.json", "{ \"session_id\": \"sess-overlap\" }\n");
	tp_copy_rcs(&p, OMX, "root__skill-active-state.after-team+ralph-overlap.json");
	tp_copy_rcs(&p, OMX, "sessions__sess-overlap__skill-active-state.after-team+ralph-overlap.json");
	tp_copy_rcs(&p, OMX, "ralph-state.json");    /* root, owner sess-overlap */
	tp_copy_rcs(&p, OMX, "team-state.json");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team+forge");
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_int_equal(s->nworkflows, 2);
	assert_string_equal(s->workflows[0].phase, "team-exec");   /* the mode file's phase wins */
	assert_int_equal(s->workflows[0].max, 50);
	assert_string_equal(s->workflows[1].phase, "executing");
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);
}

/* The keyword detector's state: no session.json, so the root view sees
 * every entry; the seeded team mode was last updated a day ago. */
static void keyword_detector_root_view(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_copy_rcs(&p, OMX, "root__skill-active-state.keyword-detector.team.json");
	tp_copy_rcs(&p, OMX, "team-state.keyword-seed.json");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_null(rcs_of(&p)->session_id);
	assert_string_equal(joined(&p), "team");
	TP_EXPECT(&p, LW_WARN, "rcs", "session_stale", "team", "last update 1d");
	assert_int_equal(tp_count(&p, "rcs", NULL), 1);
	tp_close(&p);
	/* Another session's view does not see that entry (nor its mode file). */
	tp_open(&p);
	tp_write(&p, OMX "/session.json", "{ \"session_id\": \"sess-other\" }\n");
	tp_copy_rcs(&p, OMX, "root__skill-active-state.keyword-detector.team.json");
	tp_copy_rcs(&p, OMX, "team-state.keyword-seed.json");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(rcs_of(&p)->set.n, 0);
	assert_string_equal(tp_snap(&p, "rcs")->status_segment, "idle");
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);
}

/* Every single-mode example as the only active workflow, listed in the
 * set: no alert but what its own fields say. */
static void single_modes(void **state)
{
	(void)state;
	static const struct { const char *file, *skill, *phase; int it, max; } modes[] = {
		{ "autopilot-state.json", "autopilot", "deep-interview", 1, 10 },
		{ "autoresearch-state.json", "autoresearch", "running", 0, 1 },
		{ "ralph-state.json", "ralph", "executing", 1, 10 },
		{ "ralplan-state.json", "ralplan", "architect-review", 1, 5 },
		{ "team-state.json", "team", "team-exec", 0, 50 },
		{ "ultrawork-state.json", "ultrawork", "planning", -1, -1 },
	};
	for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) {
		tp p;
		tp_open(&p);
		tp_copy_rcs(&p, OMX, modes[i].file);
		char skills[256];
		snprintf(skills, sizeof skills, "{ \"active_skills\": [ { \"skill\": \"%s\" } ] }\n", modes[i].skill);
		tp_write(&p, OMX "/skill-active-state.json", skills);
		assert_int_equal(tp_load(&p, NOW), 0);
		const lw_snapshot *s = tp_snap(&p, "rcs");
		assert_int_equal(s->nworkflows, 1);
		assert_string_equal(s->workflows[0].name, modes[i].skill);
		assert_string_equal(s->workflows[0].phase, modes[i].phase);
		assert_int_equal(s->workflows[0].iteration, modes[i].it < 0 ? -1 : modes[i].it);
		assert_int_equal(s->workflows[0].max, modes[i].max);
		/* ultrawork and autopilot carry updated_at from 00:00: 20 min, not stale */
		assert_int_equal(tp_count(&p, "rcs", NULL), 0);
		tp_close(&p);
	}
}

/* The examples' inactive states: nothing is active, nothing alerts. */
static void finished_and_denied_states(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_copy_rcs(&p, OMX, "ralph-state.complete.json");
	tp_copy_rcs(&p, OMX, "team-state.shutdown.json");
	tp_copy_rcs(&p, OMX, "skill-active-state.denied-transition-fields.json");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(rcs_of(&p)->set.n, 0);
	assert_int_equal(tp_snap(&p, "rcs")->nworkflows, 0);
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);
}

/* Mode files active outside the set: shown (flagged) and reported. */
static void active_modes_outside_the_set(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_copy_rcs(&p, OMX, "autopilot-state.json");
	tp_copy_rcs(&p, OMX, "ultrawork-state.json");
	assert_int_equal(tp_load(&p, NOW), 0);
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_int_equal(s->nworkflows, 2);
	assert_non_null(strstr(s->workflows[0].flags, "NOT-IN-SET"));
	assert_string_equal(s->status_segment, "autopilot+ultrawork");
	TP_EXPECT(&p, LW_WARN, "rcs", "active_set_mismatch", "autopilot", "does not list autopilot");
	TP_EXPECT(&p, LW_WARN, "rcs", "active_set_mismatch", "ultrawork", NULL);
	TP_NONE(&p, "rcs", "unsupported_overlap", NULL);   /* the set itself is empty */
	tp_close(&p);
}

static void legacy_skill_only_when_the_list_is_empty(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json",
	         "{ \"active\": true, \"skill\": \"forge\", \"phase\": \"executing\", \"active_skills\": [] }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "forge");
	/* A non-empty list is authoritative: the legacy field does not add. */
	tp_write(&p, ".rcs/state/skill-active-state.json",
	         "{ \"active\": true, \"skill\": \"forge\", \"active_skills\": [ { \"skill\": \"team\" } ] }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "team");
	/* Inactive top level: the legacy skill does not count either. */
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active\": false, \"skill\": \"forge\" }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(rcs_of(&p)->set.n, 0);
	tp_close(&p);
}

static void dedup_and_inactive_entries(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json",
	         "{ \"active_skills\": [\n"
	         "  { \"skill\": \"team\", \"active\": false },\n"
	         "  { \"skill\": \"forge\", \"phase\": \"a\" },\n"
	         "  { \"skill\": \"ralph\", \"phase\": \"b\" },\n"
	         "  { \"skill\": \"forge\", \"session_id\": \"x\" },\n"
	         "  { \"skill\": \"team\", \"active\": true }\n"
	         "] }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(joined(&p), "forge+team");
	assert_string_equal(rcs_of(&p)->members[0].phase, "a");   /* first appearance wins */
	tp_close(&p);
}

static void invalid_session_id_reads_root(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/session.json", "{ \"session_id\": \"../../etc\" }\n");
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active_skills\": [ { \"skill\": \"team\" } ] }\n");
	tp_write(&p, ".rcs/state/team-state.json", "{ \"active\": true }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_null(rcs_of(&p)->session_id);
	assert_string_equal(joined(&p), "team");
	TP_EXPECT(&p, LW_WARN, "rcs", "invalid_session_id", "session.json", "\"../../etc\" does not match");
	assert_int_equal(tp_count(&p, "rcs", NULL), 1);
	tp_close(&p);
}

/* Session scope wins over root for the same mode; root is the fallback. */
static void session_scope_is_authoritative(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/session.json", "{ \"session_id\": \"s1\" }\n");
	tp_write(&p, ".rcs/state/sessions/s1/skill-active-state.json",
	         "{ \"active_skills\": [ { \"skill\": \"team\" }, { \"skill\": \"forge\" } ] }\n");
	tp_write(&p, ".rcs/state/sessions/s1/forge-state.json",
	         "{ \"active\": true, \"current_phase\": \"verifying\", \"iteration\": 3, \"max_iterations\": 10 }\n");
	tp_write(&p, ".rcs/state/forge-state.json", "{ \"active\": false, \"current_phase\": \"complete\" }\n");
	tp_write(&p, ".rcs/state/team-state.json", "{ \"active\": true, \"current_phase\": \"team-plan\" }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_string_equal(s->workflows[0].phase, "team-plan");   /* root fallback */
	assert_string_equal(s->workflows[1].phase, "verifying");   /* session copy */
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);
}

/* A half-written skill-active-state.json fails the load and the last good
 * snapshot stays; a broken team file is skipped with a parse_error. */
static void broken_files(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active_skills\": [ { \"skill\": \"team\" } ] }\n");
	tp_write(&p, ".rcs/state/team-state.json", "{ \"active\": true }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active_skills\": [ { \"skill\": \"te");
	assert_int_equal(tp_load(&p, NOW), 1);
	const lw_source *src = tp_source(&p, "rcs");
	assert_true(src->failed);
	assert_non_null(src->good);
	assert_string_equal(((const rcs_state *)src->good->sys)->set.v[0], "team");
	TP_EXPECT(&p, LW_CRIT, "rcs", "parse_error", NULL, "skill-active-state.json");
	tp_write(&p, ".rcs/state/skill-active-state.json", "");
	assert_int_equal(tp_load(&p, NOW), 1);
	TP_EXPECT(&p, LW_CRIT, "rcs", "parse_error", NULL, "empty");
	/* Repaired; a team task file broken: the board keeps the others. */
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active_skills\": [ { \"skill\": \"team\" } ] }\n");
	tp_write(&p, ".rcs/state/team/t/tasks/task-1.json", "{ \"id\": \"1\", \"status\": \"pending\" }\n");
	tp_write(&p, ".rcs/state/team/t/tasks/task-2.json", "{ \"id\": \"2\", \"status\": ");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_snap(&p, "rcs")->ntasks, 1);
	TP_EXPECT(&p, LW_CRIT, "rcs", "parse_error", NULL, "task-2.json");
	/* A wrong type is reported at its line and read as absent. */
	tp_write(&p, ".rcs/state/team-state.json", "{\n  \"active\": true,\n  \"iteration\": \"many\"\n}\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_CRIT, "rcs", "parse_error", "team", "team-state.json:3:16: iteration must be an integer");
	tp_close(&p);
}

/* Both spellings, and the .rcs one when both exist. */
static void detection(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	tp_write(&p, ".omx/state/skill-active-state.json", "{}\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_string_equal(rcs_of(&p)->surface, "omx");
	tp_close(&p);
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json", "{}\n");
	tp_write(&p, ".liza/state.yaml", "version: 1\ntasks: []\n");
	tp_write(&p, ".claude/aot-loop-state.md", "---\nobjective: {}\n---\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(p.proj.n, 3);   /* shown alongside the other systems */
	assert_string_equal(rcs_of(&p)->surface, "rcs");
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(verbatim_combined_session),
		cmocka_unit_test(overlap_session_view),
		cmocka_unit_test(keyword_detector_root_view),
		cmocka_unit_test(single_modes),
		cmocka_unit_test(finished_and_denied_states),
		cmocka_unit_test(active_modes_outside_the_set),
		cmocka_unit_test(legacy_skill_only_when_the_list_is_empty),
		cmocka_unit_test(dedup_and_inactive_entries),
		cmocka_unit_test(invalid_session_id_reads_root),
		cmocka_unit_test(session_scope_is_authoritative),
		cmocka_unit_test(broken_files),
		cmocka_unit_test(detection),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
