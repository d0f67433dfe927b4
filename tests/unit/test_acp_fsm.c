/* test_acp_fsm.c — ACP transitions through the table engine: every row of
 * the core and the Jarvis FSM fires on an agent that meets its guards and
 * writes only state, updated and last_event; each guard refuses on its
 * own with the file unchanged; an approval without evidence is denied; an
 * upstream-shape (schema_version 1) file round-trips with only `state`
 * and `updated` changed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/acp/acp.h"
#include "tests/unit/helper_fa.h"

#define AGENT "agent_workspaces/Agent-2/state.json"
#define NOW "2026-02-20T15:00:00Z"
#define NAIVE "2026-02-20T15:00:00"

typedef struct rec {
	const char *fsm, *state;
	const char *retries;      /* JSON text, NULL: key left out */
	const char *approval;     /* JSON text, NULL: left out */
	const char *evidence;     /* JSON text */
	bool task_criteria;       /* fsm_data/tasks/t-1.json carries acceptance criteria */
} rec;

static const rec OK = { "core", "IDLE", "2", "true", "[\"logs/pytest.txt\"]", true };

static void write_agent(fa_run *r, const rec *x)
{
	char j[1024];
	int n = snprintf(j, sizeof j, "{\n  \"schema_version\": 2,\n  \"agent\": \"Agent-2\",\n  \"fsm\": \"%s\",\n"
	                              "  \"state\": \"%s\",\n  \"task_id\": \"t-1\",\n", x->fsm, x->state);
	if (x->retries)
		n += snprintf(j + n, sizeof j - (size_t)n, "  \"retries_remaining\": %s,\n", x->retries);
	if (x->approval)
		n += snprintf(j + n, sizeof j - (size_t)n, "  \"approval_required\": %s,\n", x->approval);
	snprintf(j + n, sizeof j - (size_t)n,
	         "  \"blocked_reason\": null,\n"
	         "  \"last_event\": {\"event\": \"start\", \"from\": \"X\", \"to\": \"%s\", \"guard\": null,"
	         " \"ts\": \"2026-02-20T14:00:00\"},\n"
	         "  \"evidence\": %s,\n  \"updated\": \"2026-02-20T14:00:00\"\n}\n",
	         x->state, x->evidence);
	fa_write(r, AGENT, j);
	fa_write(r, "fsm_data/tasks/t-1.json", x->task_criteria
	         ? "{\"task_id\": \"t-1\", \"state\": \"in_progress\", \"acceptance_criteria\": [\"tests pass\"]}\n"
	         : "{\"task_id\": \"t-1\", \"state\": \"in_progress\", \"acceptance_criteria\": []}\n");
}

/* Only these values may change on a contract-shape write. */
static void expect_only_allowed(const char *changed)
{
	char copy[512];
	snprintf(copy, sizeof copy, "%s", changed);
	for (char *p = strtok(copy, " "); p; p = strtok(NULL, " "))
		if (strcmp(p, "state") != 0 && strcmp(p, "updated") != 0 && strncmp(p, "last_event.", 11) != 0 &&
		    strcmp(p, "blocked_reason") != 0)
			fail_msg("%s changed (all: %s)", p, changed);
}

static void fire_row(const tx_table *t, const tx_row *row, const char *fsm, const char *from)
{
	fa_run r;
	fa_open(&r);
	rec x = OK;
	x.fsm = fsm;
	x.state = from;
	write_agent(&r, &x);
	char *old = fa_read(&r, AGENT);
	fa_load(&r, NOW);
	tx_result res;
	const char *reason = row->needs & TX_REASON ? "needs another pass" : NULL;
	tx_rc rc = fa_tx(&r, "acp", "Agent-2", row->event, reason, NOW, &res);
	if (rc != TX_DONE)
		fail_msg("%s %s --%s--> %s: %s", t->system, from, row->event, row->to, res.message);
	char *now = fa_read(&r, AGENT);
	char *changed = fa_changed(old, now);
	expect_only_allowed(changed);
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, now, strlen(now), AGENT, NULL, &err), 0);
	acp_fsm f = strcmp(fsm, "jarvis") == 0 ? ACP_JARVIS : ACP_CORE;
	assert_string_equal(doc_str(doc_get(d.root, "state")), row->to);
	assert_string_equal(doc_str(doc_get(d.root, "updated")), NAIVE);
	const doc_node *ev = doc_get(d.root, "last_event");
	assert_string_equal(doc_str(doc_get(ev, "event")), acp_event_name(f, row->event));
	assert_string_equal(doc_str(doc_get(ev, "from")), from);
	assert_string_equal(doc_str(doc_get(ev, "to")), row->to);
	assert_string_equal(doc_str(doc_get(ev, "ts")), NAIVE);
	const char *guard = acp_guard_names(f, row->guards);
	if (guard)
		assert_string_equal(doc_str(doc_get(ev, "guard")), guard);
	else
		assert_true(doc_is_null(doc_get(ev, "guard")));
	if (reason)
		assert_string_equal(doc_str(doc_get(ev, "reason")), reason);
	/* The board reads the new state back under the same FSM. */
	fa_load(&r, NOW);
	assert_string_equal(fa_task(&r, "acp", "Agent-2")->status, row->to);
	doc_free(&d);
	free(changed);
	free(now);
	free(old);
	fa_close(&r);
}

