/* test_agent_stale.c — an agent going stale, in every system that has
 * agents, is judged by that system's own check (its threshold, the one
 * clock): before the instant, no alert and a deadline at it (the timed
 * recheck that notices it, with no file changed); after it, the alert
 * names the agent (lw_alert.agent, an id of the agents pane), and raised
 * it is an agent_stale line of the activity feed about that agent before
 * the alert's own line. */
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

static const lw_alert *stale_alert(const tp *p, const char *system, const char *agent)
{
	for (size_t i = 0; i < p->al.n; i++)
		if (strcmp(p->al.v[i].system, system) == 0 && p->al.v[i].agent && strcmp(p->al.v[i].agent, agent) == 0)
			return &p->al.v[i];
	return NULL;
}

/* Fresh at before (no alert naming an agent, a deadline registered at or
 * before after), stale at after: code about agent, and the feed says so. */
static void judged(tp *p, const char *system, const char *before, const char *after, const char *code,
                   const char *agent)
{
	tp_load(p, before);
	assert_null(stale_alert(p, system, agent));
	time_t at;
	assert_int_equal(lw_parse_time(after, &at), 0);
	assert_true(p->ctx.next_deadline != LW_NO_TIME && p->ctx.next_deadline <= at);

	tp_load(p, after);
	const lw_alert *al = stale_alert(p, system, agent);
	if (!al)
		tp_dump(p);
	assert_non_null(al);
	assert_string_equal(al->code, code);
	assert_string_equal(al->agent, agent);
	/* The agent it names is a row of the agents pane. */
	const lw_snapshot *s = tp_snap(p, system);
	bool row = false;
	for (size_t i = 0; i < s->nagents; i++)
		row |= strcmp(s->agents[i].id, agent) == 0;
	assert_true(row);
	/* A copy keeps it (the HUD and `events --follow` copy the alerts they keep). */
	lw_alerts kept;
	lw_alerts_init(&kept);
	const lw_alert *c = lw_alerts_add_copy(&kept, al);
	assert_string_equal(c->agent, agent);

	lw_activity act;
	lw_activity_init(&act, 8);
	lw_activity_alert(&act, c, true, at);
	assert_int_equal(act.n, 2);
	const lw_event *e = lw_activity_get(&act, 0);
	assert_int_equal(e->kind, LW_EV_AGENT_STALE);
	assert_string_equal(lw_event_kind_name(e->kind), "agent_stale");
	assert_string_equal(e->system, system);
	assert_string_equal(e->subject, agent);
	assert_string_equal(e->from, code);
	assert_string_equal(e->to, al->message);
	assert_int_equal(lw_activity_get(&act, 1)->kind, LW_EV_ALERT_RAISED);
	/* Cleared, it is the alert's line alone. */
	lw_activity_alert(&act, c, false, at + 1);
	assert_int_equal(act.n, 3);
	assert_int_equal(lw_activity_get(&act, 2)->kind, LW_EV_ALERT_CLEARED);
	lw_activity_free(&act);
	lw_alerts_free(&kept);
}

static void liza_heartbeat(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "hud/basic/.liza/state.yaml", ".liza/state.yaml");
	tp_copy_fixture(&p, "hud/basic/.liza/log.yaml", ".liza/log.yaml");
	judged(&p, "liza", "2026-01-20T10:20:00Z", "2026-01-21T10:20:00Z", "agent_stale", "coder-1");
	tp_close(&p);
}

static void liza_go_lease(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "liza-go/basic/.liza/state.yaml", ".liza/state.yaml");
	tp_copy_fixture(&p, "liza-go/basic/.liza/pipeline.yaml", ".liza/pipeline.yaml");
	tp_copy_fixture(&p, "liza-go/basic/.liza/log.yaml", ".liza/log.yaml");
	judged(&p, "liza", "2026-11-25T10:00:00Z", "2026-11-26T10:00:00Z", "lease_expired", "coder-2");
	tp_close(&p);
}

static void rcs_worker(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_write(&p, ".rcs/state/skill-active-state.json", "{ \"active_skills\": [ {\"skill\": \"team\"} ] }\n");
	tp_write(&p, ".rcs/state/team-state.json", "{ \"active\": true, \"team_name\": \"t\" }\n");
	tp_write(&p, ".rcs/state/team/t/tasks/task-4.json", "{ \"id\": \"4\", \"subject\": \"link\", \"status\": \"pending\" }");
	tp_write(&p, ".rcs/state/team/t/workers/w1/status.json", "{ \"state\": \"working\", \"current_task_id\": \"4\" }");
	tp_write(&p, ".rcs/state/team/t/workers/w1/heartbeat.json", "{ \"last_turn_at\": \"2026-04-09T00:55:00Z\" }");
	judged(&p, "rcs", "2026-04-09T00:56:00Z", "2026-04-09T01:00:00Z", "worker_stale", "w1");
	tp_close(&p);
}

static void acp_update(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "hud/foreman-acp/agent_workspaces/Agent-5/state.json", "agent_workspaces/Agent-5/state.json");
	judged(&p, "acp", "2026-02-20T14:06:00Z", "2026-02-21T14:06:00Z", "agent_stale", "Agent-5");
	tp_close(&p);
}

static void foreman_lease(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_copy_fixture(&p, "hud/foreman-acp/.taskfactory/tasks/demo-2/task.yaml", ".taskfactory/tasks/demo-2/task.yaml");
	tp_copy_fixture(&p, "hud/foreman-acp/.taskfactory/factory/execution-leases.json",
	                ".taskfactory/factory/execution-leases.json");
	/* The pane names a lease by its owner. */
	judged(&p, "foreman", "2026-02-20T14:22:00Z", "2026-02-20T14:30:00Z", "lease_stale", "myhost:41234");
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(liza_heartbeat), cmocka_unit_test(liza_go_lease), cmocka_unit_test(rcs_worker),
		cmocka_unit_test(acp_update),     cmocka_unit_test(foreman_lease),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
