/* test_foreman_rules.c — the seed's State Contract as tables: mode
 * resolution for every row (and every combination the rows cover), tools
 * per mode, and the phase table cell by cell against the seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "systems/foreman/foreman.h"
#include "tests/unit/helper_fa.h"

/* Mode resolution, row by row of the seed. */
static void mode_rows(void **state)
{
	(void)state;
	/* backlog + running + no plan -> task_planning */
	assert_int_equal(foreman_mode_of(FP_BACKLOG, PS_RUNNING, false), FM_TASK_PLANNING);
	/* executing -> task_execution, whatever planning says */
	for (int p = 0; p < PS_COUNT; p++)
		for (int plan = 0; plan < 2; plan++)
			assert_int_equal(foreman_mode_of(FP_EXECUTING, (fm_planning)p, plan), FM_TASK_EXECUTION);
	/* complete -> task_complete */
	for (int p = 0; p < PS_COUNT; p++)
		assert_int_equal(foreman_mode_of(FP_COMPLETE, (fm_planning)p, false), FM_TASK_COMPLETE);
	/* ready, archived -> task_complete */
	for (int p = 0; p < PS_COUNT; p++)
		for (int plan = 0; plan < 2; plan++) {
			assert_int_equal(foreman_mode_of(FP_READY, (fm_planning)p, plan), FM_TASK_COMPLETE);
			assert_int_equal(foreman_mode_of(FP_ARCHIVED, (fm_planning)p, plan), FM_TASK_COMPLETE);
		}
	/* backlog with a plan, or with a planning error -> task_complete */
	assert_int_equal(foreman_mode_of(FP_BACKLOG, PS_RUNNING, true), FM_TASK_COMPLETE);
	assert_int_equal(foreman_mode_of(FP_BACKLOG, PS_COMPLETED, true), FM_TASK_COMPLETE);
	assert_int_equal(foreman_mode_of(FP_BACKLOG, PS_ERROR, false), FM_TASK_COMPLETE);
	assert_int_equal(foreman_mode_of(FP_BACKLOG, PS_ERROR, true), FM_TASK_COMPLETE);
	/* what upstream's resolveTaskMode falls through to: backlog, no plan, not running */
	assert_int_equal(foreman_mode_of(FP_BACKLOG, PS_NONE, false), FM_TASK_COMPLETE);
	assert_string_equal(foreman_mode_name(FM_FOREMAN), "foreman");
	assert_string_equal(foreman_mode_name(FM_TASK_PLANNING), "task_planning");
}

