/* test_liza_timed.c — Liza's time-based alerts at each boundary (leases with
 * their 120 s grace, heartbeats, stalled log, CHECKPOINT and PAUSE ages) and
 * the one deadline each check registers for the event loop's timer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "tests/unit/helper_liza.h"

#define NOW "2026-01-20T10:20:00Z"
#define OK_FIELDS "spec_ref: s.md, done_when: d"

/* A CLAIMED task held by coder-1, whose agent lease expires at 10:00:00. */
static const char *claimed_state(void)
{
	return th_yaml(
		"  - {id: t1, status: CLAIMED, assigned_to: coder-1, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T09:00:00Z', " OK_FIELDS "}\n",
		"  coder-1: {role: coder, status: WORKING, current_task: t1,"
		" lease_expires: '2026-01-20T10:00:00Z', heartbeat: '2026-01-20T09:59:30Z'}\n",
		"  heartbeat_interval: 600\n", NULL);
}

static void lease_expired_after_the_grace(void **state)
{
	(void)state;
	th_run r;
	/* grace - 1 s */
	assert_int_equal(th_state(&r, claimed_state(), "2026-01-20T10:01:59Z"), 0);
	TH_NONE(&r, "lease_expired", "t1");
	/* the alert would start at expiry + 120 s: that is the deadline */
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:02:00Z"));
	/* at the grace and past it */
	th_recheck(&r, "2026-01-20T10:02:00Z");
	TH_EXPECT(&r, LW_WARN, "lease_expired", "t1", "coder-1's lease expired at 2026-01-20T10:00:00Z");
	th_recheck(&r, "2026-01-20T10:02:01Z");
	TH_EXPECT(&r, LW_WARN, "lease_expired", "t1", "grace 120s");
	assert_int_equal(th_find(&r, "lease_expired", "t1")->since, th_time("2026-01-20T10:02:00Z"));
	th_close(&r);
}

static void lease_falls_back_to_the_task_lease(void **state)
{
	(void)state;
	th_run r;
	/* t1's holder is not registered; t2's holder has no lease of its own;
	 * t3's agent lease is live although the task's claim-time lease is old */
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: t1, status: CLAIMED, assigned_to: coder-7, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T10:00:00Z', " OK_FIELDS "}\n"
		"  - {id: t2, status: CLAIMED, assigned_to: coder-2, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T10:18:01Z', " OK_FIELDS "}\n"
		"  - {id: t3, status: CLAIMED, assigned_to: coder-3, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T09:00:00Z', " OK_FIELDS "}\n",
		"  coder-2: {role: coder, status: IDLE}\n"
		"  coder-3: {role: coder, status: WORKING, current_task: t3, lease_expires: '2026-01-20T10:30:00Z'}\n",
		NULL, NULL), NOW), 0);
	TH_EXPECT(&r, LW_WARN, "lease_expired", "t1", "task lease expired");
	TH_NONE(&r, "lease_expired", "t2");      /* 10:18:01 + 120 s is one second ahead */
	TH_NONE(&r, "lease_expired", "t3");
	th_close(&r);
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: t2, status: CLAIMED, assigned_to: coder-2, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T10:17:59Z', " OK_FIELDS "}\n"
		"  - {id: t3, status: CLAIMED, assigned_to: coder-3, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T09:00:00Z', " OK_FIELDS "}\n",
		"  coder-2: {role: coder, status: IDLE}\n"
		"  coder-3: {role: coder, status: WORKING, current_task: t3, lease_expires: '2026-01-20T10:30:00Z'}\n",
		NULL, NULL), NOW), 0);
	TH_EXPECT(&r, LW_WARN, "lease_expired", "t2", "task lease");
	TH_NONE(&r, "lease_expired", "t3");
	/* t3's agent lease ends at 10:30: the alert could start at 10:32 */
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:32:00Z"));
	th_close(&r);
}

static void review_lease_expired_after_the_grace(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: rv, status: READY_FOR_REVIEW, review_commit: c, reviewing_by: code-reviewer-1,"
		" review_lease_expires: 2026-01-20T10:00:00Z, " OK_FIELDS "}\n"
		"  - {id: free, status: READY_FOR_REVIEW, review_commit: c, reviewing_by: null,"
		" review_lease_expires: 2026-01-20T08:00:00Z, " OK_FIELDS "}\n",
		NULL, NULL, NULL), "2026-01-20T10:01:59Z"), 0);
	TH_NONE(&r, "review_lease_expired", "rv");
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:02:00Z"));
	th_recheck(&r, "2026-01-20T10:02:01Z");
	TH_EXPECT(&r, LW_WARN, "review_lease_expired", "rv", "review lease of code-reviewer-1");
	TH_NONE(&r, "review_lease_expired", "free");    /* nobody holds the review */
	th_close(&r);
}

