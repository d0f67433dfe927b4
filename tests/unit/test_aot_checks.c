/* test_aot_checks.c — the alert codes of docs/systems/aot.md beyond
 * invalid_state: iteration and stall thresholds, the operator's flags, a
 * stopped loop, a deadlock, and the /enter-recursion gate. None of them
 * depends on the clock, so none registers a deadline. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/aot/aot.h"
#include "tests/unit/helper_proj.h"

#define NOW "2026-04-09T00:20:00Z"
#define FILE_ ".claude/aot-loop-state.md"

static const char ready_atoms[] = "  - {id: A1, status: resolved}\n  - {id: A2, status: pending, depends_on: [A1]}\n";

static void loop(tp *p, const char *status, int iteration, int stall, const char *control_extra, const char *atoms)
{
	char buf[4096];
	snprintf(buf, sizeof buf,
	         "---\n"
	         "objective:\n  goal: g\n  base_case: {checklist: [{item: t, check: {type: command, value: make}}]}\n"
	         "  background_intent: b\n  deliverables: d\n  definition_of_done: done\n"
	         "  constraints: {max_iterations: 10, max_stall_count: 3}\n"
	         "control:\n  status: %s\n  iteration: %d\n  stall_count: %d\n%s"
	         "atoms:\n%s"
	         "---\n# Original Prompt\n",
	         status, iteration, stall, control_extra ? control_extra : "", atoms ? atoms : ready_atoms);
	tp_write(p, FILE_, buf);
}

static size_t alerts_after(tp *p, const char *status, int iteration, int stall, const char *extra, const char *atoms)
{
	loop(p, status, iteration, stall, extra, atoms);
	assert_int_equal(tp_load(p, NOW), 0);
	assert_int_equal(p->ctx.next_deadline, LW_NO_TIME);
	return tp_count(p, "aot", NULL);
}

static void iterations(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	assert_int_equal(alerts_after(&p, "running", 7, 0, NULL, NULL), 0);
	assert_int_equal(alerts_after(&p, "running", 8, 0, NULL, NULL), 1);
	TP_EXPECT(&p, LW_WARN, "aot", "iterations_warning", "control", "iteration 8 of 10 (limit in 2)");
	assert_int_equal(alerts_after(&p, "running", 10, 0, NULL, NULL), 1);
	TP_EXPECT(&p, LW_CRIT, "aot", "iterations_cliff", "control", "iteration 10 of 10: at the limit");
	/* Only while running. */
	alerts_after(&p, "completed", 10, 0, NULL, NULL);
	TP_NONE(&p, "aot", "iterations_cliff", NULL);
	tp_close(&p);
}

/* As the SubagentStop hook counts: a stall is an iteration that left as
 * many unresolved atoms as prev_pending_count; the loop stops when the
 * count reaches max_stall_count, so the alert names the next iteration. */
static void stalls(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	const char *stuck = "  prev_pending_count: 1\n";   /* A2 still unresolved: no progress */
	assert_int_equal(alerts_after(&p, "running", 1, 0, stuck, NULL), 0);
	assert_int_equal(alerts_after(&p, "running", 1, 1, stuck, NULL), 1);
	TP_EXPECT(&p, LW_WARN, "aot", "stall_warning", "control", "stalled 1 times in a row, 2 at the next iteration");
	assert_int_equal(alerts_after(&p, "running", 1, 2, stuck, NULL), 1);
	TP_EXPECT(&p, LW_CRIT, "aot", "stall_cliff", "control", "stalled 2 times in a row, 3 at the next iteration");
	/* Progress resets the count: stall_count 3 but one atom fewer. */
	assert_int_equal(alerts_after(&p, "running", 1, 3, "  prev_pending_count: 2\n", NULL), 0);
	/* The first iteration (prev_pending_count -1 or absent) is never a stall. */
	assert_int_equal(alerts_after(&p, "running", 1, 3, NULL, NULL), 0);
	/* Only a running loop is counted. */
	assert_int_equal(alerts_after(&p, "pending", 0, 2, stuck, NULL), 0);
	alerts_after(&p, "running", 1, 3, stuck, NULL);
	assert_non_null(strstr(tp_snap(&p, "aot")->workflows[0].flags, "STALL 3/3"));
	assert_string_equal(tp_snap(&p, "aot")->status_segment, "1/10 stall 3/3");
	tp_close(&p);
}

