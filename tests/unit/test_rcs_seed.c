/* test_rcs_seed.c — the RCS seed's regression list (the "Regression
 * expectations"), one test per line of it, on real state folders: the rule
 * asked through the adapter's transition (which writes through the store)
 * and read back through detection, load, checks and the status line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "systems/rcs/rcs.h"
#include "tests/unit/helper_proj.h"

#define NOW "2026-04-09T00:20:00Z"

/* A project whose current session s1 has these workflows active, each with
 * its mode file. spelling: ".rcs" or ".omx". */
static void combined(tp *p, const char *spelling, const char *const *modes, size_t n)
{
	char path[256], text[2048];
	size_t u = 0;
	snprintf(path, sizeof path, "%s/state/session.json", spelling);
	tp_write(p, path, "{ \"session_id\": \"s1\" }\n");
	u += (size_t)snprintf(text + u, sizeof text - u, "{\n  \"version\": 1,\n  \"active\": %s,\n  \"skill\": \"%s\",\n"
	                      "  \"active_skills\": [", n ? "true" : "false", n ? modes[0] : "");
	for (size_t i = 0; i < n; i++) {
		u += (size_t)snprintf(text + u, sizeof text - u, "%s\n    { \"skill\": \"%s\", \"phase\": \"running\", "
		                      "\"active\": true, \"session_id\": \"s1\" }", i ? "," : "", modes[i]);
		char mode[256], body[256];
		snprintf(mode, sizeof mode, "%s/state/sessions/s1/%s-state.json", spelling, modes[i]);
		snprintf(body, sizeof body, "{ \"active\": true, \"mode\": \"%s\", \"current_phase\": \"running\", "
		         "\"iteration\": 1, \"max_iterations\": 10 }\n", modes[i]);
		tp_write(p, mode, body);
	}
	snprintf(text + u, sizeof text - u, "\n  ]\n}\n");
	snprintf(path, sizeof path, "%s/state/sessions/s1/skill-active-state.json", spelling);
	tp_write(p, path, text);
}

static const rcs_state *rcs_of(tp *p)
{
	const lw_snapshot *s = tp_snap(p, "rcs");
	assert_non_null(s);
	return s->sys;
}

static void assert_set(tp *p, const char *a, const char *b)
{
	const rcs_state *st = rcs_of(p);
	assert_int_equal(st->set.n, b ? 2 : 1);
	assert_true(rcs_set_has(&st->set, rcs_canon(a)));
	if (b)
		assert_true(rcs_set_has(&st->set, rcs_canon(b)));
}