static void agent_stale_after_three_heartbeats(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(NULL,
		"  planner-1: {role: planner, status: IDLE, heartbeat: '2026-01-20T10:17:01Z'}\n"
		"  coder-1: {role: coder, status: IDLE, heartbeat: 2026-01-20T10:17:00Z}\n"
		"  coder-2: {role: coder, status: IDLE, heartbeat: '2026-01-20T10:00:00Z'}\n"
		"  coder-3: {role: coder, status: IDLE}\n",
		NULL, NULL), NOW), 0);
	TH_NONE(&r, "agent_stale", "planner-1");          /* 179 s */
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-1", "heartbeat 3m old");   /* 180 s */
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-2", "heartbeat 20m old");
	TH_NONE(&r, "agent_stale", "coder-3");
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:20:01Z"));
	th_close(&r);

	/* heartbeat_interval: 30 → stale after 90 s */
	assert_int_equal(th_state(&r, th_yaml(NULL,
		"  coder-1: {role: coder, status: IDLE, heartbeat: '2026-01-20T10:18:31Z'}\n"
		"  coder-2: {role: coder, status: IDLE, heartbeat: '2026-01-20T10:18:30Z'}\n",
		"  heartbeat_interval: 30\n", NULL), NOW), 0);
	TH_NONE(&r, "agent_stale", "coder-1");
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-2", "heartbeat_interval 30s");
	th_close(&r);
}

static void stalled_after_30_minutes_of_silent_log(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", th_yaml(NULL, NULL, NULL, NULL));
	/* newest entry first: the newest timestamp counts, not the last entry */
	th_write(&r, "log.yaml",
	         "- {timestamp: '2026-01-20T09:50:00Z', agent: coder-1, action: claimed}\n"
	         "- {timestamp: 2026-01-20T09:00:00Z, agent: system, action: initialized}\n");
	assert_int_equal(th_load(&r, "2026-01-20T10:19:59Z"), 0);
	TH_NONE(&r, "stalled", NULL);
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:20:00Z"));
	th_recheck(&r, NOW);
	TH_EXPECT(&r, LW_WARN, "stalled", "log.yaml", "no log entry for 30m");

	/* only while the goal is IN_PROGRESS */
	th_write(&r, "state.yaml",
	         "version: 1\ngoal: {id: g, status: COMPLETED}\ntasks: []\nagents: {}\nconfig: {}\n"
	         "sprint: {id: s, goal_ref: g, status: COMPLETED}\n");
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "stalled", NULL);
	th_close(&r);
}

static void checkpoint_ages_escalate_one_level_at_a_time(void **state)
{
	(void)state;
	static const struct {
		const char *now, *code;   /* NULL code: quiet */
		lw_level level;
		const char *next;         /* the next deadline */
	} steps[] = {
		{ "2026-01-20T10:29:59Z", NULL, LW_INFO, "2026-01-20T10:30:00Z" },
		{ "2026-01-20T10:30:00Z", "checkpoint_stale", LW_WARN, "2026-01-20T12:00:00Z" },
		{ "2026-01-20T11:59:59Z", "checkpoint_stale", LW_WARN, "2026-01-20T12:00:00Z" },
		{ "2026-01-20T12:00:00Z", "checkpoint_stuck", LW_CRIT, "2026-01-20T18:00:00Z" },
		{ "2026-01-20T17:59:59Z", "checkpoint_stuck", LW_CRIT, "2026-01-20T18:00:00Z" },
		{ "2026-01-20T18:00:00Z", "checkpoint_abandoned", LW_CRIT, NULL },
	};
	static const char *const family[] = { "checkpoint_stale", "checkpoint_stuck", "checkpoint_abandoned" };
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", th_yaml(NULL, NULL, NULL, NULL));
	th_write(&r, "CHECKPOINT", "2026-01-20T10:00:00Z\nsprint checkpoint: review the plan\n");
	th_set_mtime(&r, "CHECKPOINT", th_time("2026-01-19T00:00:00Z"));   /* line 1 wins over mtime */
	assert_int_equal(th_load(&r, steps[0].now), 0);
	for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
		th_recheck(&r, steps[i].now);
		for (size_t f = 0; f < 3; f++)
			if (!steps[i].code || strcmp(family[f], steps[i].code) != 0)
				TH_NONE(&r, family[f], NULL);
		if (steps[i].code)
			TH_EXPECT(&r, steps[i].level, steps[i].code, "CHECKPOINT", "CHECKPOINT present for");
		assert_int_equal(r.ctx.next_deadline, steps[i].next ? th_time(steps[i].next) : LW_NO_TIME);
		assert_int_equal(th_count(&r, NULL), steps[i].code ? 1 : 0);
	}
	th_close(&r);
}

