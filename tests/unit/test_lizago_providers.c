/* test_lizago_providers.c — the provider cycle pass of today's Liza
 * (validateProviderDependencies) runs only once some task or output declares
 * provider waits (models.HasProviderDependencies): then a depends_on cycle is
 * reported twice, as a dependency cycle and as a provider dependency cycle,
 * each edge named by the cycle through it; without waits, only once. A task's
 * reservation on a provider with no output closes a cycle too; one on a
 * provider with output goes through children liza-watch cannot name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "helper_liza.h"

#define NOW "2026-11-25T10:00:00Z"

#define TASK(id, status, extra) \
	"  - {id: " id ", type: coding, role_pair: coding-pair, status: " status ", description: d,\n" \
	"     spec_ref: s.md, done_when: done, created: 2026-11-25T09:55:00Z, history: []" extra "}\n"
#define HANDOFF ", handoff_events: [{timestamp: 2026-11-25T09:30:00Z, agent: coder-1, trigger: submission},\n" \
	"     {timestamp: 2026-11-25T09:50:00Z, agent: coder-1, trigger: completion}]"

static const char *state_with(const char *tasks, const char *planned)
{
	static char buf[4096];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "pipeline_version: 1\n"
	         "goal: {id: g-1, description: d, spec_ref: s.md, status: IN_PROGRESS, created: 2026-11-25T09:00:00Z}\n"
	         "tasks:\n%s"
	         "agents: {}\n"
	         "sprint: {id: s-1, goal_ref: g-1, status: IN_PROGRESS, scope: {planned: [%s]},\n"
	         "         timeline: {started: 2026-11-25T09:00:00Z}}\n"
	         "circuit_breaker: {status: OK}\n"
	         "config: {heartbeat_interval: 60, lease_duration: 1800, integration_branch: integration, mode: PAUSED}\n",
	         tasks, planned);
	return buf;
}

static void run(th_run *r, const char *tasks, const char *planned)
{
	th_open(r);
	th_write(r, "pipeline.yaml", th_go_pipeline);
	th_write(r, "state.yaml", state_with(tasks, planned));
	assert_int_equal(th_load(r, NOW), 0);
}

static void a_cycle_is_a_provider_cycle_only_once_waits_are_declared(void **state)
{
	(void)state;
	th_run r;
	run(&r, TASK("a", "DRAFT_CODE", ", depends_on: [b]") TASK("b", "DRAFT_CODE", ", depends_on: [a]"), "a, b");
	if (th_count(&r, "invalid_state") != 2)
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 2);   /* the two dependency_cycle edges */
	th_close(&r);

	run(&r, TASK("a", "DRAFT_CODE", ", depends_on: [b]") TASK("b", "DRAFT_CODE", ", depends_on: [a]")
	        TASK("c", "MERGED", ", provider_dependencies: [{provider_task: a, transition: t, outputs: [0]}]" HANDOFF),
	    "a, b, c");
	if (th_count(&r, "invalid_state") != 4)
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 4);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a",
	          "provider dependency cycle a -> b -> a: circular dependency detected: a eventually depends on itself");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "b",
	          "provider dependency cycle b -> a -> b: circular dependency detected: b eventually depends on itself");
	th_close(&r);
}

static void a_reservation_on_a_provider_without_output_is_an_edge(void **state)
{
	(void)state;
	th_run r;
	/* a waits for b; b reserves a, which has written no output: a cycle */
	run(&r, TASK("a", "DRAFT_CODE", ", depends_on: [b]")
	        TASK("b", "DRAFT_CODE", ", provider_reservations: [{provider_task: a, transition: t}]"), "a, b");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a", "provider dependency cycle a -> b -> a");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "b", "provider dependency cycle b -> a -> b");
	th_close(&r);

	/* a provider that wrote output is reserved through the children its
	 * transition projects, which liza-watch does not read: no edge here */
	run(&r, TASK("a", "DRAFT_CODE", ", depends_on: [b], output: [{desc: o, done_when: w, scope: s, spec_ref: s.md}]")
	        TASK("b", "DRAFT_CODE", ", provider_reservations: [{provider_task: a, transition: t}]"), "a, b");
	if (th_count(&r, "invalid_state"))
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 0);
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_cycle_is_a_provider_cycle_only_once_waits_are_declared),
		cmocka_unit_test(a_reservation_on_a_provider_without_output_is_an_edge),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
