/* test_acp_checks.c — every alert code of docs/systems/acp.md, the shared
 * examples laid out as the paths their names encode, inbox counts, and a
 * broken file that must not blank the other agents. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/acp/acp.h"
#include "tests/unit/helper_fa.h"

#define NOW "2025-08-15T04:00:00Z"

/* examples/README.md: names encode paths. agent_workspaces_Agent-5_state.json
 * is agent_workspaces/Agent-5/state.json; inbox_messages_X is
 * inbox/messages/X; fsm_data_tasks_X is fsm_data/tasks/X. Other files
 * (the PROPOSED record, config_fsm.yml, contracts) have no place. */
static bool example_path(const char *name, char *out, size_t n)
{
	const char *ws = "agent_workspaces_", *tasks = "fsm_data_tasks_";
	if (strncmp(name, tasks, strlen(tasks)) == 0) {
		snprintf(out, n, "fsm_data/tasks/%s", name + strlen(tasks));
		return true;
	}
	if (strncmp(name, ws, strlen(ws)) != 0)
		return false;
	const char *agent = name + strlen(ws), *rest = strchr(agent, '_');
	if (!rest)
		return false;
	int al = (int)(rest - agent);
	rest++;
	static const char *const subs[][2] = { { "inbox_messages_", "inbox/messages/" }, { "inbox_", "inbox/" },
	                                       { "processed_", "processed/" } };
	for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
		if (strncmp(rest, subs[i][0], strlen(subs[i][0])) == 0) {
			snprintf(out, n, "agent_workspaces/%.*s/%s%s", al, agent, subs[i][1], rest + strlen(subs[i][0]));
			return true;
		}
	snprintf(out, n, "agent_workspaces/%.*s/%s", al, agent, rest);
	return true;
}

static size_t lay_out_examples(fa_run *r)
{
	const char *fx = getenv("LW_FIXTURES");
	char dir[512];
	snprintf(dir, sizeof dir, "%s/examples/acp", fx && *fx ? fx : "tests/fixtures");
	DIR *d = opendir(dir);
	assert_non_null(d);
	size_t placed = 0;
	for (struct dirent *e; (e = readdir(d));) {
		char rel[512], src[600];
		if (!example_path(e->d_name, rel, sizeof rel))
			continue;
		snprintf(src, sizeof src, "examples/acp/%s", e->d_name);
		fa_copy_fixture(r, src, rel);
		placed++;
	}
	closedir(d);
	return placed;
}

