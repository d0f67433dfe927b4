/* test_activity.c — what changed between two loads of a real project (a
 * Liza state edited in place, a log appended, a task added, an agent
 * gone), the ring's bound, the time in status kept from the change seen,
 * and the diff's cost: a reused parse is passed over by pointer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/model/activity.h"
#include "helper_proj.h"

static const char state[] =
	"goal:\n  id: g\n  status: IN_PROGRESS\n"
	"agents:\n  coder-1:\n    role: coder\n    status: WORKING\n    current_task: t-1\n"
	"  coder-2:\n    role: coder\n    status: IDLE\n"
	"tasks:\n"
	"  - id: t-1\n    description: one\n    status: UNCLAIMED\n"
	"  - id: t-2\n    description: two\n    status: DRAFT\n";
static const char log0[] = "- timestamp: 2026-01-20T10:00:00Z\n  agent: system\n  action: initialized\n";

static const lw_event *find(const lw_activity *a, lw_event_kind k, const char *subject)
{
	for (size_t i = 0; i < a->n; i++) {
		const lw_event *e = lw_activity_get(a, i);
		if (e->kind == k && strcmp(e->subject, subject) == 0)
			return e;
	}
	return NULL;
}

static char *replace(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	assert_non_null(at);
	char *r = malloc(strlen(s) + strlen(to) + 1);
	sprintf(r, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	return r;
}

static void changes_between_loads(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_write(&p, ".liza/state.yaml", state);
	tp_write(&p, ".liza/log.yaml", log0);
	lw_activity a;
	lw_activity_init(&a, 64);
	assert_int_equal(tp_load(&p, "2026-01-20T10:05:00Z"), 0);
	p.proj.activity = &a;
	assert_int_equal(tp_load(&p, "2026-01-20T10:05:00Z"), 0);
	assert_int_equal(a.n, 0);   /* nothing changed, nothing said */

	/* Another writer: a status, an assignment, an agent gone, a task added, a log entry. */
	char *s1 = replace(state, "status: UNCLAIMED\n", "status: CLAIMED\n    assigned_to: coder-1\n");
	char *s2 = replace(s1, "  coder-2:\n    role: coder\n    status: IDLE\n", "");
	char *s3 = malloc(strlen(s2) + 64);
	sprintf(s3, "%s  - id: t-3\n    description: three\n    status: DRAFT\n", s2);
	tp_write(&p, ".liza/state.yaml", s3);
	char log1[512];
	snprintf(log1, sizeof log1, "%s- timestamp: 2026-01-20T10:06:00Z\n  agent: coder-1\n  action: claimed\n  task: t-1\n",
	         log0);
	tp_write(&p, ".liza/log.yaml", log1);
	tp_load(&p, "2026-01-20T10:07:00Z");

	const lw_event *e = find(&a, LW_EV_STATUS, "t-1");
	assert_non_null(e);
	assert_string_equal(e->from, "UNCLAIMED");
	assert_string_equal(e->to, "CLAIMED");
	assert_non_null(e = find(&a, LW_EV_ASSIGN, "t-1"));
	assert_string_equal(e->to, "coder-1");
	assert_non_null(find(&a, LW_EV_TASK_NEW, "t-3"));
	assert_non_null(find(&a, LW_EV_AGENT_GONE, "coder-2"));
	assert_non_null(e = find(&a, LW_EV_LOG, "t-1"));
	assert_string_equal(e->from, "coder-1");
	assert_string_equal(e->to, "claimed");
	assert_null(find(&a, LW_EV_LOG, "-"));   /* the old entry is not new */

	/* The time in status: the change seen, for a task whose history says nothing. */
	const lw_snapshot *snap = tp_snap(&p, "liza");
	assert_int_equal(lw_activity_since(&a, NULL, &snap->tasks[0]), find(&a, LW_EV_STATUS, "t-1")->time);
	assert_int_equal(lw_activity_since(&a, NULL, &snap->tasks[1]), a.started);   /* as at the first diff */

	/* JSON: one object a line with every field. */
	strbuf j;
	strbuf_init(&j);
	lw_event_json(find(&a, LW_EV_STATUS, "t-1"), &j);
	TP_CONTAINS(j.buf, "\"system\": \"liza\"", "\"kind\": \"status\"", "\"from\": \"UNCLAIMED\"",
	            "\"to\": \"CLAIMED\"", "\"time\": \"", "\"project\": null");
	strbuf_free(&j);
	free(s1);
	free(s2);
	free(s3);
	p.proj.activity = NULL;
	lw_activity_free(&a);
	tp_close(&p);
}

