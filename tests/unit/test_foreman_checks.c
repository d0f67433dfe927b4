/* test_foreman_checks.c — every alert code of docs/systems/foreman.md, the
 * shared examples at a fixed clock (with the lease's deadline), detection
 * of the three layouts, and a broken task file that must not blank the
 * others. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/foreman/foreman.h"
#include "tests/unit/helper_fa.h"

#define NOW "2026-02-20T14:22:00Z"

static void task(fa_run *r, const char *dir, const char *body)
{
	char rel[256];
	snprintf(rel, sizeof rel, ".taskfactory/tasks/%s/task.yaml", dir);
	fa_write(r, rel, body);
}

#define CRIT1 "acceptanceCriteria:\n  - one\n"

/* The bundled examples: executing with a live lease, one activity event. */
static void bundled_examples(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	fa_copy_fixture(&r, "examples/foreman/example-task.yaml", ".taskfactory/tasks/demo-3/task.yaml");
	fa_copy_fixture(&r, "examples/foreman/example-activity.jsonl", ".taskfactory/factory/activity.jsonl");
	fa_copy_fixture(&r, "examples/foreman/example-execution-leases.json", ".taskfactory/factory/execution-leases.json");
	fa_load(&r, NOW);
	const lw_source *s = fa_source(&r, "foreman");
	assert_false(s->failed);
	assert_int_equal(s->good->nproblems, 0);
	assert_int_equal(fa_count(&r, NULL), 0);
	/* the lease's heartbeat (14:21:20) goes stale at +2 min */
	assert_int_equal(r.ctx.next_deadline, fa_time("2026-02-20T14:23:20Z"));
	const fm_state *st = s->good->sys;
	assert_int_equal(st->ntasks, 1);
	assert_int_equal(st->tasks[0].mode, FM_TASK_EXECUTION);
	assert_int_equal(st->tasks[0].ncriteria, 2);
	assert_int_equal(st->tasks[0].nsteps, 2);
	assert_non_null(st->tasks[0].lease);
	assert_int_equal(st->nevents, 1);
	assert_string_equal(st->events[0].from, "ready");
	assert_string_equal(st->events[0].to, "executing");
	const lw_task *t = fa_task(&r, "foreman", "DEMO-3");
	assert_int_equal(t->lane, LANE_ACTIVE);
	assert_string_equal(t->status, "executing");
	assert_string_equal(s->good->status_segment, "wip 1/1");

	strbuf b;
	strbuf_init(&b);
	foreman_detail(s, t, fa_time(NOW), &b);
	assert_non_null(strstr(b.buf, "mode task_execution"));
	assert_non_null(strstr(b.buf, "tools allowed: read, bash, edit, write, task_complete, attach_task_file"));
	assert_non_null(strstr(b.buf, "tools forbidden: save_plan, web_search, web_fetch"));
	assert_non_null(strstr(b.buf, "heartbeat 2026-02-20T14:21:20Z (40s ago"));
	assert_non_null(strstr(b.buf, "1. Add retry wrapper around fetch"));
	assert_non_null(strstr(b.buf, "ready -> executing  Queue dispatch (queue:auto-assigned)"));
	strbuf_free(&b);

	fa_recheck(&r, "2026-02-20T14:23:20Z");
	FA_EXPECT(&r, LW_WARN, "lease_stale", "DEMO-3", "2m ago (TTL 120s)");
	assert_int_equal(fa_find(&r, "lease_stale", "DEMO-3")->since, fa_time("2026-02-20T14:23:20Z"));
	assert_int_equal(fa_count(&r, NULL), 1);
	fa_close(&r);
}