static void bundled_examples(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	assert_int_equal(lay_out_examples(&r), 11);
	/* the contract-shape record is the reference for an agent awaiting approval */
	fa_copy_fixture(&r, "examples/acp/PROPOSED-agent-fsm-state.json", "agent_workspaces/Agent-2/state.json");
	fa_load(&r, NOW);
	const lw_source *s = fa_source(&r, "acp");
	assert_false(s->failed);
	assert_int_equal(s->good->nproblems, 0);
	/* Agent-2 waits for the operator (with evidence); Agent-5 executes,
	 * updated 03:54:31, so the runner counts it stalled at 04:14:31 (1200 s);
	 * Agent-1 has an inbox but no state.json, which the runner counts
	 * stalled at once; the bridge's task (TaskStatus.COMPLETED) links
	 * metadata.completion_evidence. */
	FA_EXPECT(&r, LW_INFO, "awaiting_approval", "Agent-2", "tp-validate-and-tighten-tests");
	FA_EXPECT(&r, LW_WARN, "agent_stale", "Agent-1", "no state.json");
	assert_int_equal(fa_count(&r, NULL), 2);
	assert_int_equal(r.ctx.next_deadline, fa_time("2025-08-15T04:14:31Z"));
	const acp_state *st = s->good->sys;
	const acp_agent *a1 = acp_find_agent(st, "Agent-1"), *a5 = acp_find_agent(st, "Agent-5");
	assert_non_null(a1);
	assert_null(a1->node);                         /* an inbox, no state.json */
	assert_int_equal(a1->inbox, 2);
	assert_int_equal(a1->inbox_kind[ACP_MSG_TASK], 2);
	assert_int_equal(a5->inbox, 1);
	assert_int_equal(a5->inbox_kind[ACP_MSG_FSM_UPDATE], 1);   /* typed by its file name */
	assert_int_equal(a5->shape, ACP_UPSTREAM);
	assert_string_equal(a5->state, "EXECUTING_TASK");
	assert_null(acp_find_agent(st, "Agent-3"));    /* task_state.json only: not an agent */
	assert_int_equal(st->ntasks, 3);
	assert_string_equal(fa_task(&r, "acp", "task-001")->status, "READY");
	assert_string_equal(fa_task(&r, "acp", "3ec1ae78-6abb-4077-a3e9-34be67a446b8")->status, "COMPLETE");
	assert_string_equal(fa_task(&r, "acp", "3ec1ae78-6abb-4077-a3e9-34be67a446b8")->assignee, "Agent-1");
	assert_int_equal(fa_task(&r, "acp", "Agent-4_Secure_Communication_Hub_Complete")->lane, LANE_DONE);
	const lw_task *t2 = fa_task(&r, "acp", "Agent-2");
	assert_true(t2->awaiting_operator);
	assert_ptr_equal(t2->tx, &acp_tx_core);
	assert_string_equal(s->good->status_segment, "inbox 3");
	assert_string_equal(s->good->workflows[0].phase, "3 agents, inbox 3");

	strbuf b;
	strbuf_init(&b);
	acp_detail(s, fa_task(&r, "acp", "Agent-5"), fa_time(NOW), &b);
	assert_non_null(strstr(b.buf, "state: executing -> EXECUTING_TASK"));
	assert_non_null(strstr(b.buf, "upstream-shape (schema 1)"));
	assert_non_null(strstr(b.buf, "inbox: 1 (task 0, fsm_update 1"));
	strbuf_free(&b);

	fa_recheck(&r, "2025-08-15T04:14:31Z");
	FA_EXPECT(&r, LW_WARN, "agent_stale", "Agent-5", "stale after 20m");
	assert_int_equal(fa_find(&r, "agent_stale", "Agent-5")->since, fa_time("2025-08-15T04:14:31Z"));
	fa_close(&r);
}

static void agent(fa_run *r, const char *id, const char *json)
{
	char rel[256];
	snprintf(rel, sizeof rel, "agent_workspaces/%s/state.json", id);
	fa_write(r, rel, json);
}

#define V2(fsm, st, extra) "{\"schema_version\": 2, \"fsm\": \"" fsm "\", \"state\": \"" st "\", " extra \
                           "\"updated\": \"2025-08-15T03:59:00Z\"}"