static void every_core_row(void **state)
{
	(void)state;
	static const char *const states[] = { "IDLE", "READY", "EXECUTING_TASK", "AWAITING_APPROVAL", "BLOCKED", "ERROR",
	                                      "COMPLETE" };
	size_t fired = 0;
	for (size_t i = 0; i < acp_tx_core.n; i++) {
		const tx_row *row = &acp_tx_core.rows[i];
		if (strcmp(row->from, "*") == 0) {
			for (size_t s = 0; s < sizeof states / sizeof *states; s++, fired++)
				fire_row(&acp_tx_core, row, "core", states[s]);   /* any -> READY */
		} else {
			fire_row(&acp_tx_core, row, "core", row->from);
			fired++;
		}
	}
	assert_int_equal(acp_tx_core.n, 15);
	assert_int_equal(fired, 14 + 7);
}

static void every_jarvis_row(void **state)
{
	(void)state;
	for (size_t i = 0; i < acp_tx_jarvis.n; i++)
		fire_row(&acp_tx_jarvis, &acp_tx_jarvis.rows[i], "jarvis", acp_tx_jarvis.rows[i].from);
	assert_int_equal(acp_tx_jarvis.n, 7);
}

typedef struct refusal {
	const char *fsm, *state, *event;
	rec facts;                /* what differs from OK: the one failing fact */
	const char *rule;
} refusal;

static void expect_refused(const refusal *c)
{
	fa_run r;
	fa_open(&r);
	rec x = c->facts;
	x.fsm = c->fsm;
	x.state = c->state;
	write_agent(&r, &x);
	char *old = fa_read(&r, AGENT);
	fa_load(&r, NOW);
	tx_result res;
	tx_rc rc = fa_tx(&r, "acp", "Agent-2", c->event, "a reason", NOW, &res);
	if (rc != TX_DENIED || !strstr(res.message, c->rule))
		fail_msg("%s %s %s: rc %d \"%s\" should name \"%s\"", c->fsm, c->state, c->event, rc, res.message, c->rule);
	assert_non_null(strstr(res.message, "Nothing written"));
	char *now = fa_read(&r, AGENT);
	assert_string_equal(now, old);
	free(now);
	free(old);
	fa_close(&r);
}