static void enums_and_guards(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "a", "id: A\nphase: doing\n" CRIT1);
	task(&r, "b", "id: B\nphase: backlog\nplanningStatus: thinking\n");
	task(&r, "c", "id: C\nphase: ready\nacceptanceCriteria: []\n");
	task(&r, "d", "id: D\nphase: executing\nplanningStatus: running\n" CRIT1);
	task(&r, "e", "id: E\ntitle: no phase\n");
	task(&r, "f", "id: F\nphase: backlog\nplanningStatus: error\n");
	task(&r, "g", "id: G\nphase: backlog\nblocked:\n  isBlocked: true\n  reason: waiting on API keys\n"
	              "  since: 2026-02-20T13:00:00Z\n");
	/* task-service.ts's exemptions and readings: none of these is wrong. */
	task(&r, "h", "id: H\nphase: ready\nplanningSkipped: true\n");
	task(&r, "i", "id: I\nphase: ready\nplanningStatus: completed\n");
	task(&r, "j", "id: J\nphase: executing\n");
	task(&r, "k", "id: K\nphase: planning\n");
	task(&r, "l", "id: L\nphase: ready\nacceptanceCriteria: ['  ', '']\nplanningSkipped: yes\n");
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_CRIT, "invalid_phase", "A", "phase 'doing' is not a phase");
	/* upstream reads a missing phase as backlog */
	assert_int_equal(fa_task(&r, "foreman", "E")->lane, fa_task(&r, "foreman", "F")->lane);
	/* buildFrontmatter's spread undoes its own 'planning' migration. */
	FA_EXPECT(&r, LW_CRIT, "invalid_phase", "K", "legacy 'planning'");
	FA_EXPECT(&r, LW_WARN, "invalid_planning_status", "B", "'thinking'");
	FA_EXPECT(&r, LW_WARN, "guard_violated", "C", "in ready without acceptance criteria");
	FA_EXPECT(&r, LW_WARN, "guard_violated", "D", "planning is running and no plan exists");
	/* blank criteria do not count; 'yes' is a string to the yaml package */
	FA_EXPECT(&r, LW_WARN, "guard_violated", "L", "in ready without acceptance criteria");
	FA_EXPECT(&r, LW_WARN, "planning_error", "F", "planningStatus: error");
	FA_EXPECT(&r, LW_WARN, "blocked", "G", "waiting on API keys");
	assert_int_equal(fa_find(&r, "blocked", "G")->since, fa_time("2026-02-20T13:00:00Z"));
	/* an unknown phase lands in the blocked lane, where it is seen */
	assert_int_equal(fa_task(&r, "foreman", "A")->lane, LANE_BLOCKED);
	assert_string_equal(fa_task(&r, "foreman", "G")->title, "[blocked] ");
	FA_EXPECT(&r, LW_WARN, "wip_exceeded", "executing", "2 tasks executing");   /* D and J */
	assert_int_equal(fa_count(&r, NULL), 9);
	fa_close(&r);
}

static void illegal_history(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "h", "id: H\nphase: complete\n" CRIT1
	              "history:\n"
	              "  - {from: backlog, to: ready, timestamp: 2026-02-20T10:00:00Z, actor: user}\n"
	              "  - {from: ready, to: complete, timestamp: 2026-02-20T11:00:00Z, actor: agent}\n"
	              "  - {from: complete, to: complete, timestamp: 2026-02-20T11:30:00Z, actor: agent}\n"
	              "  - {from: archived, to: complete, timestamp: 2026-02-20T12:00:00Z, actor: user}\n");
	fa_load(&r, NOW);
	assert_int_equal(fa_count(&r, "illegal_history"), 2);
	FA_EXPECT(&r, LW_WARN, "illegal_history", "H", "history[1]: ready -> complete is not an allowed move "
	                                             "(from ready: backlog, executing, archived)");
	/* each step is its own alert, from the time it was recorded */
	bool seen2 = false;
	for (size_t i = 0; i < r.al.n; i++)
		if (strstr(r.al.v[i].message, "history[2]: complete -> complete")) {
			seen2 = true;
			assert_int_equal(r.al.v[i].since, fa_time("2026-02-20T11:30:00Z"));
		}
	assert_true(seen2);
	fa_close(&r);
}

