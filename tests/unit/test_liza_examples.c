/* test_liza_examples.c — the bundled Liza examples at a fixed clock, the
 * defects of the old liza-watch.sh as regression tests, and a 10,000-task
 * state that must not blow up quadratically. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/helper_liza.h"

#define NOW "2026-01-20T10:20:00Z"
#define OK_FIELDS "spec_ref: s.md, done_when: d"

static void assert_unique_identities(const th_run *r)
{
	for (size_t i = 0; i < r->al.n; i++)
		for (size_t k = i + 1; k < r->al.n; k++)
			if (strcmp(r->al.v[i].code, r->al.v[k].code) == 0 && strcmp(r->al.v[i].key, r->al.v[k].key) == 0) {
				fprintf(stderr, "repeated alert %s %s\n", r->al.v[i].code, r->al.v[i].key);
				fail();
			}
}

/* ---- tests/fixtures/examples/liza ---- */

static void bundled_example_at_10_20(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_copy_fixture(&r, "examples/liza/state.yaml", "state.yaml");
	th_copy_fixture(&r, "examples/liza/log.yaml", "log.yaml");
	assert_int_equal(th_load(&r, NOW), 0);
	assert_int_equal(r.snap->nproblems, 0);
	/* Every heartbeat is ~10 min old (stale after 3 × 60 s); hello-docs'
	 * review lease runs to 10:40 and must NOT read as expired; hello-core is
	 * MERGED; 2 verdicts are too few for approval_rate; the log's newest
	 * entry (12:00) is ahead of the clock, so nothing is stalled. */
	TH_EXPECT(&r, LW_WARN, "agent_stale", "planner-1", "heartbeat 10m old");
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-1", "heartbeat 10m old");
	TH_EXPECT(&r, LW_WARN, "agent_stale", "code-reviewer-1", "heartbeat 10m old");
	assert_int_equal(th_find(&r, "agent_stale", "planner-1")->since, th_time("2026-01-20T10:12:30Z"));
	assert_int_equal(th_count(&r, NULL), 3);
	/* next change: the review lease lapses at 10:40 + 120 s */
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:42:00Z"));

	/* just before the first heartbeat goes stale: silence */
	th_recheck(&r, "2026-01-20T10:12:29Z");
	assert_int_equal(th_count(&r, NULL), 0);
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:12:30Z"));

	/* after the review lease and its grace */
	th_recheck(&r, "2026-01-20T10:42:00Z");
	TH_EXPECT(&r, LW_WARN, "review_lease_expired", "hello-docs", "code-reviewer-1");
	assert_int_equal(th_count(&r, NULL), 4);
	th_close(&r);
}

static void bundled_after_init_is_quiet(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_copy_fixture(&r, "examples/liza/state.after-init.yaml", "state.yaml");
	assert_int_equal(th_load(&r, NOW), 0);
	assert_int_equal(r.snap->nproblems, 0);
	assert_int_equal(th_count(&r, NULL), 0);
	assert_int_equal(r.ctx.next_deadline, LW_NO_TIME);

	/* with the log liza-init.sh writes, an hour and more of silence is a stall */
	th_write(&r, "log.yaml", "- timestamp: 2026-01-20T09:00:00Z\n  agent: system\n  action: initialized\n"
	                         "  detail: Build hello CLI\n");
	assert_int_equal(th_load(&r, NOW), 0);
	TH_EXPECT(&r, LW_WARN, "stalled", "log.yaml", "1h20m");
	assert_int_equal(th_count(&r, NULL), 1);
	th_close(&r);
}