/* The loader applies it: each row through a real task.yaml. */
static void mode_rows_loaded(void **state)
{
	(void)state;
	static const struct { const char *phase, *planning; bool plan; const char *mode; } rows[] = {
		{ "backlog", "running", false, "task_planning" },
		{ "executing", "completed", true, "task_execution" },
		{ "complete", "completed", true, "task_complete" },
		{ "ready", "completed", true, "task_complete" },
		{ "archived", NULL, false, "task_complete" },
		{ "backlog", "completed", true, "task_complete" },
		{ "backlog", "error", false, "task_complete" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		fa_run r;
		fa_open(&r);
		char yaml[512];
		snprintf(yaml, sizeof yaml, "id: M-1\ntitle: t\nphase: %s\n%s%s%sacceptanceCriteria:\n  - c\n%s", rows[i].phase,
		         rows[i].planning ? "planningStatus: " : "", rows[i].planning ? rows[i].planning : "",
		         rows[i].planning ? "\n" : "", rows[i].plan ? "plan:\n  goal: g\n  steps: [a]\n" : "");
		fa_write(&r, ".taskfactory/tasks/m-1/task.yaml", yaml);
		fa_load(&r, "2026-02-20T14:00:00Z");
		const fm_state *st = fa_source(&r, "foreman")->good->sys;
		assert_int_equal(st->ntasks, 1);
		assert_string_equal(foreman_mode_name(st->tasks[0].mode), rows[i].mode);
		strbuf b;
		strbuf_init(&b);
		foreman_detail(fa_source(&r, "foreman"), fa_task(&r, "foreman", "M-1"), r.ctx.now, &b);
		char want[64];
		snprintf(want, sizeof want, "mode %s\n", rows[i].mode);
		assert_non_null(strstr(b.buf, want));
		strbuf_free(&b);
		fa_close(&r);
	}
}

static void tools_per_mode(void **state)
{
	(void)state;
	assert_string_equal(foreman_tools_allowed(FM_TASK_PLANNING), "read, bash, save_plan");
	assert_string_equal(foreman_tools_forbidden(FM_TASK_PLANNING), "edit, write, task_complete, web_search, web_fetch");
	assert_string_equal(foreman_tools_allowed(FM_TASK_EXECUTION), "read, bash, edit, write, task_complete, attach_task_file");
	assert_string_equal(foreman_tools_forbidden(FM_TASK_EXECUTION), "save_plan, web_search, web_fetch");
	assert_string_equal(foreman_tools_allowed(FM_TASK_COMPLETE), "read, bash, edit, write, attach_task_file");
	assert_string_equal(foreman_tools_forbidden(FM_TASK_COMPLETE), "save_plan, task_complete, web_search, web_fetch");
	assert_non_null(strstr(foreman_tools_allowed(FM_FOREMAN), "factory_control"));
	assert_string_equal(foreman_tools_forbidden(FM_FOREMAN), "edit, write, save_plan, task_complete");
	/* No tool is both allowed and forbidden in one mode. */
	for (int m = 0; m < FM_COUNT; m++) {
		char allowed[512];
		snprintf(allowed, sizeof allowed, ", %s,", foreman_tools_allowed((fm_mode)m));
		char forb[512];
		snprintf(forb, sizeof forb, "%s", foreman_tools_forbidden((fm_mode)m));
		for (char *tok = strtok(forb, ", "); tok; tok = strtok(NULL, ", ")) {
			char needle[64];
			snprintf(needle, sizeof needle, " %s,", tok);
			assert_null(strstr(allowed, needle));
		}
	}
}

/* The seed's "Allowed phase transitions", cell by cell. */
static void table_cells(void **state)
{
	(void)state;
	static const char *const allowed[FP_COUNT] = {
		[FP_BACKLOG] = "ready executing complete archived",
		[FP_READY] = "backlog executing archived",
		[FP_EXECUTING] = "backlog ready complete archived",
		[FP_COMPLETE] = "ready executing archived",
		[FP_ARCHIVED] = "backlog complete",
	};
	size_t rows = 0;
	for (int f = 0; f < FP_COUNT; f++)
		for (int t = 0; t < FP_COUNT; t++) {
			char words[64];
			snprintf(words, sizeof words, " %s ", allowed[f]);
			char want[32];
			snprintf(want, sizeof want, " %s ", foreman_phase_name((fm_phase)t));
			bool in = strstr(words, want) != NULL;
			const tx_row *r = foreman_move((fm_phase)f, (fm_phase)t);
			assert_int_equal(r != NULL, in);
			char why[256];
			const tx_row *l = tx_lookup(&fm_tx, foreman_phase_name((fm_phase)f), foreman_phase_name((fm_phase)t), why, sizeof why);
			assert_int_equal(l != NULL, in);
			if (!in)
				assert_non_null(strstr(why, "not allowed from"));
			rows += in;
		}
	assert_int_equal(rows, fm_tx.n);
	assert_int_equal(rows, 16);
	/* Guards: ready needs a criterion (from anywhere), executing is blocked
	 * by running planning without a plan (from anywhere), the skip also
	 * needs a criterion. */
	for (int f = 0; f < FP_COUNT; f++) {
		const tx_row *r = foreman_move((fm_phase)f, FP_READY);
		if (r)
			assert_true(r->guards & FG_CRITERIA);
		r = foreman_move((fm_phase)f, FP_EXECUTING);
		if (r)
			assert_true(r->guards & FG_NOT_PLANNING);
		if (r)
			assert_int_equal(!!(r->guards & FG_SKIP_CRITERIA), f == FP_BACKLOG);
	}
	assert_int_equal(foreman_move(FP_BACKLOG, FP_COMPLETE)->guards, 0);
}

static void guard_evaluator(void **state)
{
	(void)state;
	fm_facts ok = { .criteria = 1, .planning = PS_COMPLETED, .has_plan = true };
	fm_facts none = ok;
	none.criteria = 0;
	fm_facts planning = ok;
	planning.planning = PS_RUNNING;
	planning.has_plan = false;
	assert_null(foreman_guard_refusal(FG_CRITERIA | FG_NOT_PLANNING | FG_SKIP_CRITERIA, &ok));
	assert_non_null(strstr(foreman_guard_refusal(FG_CRITERIA, &none), "acceptance criteria before moving to ready"));
	assert_non_null(strstr(foreman_guard_refusal(FG_SKIP_CRITERIA, &none), "moving directly to executing"));
	assert_non_null(strstr(foreman_guard_refusal(FG_NOT_PLANNING, &planning), "planning is still running"));
	/* canMoveToPhase's order: the planning guard speaks first. */
	fm_facts both = planning;
	both.criteria = 0;
	assert_non_null(strstr(foreman_guard_refusal(FG_SKIP_CRITERIA | FG_NOT_PLANNING, &both), "still running"));
	/* The exemptions: planning skipped, or completed with neither plan nor criteria. */
	fm_facts skipped = none;
	skipped.planning_skipped = true;
	assert_null(foreman_guard_refusal(FG_CRITERIA | FG_SKIP_CRITERIA, &skipped));
	fm_facts no_plan = none;
	no_plan.has_plan = false;
	assert_null(foreman_guard_refusal(FG_CRITERIA | FG_SKIP_CRITERIA, &no_plan));
	no_plan.planning = PS_NONE;
	assert_non_null(foreman_guard_refusal(FG_CRITERIA, &no_plan));
	/* running planning WITH a plan does not block */
	planning.has_plan = true;
	assert_null(foreman_guard_refusal(FG_NOT_PLANNING, &planning));
	/* each guard alone: the others' facts do not matter */
	assert_null(foreman_guard_refusal(FG_NOT_PLANNING, &none));
	assert_null(foreman_guard_refusal(0, &none));
}

static void enums(void **state)
{
	(void)state;
	assert_int_equal(foreman_phase_parse("executing"), FP_EXECUTING);
	assert_int_equal(foreman_phase_parse("Executing"), FP_UNKNOWN);
	assert_int_equal(foreman_phase_parse(NULL), FP_UNKNOWN);
	assert_int_equal(foreman_planning_parse(NULL), PS_NONE);
	assert_int_equal(foreman_planning_parse("none"), PS_NONE);
	assert_int_equal(foreman_planning_parse("error"), PS_ERROR);
	assert_int_equal(foreman_planning_parse("done"), PS_UNKNOWN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mode_rows),
		cmocka_unit_test(mode_rows_loaded),
		cmocka_unit_test(tools_per_mode),
		cmocka_unit_test(table_cells),
		cmocka_unit_test(guard_evaluator),
		cmocka_unit_test(enums),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