/* Each guard alone: every other fact of the record holds. */
static void each_guard_refuses(void **state)
{
	(void)state;
	rec no_criteria = OK, no_approval = OK, no_retries = OK, unknown_retries = OK, no_evidence = OK;
	no_criteria.task_criteria = false;
	no_approval.approval = "false";
	no_retries.retries = "0";
	unknown_retries.retries = NULL;
	no_evidence.evidence = "[]";
	const refusal cases[] = {
		{ "core", "READY", "task_received", no_criteria, "has_valid_task" },
		{ "core", "EXECUTING_TASK", "step_passed", no_approval, "approval_required" },
		{ "core", "EXECUTING_TASK", "step_failed", no_retries, "retries_remaining: no retries left" },
		{ "core", "EXECUTING_TASK", "step_failed", unknown_retries, "retries_remaining: the record keeps no retry count" },
		{ "core", "ERROR", "step_retry", no_retries, "retries_remaining: no retries left" },
		{ "core", "AWAITING_APPROVAL", "approval_granted", no_evidence, "evidence_attached" },
		{ "core", "AWAITING_APPROVAL", "approve", no_evidence, "evidence_attached" },
		{ "jarvis", "IN_PROGRESS", "submit_subtask", no_evidence, "EVIDENCE_PRESENT" },
		{ "jarvis", "REVIEW", "approve", no_evidence, "EVIDENCE_PRESENT" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		expect_refused(&cases[i]);
}

/* The formats doc's own example: an approval without evidence is denied. */
static void approval_without_evidence(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	fa_copy_fixture(&r, "examples/acp/PROPOSED-agent-fsm-state.json", AGENT);
	char *j = fa_read(&r, AGENT);
	char *e = strstr(j, "\"evidence\": [");
	assert_non_null(e);
	char *close = strchr(e, ']');
	memmove(e + 13, close, strlen(close) + 1);    /* "evidence": [] */
	fa_write(&r, AGENT, j);
	free(j);
	char *old = fa_read(&r, AGENT);
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_CRIT, "evidence_missing", "Agent-2", "AWAITING_APPROVAL without evidence");
	tx_result res;
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "approve", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "approval_granted--> COMPLETE refused: evidence_attached"));
	char *now = fa_read(&r, AGENT);
	assert_string_equal(now, old);
	/* with the evidence back, the same approval goes through */
	fa_copy_fixture(&r, "examples/acp/PROPOSED-agent-fsm-state.json", AGENT);
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "approve", NULL, NOW, &res), TX_DONE);
	assert_string_equal(res.message, "acp:Agent-2 AWAITING_APPROVAL --approval_granted--> COMPLETE");
	free(now);
	free(old);
	fa_close(&r);
}

/* Replace the first `"key": "old"` with `"key": "new"` in a copy. */
static char *with_value(const char *text, const char *key, const char *oldv, const char *newv)
{
	char from[128], to[128];
	snprintf(from, sizeof from, "\"%s\": \"%s\"", key, oldv);
	snprintf(to, sizeof to, "\"%s\": \"%s\"", key, newv);
	const char *at = strstr(text, from);
	assert_non_null(at);
	size_t n = strlen(text) + strlen(to) + 1;
	char *out = malloc(n);
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	return out;
}

/* schema_version 1 (upstream's own writer): written back in its shape, only
 * `state` (as upstream's word) and `updated` change; every other byte stays. */
static void upstream_round_trip(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	const char *path = "agent_workspaces/Agent-5/state.json";
	fa_copy_fixture(&r, "examples/acp/agent_workspaces_Agent-5_state.json", path);
	char *old = fa_read(&r, path);
	fa_load(&r, NOW);
	assert_string_equal(fa_task(&r, "acp", "Agent-5")->status, "EXECUTING_TASK");
	tx_result res;
	/* listener.py: a resume message makes any state ready */
	assert_int_equal(fa_tx(&r, "acp", "Agent-5", "resume", NULL, NOW, &res), TX_DONE);
	char *now = fa_read(&r, path);
	char *a = with_value(old, "state", "executing", "ready");
	char *want = with_value(a, "updated", "2025-08-15T03:54:31", NAIVE);
	assert_string_equal(now, want);   /* byte for byte, no newline added at the end */
	char *changed = fa_changed(old, now);
	assert_string_equal(changed, "state updated");
	free(changed);
	free(want);
	free(a);
	free(now);

	/* back through the mapping: ready is READY */
	fa_load(&r, NOW);
	assert_string_equal(fa_task(&r, "acp", "Agent-5")->status, "READY");
	/* The seed's events are not the listener's: refused, nothing written */
	char *before = fa_read(&r, path);
	fa_write(&r, path, old);
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-5", "timeout", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "listener.py"));
	now = fa_read(&r, path);
	assert_string_equal(now, old);
	free(now);
	free(before);
	free(old);
	fa_close(&r);
}

/* An upstream agent in "verifying" waits for approval; approving is a
 * resume (ready), written with the naive time the runner reads even where
 * the file had a Z. "syncing" stays syncing on another sync. */