static void the_ring_keeps_the_newest(void **st)
{
	(void)st;
	lw_activity a;
	lw_activity_init(&a, 4);
	char s[16];
	for (int i = 0; i < 10; i++) {
		snprintf(s, sizeof s, "t-%d", i);
		lw_activity_add(&a, i, LW_EV_STATUS, NULL, "liza", s, "A", "B");
	}
	assert_int_equal(a.n, 4);
	assert_int_equal(a.total, 10);
	assert_string_equal(lw_activity_get(&a, 0)->subject, "t-6");
	assert_string_equal(lw_activity_get(&a, 3)->subject, "t-9");
	assert_null(lw_activity_seq(&a, 5));   /* left the ring */
	assert_string_equal(lw_activity_seq(&a, 7)->subject, "t-7");
	assert_null(lw_activity_seq(&a, 10));  /* yet to come */
	lw_activity_free(&a);
}

/* A line's strings are cut where the fixed fields used to cut them and
 * are never NULL; the oldest line's memory goes with it (LeakSanitizer). */
static void a_line_is_cut_as_before_and_freed_with_the_ring(void **st)
{
	(void)st;
	lw_activity a;
	lw_activity_init(&a, 2);
	char big[400];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	for (int i = 0; i < 5; i++)
		lw_activity_add(&a, i, LW_EV_LOG, big, big, big, big, big);
	const lw_event *e = lw_activity_get(&a, 1);
	assert_int_equal(strlen(e->project), 63);
	assert_int_equal(strlen(e->system), 15);
	assert_int_equal(strlen(e->subject), 127);
	assert_int_equal(strlen(e->from), 95);
	assert_int_equal(strlen(e->to), 255);
	lw_activity_add(&a, 9, LW_EV_NOTE, NULL, NULL, "t-1", NULL, "");
	e = lw_activity_get(&a, 1);
	assert_string_equal(e->project, "");
	assert_string_equal(e->system, "");
	assert_string_equal(e->subject, "t-1");
	assert_string_equal(e->from, "");
	assert_string_equal(e->to, "");
	assert_int_equal(strlen(lw_activity_get(&a, 0)->to), 255);
	lw_activity_free(&a);
}

/* Two snapshots whose tasks share their strings (a reused parse): the diff
 * finds nothing and looks at no string; one task changed is found. */
static void a_reused_parse_costs_a_pointer_each(void **st)
{
	(void)st;
	enum { N = 10000 };
	lw_snapshot *a = lw_snapshot_new(), *b = lw_snapshot_new();
	a->tasks = calloc(N, sizeof *a->tasks);
	b->tasks = calloc(N, sizeof *b->tasks);
	char (*ids)[16] = malloc(N * sizeof *ids);
	for (int i = 0; i < N; i++) {
		snprintf(ids[i], sizeof ids[i], "t-%d", i);
		a->tasks[i] = (lw_task){ .system = "liza", .id = ids[i], .status = "DRAFT" };
	}
	memcpy(b->tasks, a->tasks, N * sizeof *a->tasks);
	a->ntasks = b->ntasks = N;
	b->tasks[4321].status = "CLAIMED";
	lw_activity act;
	lw_activity_init(&act, 16);
	lw_activity_diff(&act, NULL, "liza", a, b, 100);
	assert_int_equal(act.n, 1);
	assert_string_equal(lw_activity_get(&act, 0)->subject, "t-4321");
	/* The loader said which task its one-task edit re-parsed: that one alone is looked at. */
	b->tasks_reused = true;
	b->task_changed = 4321;
	lw_activity_diff(&act, NULL, "liza", a, b, 101);
	assert_int_equal(act.n, 2);
	assert_string_equal(lw_activity_get(&act, 1)->to, "CLAIMED");
	b->task_changed = SIZE_MAX;   /* none changed (only the log did) */
	lw_activity_diff(&act, NULL, "liza", a, b, 102);
	assert_int_equal(act.n, 2);
	lw_activity_free(&act);
	free(a->tasks);
	free(b->tasks);
	a->tasks = b->tasks = NULL;
	a->ntasks = b->ntasks = 0;
	free(ids);
	lw_snapshot_free(a);
	lw_snapshot_free(b);
}

/* A message into an agent's inbox (Agent Cell Phone) that is no record
 * of its own (past what a load reads) is a line: the count. */
static void an_inbox_message_is_a_line(void **st)
{
	(void)st;
	lw_snapshot *a = lw_snapshot_new(), *b = lw_snapshot_new();
	lw_agent was = { .system = "acp", .id = "Agent-5", .status = "IDLE", .inbox = 1 }, now = was;
	now.inbox = 2;
	a->agents = &was;
	b->agents = &now;
	a->nagents = b->nagents = 1;
	lw_activity act;
	lw_activity_init(&act, 8);
	lw_activity_diff(&act, NULL, "acp", a, b, 100);
	assert_int_equal(act.n, 1);
	assert_int_equal(lw_activity_get(&act, 0)->kind, LW_EV_MESSAGE);
	assert_string_equal(lw_activity_get(&act, 0)->to, "inbox 2 (+1)");
	lw_activity_free(&act);
	a->agents = b->agents = NULL;
	a->nagents = b->nagents = 0;
	lw_snapshot_free(a);
	lw_snapshot_free(b);
}