static void empty_checkpoint_falls_back_to_mtime(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", th_yaml(NULL, NULL, NULL, NULL));
	th_write(&r, "CHECKPOINT", "");
	th_set_mtime(&r, "CHECKPOINT", th_time("2026-01-20T09:50:00Z"));
	assert_int_equal(th_load(&r, "2026-01-20T10:19:59Z"), 0);
	TH_NONE(&r, "checkpoint_stale", NULL);
	th_recheck(&r, NOW);
	TH_EXPECT(&r, LW_WARN, "checkpoint_stale", "CHECKPOINT", "30m");
	assert_int_equal(th_find(&r, "checkpoint_stale", NULL)->since, th_time(NOW));
	th_close(&r);
}

static void pause_ages_from_its_mtime(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", th_yaml(NULL, NULL, NULL, NULL));
	th_write(&r, "PAUSE", "");
	th_set_mtime(&r, "PAUSE", th_time("2026-01-20T08:00:00Z"));
	assert_int_equal(th_load(&r, "2026-01-20T08:29:59Z"), 0);
	assert_int_equal(th_count(&r, NULL), 0);
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T08:30:00Z"));
	th_recheck(&r, "2026-01-20T08:30:00Z");
	TH_EXPECT(&r, LW_WARN, "pause_stale", "PAUSE", "remove it to resume");
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:00:00Z"));
	th_recheck(&r, "2026-01-20T09:59:59Z");
	TH_EXPECT(&r, LW_WARN, "pause_stale", "PAUSE", NULL);
	TH_NONE(&r, "pause_forgotten", NULL);
	th_recheck(&r, "2026-01-20T10:00:00Z");
	TH_EXPECT(&r, LW_CRIT, "pause_forgotten", "PAUSE", "2h");
	TH_NONE(&r, "pause_stale", NULL);
	th_close(&r);
}

static void abort_requested_while_the_file_exists(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", th_yaml(NULL, NULL, NULL, NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "abort_requested", NULL);
	th_write(&r, "ABORT", "");
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "abort_requested", "ABORT", "ABORT");
	th_remove(&r, "ABORT");
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "abort_requested", NULL);
	th_close(&r);
}

static void deadline_is_the_earliest_pending_start(void **state)
{
	(void)state;
	th_run r;
	/* lease at 11:00 (→ 11:02), review lease at 10:40 (→ 10:42), draft
	 * created 10:15 (→ 10:45): the loop arms 10:42 */
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: c, status: CLAIMED, assigned_to: coder-1, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T11:00:00Z', " OK_FIELDS "}\n"
		"  - {id: rv, status: READY_FOR_REVIEW, review_commit: x, reviewing_by: code-reviewer-1,"
		" review_lease_expires: \"2026-01-20T10:40:00Z\", " OK_FIELDS "}\n"
		"  - {id: d, status: DRAFT, created: 2026-01-20T10:15:00Z}\n",
		NULL, NULL, NULL), NOW), 0);
	assert_int_equal(th_count(&r, NULL), 0);
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:42:00Z"));
	th_close(&r);

	/* only the future lease: T + 120 s */
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: c, status: CLAIMED, assigned_to: coder-1, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T11:00:00Z', " OK_FIELDS "}\n",
		NULL, NULL, NULL), NOW), 0);
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T11:02:00Z"));
	th_close(&r);

	/* nothing time-based pending: no timer */
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: u, status: UNCLAIMED, " OK_FIELDS "}\n", NULL, NULL, NULL), NOW), 0);
	assert_int_equal(r.ctx.next_deadline, LW_NO_TIME);
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lease_expired_after_the_grace),
		cmocka_unit_test(lease_falls_back_to_the_task_lease),
		cmocka_unit_test(review_lease_expired_after_the_grace),
		cmocka_unit_test(agent_stale_after_three_heartbeats),
		cmocka_unit_test(stalled_after_30_minutes_of_silent_log),
		cmocka_unit_test(checkpoint_ages_escalate_one_level_at_a_time),
		cmocka_unit_test(empty_checkpoint_falls_back_to_mtime),
		cmocka_unit_test(pause_ages_from_its_mtime),
		cmocka_unit_test(abort_requested_while_the_file_exists),
		cmocka_unit_test(deadline_is_the_earliest_pending_start),
	};
	return cmocka_run_group_tests_name("liza_timed", tests, NULL, NULL);
}