/* 1. canonical active state can hold a multi-entry active set */
static void seed_1_multi_entry_active_set(void **state)
{
	(void)state;
	/* Upstream's own fixture (src/hud/__tests__/state.test.ts), verbatim. */
	tp p;
	tp_open(&p);
	tp_copy_rcs(&p, ".omx/state", "session.json");
	tp_copy_rcs(&p, ".omx/state", "sessions__sess-combined__skill-active-state.team+ralph.json");
	tp_copy_rcs(&p, ".omx/state", "sessions__sess-combined__team-state.min.json");
	tp_copy_rcs(&p, ".omx/state", "sessions__sess-combined__ralph-state.min.json");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_set(&p, "team", "forge");
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_int_equal(s->nworkflows, 2);
	/* hud-readAllState.expected.team+ralph.json: team running, ralph 2/5 executing */
	assert_string_equal(s->workflows[0].name, "team");
	assert_string_equal(s->workflows[0].phase, "running");
	assert_string_equal(s->workflows[1].name, "ralph");
	assert_string_equal(s->workflows[1].phase, "executing");
	assert_int_equal(s->workflows[1].iteration, 2);
	assert_int_equal(s->workflows[1].max, 5);
	assert_int_equal(tp_count(&p, "rcs", NULL), 0);
	tp_close(&p);

	/* And under the RCS spelling, three entries deep with an inactive one. */
	tp_open(&p);
	combined(&p, ".rcs", (const char *const[]){ "team", "forge" }, 2);
	tp_write(&p, ".rcs/state/skill-active-state.json",
	         "{ \"active_skills\": [ { \"skill\": \"ultrawork\", \"active\": false } ] }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_set(&p, "team", "forge");
	tp_close(&p);
}

/* Activate first, then second, on disk; both must end up in the set. */
static void activate_pair(const char *first, const char *second)
{
	tp p;
	tp_open(&p);
	combined(&p, ".rcs", NULL, 0);
	assert_int_equal(tp_load(&p, NOW), 0);
	char *before = tp_fingerprint(&p);
	assert_int_equal(tp_tx(&p, "rcs", first, "activate", NULL, NOW), TX_DONE);
	char *after = tp_fingerprint(&p);
	assert_string_not_equal(before, after);   /* the fingerprint sees writes */
	free(before);
	free(after);
	assert_int_equal(tp_tx(&p, "rcs", second, "activate", NULL, NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_set(&p, first, second);
	assert_string_equal(rcs_of(&p)->members[0].name, first);   /* activation order kept */
	TP_NONE(&p, "rcs", "unsupported_overlap", NULL);
	TP_NONE(&p, "rcs", "active_set_mismatch", NULL);
	tp_close(&p);

	/* The rule itself, as a pure function, agrees. */
	rcs_set cur = { .n = 1, .v = { first } };
	rcs_verdict v;
	assert_int_equal(rcs_evaluate(&cur, second, "rcs", &v), RCS_ALLOW);
	assert_int_equal(v.result.n, 2);
}

/* 2. team + forge is allowed in both activation orders */
static void seed_2_team_forge_both_orders(void **state)
{
	(void)state;
	activate_pair("team", "forge");
	activate_pair("forge", "team");
}

/* 3. team + ultrawork is allowed in both activation orders */
static void seed_3_team_ultrawork_both_orders(void **state)
{
	(void)state;
	activate_pair("team", "ultrawork");
	activate_pair("ultrawork", "team");
}

/* 4. unsupported overlaps deny without mutation */
static void seed_4_unsupported_overlaps_deny_without_mutation(void **state)
{
	(void)state;
	static const struct { const char *cur[2]; const char *req; } cases[] = {
		{ { "team", "forge" }, "ultrawork" },      /* no three-way sets */
		{ { "team", "ultrawork" }, "forge" },
		{ { "team", NULL }, "autopilot" },
		{ { "forge", NULL }, "ultrawork" },
		{ { "forge", NULL }, "blueprint" },
		{ { "blueprint", NULL }, "autopilot" },    /* the loopback runs one way only */
		{ { "ultraqa", NULL }, "team" },
		{ { "team", NULL }, "deep-interview" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		tp p;
		tp_open(&p);
		combined(&p, ".rcs", cases[i].cur, cases[i].cur[1] ? 2 : 1);
		assert_int_equal(tp_load(&p, NOW), 0);
		char *before = tp_fingerprint(&p);
		assert_int_equal(tp_tx(&p, "rcs", cases[i].req, "activate", NULL, NOW), TX_DENIED);
		char *after = tp_fingerprint(&p);
		assert_string_equal(before, after);
		TP_CONTAINS(p.res.message, "Cannot activate", cases[i].req, "Current state is unchanged");
		free(before);
		free(after);
		tp_close(&p);
	}
}

/* 5. denial messages mention both `rcs state` and `rcs_state.*` */
static void seed_5_denial_names_both_surfaces(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	combined(&p, ".rcs", (const char *const[]){ "autopilot" }, 1);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "forge", "activate", NULL, NOW), TX_DENIED);
	TP_CONTAINS(p.res.message, "Cannot activate forge while autopilot is still active", "rcs state clear",
	            "rcs_state.*", "rcs_state.state_clear({ mode: \"autopilot\" })",
	            "liza-watch transition rcs:autopilot clear");
	/* oh-my-codex takes no lock: a denial leaves no lock file in its folder. */
	assert_null(tp_read(&p, ".rcs/state/sessions/s1/skill-active-state.json.lock"));
	assert_null(tp_read(&p, ".rcs/state/skill-active-state.json.lock"));
	tp_close(&p);
	/* Under .omx/ the current package decides: it allows the overlap. */
	tp_open(&p);
	combined(&p, ".omx", (const char *const[]){ "autopilot" }, 1);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "ralph", "activate", NULL, NOW), TX_DONE);
	tp_close(&p);
}

