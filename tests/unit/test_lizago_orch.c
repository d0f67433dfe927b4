/* test_lizago_orch.c — today's Liza's ORCHESTRATOR MISSING (watch.go
 * checkMissingOrchestrator): required while the goal is IN_PROGRESS, the
 * mode RUNNING and the pipeline types a role orchestrator; present when an
 * agent of such a role holds effective ownership (a fresh lease with a
 * heartbeat, or without a lease a heartbeat within the liveness window);
 * alerted CRIT once the absence is 60 s old, timed from the state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago.h"

#define NOW "2026-11-25T10:00:00Z"

static const char *pipeline_with(const char *orchestrator_role)
{
	static char buf[1024];
	snprintf(buf, sizeof buf,
	         "pipeline:\n"
	         "  roles: {%s%s coder: {type: doer}, code-reviewer: {type: reviewer}}\n"
	         "  role-pairs:\n"
	         "    coding-pair: {doer: coder, reviewer: code-reviewer, states: {initial: DRAFT_CODE,\n"
	         "      executing: IMPLEMENTING_CODE, submitted: CODE_TO_REVIEW, reviewing: REVIEWING_CODE,\n"
	         "      approved: CODE_APPROVED, rejected: CODE_REJECTED}}\n",
	         orchestrator_role ? orchestrator_role : "", orchestrator_role ? ": {type: orchestrator}," : "");
	return buf;
}

/* A quiet state of today's Liza (one DRAFT_CODE task, a coder) with the
 * given orchestrator row (YAML at column 2, or "") and goal/mode. */
static const char *state_with(const char *orch_row, const char *goal_status, const char *mode)
{
	static char buf[4096];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "pipeline_version: 1\n"
	         "goal: {id: g-1, description: d, spec_ref: s.md, status: %s, created: 2026-11-25T09:00:00Z}\n"
	         "tasks:\n"
	         "  - {id: t-1, type: coding, role_pair: coding-pair, status: DRAFT_CODE, description: d,\n"
	         "     spec_ref: s.md, done_when: done, created: 2026-11-25T09:55:00Z, history: []}\n"
	         "agents:\n"
	         "  coder-1: {role: coder, status: IDLE, heartbeat: 2026-11-25T09:59:00Z}\n"
	         "  code-reviewer-1: {role: code-reviewer, status: IDLE, heartbeat: 2026-11-25T09:59:00Z}\n"
	         "%s"
	         "sprint: {id: s-1, goal_ref: g-1, status: IN_PROGRESS, scope: {planned: [t-1]},\n"
	         "         timeline: {started: 2026-11-25T09:00:00Z}}\n"
	         "circuit_breaker: {status: OK}\n"
	         "config: {heartbeat_interval: 60, lease_duration: 1800, integration_branch: integration, mode: %s}\n",
	         goal_status, orch_row, mode);
	return buf;
}

#define LEASED(lease, beat) \
	"  orchestrator-1: {role: orchestrator, status: IDLE, provider: claude, pid: 4200,\n" \
	"                   lease_expires: " lease ", heartbeat: " beat "}\n"

static void run(th_run *r, const char *pipeline, const char *st, const char *now)
{
	th_open(r);
	th_write(r, "pipeline.yaml", pipeline);
	th_write(r, "state.yaml", st);
	assert_int_equal(th_load(r, now), 0);
	if (th_count(r, "invalid_state"))
		th_dump(r);
	assert_int_equal(th_count(r, "invalid_state"), 0);
}

/* Quiet at quiet_at, alerted at alert_at (a second later): the absence
 * began at since and the grace is 60 s. */
static void grace_ends(th_run *r, const char *quiet_at, const char *alert_at, const char *since)
{
	char frag[80];
	th_recheck(r, quiet_at);
	TH_NONE(r, "orchestrator_missing", NULL);
	th_recheck(r, alert_at);
	snprintf(frag, sizeof frag, "absent since %s", since);
	TH_EXPECT(r, LW_CRIT, "orchestrator_missing", "orchestrator", frag);
}

/* No orchestrator_missing for this project at NOW. */
static void quiet(const char *pipeline, const char *st)
{
	th_run r;
	run(&r, pipeline, st, NOW);
	TH_NONE(&r, "orchestrator_missing", NULL);
	th_close(&r);
}

static void a_fresh_lease_with_a_heartbeat_is_present(void **state)
{
	(void)state;
	th_run r;
	run(&r, pipeline_with("orchestrator"),
	    state_with(LEASED("2026-11-25T10:30:00Z", "2026-11-25T09:59:30Z"), "IN_PROGRESS", "RUNNING"), NOW);
	TH_NONE(&r, "orchestrator_missing", NULL);
	/* the lease runs out at 10:30; the alert comes 60 s later */
	grace_ends(&r, "2026-11-25T10:30:59Z", "2026-11-25T10:31:00Z", "2026-11-25T10:30:00Z");
	th_close(&r);
}