static void wip_limits(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "x1", "id: X1\nphase: executing\n" CRIT1);
	task(&r, "x2", "id: X2\nphase: executing\n" CRIT1);
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_WARN, "wip_exceeded", "executing", "2 tasks executing, WIP limit 1");
	assert_string_equal(fa_source(&r, "foreman")->good->status_segment, "wip 2/1");
	/* factory.json raises the limit */
	fa_write(&r, ".taskfactory/factory.json", "{\"wipLimits\": {\"executing\": 2, \"ready\": 2}}");
	fa_write(&r, ".taskfactory/factory/activity.jsonl", "");
	for (int i = 0; i < 3; i++) {
		char d[16], y[64];
		snprintf(d, sizeof d, "r%d", i);
		snprintf(y, sizeof y, "id: R%d\nphase: ready\n" CRIT1, i);
		task(&r, d, y);
	}
	fa_load(&r, NOW);
	assert_null(fa_find(&r, "wip_exceeded", "executing"));
	FA_EXPECT(&r, LW_WARN, "wip_exceeded", "ready", "3 tasks ready, limit 2");
	fa_close(&r);
}

/* One task file half written: a parse_error for it, the rest still there. */
static void broken_file_alone(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "ok", "id: OK\nphase: backlog\n");
	task(&r, "bad", "id: BAD\nphase: [ready\n");
	task(&r, "list", "- not a mapping\n");
	task(&r, "types", "id: TY\nphase: backlog\nacceptanceCriteria: all of them\nhistory: 3\n");
	fa_load(&r, NOW);
	const lw_source *s = fa_source(&r, "foreman");
	assert_false(s->failed);
	assert_int_equal(s->good->ntasks, 2);
	assert_int_equal(fa_count(&r, "parse_error"), 2);
	char bad[512];
	snprintf(bad, sizeof bad, "%s/.taskfactory/tasks/bad/task.yaml", r.dir);
	FA_EXPECT(&r, LW_CRIT, "parse_error", bad, "bad/task.yaml:3:1: did not find expected");
	assert_ptr_equal(strstr(fa_find(&r, "parse_error", bad)->message, bad), fa_find(&r, "parse_error", bad)->message);
	FA_EXPECT(&r, LW_WARN, "invalid_state", "TY", "acceptanceCriteria must be a list");
	FA_EXPECT(&r, LW_WARN, "invalid_state", "TY", NULL);
	assert_int_equal(fa_count(&r, "invalid_state"), 2);
	fa_close(&r);
}

/* Leases: stale only while the task executes; the deadline is armed. */
static void lease_only_while_executing(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "l1", "id: L1\nphase: executing\n" CRIT1);
	task(&r, "l2", "id: L2\nphase: complete\n" CRIT1);
	fa_write(&r, ".taskfactory/factory/execution-leases.json",
	         "{\"leases\": {\"L1\": {\"taskId\": \"L1\", \"ownerId\": \"host:1\", \"startedAt\": \"2026-02-20T14:00:00Z\","
	         " \"lastHeartbeatAt\": \"2026-02-20T14:21:00Z\", \"status\": \"running\"},"
	         " \"L2\": {\"taskId\": \"L2\", \"lastHeartbeatAt\": \"2026-02-20T10:00:00Z\"}}}");
	fa_load(&r, NOW);
	assert_int_equal(fa_count(&r, NULL), 0);
	assert_int_equal(r.ctx.next_deadline, fa_time("2026-02-20T14:23:00Z"));
	fa_recheck(&r, "2026-02-20T14:30:00Z");
	FA_EXPECT(&r, LW_WARN, "lease_stale", "L1", "owner host:1");
	assert_null(fa_find(&r, "lease_stale", "L2"));
	fa_close(&r);
}

/* .pi/tasks, -C at a tasks folder, -C at .taskfactory: all detected, all
 * shown beside another system. */
