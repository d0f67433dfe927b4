/* test_rcs_eval.c — the transition rule as a pure function: every ordered
 * pair of tracked workflows, three-way requests, names in both spellings,
 * the wording of a denial, and which sets found on disk are approved. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "systems/rcs/rcs.h"

static const char *const tracked[] = { "team", "forge", "ultrawork", "autopilot", "autoresearch", "blueprint",
                                       "ultraqa", "deep-interview" };
#define NT (sizeof tracked / sizeof *tracked)

/* The contract's table, written out independently of the code under test. */
static bool expect_allowed(const char *cur, const char *req)
{
	if (strcmp(cur, req) == 0)
		return true;
	static const char *const ok[][2] = {
		{ "team", "forge" }, { "forge", "team" }, { "team", "ultrawork" }, { "ultrawork", "team" },
		{ "autopilot", "blueprint" },
	};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		if (strcmp(ok[i][0], cur) == 0 && strcmp(ok[i][1], req) == 0)
			return true;
	return false;
}

static void every_pair(void **st)
{
	(void)st;
	for (size_t i = 0; i < NT; i++)
		for (size_t k = 0; k < NT; k++) {
			rcs_set cur = { .n = 1, .v = { tracked[i] } };
			rcs_verdict v;
			rcs_decision d = rcs_evaluate(&cur, tracked[k], "rcs", &v);
			bool want = expect_allowed(tracked[i], tracked[k]);
			if ((d == RCS_ALLOW) != want)
				fail_msg("%s -> %s: got %s", tracked[i], tracked[k], d == RCS_ALLOW ? "allowed" : v.message);
			if (want) {
				assert_true(rcs_set_has(&v.result, tracked[i]));
				assert_true(rcs_set_has(&v.result, tracked[k]));
				assert_true(rcs_set_approved(&v.result, "rcs"));
			} else {
				/* Denied: the set is what it was, the message says so. */
				assert_int_equal(v.result.n, 1);
				assert_non_null(strstr(v.message, "Current state is unchanged"));
			}
		}
	/* From nothing, anything tracked. */
	for (size_t k = 0; k < NT; k++) {
		rcs_set none = { .n = 0 };
		rcs_verdict v;
		assert_int_equal(rcs_evaluate(&none, tracked[k], "rcs", &v), RCS_ALLOW);
		assert_int_equal(v.result.n, 1);
	}
}

/* oh-my-codex 0.21.6's evaluateWorkflowTransition: every overlap allowed,
 * the allowlisted handoffs complete their source; ultragoal known only there. */
static void omx_package_rules(void **st)
{
	(void)st;
	rcs_verdict v;
	rcs_set three = { .n = 3, .v = { "team", "ralph", "ultrawork" } };
	assert_true(rcs_set_approved(&three, "omx"));
	assert_false(rcs_set_approved(&three, "rcs"));
	assert_int_equal(rcs_evaluate(&three, "autopilot", "omx", &v), RCS_ALLOW);
	assert_int_equal(v.result.n, 4);
	rcs_set di = { .n = 2, .v = { "deep-interview", "team" } };
	assert_int_equal(rcs_evaluate(&di, "ralph", "omx", &v), RCS_ALLOW);
	assert_int_equal(v.completed.n, 1);
	assert_string_equal(v.completed.v[0], "deep-interview");
	assert_int_equal(v.result.n, 2);
	assert_string_equal(v.result.v[0], "team");
	assert_string_equal(v.result.v[1], "forge");
	assert_string_equal(v.message, "mode transiting: deep-interview -> ralph");
	rcs_set ug = { .n = 1, .v = { "ultragoal" } };
	assert_int_equal(rcs_evaluate(&ug, "ultraqa", "omx", &v), RCS_ALLOW);
	assert_string_equal(v.message, "mode transiting: ultragoal -> ultraqa");
	rcs_set none = { .n = 0 };
	assert_int_equal(rcs_evaluate(&none, "ultragoal", "rcs", &v), RCS_UNKNOWN_MODE);
	assert_int_equal(rcs_evaluate(&none, "ultragoal", "omx", &v), RCS_ALLOW);
}