static void bundled_schema_example(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_copy_fixture(&r, "examples/liza/state.schema-example.yaml", "state.yaml");
	th_copy_fixture(&r, "examples/liza/log.schema-example.yaml", "log.yaml");
	assert_int_equal(th_load(&r, NOW), 0);
	assert_int_equal(r.snap->nproblems, 0);
	/* An illustrative doc example: it breaks two rules of its own schema. */
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "task-7", "CLAIMED task has no lease_expires (rule: claimed_fields)");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "coder-1",
	          "coder-1 is assigned_to 3 active tasks: task-2 (REJECTED), task-7 (CLAIMED), task-8 (READY_FOR_REVIEW)");
	TH_EXPECT(&r, LW_CRIT, "hypothesis_exhaustion", "task-6", "coder-1, coder-2");
	TH_EXPECT(&r, LW_WARN, "blocked", "task-5", "partial failures");
	TH_EXPECT(&r, LW_WARN, "blocked", "task-6", "hypothesis exhaustion");
	TH_EXPECT(&r, LW_WARN, "lease_expired", "task-7", "coder-1's lease expired at 2025-01-17T14:57:00Z");
	TH_EXPECT(&r, LW_WARN, "review_lease_expired", "task-8", "2025-01-17T17:05:00Z");
	TH_EXPECT(&r, LW_WARN, "stale_draft", "task-3", NULL);
	TH_EXPECT(&r, LW_WARN, "sprint_overdue", "sprint-1", "2025-01-19T18:00:00Z");
	TH_EXPECT(&r, LW_WARN, "stalled", "log.yaml", NULL);
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-1", NULL);
	TH_EXPECT(&r, LW_WARN, "agent_stale", "code-reviewer-1", NULL);
	TH_EXPECT(&r, LW_WARN, "agent_stale", "planner-1", NULL);
	/* and nothing else: task-2 is REJECTED but coder-1 is WORKING (not
	 * orphaned); disc-2 is converted; 3 verdicts; task-7 is an integration fix
	 * claimed by its first claimer */
	assert_int_equal(th_count(&r, NULL), 13);
	assert_unique_identities(&r);
	th_close(&r);
}

/* ---- the defects of liza-watch.sh ---- */

static void iso_timestamps_with_colons_are_read(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: plain, status: READY_FOR_REVIEW, review_commit: c, reviewing_by: code-reviewer-1,"
		" review_lease_expires: 2026-01-20T10:40:00Z, " OK_FIELDS "}\n"
		"  - {id: single, status: READY_FOR_REVIEW, review_commit: c, reviewing_by: code-reviewer-2,"
		" review_lease_expires: '2026-01-20T10:40:00Z', " OK_FIELDS "}\n"
		"  - id: double\n    status: READY_FOR_REVIEW\n    review_commit: c\n    reviewing_by: code-reviewer-3\n"
		"    review_lease_expires: \"2026-01-20T10:40:00+00:00\"\n    spec_ref: s\n    done_when: d\n"
		"  - id: block\n    status: READY_FOR_REVIEW\n    review_commit: c\n    reviewing_by: code-reviewer-4\n"
		"    review_lease_expires: 2026-01-20T10:40:00Z\n    spec_ref: s\n    done_when: d\n",
		NULL, NULL, NULL), NOW), 0);
	assert_int_equal(r.snap->nproblems, 0);
	const liza_state *st = r.snap->sys;
	for (size_t i = 0; i < st->ntasks; i++)
		assert_int_equal(st->tasks[i].review_lease_expires, th_time("2026-01-20T10:40:00Z"));
	/* leases in the future are not expired */
	TH_NONE(&r, "review_lease_expired", NULL);
	assert_int_equal(th_count(&r, NULL), 0);
	/* and they are once past with the grace */
	th_recheck(&r, "2026-01-20T10:42:00Z");
	assert_int_equal(th_count(&r, "review_lease_expired"), 4);
	th_close(&r);
}

static void current_task_and_task_are_both_read(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: t1, status: CLAIMED, assigned_to: coder-1, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T11:00:00Z', " OK_FIELDS "}\n"
		"  - {id: t2, status: CLAIMED, assigned_to: coder-2, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T11:00:00Z', " OK_FIELDS "}\n",
		"  coder-1: {role: coder, status: WORKING, current_task: t1, lease_expires: '2026-01-20T11:00:00Z'}\n"
		"  coder-2: {role: coder, status: WORKING, task: t2, lease_expires: '2026-01-20T11:00:00Z'}\n",
		NULL, NULL), NOW), 0);
	const liza_state *st = r.snap->sys;
	assert_string_equal(liza_find_agent(st, "coder-1")->current_task, "t1");
	assert_string_equal(liza_find_agent(st, "coder-2")->current_task, "t2");
	/* so neither WORKING agent lacks its task, and neither lease is lost */
	assert_int_equal(th_count(&r, NULL), 0);
	th_close(&r);
}