static void upstream_words(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	const char *path = "agent_workspaces/Agent-7/state.json";
	const char *v1 = "{\"state\": \"verifying\", \"last_message\": {\"type\": \"verify\", \"from\": \"Agent-5\"},"
	                 " \"evidence\": [\"ci.log\"], \"updated\": \"2026-02-20T14:00:00Z\", \"schema_version\": 1}";
	fa_write(&r, path, v1);
	fa_load(&r, NOW);
	const lw_task *t = fa_task(&r, "acp", "Agent-7");
	assert_string_equal(t->status, "AWAITING_APPROVAL");
	assert_true(t->awaiting_operator);
	assert_int_equal(t->lane, LANE_REVIEW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "acp", "Agent-7", "approve", NULL, NOW, &res), TX_DONE);
	char *now = fa_read(&r, path);
	assert_string_equal(now, "{\"state\": \"ready\", \"last_message\": {\"type\": \"verify\", \"from\": \"Agent-5\"},"
	                         " \"evidence\": [\"ci.log\"], \"updated\": \"2026-02-20T15:00:00\", \"schema_version\": 1}");
	free(now);

	fa_write(&r, path, "{\"state\": \"syncing\", \"updated\": \"2026-02-20T14:00:00\", \"schema_version\": 1}");
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-7", "sync", NULL, NOW, &res), TX_DONE);
	now = fa_read(&r, path);
	assert_string_equal(now, "{\"state\": \"syncing\", \"updated\": \"" NAIVE "\", \"schema_version\": 1}");
	free(now);
	fa_close(&r);
}

static void mapping(void **state)
{
	(void)state;
	static const char *const pairs[][2] = {
		{ "idle", "IDLE" }, { "ready", "READY" }, { "executing", "EXECUTING_TASK" },
		{ "verifying", "AWAITING_APPROVAL" }, { "syncing", "EXECUTING_TASK" }, { "completed", "COMPLETE" },
		{ "done", "COMPLETE" }, { "validated", "COMPLETE" }, { "failed", "ERROR" }, { "new", "READY" },
		{ "queued", "READY" }, { "assigned", "READY" }, { "in_progress", "EXECUTING_TASK" },
		{ "TaskStatus.COMPLETED", "COMPLETE" }, { "TaskStatus.IN_PROGRESS", "EXECUTING_TASK" },
		{ "AWAITING_APPROVAL", "AWAITING_APPROVAL" },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		assert_string_equal(acp_state_of(pairs[i][0], ACP_CORE), pairs[i][1]);
	/* The upstream UI contract's lowercase "blocked" is a state (issue 35):
	 * read as BLOCKED, never written back (no agent of upstream writes it). */
	assert_string_equal(acp_state_of("blocked", ACP_CORE), "BLOCKED");
	assert_null(acp_state_of("Executing", ACP_CORE));
	assert_null(acp_state_of("REVIEW", ACP_CORE));
	assert_string_equal(acp_state_of("REVIEW", ACP_JARVIS), "REVIEW");
	assert_null(acp_state_of("verifying", ACP_JARVIS));
	assert_string_equal(acp_upstream_word("AWAITING_APPROVAL"), "verifying");
	assert_null(acp_upstream_word("BLOCKED"));
	assert_string_equal(acp_event_name(ACP_CORE, "reject"), "approval_denied");
	assert_string_equal(acp_event_name(ACP_JARVIS, "reject"), "request_changes");
	assert_string_equal(acp_event_name(ACP_JARVIS, "approve"), "approve");
}

/* Denials that are not guards: the table, the reason, the snapshot's view,
 * a task instead of an agent. */
static void other_denials(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	rec x = OK;
	x.state = "AWAITING_APPROVAL";
	write_agent(&r, &x);
	char *old = fa_read(&r, AGENT);
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "reject", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "approval_denied needs a reason"));
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "start", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "core FSM"));
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "step_retry", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "not allowed from AWAITING_APPROVAL (only from ERROR)"));
	/* the agent moved after the operator looked */
	fa_load(&r, NOW);
	x.state = "EXECUTING_TASK";
	write_agent(&r, &x);
	char *moved = fa_read(&r, AGENT);
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "approve", NULL, NOW, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "is now in EXECUTING_TASK, not AWAITING_APPROVAL"));
	char *now = fa_read(&r, AGENT);
	assert_string_equal(now, moved);
	free(now);
	free(moved);
	/* fsm_data tasks are not driven from here */
	const lw_source *s = fa_source(&r, "acp");
	tx_request rq = { .subject = "t-1", .event = "approve", .as = "t", .now = fa_time(NOW) };
	assert_int_equal(lw_transition(r.proj.dir, s, &rq, &res), TX_USAGE);
	assert_non_null(strstr(res.message, "fsm_data task"));
	assert_ptr_equal(fa_task(&r, "acp", "t-1")->tx, &acp_tx_none);
	free(old);
	fa_close(&r);
}