/* 6. HUD / status / check consumers honor the combined set consistently */
static void seed_6_consumers_show_every_member(void **state)
{
	(void)state;
	tp p;
	tp_open(&p);
	combined(&p, ".rcs", (const char *const[]){ "team", "forge" }, 2);
	tp_write(&p, ".rcs/state/sessions/s1/forge-state.json",
	         "{ \"active\": true, \"current_phase\": \"executing\", \"iteration\": 9, \"max_iterations\": 10 }\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	/* HUD: one workflow row per member, none primary. */
	const lw_snapshot *s = tp_snap(&p, "rcs");
	assert_int_equal(s->nworkflows, 2);
	assert_string_equal(s->workflows[0].name, "team");
	assert_string_equal(s->workflows[1].name, "forge");
	/* Status line: both members. */
	char *line = tp_status(&p);
	TP_CONTAINS(line, "rcs: team+forge");
	free(line);
	/* Checks: the set is approved, and each member is checked as active. */
	TP_NONE(&p, "rcs", "unsupported_overlap", NULL);
	TP_EXPECT(&p, LW_CRIT, "rcs", "iterations_cliff", "forge", "iteration 9 of 10");
	/* The stop-hook's question: clearing one member keeps the other live. */
	assert_int_equal(tp_tx(&p, "rcs", "forge", "clear", NULL, NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_set(&p, "team", NULL);
	line = tp_status(&p);
	TP_CONTAINS(line, "rcs: team");
	assert_null(strstr(line, "forge"));
	free(line);
	TP_NONE(&p, "rcs", "iterations_cliff", "forge");
	TP_NONE(&p, "rcs", "active_set_mismatch", NULL);
	tp_close(&p);
}

/* 7. autopilot and autoresearch still reject unsupported overlap attempts;
 *    autopilot -> blueprint is the only review-driven planning loopback */
static void seed_7_standalone_and_the_loopback(void **state)
{
	(void)state;
	static const char *const others[] = { "team", "forge", "ultrawork", "blueprint", "autoresearch", "autopilot",
	                                      "ultraqa", "deep-interview" };
	rcs_verdict v;
	for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
		for (int k = 0; k < 2; k++) {
			const char *solo = k ? "autoresearch" : "autopilot";
			rcs_set cur = { .n = 1, .v = { solo } };
			bool loopback = !k && strcmp(others[i], "blueprint") == 0;
			bool same = strcmp(others[i], solo) == 0;
			assert_int_equal(rcs_evaluate(&cur, others[i], "rcs", &v), loopback || same ? RCS_ALLOW : RCS_DENY);
			rcs_set other = { .n = 1, .v = { others[i] } };
			assert_int_equal(rcs_evaluate(&other, solo, "rcs", &v), same ? RCS_ALLOW : RCS_DENY);
		}
	}
	/* On disk: the loopback is written and the resulting set is not an
	 * overlap; anything else beside autopilot is refused. */
	tp p;
	tp_open(&p);
	combined(&p, ".rcs", (const char *const[]){ "autopilot" }, 1);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "team", "activate", NULL, NOW), TX_DENIED);
	assert_int_equal(tp_tx(&p, "rcs", "blueprint", "activate", NULL, NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_set(&p, "autopilot", "blueprint");
	TP_NONE(&p, "rcs", "unsupported_overlap", NULL);
	tp_close(&p);
	tp_open(&p);
	combined(&p, ".rcs", (const char *const[]){ "autoresearch" }, 1);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "rcs", "blueprint", "activate", NULL, NOW), TX_DENIED);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_1_multi_entry_active_set),
		cmocka_unit_test(seed_2_team_forge_both_orders),
		cmocka_unit_test(seed_3_team_ultrawork_both_orders),
		cmocka_unit_test(seed_4_unsupported_overlaps_deny_without_mutation),
		cmocka_unit_test(seed_5_denial_names_both_surfaces),
		cmocka_unit_test(seed_6_consumers_show_every_member),
		cmocka_unit_test(seed_7_standalone_and_the_loopback),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