static void operator_flags_and_stopped(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	alerts_after(&p, "running", 1, 0, "  stop_requested: true\n  stop_reason: \"tests look done\"\n"
	             "  redirect_requested: true\n", NULL);
	TP_EXPECT(&p, LW_INFO, "aot", "stop_requested", "control", "stop requested: tests look done");
	TP_EXPECT(&p, LW_INFO, "aot", "redirect_requested", "control", NULL);
	const char *flags = tp_snap(&p, "aot")->workflows[0].flags;
	TP_CONTAINS(flags, "STOP-REQUESTED", "REDIRECT");
	/* Once stopped the requests are done; the stop itself is the alert. */
	alerts_after(&p, "stopped", 1, 0, "  stop_requested: true\n  stop_reason: \"All OR branches exhausted\"\n"
	             "  redirect_requested: true\n", NULL);
	TP_NONE(&p, "aot", "stop_requested", NULL);
	TP_NONE(&p, "aot", "redirect_requested", NULL);
	TP_EXPECT(&p, LW_WARN, "aot", "stopped", "control", "the loop stopped: All OR branches exhausted");
	assert_string_equal(tp_snap(&p, "aot")->status_segment, "stopped 1/10 stall 0/3");
	tp_close(&p);
}

static void deadlock(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	/* Pending atoms wait on one that is pending too but depends on a
	 * missing atom: nothing can run and nothing runs. */
	static const char stuck[] =
		"  - {id: A1, status: pending, depends_on: [A0]}\n  - {id: A2, status: pending, depends_on: [A1]}\n";
	alerts_after(&p, "running", 1, 0, NULL, stuck);
	TP_EXPECT(&p, LW_WARN, "aot", "no_executable_atoms", "atoms", "2 atoms pending (A1, A2) and none executable");
	/* Something in progress can still unblock them: not a deadlock. */
	static const char waiting[] =
		"  - {id: A1, status: in_progress}\n  - {id: A2, status: pending, depends_on: [A1]}\n";
	assert_int_equal(alerts_after(&p, "running", 1, 0, NULL, waiting), 0);
	/* Not running: not reported. */
	alerts_after(&p, "stopped", 1, 0, NULL, stuck);
	TP_NONE(&p, "aot", "no_executable_atoms", NULL);
	/* All resolved: nothing pending. */
	assert_int_equal(alerts_after(&p, "running", 1, 0, NULL, "  - {id: A1, status: resolved}\n"), 0);
	tp_close(&p);
}

static void gate(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	/* Filled objective, one atom: ready. */
	assert_int_equal(alerts_after(&p, "pending", 0, 0, NULL, NULL), 0);
	tp_write(&p, FILE_,
	         "---\nobjective:\n  goal: \"\"\n  base_case: {}\n  deliverables: d\ncontrol: {status: pending}\n"
	         "atoms: [{id: A1, status: pending}]\n---\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_EXPECT(&p, LW_INFO, "aot", "gate_not_ready", "control",
	          "missing goal, base_case, background_intent, definition_of_done");
	/* Once running the gate has been passed. */
	tp_write(&p, FILE_, "---\nobjective: {goal: \"\"}\ncontrol: {status: running}\natoms: [{id: A1, status: pending}]\n---\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	TP_NONE(&p, "aot", "gate_not_ready", NULL);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(iterations),
		cmocka_unit_test(stalls),
		cmocka_unit_test(operator_flags_and_stopped),
		cmocka_unit_test(deadlock),
		cmocka_unit_test(gate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