static void an_orphaned_task_does_not_stop_the_other_checks(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: orphan, status: REJECTED, assigned_to: coder-9, rejection_reason: r, " OK_FIELDS "}\n"
		"  - {id: orphan2, status: REJECTED, assigned_to: coder-1, rejection_reason: r, " OK_FIELDS "}\n"
		"  - {id: after1, status: BLOCKED, blocked_reason: stuck, blocked_questions: [q], " OK_FIELDS "}\n"
		"  - {id: after2, status: INTEGRATION_FAILED, " OK_FIELDS "}\n"
		"  - {id: after3, status: UNCLAIMED, review_cycles_current: 5, " OK_FIELDS "}\n",
		"  coder-1: {role: coder, status: IDLE, heartbeat: '2026-01-20T09:00:00Z'}\n",
		NULL, NULL), NOW), 0);
	TH_EXPECT(&r, LW_CRIT, "orphaned_rejected", "orphan", "coder-9");
	TH_EXPECT(&r, LW_CRIT, "orphaned_rejected", "orphan2", "IDLE");
	TH_EXPECT(&r, LW_WARN, "blocked", "after1", "stuck");
	TH_EXPECT(&r, LW_CRIT, "integration_failed", "after2", NULL);
	TH_EXPECT(&r, LW_CRIT, "review_loop", "after3", NULL);
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-1", NULL);
	assert_int_equal(th_count(&r, NULL), 6);
	th_close(&r);
}

static void alerts_are_not_repeated(void **state)
{
	(void)state;
	th_run r;
	/* a task id used twice: both tasks alert, under distinct identities */
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: dup, status: BLOCKED, blocked_reason: one, blocked_questions: [q], iteration: 9, " OK_FIELDS "}\n"
		"  - {id: dup, status: BLOCKED, blocked_reason: two, blocked_questions: [q], iteration: 9, " OK_FIELDS "}\n"
		"  - {id: solo, status: BLOCKED, blocked_reason: three, blocked_questions: [q], " OK_FIELDS "}\n",
		NULL, NULL, NULL), NOW), 0);
	assert_int_equal(th_count(&r, "blocked"), 3);
	assert_int_equal(th_count(&r, "iterations_warning"), 0);   /* BLOCKED: no coder iterates on it */
	assert_int_equal(th_count(&r, "invalid_state"), 1);     /* unique_ids */
	assert_non_null(lw_alerts_find(&r.al, "liza", "blocked", "dup"));
	assert_non_null(lw_alerts_find(&r.al, "liza", "blocked", "dup#2"));
	assert_unique_identities(&r);
	/* checking again gives the same set, not a second copy */
	size_t n = r.al.n;
	th_recheck(&r, NOW);
	assert_int_equal(r.al.n, n);
	th_recheck(&r, "2026-01-20T10:20:10Z");
	assert_int_equal(r.al.n, n);
	th_close(&r);
}

static void config_limits_are_honoured(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, th_yaml(
		"  - {id: it, status: UNCLAIMED, iteration: 2, " OK_FIELDS "}\n"
		"  - {id: rc, status: UNCLAIMED, review_cycles_current: 3, " OK_FIELDS "}\n",
		"  coder-1: {role: coder, status: IDLE, heartbeat: '2026-01-20T10:19:30Z'}\n",
		"  max_coder_iterations: 4\n  max_review_cycles: 3\n  heartbeat_interval: 10\n", NULL), NOW), 0);
	TH_EXPECT(&r, LW_WARN, "iterations_warning", "it", "iteration 2 of 4");
	TH_EXPECT(&r, LW_CRIT, "review_loop", "rc", "3 review cycles (cliff 3)");
	TH_EXPECT(&r, LW_WARN, "agent_stale", "coder-1", "heartbeat 30s old");
	th_close(&r);
}