static void every_code(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	agent(&r, "A-wait", V2("core", "AWAITING_APPROVAL", "\"evidence\": [\"x\"], "));
	agent(&r, "A-review", V2("jarvis", "REVIEW", "\"evidence\": \"docs updated\", "));
	agent(&r, "A-err", V2("core", "ERROR", "\"retries_remaining\": 2, "));
	agent(&r, "A-err0", V2("core", "ERROR", "\"retries_remaining\": 0, "));
	agent(&r, "A-blk", V2("core", "BLOCKED", "\"blocked_reason\": \"rate limit\", "));
	agent(&r, "A-done", V2("jarvis", "DONE", "\"evidence\": [], "));
	agent(&r, "A-cmp", V2("core", "COMPLETE", ""));
	agent(&r, "A-ill", V2("core", "AWAITING_APPROVAL",
	                      "\"evidence\": [\"x\"], \"last_event\": {\"event\": \"step_passed\", "
	                                                   "\"from\": \"READY\", \"to\": \"AWAITING_APPROVAL\"}, "));
	agent(&r, "A-ok-ev", V2("core", "COMPLETE", "\"evidence\": [\"x\"], \"last_event\": {\"event\": \"approve\", "
	                                            "\"from\": \"AWAITING_APPROVAL\", \"to\": \"COMPLETE\"}, "));
	agent(&r, "A-what", "{\"state\": \"dreaming\", \"schema_version\": 1}");
	agent(&r, "A-jx", V2("jarvis", "EXECUTING_TASK", ""));
	agent(&r, "A-type", V2("core", "READY", "\"retries_remaining\": \"many\", "));
	fa_write(&r, "fsm_data/tasks/t-odd.json", "{\"task_id\": \"t-odd\", \"state\": \"paused\"}");
	fa_write(&r, "fsm_data/tasks/t-bare.json", "{\"task_id\": \"t-bare\", \"state\": \"done\"}");
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_INFO, "awaiting_approval", "A-wait", "waits in AWAITING_APPROVAL");
	FA_EXPECT(&r, LW_INFO, "awaiting_approval", "A-review", "waits in REVIEW");
	FA_EXPECT(&r, LW_WARN, "error_state", "A-err", "2 retries left");
	FA_EXPECT(&r, LW_CRIT, "error_state", "A-err0", "no retries left");
	FA_EXPECT(&r, LW_WARN, "blocked", "A-blk", "rate limit");
	FA_EXPECT(&r, LW_CRIT, "evidence_missing", "A-done", "DONE without evidence");
	FA_EXPECT(&r, LW_CRIT, "evidence_missing", "A-cmp", "COMPLETE without evidence");
	assert_null(fa_find(&r, "evidence_missing", "t-bare"));   /* the code's task: no evidence rule */
	FA_EXPECT(&r, LW_CRIT, "illegal_transition", "A-ill", "READY --step_passed--> AWAITING_APPROVAL");
	assert_null(fa_find(&r, "illegal_transition", "A-ok-ev"));
	FA_EXPECT(&r, LW_WARN, "unknown_state", "A-what", "'dreaming'");
	FA_EXPECT(&r, LW_WARN, "unknown_state", "A-jx", "jarvis FSM");   /* a core state under Jarvis */
	FA_EXPECT(&r, LW_WARN, "unknown_state", "t-odd", "'paused'");
	FA_EXPECT(&r, LW_WARN, "invalid_state", "A-type", "retries_remaining must be an integer");
	FA_EXPECT(&r, LW_WARN, "agent_stale", "A-what", "no `updated`");
	assert_int_equal(fa_count(&r, NULL), 14);
	assert_int_equal(fa_task(&r, "acp", "A-what")->lane, LANE_BLOCKED);
	assert_ptr_equal(fa_task(&r, "acp", "A-review")->tx, &acp_tx_jarvis);
	fa_close(&r);
}

/* runner.py is_stalled on upstream records: 1200 s in any state, and at
 * once when `updated` is one its strptime cannot read; contract records are
 * stale only while executing. */
static void stale_as_the_runner_counts(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	agent(&r, "A-run", "{\"state\": \"executing\", \"updated\": \"2025-08-15T03:50:00\", \"schema_version\": 1}");
	agent(&r, "A-idle", "{\"state\": \"idle\", \"updated\": \"2025-08-15T01:00:00\", \"schema_version\": 1}");
	agent(&r, "A-z", "{\"state\": \"ready\", \"updated\": \"2025-08-15T03:59:00Z\", \"schema_version\": 1}");
	agent(&r, "A-frac", "{\"state\": \"ready\", \"updated\": \"2025-08-15T03:59:00.5\"}");
	agent(&r, "A-v2", V2("core", "READY", ""));
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_WARN, "agent_stale", "A-idle", "stale after 20m");
	FA_EXPECT(&r, LW_WARN, "agent_stale", "A-z", "2025-08-15T03:59:00Z");
	FA_EXPECT(&r, LW_WARN, "agent_stale", "A-frac", "not %Y-%m-%dT%H:%M:%S");
	assert_int_equal(fa_count(&r, NULL), 3);
	assert_int_equal(r.ctx.next_deadline, fa_time("2025-08-15T04:10:00Z"));
	fa_recheck(&r, "2025-08-15T04:09:59Z");
	assert_null(fa_find(&r, "agent_stale", "A-run"));
	fa_recheck(&r, "2025-08-15T04:10:00Z");
	FA_EXPECT(&r, LW_WARN, "agent_stale", "A-run", "20m ago");
	assert_null(fa_find(&r, "agent_stale", "A-v2"));
	fa_close(&r);
}

