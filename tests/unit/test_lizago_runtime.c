/* test_lizago_runtime.c — the edges of models.RuntimeInputViolations that
 * the conformance cases (one mutation of upstream's test fixture each) do
 * not spell out: the recipe and id grammars at their limits, reserved
 * names compared case-blind, a cycle only a third declaration closes, and
 * that each defect is one CRIT invalid_state, never two. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago_rule.h"
#include "systems/liza/go/lizago_runtime.h"

/* One declaration, id/recipe/env as given, plus `more` further lines. */
static size_t violations(const char *id, const char *recipe, const char *env, const char *more, const char *want)
{
	char lines[4096];
	snprintf(lines, sizeof lines,
	         "    validation: [make canary]\n"
	         "    runtime_inputs:\n"
	         "      - {id: '%s', commands: [make canary], recipe: '%s', consumption: reusable, env: ['%s']}\n%s",
	         id, recipe, env, more);
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", th_go_pipeline);
	th_write(&r, "state.yaml", th_go_state(lines));
	assert_int_equal(th_load(&r, "2026-11-25T10:00:00Z"), 0);
	size_t n = th_count(&r, "invalid_state");
	if (want)
		TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1", want);
	else if (n)
		th_dump(&r);
	th_close(&r);
	return n;
}

static void recipes_are_dotted_lower_case_segments(void **state)
{
	(void)state;
	const char *bad = "task t-1 runtime_inputs[0].recipe must be a dotted registry name";
	assert_int_equal(violations("a", "project.w03-fixture", "X", "", NULL), 0);
	assert_int_equal(violations("a", "p_1.x-y.z", "X", "", NULL), 0);
	assert_int_equal(violations("a", "project", "X", "", NULL), 0);
	assert_int_equal(violations("a", "a..b", "X", "", bad), 1);
	assert_int_equal(violations("a", "a.", "X", "", bad), 1);
	assert_int_equal(violations("a", ".a", "X", "", bad), 1);
	assert_int_equal(violations("a", "a._b", "X", "", bad), 1);
	assert_int_equal(violations("a", "-a", "X", "", bad), 1);
	assert_int_equal(violations("a", "", "X", "", bad), 1);
	char longest[300];
	memset(longest, 'r', 256);
	longest[256] = '\0';
	assert_int_equal(violations("a", longest, "X", "", NULL), 0);
	longest[256] = 'r';
	longest[257] = '\0';
	assert_int_equal(violations("a", longest, "X", "", bad), 1);
}

static void ids_are_lower_case_and_bounded(void **state)
{
	(void)state;
	const char *bad = "task t-1 runtime_inputs[0].id must match";
	char id[140];
	memset(id, 'i', 128);
	id[128] = '\0';
	assert_int_equal(violations(id, "r", "X", "", NULL), 0);
	id[128] = 'i';
	id[129] = '\0';
	assert_int_equal(violations(id, "r", "X", "", bad), 1);
	assert_int_equal(violations("0.a_b-c", "r", "X", "", NULL), 0);
	assert_int_equal(violations(".a", "r", "X", "", bad), 1);
	assert_int_equal(violations("a b", "r", "X", "", bad), 1);
	assert_int_equal(violations("", "r", "X", "", bad), 1);
}

static void reserved_names_are_case_blind(void **state)
{
	(void)state;
	const char *res = "task t-1 runtime_inputs[0].env[0] is reserved";
	assert_int_equal(violations("a", "r", "lc_all", "", res), 1);
	assert_int_equal(violations("a", "r", "Tz", "", res), 1);
	assert_int_equal(violations("a", "r", "liza_token", "", res), 1);
	assert_int_equal(violations("a", "r", "DYLD_X", "", res), 1);
	assert_int_equal(violations("a", "r", "PATHS", "", NULL), 0);   /* a name, not a prefix */
	assert_int_equal(violations("a", "r", "LIZA", "", NULL), 0);    /* the prefix is LIZA_ */
	assert_int_equal(violations("a", "r", "_X1", "", NULL), 0);
}

static void a_cycle_a_third_declaration_closes(void **state)
{
	(void)state;
	const char *more = "      - {id: b, commands: [make canary], recipe: r, consumption: reusable, env: [B], after: [c]}\n"
	                   "      - {id: c, commands: [make canary], recipe: r, consumption: reusable, env: [C], after: [d]}\n"
	                   "      - {id: d, commands: [make canary], recipe: r, consumption: reusable, env: [D], after: [b]}\n";
	assert_int_equal(violations("a", "r", "X", more, "task t-1 runtime_inputs after ordering contains a cycle"), 1);
	const char *chain = "      - {id: b, commands: [make canary], recipe: r, consumption: reusable, env: [B], after: [a]}\n"
	                    "      - {id: c, commands: [make canary], recipe: r, consumption: reusable, env: [C], after: [a, b]}\n";
	assert_int_equal(violations("a", "r", "X", chain, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(recipes_are_dotted_lower_case_segments),
		cmocka_unit_test(ids_are_lower_case_and_bounded),
		cmocka_unit_test(reserved_names_are_case_blind),
		cmocka_unit_test(a_cycle_a_third_declaration_closes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