/* ---- scale ---- */

enum { BIG = 10000 };

static char *big_state(bool all_same_id)
{
	size_t cap = (size_t)BIG * 400 + 4096, used = 0;
	char *y = malloc(cap);
	assert_non_null(y);
	used += (size_t)snprintf(y + used, cap - used,
	                         "version: 1\ngoal: {id: g, status: IN_PROGRESS}\nconfig: {}\n"
	                         "sprint: {id: s, goal_ref: g, status: IN_PROGRESS, timeline: {started: 2026-01-20T09:00:00Z},"
	                         " scope: {planned: [t0, t1, t9999]}}\n"
	                         "agents: {}\ntasks:\n");
	for (int i = 0; i < BIG; i++) {
		char id[16], dep[16] = "";
		snprintf(id, sizeof id, "t%d", i);
		if (i)
			snprintf(dep, sizeof dep, "t%d", i - 1);
		if (all_same_id)
			used += (size_t)snprintf(y + used, cap - used,
			                         "  - {id: same, status: CLAIMED, assigned_to: coder-1, depends_on: [same]}\n");
		else if (i % 10 == 0)   /* a long dependency chain: t10 → t9 → … → t0 */
			used += (size_t)snprintf(y + used, cap - used,
			                         "  - {id: %s, status: CLAIMED, assigned_to: coder-%d, worktree: w, base_commit: b,"
			                         " lease_expires: '2026-01-20T11:00:00Z', depends_on: [%s], " OK_FIELDS "}\n",
			                         id, i, dep);
		else
			used += (size_t)snprintf(y + used, cap - used,
			                         "  - {id: %s, status: MERGED, depends_on: [%s], " OK_FIELDS ","
			                         " history: [{time: '2026-01-20T09:00:00Z', event: approved, agent: r}]}\n",
			                         id, dep);
		assert_true(used < cap);
	}
	return y;
}

static void ten_thousand_tasks_stay_linearithmic(void **state)
{
	(void)state;
	th_run r;
	char *y = big_state(false);
	assert_int_equal(th_state(&r, y, NOW), 0);
	free(y);
	assert_int_equal(r.snap->ntasks, BIG);
	if (th_count(&r, "invalid_state"))
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 0);
	TH_EXPECT(&r, LW_INFO, "approval_rate", "reviews", "9000 of 9000");
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T11:02:00Z"));
	th_close(&r);
}

static void ten_thousand_copies_of_one_id(void **state)
{
	(void)state;
	th_run r;
	char *y = big_state(true);
	assert_int_equal(th_state(&r, y, NOW), 0);
	free(y);
	/* one duplicate-id alert, one "more than one active task" alert, and a
	 * claimed_fields alert per copy, each under its own identity */
	assert_true(th_count(&r, "invalid_state") >= BIG);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "same", "task id same is used 10000 times");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "coder-1", "assigned_to 10000 active tasks");
	assert_non_null(lw_alerts_find(&r.al, "liza", "invalid_state", "same#claimed_fields#10000"));
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bundled_example_at_10_20),
		cmocka_unit_test(bundled_after_init_is_quiet),
		cmocka_unit_test(bundled_schema_example),
		cmocka_unit_test(iso_timestamps_with_colons_are_read),
		cmocka_unit_test(current_task_and_task_are_both_read),
		cmocka_unit_test(an_orphaned_task_does_not_stop_the_other_checks),
		cmocka_unit_test(alerts_are_not_repeated),
		cmocka_unit_test(config_limits_are_honoured),
		cmocka_unit_test(ten_thousand_tasks_stay_linearithmic),
		cmocka_unit_test(ten_thousand_copies_of_one_id),
	};
	return cmocka_run_group_tests_name("liza_examples", tests, NULL, NULL);
}