/* fsm_bridge.py: an fsm_update lacking task_id, state or summary is one the
 * bridge refuses; the task files' second shape (status, assigned_agent,
 * updated_at) and the bridge's `owner` give the card's assignee. */
static void bridge_rules(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	agent(&r, "A-1", "{\"state\": \"ready\", \"updated\": \"2025-08-15T03:59:00\", \"schema_version\": 1}");
	fa_write(&r, "agent_workspaces/A-1/inbox/fsm_message_1.json",
	         "{\"type\": \"fsm_update\", \"task_id\": \"t-1\", \"state\": \"done\"}");
	fa_write(&r, "agent_workspaces/A-1/inbox/fsm_message_2.json",
	         "{\"type\": \"fsm_update\", \"task_id\": \"t-1\", \"state\": \"done\", \"summary\": \"ok\"}");
	fa_write(&r, "fsm_data/tasks/t-1.json", "{\"task_id\": \"t-1\", \"state\": \"assigned\", \"owner\": \"A-1\"}");
	fa_write(&r, "fsm_data/tasks/task-9.json", "{\"id\": \"task-9\", \"name\": \"Ship\", \"status\": \"in_progress\", "
	         "\"assigned_agent\": \"A-2\", \"updated_at\": \"2025-08-15T03:00:00.123456\"}");
	/* verifying without evidence: the listener's record, no evidence rule */
	agent(&r, "A-3", "{\"state\": \"verifying\", \"updated\": \"2025-08-15T03:59:00\", \"schema_version\": 1}");
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_WARN, "fsm_update_invalid", "A-1", "lacks summary");
	FA_EXPECT(&r, LW_INFO, "awaiting_approval", "A-3", "AWAITING_APPROVAL");
	assert_null(fa_find(&r, "evidence_missing", "A-3"));
	assert_int_equal(fa_count(&r, NULL), 2);
	assert_string_equal(fa_task(&r, "acp", "t-1")->assignee, "A-1");
	assert_string_equal(fa_task(&r, "acp", "t-1")->status, "READY");
	assert_string_equal(fa_task(&r, "acp", "task-9")->assignee, "A-2");
	assert_string_equal(fa_task(&r, "acp", "task-9")->status, "EXECUTING_TASK");
	assert_string_equal(fa_task(&r, "acp", "task-9")->title, "Ship");
	fa_close(&r);
}

/* A half-written state.json: a parse_error for it, the other agents stay. */
static void broken_file_alone(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	agent(&r, "Agent-1", "{\"state\": \"ready\", \"schema_version\": 1}");
	agent(&r, "Agent-2", "{\"state\": \"execut");
	fa_write(&r, "fsm_data/tasks/bad.json", "[1, 2]");
	fa_load(&r, NOW);
	const lw_source *s = fa_source(&r, "acp");
	assert_false(s->failed);
	assert_int_equal(s->good->ntasks, 1);
	assert_int_equal(fa_count(&r, "parse_error"), 2);
	char p[512];
	snprintf(p, sizeof p, "%s/agent_workspaces/Agent-2/state.json", r.dir);
	FA_EXPECT(&r, LW_CRIT, "parse_error", p, "state.json:1:");
	fa_close(&r);
}

/* Detected from either folder, beside another system. */
static void detection(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	fa_write(&r, "fsm_data/tasks/task-001.json", "{\"task_id\": \"task-001\", \"state\": \"new\"}");
	fa_write(&r, ".taskfactory/tasks/t/task.yaml", "id: T\nphase: backlog\n");
	fa_load(&r, NOW);
	assert_int_equal(r.proj.n, 2);
	fa_task(&r, "acp", "task-001");
	fa_task(&r, "foreman", "T");
	fa_close(&r);

	fa_open(&r);
	fa_write(&r, "agent_workspaces/shared_tools/readme.json", "{}");
	fa_load(&r, NOW);
	assert_int_equal(r.proj.n, 0);   /* no agent with a state.json, no task: not ACP */
	fa_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bundled_examples),
		cmocka_unit_test(every_code),
		cmocka_unit_test(stale_as_the_runner_counts),
		cmocka_unit_test(bridge_rules),
		cmocka_unit_test(broken_file_alone),
		cmocka_unit_test(detection),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
