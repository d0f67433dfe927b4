/* test_agents_model.c — what the agents pane and the workflow row read
 * from each system: today's Liza's agents (provider, pid, health and its
 * reason, lease) and its sprint figures (Liza's own sprint.metrics when it
 * wrote them, else counted), Task Factory's execution leases as agents and
 * its activity events as records, Agent Cell Phone inbox counts, Liza's log
 * tail and human notes as records. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helper_proj.h"

static const lw_agent *agent(const lw_snapshot *s, const char *id)
{
	for (size_t i = 0; s && i < s->nagents; i++)
		if (strcmp(s->agents[i].id, id) == 0)
			return &s->agents[i];
	return NULL;
}

/* A fixture folder, whole, into the project. */
static void copy_dir(tp *p, const char *rel)
{
	const char *fx = getenv("LW_FIXTURES");
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "cp -r '%s/%s/.' '%s/'", fx && *fx ? fx : "tests/fixtures", rel, p->dir);
	assert_int_equal(system(cmd), 0);
}

static void liza_go_agents_and_sprint(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	copy_dir(&p, "liza-go/basic");
	tp_load(&p, "2026-11-25T10:00:00Z");
	const lw_snapshot *s = tp_snap(&p, "liza");
	assert_non_null(s);
	const lw_agent *a = agent(s, "coder-2");
	assert_non_null(a);
	assert_string_equal(a->provider, "codex");
	assert_string_equal(a->health, "degraded");
	assert_string_equal(a->health_reason, "provider quota low");
	assert_int_equal(a->pid, 4202);
	assert_true(a->lease_expires != 0);
	assert_null(agent(s, "coder-1")->health);   /* healthy: nothing to say */
	TP_CONTAINS(s->workflows[0].flags, "1 blocked");

	/* Liza's own figures win when it wrote them. */
	char *text = tp_read(&p, ".liza/state.yaml");
	char *at = strstr(text, "\nsprint:\n");
	assert_non_null(at);
	at += strlen("\nsprint:\n");
	char *edited = malloc(strlen(text) + 200);
	sprintf(edited, "%.*s  metrics:\n    tasks_blocked: 4\n    task_outcome_approval_rate_percent: 63\n%s",
	        (int)(at - text), text, at);
	tp_write(&p, ".liza/state.yaml", edited);
	tp_load(&p, "2026-11-25T10:00:00Z");
	TP_CONTAINS(tp_snap(&p, "liza")->workflows[0].flags, "4 blocked, 63% approval");
	free(text);
	free(edited);
	tp_close(&p);
}

static void foreman_leases_and_acp_inbox(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	copy_dir(&p, "hud/foreman-acp");
	tp_load(&p, "2026-02-20T14:22:00Z");
	const lw_snapshot *fm = tp_snap(&p, "foreman");
	assert_non_null(fm);
	assert_true(fm->nagents >= 1);
	assert_string_equal(fm->agents[0].task, "DEMO-2");
	assert_string_equal(fm->agents[0].role, "executor");
	assert_true(fm->nrecords >= 1);   /* activity.jsonl's state transitions */
	assert_string_equal(fm->records[fm->nrecords - 1].subject, "DEMO-2");
	const lw_agent *a5 = agent(tp_snap(&p, "acp"), "Agent-5");
	assert_non_null(a5);
	assert_int_equal(a5->inbox, 1);
	tp_close(&p);
}

static void liza_log_tail_and_notes(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_write(&p, ".liza/state.yaml",
	         "goal:\n  id: g\n  status: IN_PROGRESS\ntasks:\n  - id: t-1\n    description: x\n    status: DRAFT\n"
	         "human_notes:\n  - timestamp: 2026-01-20T10:05:00Z\n    message: look at t-1\n    for: t-1\n");
	/* 100 entries: the tail keeps the newest, oldest first. */
	char *log = malloc(100 * 96 + 1), *w = log;
	for (int i = 0; i < 100; i++)
		w += sprintf(w, "- timestamp: 2026-01-20T0%d:%02d:00Z\n  agent: a-%d\n  action: step\n", 8 + i / 60, i % 60, i);
	tp_write(&p, ".liza/log.yaml", log);
	tp_load(&p, "2026-01-20T10:10:00Z");
	const lw_snapshot *s = tp_snap(&p, "liza");
	assert_true(s->nrecords >= 2 && s->nrecords <= 65);
	assert_string_equal(s->records[s->nrecords - 1].kind, "note");   /* 10:05, the newest */
	assert_string_equal(s->records[s->nrecords - 1].text, "look at t-1");
	assert_string_equal(s->records[s->nrecords - 2].actor, "a-99");
	free(log);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(liza_go_agents_and_sprint),
		cmocka_unit_test(foreman_leases_and_acp_inbox),
		cmocka_unit_test(liza_log_tail_and_notes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