/* Jarvis: reject is request_changes with its reason; block records
 * blocked_reason. A null or missing last_event gets the contract's record
 * (docs/systems/acp.md: a write updates state, last_event, updated); one that
 * is something else is left alone, with a note. */
static void jarvis_and_null_event(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	rec x = OK;
	x.fsm = "jarvis";
	x.state = "IN_PROGRESS";
	write_agent(&r, &x);
	fa_load(&r, NOW);
	tx_result res;
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "block", "waiting on the API key", NOW, &res), TX_DONE);
	char *now = fa_read(&r, AGENT);
	assert_non_null(strstr(now, "\"blocked_reason\": \"waiting on the API key\""));
	free(now);
	fa_load(&r, NOW);
	FA_EXPECT(&r, LW_WARN, "blocked", "Agent-2", "waiting on the API key");

	fa_write(&r, AGENT, "{\"schema_version\": 2, \"fsm\": \"core\", \"state\": \"BLOCKED\", \"last_event\": null,"
	                    " \"updated\": \"2026-02-20T14:00:00Z\"}\n");
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "dependency_ready", NULL, NOW, &res), TX_DONE);
	assert_string_equal(res.note, "");
	now = fa_read(&r, AGENT);
	assert_string_equal(now, "{\"schema_version\": 2, \"fsm\": \"core\", \"state\": \"EXECUTING_TASK\","
	                         " \"last_event\": {\"event\": \"dependency_ready\", \"from\": \"BLOCKED\","
	                         " \"to\": \"EXECUTING_TASK\", \"guard\": null, \"ts\": \"2026-02-20T15:00:00Z\"},"
	                         " \"updated\": \"2026-02-20T15:00:00Z\"}\n");
	free(now);
	fa_load(&r, NOW);
	assert_null(fa_find(&r, "illegal_transition", "Agent-2"));

	fa_write(&r, AGENT, "{\"schema_version\": 2, \"fsm\": \"core\", \"state\": \"BLOCKED\","
	                    " \"updated\": \"2026-02-20T14:00:00Z\"}\n");
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "dependency_ready", NULL, NOW, &res), TX_DONE);
	now = fa_read(&r, AGENT);
	assert_non_null(strstr(now, "\"updated\": \"2026-02-20T15:00:00Z\", \"last_event\": {\"event\": \"dependency_ready\""));
	free(now);

	fa_write(&r, AGENT, "{\"schema_version\": 2, \"fsm\": \"core\", \"state\": \"BLOCKED\", \"last_event\": \"x\","
	                    " \"updated\": \"2026-02-20T14:00:00Z\"}\n");
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "dependency_ready", NULL, NOW, &res), TX_DONE);
	assert_non_null(strstr(res.note, "last_event is not a mapping"));
	now = fa_read(&r, AGENT);
	assert_non_null(strstr(now, "\"last_event\": \"x\""));
	free(now);
	fa_close(&r);
}

/* has_valid_task also reads the task message waiting in the inbox. */
static void valid_task_from_inbox(void **state)
{
	(void)state;
	fa_run r;
	fa_open(&r);
	rec x = OK;
	x.state = "READY";
	x.task_criteria = false;
	write_agent(&r, &x);
	fa_copy_fixture(&r, "examples/acp/agent_workspaces_Agent-1_inbox_task_20250812_093416_Agent-1.json",
	               "agent_workspaces/Agent-2/inbox/task_20250812_093416_Agent-2.json");
	fa_load(&r, NOW);
	tx_result res;
	/* the inbox task is another task id: still not valid for t-1 */
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "task_received", NULL, NOW, &res), TX_DENIED);
	char *j = fa_read(&r, AGENT);
	char *fixed = with_value(j, "task_id", "t-1", "tp-validate-and-tighten-tests");
	fa_write(&r, AGENT, fixed);
	fa_load(&r, NOW);
	assert_int_equal(fa_tx(&r, "acp", "Agent-2", "task_received", NULL, NOW, &res), TX_DONE);
	free(fixed);
	free(j);
	fa_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_core_row),
		cmocka_unit_test(every_jarvis_row),
		cmocka_unit_test(each_guard_refuses),
		cmocka_unit_test(approval_without_evidence),
		cmocka_unit_test(upstream_round_trip),
		cmocka_unit_test(upstream_words),
		cmocka_unit_test(mapping),
		cmocka_unit_test(other_denials),
		cmocka_unit_test(jarvis_and_null_event),
		cmocka_unit_test(valid_task_from_inbox),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