static void no_row_alerts_60s_after_the_goal_started(void **state)
{
	(void)state;
	th_run r;
	run(&r, pipeline_with("orchestrator"), state_with("", "IN_PROGRESS", "RUNNING"), "2026-11-25T09:00:59Z");
	TH_NONE(&r, "orchestrator_missing", NULL);   /* launch ordering: within the grace */
	th_recheck(&r, "2026-11-25T09:01:00Z");
	TH_EXPECT(&r, LW_CRIT, "orchestrator_missing", "orchestrator",
	          "no live orchestrator agent while goal is IN_PROGRESS (absent since 2026-11-25T09:00:00Z)");
	TH_EXPECT(&r, LW_CRIT, "orchestrator_missing", "orchestrator", "start one with 'liza agent orchestrator'");
	th_close(&r);
}

static void an_expired_lease_alerts_after_the_grace(void **state)
{
	(void)state;
	th_run r;
	run(&r, pipeline_with("orchestrator"),
	    state_with(LEASED("2026-11-25T09:59:10Z", "2026-11-25T09:40:00Z"), "IN_PROGRESS", "RUNNING"), NOW);
	TH_NONE(&r, "orchestrator_missing", NULL);   /* absent 50 s */
	assert_int_equal(r.ctx.next_deadline, th_time("2026-11-25T10:00:10Z"));
	th_recheck(&r, "2026-11-25T10:00:10Z");
	TH_EXPECT(&r, LW_CRIT, "orchestrator_missing", "orchestrator",
	          "(absent since 2026-11-25T09:59:10Z; last row: orchestrator-1 lease_expired_or_stale)");
	th_close(&r);
}

static void a_fresh_lease_without_a_heartbeat_is_absent(void **state)
{
	(void)state;
	th_run r;
	run(&r, pipeline_with("orchestrator"),
	    state_with("  orchestrator-1: {role: orchestrator, status: IDLE, provider: claude, pid: 4200,\n"
	               "                   lease_expires: 2026-11-25T10:30:00Z}\n",
	               "IN_PROGRESS", "RUNNING"),
	    NOW);
	TH_EXPECT(&r, LW_CRIT, "orchestrator_missing", "orchestrator", "last row: orchestrator-1 lease_expired_or_stale");
	th_close(&r);
}

static void without_a_lease_the_heartbeat_window_counts(void **state)
{
	(void)state;
	th_run r;
	/* window: heartbeat_interval 60 s + the 120 s lease grace */
	run(&r, pipeline_with("orchestrator"),
	    state_with("  orchestrator-1: {role: orchestrator, status: IDLE, heartbeat: 2026-11-25T09:57:01Z}\n",
	               "IN_PROGRESS", "RUNNING"),
	    NOW);
	TH_NONE(&r, "orchestrator_missing", NULL);
	grace_ends(&r, "2026-11-25T10:01:00Z", "2026-11-25T10:01:01Z", "2026-11-25T10:00:01Z");
	th_close(&r);
}

static void not_required_when_paused_done_or_untyped(void **state)
{
	(void)state;
	quiet(pipeline_with("orchestrator"), state_with("", "IN_PROGRESS", "PAUSED"));
	quiet(pipeline_with("orchestrator"), state_with("", "COMPLETED", "RUNNING"));
	quiet(pipeline_with(NULL), state_with("", "IN_PROGRESS", "RUNNING"));
	/* no pipeline.yaml: Liza's watcher has no resolver and skips the check */
	th_run m;
	th_open(&m);
	th_write(&m, "state.yaml", state_with("", "IN_PROGRESS", "RUNNING"));
	assert_int_equal(th_load(&m, NOW), 0);
	TH_NONE(&m, "orchestrator_missing", NULL);
	th_close(&m);
}

static void the_role_is_the_one_the_pipeline_types(void **state)
{
	(void)state;
	th_run r;
	/* a row of role orchestrator is no orchestrator when the pipeline calls it conductor */
	run(&r, pipeline_with("conductor"),
	    state_with(LEASED("2026-11-25T10:30:00Z", "2026-11-25T09:59:30Z"), "IN_PROGRESS", "RUNNING"), NOW);
	TH_EXPECT(&r, LW_CRIT, "orchestrator_missing", "conductor", "start one with 'liza agent conductor'");
	th_close(&r);
	quiet(pipeline_with("conductor"),
	      state_with("  conductor-1: {role: conductor, status: IDLE, provider: claude, pid: 4200,\n"
	                 "                lease_expires: 2026-11-25T10:30:00Z, heartbeat: 2026-11-25T09:59:30Z}\n",
	                 "IN_PROGRESS", "RUNNING"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_fresh_lease_with_a_heartbeat_is_present),
		cmocka_unit_test(no_row_alerts_60s_after_the_goal_started),
		cmocka_unit_test(an_expired_lease_alerts_after_the_grace),
		cmocka_unit_test(a_fresh_lease_without_a_heartbeat_is_absent),
		cmocka_unit_test(without_a_lease_the_heartbeat_window_counts),
		cmocka_unit_test(not_required_when_paused_done_or_untyped),
		cmocka_unit_test(the_role_is_the_one_the_pipeline_types),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