static void no_three_way_sets(void **st)
{
	(void)st;
	rcs_set cur = { .n = 2, .v = { "team", "forge" } };
	rcs_verdict v;
	assert_int_equal(rcs_evaluate(&cur, "ultrawork", "rcs", &v), RCS_DENY);
	/* forge is what stands in the way of team + ultrawork. */
	assert_string_equal(v.message,
		"Cannot activate ultrawork while team + forge are still active. Unsupported workflow overlap: "
		"team + forge + ultrawork. Current state is unchanged. Clear the incompatible state first (forge) via "
		"'rcs state clear --input '{\"mode\":\"forge\"}' --json', the rcs_state.* MCP tools "
		"(rcs_state.state_clear({ mode: \"forge\" })) or 'liza-watch transition rcs:forge clear', then retry.");
	/* Re-activating a member of an approved pair changes nothing. */
	assert_int_equal(rcs_evaluate(&cur, "team", "rcs", &v), RCS_ALLOW);
	assert_int_equal(v.result.n, 2);
	/* A standalone request names every member to clear. */
	assert_int_equal(rcs_evaluate(&cur, "autopilot", "rcs", &v), RCS_DENY);
	assert_non_null(strstr(v.message, "first (team and forge) via"));
	rcs_set loop = { .n = 2, .v = { "autopilot", "blueprint" } };
	assert_int_equal(rcs_evaluate(&loop, "team", "rcs", &v), RCS_DENY);
}

static void spellings(void **st)
{
	(void)st;
	assert_string_equal(rcs_canon("ralph"), "forge");
	assert_string_equal(rcs_canon("ralplan"), "blueprint");
	assert_string_equal(rcs_canon("note"), "note");
	assert_string_equal(rcs_disk_name("forge", "omx"), "ralph");
	assert_string_equal(rcs_disk_name("forge", "rcs"), "forge");
	rcs_set cur = { .n = 1, .v = { "ralph" } };
	rcs_verdict v;
	assert_int_equal(rcs_evaluate(&cur, "team", "omx", &v), RCS_ALLOW);
	assert_true(rcs_set_has(&v.result, "forge"));
	rcs_set ap = { .n = 1, .v = { "autopilot" } };
	assert_int_equal(rcs_evaluate(&ap, "ralplan", "omx", &v), RCS_ALLOW);
	/* The seed denies autopilot + forge; the package (.omx) allows it. */
	assert_int_equal(rcs_evaluate(&ap, "forge", "rcs", &v), RCS_DENY);
	assert_non_null(strstr(v.message, "Cannot activate forge while autopilot"));
	assert_non_null(strstr(v.message, "rcs state clear"));
	assert_non_null(strstr(v.message, "rcs_state.*"));
	assert_non_null(strstr(v.message, "liza-watch transition rcs:autopilot clear"));
	assert_int_equal(rcs_evaluate(&ap, "ralph", "omx", &v), RCS_ALLOW);
	assert_int_equal(v.result.n, 2);
	assert_int_equal(v.completed.n, 0);
	assert_int_equal(rcs_evaluate(&ap, "frobnicate", "rcs", &v), RCS_UNKNOWN_MODE);
	assert_string_equal(rcs_surface_of("/p/.omx/state"), "omx");
	assert_string_equal(rcs_surface_of("/p/.omx/state/"), "omx");
	assert_string_equal(rcs_surface_of(".omx/state"), "omx");
	assert_string_equal(rcs_surface_of("/p/.rcs/state"), "rcs");
	assert_string_equal(rcs_surface_of("/x.omx/state"), "rcs");
}

static void sets_on_disk(void **st)
{
	(void)st;
	static const struct { const char *v[3]; size_t n; bool ok; } sets[] = {
		{ { NULL }, 0, true },
		{ { "autoresearch" }, 1, true },
		{ { "forge", "team" }, 2, true },
		{ { "ultrawork", "team" }, 2, true },
		{ { "blueprint", "autopilot" }, 2, true },
		{ { "forge", "ultrawork" }, 2, false },
		{ { "team", "autopilot" }, 2, false },
		{ { "team", "forge", "ultrawork" }, 3, false },
		{ { "team", "note", "code-review" }, 3, true },   /* untracked skills do not count */
	};
	for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
		rcs_set s = { .n = sets[i].n };
		for (size_t k = 0; k < s.n; k++)
			s.v[k] = sets[i].v[k];
		assert_int_equal(rcs_set_approved(&s, "rcs"), sets[i].ok);
	}
}

static void session_ids(void **st)
{
	(void)st;
	assert_true(rcs_session_id_ok("sess-combined"));
	assert_true(rcs_session_id_ok("A_b-9"));
	char long_id[66];
	memset(long_id, 'a', 65);
	long_id[65] = '\0';
	assert_false(rcs_session_id_ok(long_id));
	long_id[64] = '\0';
	assert_true(rcs_session_id_ok(long_id));
	assert_false(rcs_session_id_ok(""));
	assert_false(rcs_session_id_ok("../x"));
	assert_false(rcs_session_id_ok("a b"));
	assert_false(rcs_session_id_ok(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_pair),
		cmocka_unit_test(no_three_way_sets),
		cmocka_unit_test(omx_package_rules),
		cmocka_unit_test(spellings),
		cmocka_unit_test(sets_on_disk),
		cmocka_unit_test(session_ids),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