static void detection(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	fa_write(&r, ".pi/tasks/p-1/task.yaml", "id: P-1\nphase: backlog\n");
	fa_write(&r, ".liza/state.yaml", "version: 1\ngoal: {id: g, status: IN_PROGRESS}\ntasks: []\nagents: {}\n");
	fa_load(&r, NOW);
	assert_int_equal(r.proj.n, 2);
	fa_task(&r, "foreman", "P-1");
	fa_source(&r, "liza");
	fa_close(&r);

	fa_open(&r);
	fa_write(&r, ".taskfactory/tasks/t-1/task.yaml", "id: T-1\nphase: ready\n" CRIT1);
	fa_write(&r, ".taskfactory/factory/execution-leases.json",
	         "{\"leases\": {\"T-1\": {\"lastHeartbeatAt\": \"2026-02-20T14:00:00Z\"}}}");
	fa_load_at(&r, ".taskfactory/tasks", NOW);
	fa_task(&r, "foreman", "T-1");
	/* the factory folder beside "tasks" is still found */
	assert_int_equal(((const fm_state *)fa_source(&r, "foreman")->good->sys)->nleases, 1);
	fa_load_at(&r, ".taskfactory", NOW);
	fa_task(&r, "foreman", "T-1");
	fa_load_at(&r, ".taskfactory/tasks/t-1", NOW);
	assert_int_equal(r.proj.n, 0);
	fa_close(&r);

	/* another tool's tasks/<x>/task.yaml in a project is not Task Factory */
	fa_open(&r);
	fa_write(&r, "tasks/build/task.yaml", "id: build\n");
	fa_load(&r, NOW);
	assert_int_equal(r.proj.n, 0);
	fa_write(&r, ".pi/tasks/p-2/task.yaml", "id: P-2\nphase: ready\n" CRIT1);
	fa_load_at(&r, ".pi", NOW);
	fa_task(&r, "foreman", "P-2");
	fa_close(&r);

	/* a folder of task folders that is not called tasks */
	fa_open(&r);
	fa_write(&r, "board/q-1/task.yaml", "id: Q-1\nphase: archived\n");
	fa_load_at(&r, "board", NOW);
	assert_int_equal(fa_task(&r, "foreman", "Q-1")->lane, LANE_DONE);
	fa_close(&r);
}

/* Criteria verdicts from the post-execution summary reach the detail view. */
static void criteria_verdicts(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "v", "id: V\nphase: complete\nacceptanceCriteria:\n  - first\n  - second\n  - third\n"
	              "postExecutionSummary:\n  criteriaValidation:\n"
	              "    - {criterion: second, status: fail, evidence: no test}\n"
	              "    - {criterion: first, status: pass, evidence: ok}\n");
	fa_load(&r, NOW);
	strbuf b;
	strbuf_init(&b);
	foreman_detail(fa_source(&r, "foreman"), fa_task(&r, "foreman", "V"), r.ctx.now, &b);
	assert_non_null(strstr(b.buf, "acceptance criteria (3):\n  [pass   ] first\n  [fail   ] second\n  [       ] third\n"));
	assert_non_null(strstr(b.buf, "mode task_complete"));
	strbuf_free(&b);
	fa_close(&r);
}

/* A long activity log: only state transitions, the newest kept, torn lines skipped. */
static void activity_tail(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	task(&r, "a", "id: A\nphase: ready\n" CRIT1);
	strbuf b;
	strbuf_init(&b);
	strbuf_adds(&b, "{\"torn\": \n");
	for (int i = 0; i < 200; i++) {
		strbuf_printf(&b, "{\"type\":\"chat\",\"taskId\":\"A\",\"metadata\":{\"kind\":\"chat\"}}\n");
		strbuf_printf(&b, "{\"taskId\":\"A\",\"timestamp\":\"2026-02-20T14:%02d:00Z\",\"metadata\":{\"kind\":"
		                  "\"state-transition\",\"from\":\"backlog\",\"to\":{\"phase\":\"ready\"},\"reason\":\"n%d\"}}\n",
		              i % 60, i);
	}
	fa_write(&r, ".taskfactory/factory/activity.jsonl", b.buf);
	strbuf_free(&b);
	fa_load(&r, NOW);
	const fm_state *st = fa_source(&r, "foreman")->good->sys;
	assert_int_equal(st->nevents, FM_EVENTS_KEPT);
	assert_string_equal(st->events[FM_EVENTS_KEPT - 1].reason, "n199");
	assert_string_equal(st->events[0].to, "ready");
	fa_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bundled_examples),
		cmocka_unit_test(enums_and_guards),
		cmocka_unit_test(illegal_history),
		cmocka_unit_test(wip_limits),
		cmocka_unit_test(broken_file_alone),
		cmocka_unit_test(lease_only_while_executing),
		cmocka_unit_test(detection),
		cmocka_unit_test(criteria_verdicts),
		cmocka_unit_test(activity_tail),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