/* Agent Cell Phone's inbox messages are records: a new one is a line with
 * its sender and one line of what it says (folded, cut), in the feed and
 * never twice; one with no time of its own comes too (by its file's
 * time), and so does one of the same second that sorts before the last. */
static void inbox_messages_say_who_and_what(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_write(&p, "agent_workspaces/Agent-1/state.json",
	         "{\"state\": \"idle\", \"updated\": \"2026-02-20T14:05:00\", \"schema_version\": 1}\n");
	tp_write(&p, "agent_workspaces/Agent-1/inbox/msg_1.json",
	         "{\"type\": \"task\", \"from\": \"Agent-5\", \"timestamp\": \"2026-02-20T14:00:00\", \"intent\": \"old\"}\n");
	lw_activity a;
	lw_activity_init(&a, 64);
	tp_load(&p, "2026-02-20T14:06:00Z");
	const lw_snapshot *s = tp_snap(&p, "acp");
	assert_int_equal(s->nrecords, 1);
	assert_string_equal(s->records[0].actor, "Agent-5");
	assert_string_equal(s->records[0].text, "task: old");
	p.proj.activity = &a;

	/* A message whose summary runs over lines, with a control character and far past a line. */
	char long_msg[2048], words[1200] = "";
	for (int i = 0; i < 100; i++)
		strcat(words, "word ");
	snprintf(long_msg, sizeof long_msg,
	         "{\"type\": \"fsm_update\", \"from\": \"Agent-3\", \"timestamp\": \"2026-02-20T14:07:00Z\","
	         " \"task_id\": \"t-9\", \"summary\": \"first line\\n\\tsecond\\u001b[2J line %s\"}\n", words);
	tp_write(&p, "agent_workspaces/Agent-1/inbox/msg_2.json", long_msg);
	tp_load(&p, "2026-02-20T14:08:00Z");
	assert_int_equal(a.n, 1);   /* the message alone: no "inbox 2 (+1)" beside it */
	const lw_event *e = find(&a, LW_EV_MESSAGE, "Agent-1");
	assert_non_null(e);
	assert_string_equal(e->from, "Agent-3");
	assert_true(strncmp(e->to, "fsm_update: first line second [2J line word word", 48) == 0);
	assert_null(strchr(e->to, '\n'));
	assert_null(strchr(e->to, '\x1b'));
	assert_true(strlen(e->to) <= 120);
	assert_non_null(strstr(e->to, "…"));
	char tb[32];
	assert_string_equal(lw_format_time(e->time, tb, sizeof tb), "2026-02-20T14:07:00Z");   /* its own time */

	/* Reloaded with nothing new: nothing said. */
	tp_load(&p, "2026-02-20T14:09:00Z");
	assert_int_equal(a.n, 1);

	/* No time of its own (a heartbeat envelope's sender is `agent`): seen now. */
	tp_write(&p, "agent_workspaces/Agent-1/inbox/zz_untimed.json", "{\"type\": \"heartbeat\", \"agent\": \"Agent-2\"}\n");
	tp_load(&p, "2026-02-20T14:10:00Z");
	assert_int_equal(a.n, 2);
	e = lw_activity_get(&a, 1);
	assert_int_equal(e->kind, LW_EV_MESSAGE);
	assert_string_equal(e->from, "Agent-2");
	assert_string_equal(e->to, "heartbeat");

	/* The same second as the newest, sorting before it by name: still new. */
	tp_write(&p, "agent_workspaces/Agent-1/inbox/a_same_second.json",
	         "{\"type\": \"verify\", \"from\": \"Agent-4\", \"timestamp\": \"2026-02-20T14:07:00Z\", \"text\": \"check\"}\n");
	tp_load(&p, "2026-02-20T14:11:00Z");
	assert_int_equal(a.n, 3);
	assert_string_equal(lw_activity_get(&a, 2)->to, "verify: check");

	/* One taken away (processed) while another comes: the new one alone. */
	tp_remove(&p, "agent_workspaces/Agent-1/inbox/zz_untimed.json");
	tp_write(&p, "agent_workspaces/Agent-1/inbox/msg_3.json",
	         "{\"type\": \"task\", \"from\": \"Agent-5\", \"timestamp\": \"2026-02-20T14:12:00Z\", \"topic\": \"next\"}\n");
	tp_load(&p, "2026-02-20T14:12:00Z");
	assert_int_equal(a.n, 4);
	assert_string_equal(lw_activity_get(&a, 3)->to, "task: next");
	p.proj.activity = NULL;
	lw_activity_free(&a);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(changes_between_loads),
		cmocka_unit_test(the_ring_keeps_the_newest),
		cmocka_unit_test(a_line_is_cut_as_before_and_freed_with_the_ring),
		cmocka_unit_test(a_reused_parse_costs_a_pointer_each),
		cmocka_unit_test(an_inbox_message_is_a_line),
		cmocka_unit_test(inbox_messages_say_who_and_what),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
