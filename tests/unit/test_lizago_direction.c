/* test_lizago_direction.c — the direction of a dependency in today's Liza
 * (validate_deps.go validateDependencyDirection over pipeline/resolver.go
 * IsRolePairDownstream, 03b359a): the transition graph's reach, read from a
 * project's pipeline.yaml (sub-pipeline and pipeline-level refs) or the
 * embedded default, and the CRIT on a task depending on a task of a
 * downstream role pair; the edges the conformance cases do not reach. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago_pipeline.h"

#define NOW "2026-11-25T10:00:00Z"

static int down(const lg_downstream *d, const char *source, const char *dep)
{
	const char *unknown = NULL;
	int r = lizago_downstream(d, source, dep, &unknown);
	assert_true(r >= 0);
	return r;
}

static void the_embedded_graph_reaches_as_liza_does(void **state)
{
	(void)state;
	lg_downstream *d = lizago_downstream_build(&lg_embedded_pipeline);
	assert_non_null(d);
	assert_int_equal(down(d, "architecture-pair", "coding-pair"), 1);
	assert_int_equal(down(d, "architecture-pair", "code-planning-pair"), 1);
	/* through the pipeline-level us-to-coding, then architecture-main-to-coding */
	assert_int_equal(down(d, "epic-planning-main-pair", "coding-pair"), 1);
	assert_int_equal(down(d, "integration-pair", "coding-pair"), 1);
	assert_int_equal(down(d, "coding-pair", "code-planning-pair"), 0);
	assert_int_equal(down(d, "coding-pair", "integration-pair"), 0);
	assert_int_equal(down(d, "coding-pair", "coding-pair"), 0);
	assert_int_equal(down(d, "epic-planning-pair", "integration-pair"), 0);
	/* an undeclared pair is the resolver's error: the source is asked first */
	const char *unknown = NULL;
	assert_int_equal(lizago_downstream(d, "nope", "also-nope", &unknown), -1);
	assert_string_equal(unknown, "nope");
	assert_int_equal(lizago_downstream(d, "coding-pair", "also-nope", &unknown), -1);
	assert_string_equal(unknown, "also-nope");
	lizago_downstream_free(d);
}

#define PAIR(n, s) "    " n ": {doer: coder, reviewer: code-reviewer, states: {initial: " s "_I, executing: " s "_E,\n" \
	"      submitted: " s "_S, reviewing: " s "_R, approved: " s "_A, rejected: " s "_J}}\n"
#define PIPE(transitions) \
	"pipeline:\n  roles: {coder: {type: doer}, code-reviewer: {type: reviewer}}\n  role-pairs:\n" \
	PAIR("a-pair", "A") PAIR("b-pair", "B") PAIR("c-pair", "C") \
	"    coding-pair: {doer: coder, reviewer: code-reviewer, states: {initial: DRAFT_CODE,\n" \
	"      executing: IMPLEMENTING_CODE, submitted: CODE_TO_REVIEW, reviewing: REVIEWING_CODE,\n" \
	"      approved: CODE_APPROVED, rejected: CODE_REJECTED}}\n" transitions

static int load(th_run *r, const char *yaml, arena *a, lg_pipeline *p, lw_error *err)
{
	th_write(r, "pipeline.yaml", yaml);
	arena_init(a);
	return lizago_pipeline_load(r->liza, a, p, err);
}

/* A cycle makes each pair downstream of the other, never of itself; a path
 * may pass through a name no pair declares (Go's adjacency keeps it). */
static void a_cycle_never_makes_a_pair_its_own_downstream(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	arena a;
	lg_pipeline p;
	lw_error err;
	assert_int_equal(load(&r, PIPE(
		"  sub-pipelines:\n    s:\n      steps: [a-pair, b-pair]\n      transitions:\n"
		"        - {name: ab, from: a-pair.approved, to: b-pair.initial, trigger: auto, cardinality: per-subtask}\n"
		"        - {name: ba, from: b-pair.approved, to: b-pair.initial, trigger: auto, cardinality: per-subtask}\n"
		"        - {name: ba2, from: b-pair.approved, to: a-pair.initial, trigger: auto, cardinality: per-subtask}\n"
		"  pipeline-transitions:\n"
		"    - {name: ax, from: s.a-pair.approved, to: t.x-pair.initial, trigger: manual, cardinality: per-subtask}\n"
		"    - {name: xc, from: t.x-pair.approved, to: u.c-pair.initial, trigger: manual, cardinality: per-subtask}\n"),
		&a, &p, &err), 1);
	assert_int_equal(p.ntransitions, 5);
	assert_string_equal(p.transitions[3].from, "a-pair");
	assert_string_equal(p.transitions[3].to, "x-pair");
	assert_true(p.transitions[3].top_level);
	lg_downstream *d = lizago_downstream_build(&p);
	assert_int_equal(down(d, "a-pair", "b-pair"), 1);
	assert_int_equal(down(d, "b-pair", "a-pair"), 1);
	assert_int_equal(down(d, "a-pair", "a-pair"), 0);
	assert_int_equal(down(d, "b-pair", "b-pair"), 0);   /* even with b -> b */
	assert_int_equal(down(d, "a-pair", "c-pair"), 1);   /* through x-pair */
	assert_int_equal(down(d, "b-pair", "c-pair"), 1);
	assert_int_equal(down(d, "c-pair", "a-pair"), 0);
	lizago_downstream_free(d);
	arena_free(&a);
	th_close(&r);
}

/* transitionFromRolePair: a 3-part ref's middle, else a 2-part ref's head
 * ("a..b" has an empty middle: its head); a ref neither reads is refused,
 * as Liza's pipeline validation refuses it. */
static void refs_name_their_pair_as_the_resolver_reads_them(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	arena a;
	lg_pipeline p;
	lw_error err;
	assert_int_equal(load(&r, PIPE(
		"  pipeline-transitions:\n"
		"    - {name: odd, from: a-pair..approved, to: s.b-pair.initial.extra, trigger: manual, cardinality: per-subtask}\n"),
		&a, &p, &err), 1);
	assert_string_equal(p.transitions[0].from, "a-pair");
	assert_string_equal(p.transitions[0].to, "b-pair");
	arena_free(&a);
	assert_int_equal(load(&r, PIPE(
		"  sub-pipelines:\n    s:\n      steps: [a-pair]\n      transitions:\n"
		"        - {name: bad, from: a-pair, to: b-pair.initial, trigger: auto, cardinality: per-subtask}\n"),
		&a, &p, &err), -1);
	assert_non_null(strstr(err.msg, "transition \"bad\": invalid from reference \"a-pair\""));
	assert_true(err.line > 0);
	arena_free(&a);
	assert_int_equal(load(&r, PIPE(
		"  pipeline-transitions:\n"
		"    - {name: gone, from: s.a-pair.approved, trigger: manual, cardinality: per-subtask}\n"),
		&a, &p, &err), -1);
	assert_non_null(strstr(err.msg, "transition \"gone\": invalid to reference \"\""));
	arena_free(&a);
	th_close(&r);
}

#define DEP(id, pair, status, extra) \
	"  - {id: " id ", type: coding, role_pair: " pair ", status: " status ", description: d,\n" \
	"     spec_ref: s.md, done_when: done, created: 2026-11-25T09:55:00Z, history: []" extra "}\n"
#define AB "  sub-pipelines:\n    s:\n      steps: [a-pair, b-pair]\n      transitions:\n" \
	"        - {name: ab, from: a-pair.approved, to: b-pair.initial, trigger: auto, cardinality: per-subtask}\n"

static void run(th_run *r, const char *pipeline, const char *task_lines)
{
	th_open(r);
	if (pipeline)
		th_write(r, "pipeline.yaml", pipeline);
	th_write(r, "state.yaml", th_go_state(task_lines));
	assert_int_equal(th_load(r, NOW), 0);
}

static void the_rule_judges_every_dependency_it_can_resolve(void **state)
{
	(void)state;
	th_run r;
	run(&r, PIPE(AB), DEP("a", "a-pair", "A_I", ", depends_on: [b, nowhere]") DEP("b", "b-pair", "B_I", ""));
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a",
	          "task a has downstream dependency b: role_pair b-pair is downstream of a-pair (rule: dependency_direction)");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a", "referencing non-existent task 'nowhere'");
	th_close(&r);
	/* the other way round is the pipeline's order */
	run(&r, PIPE(AB), DEP("a", "a-pair", "A_I", "") DEP("b", "b-pair", "B_I", ", depends_on: [a]"));
	TH_NONE(&r, "invalid_state", "b");
	th_close(&r);
	/* a terminal task is judged too: Go asks no status */
	run(&r, PIPE(AB), DEP("a", "a-pair", "MERGED", ", depends_on: [b]") DEP("b", "b-pair", "MERGED", ""));
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a", "task a has downstream dependency b");
	th_close(&r);
	/* a task without role_pair is not judged (its missing role_pair is) */
	run(&r, PIPE(AB),
	    "  - {id: a, type: coding, status: A_I, description: d, spec_ref: s.md, done_when: done,\n"
	    "     created: 2026-11-25T09:55:00Z, history: [], depends_on: [b]}\n" DEP("b", "b-pair", "B_I", ""));
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a", "task a missing role_pair");
	TH_NONE(&r, "invalid_state", "b");
	assert_int_equal(th_count(&r, "invalid_state"), 1);
	th_close(&r);
	/* a dependency resolved through supersession is judged by the task named */
	run(&r, PIPE(AB), DEP("a", "a-pair", "A_I", ", depends_on: [b]")
	        DEP("b", "b-pair", "SUPERSEDED", ", superseded_by: [c]") DEP("c", "a-pair", "MERGED", ""));
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "a", "task a has downstream dependency b");
	th_close(&r);
}

/* A pipeline.yaml that does not read leaves lanes to the embedded default,
 * but Liza refuses the state before any direction: no verdict on a
 * stand-in graph. */
static void a_pipeline_that_does_not_read_judges_no_direction(void **state)
{
	(void)state;
	th_run r;
	run(&r, PIPE("  pipeline-transitions:\n    - {name: bad, from: nowhere, to: x.y.z}\n"),
	    DEP("a", "architecture-pair", "DRAFT_ARCHITECTURE", ", depends_on: [t-1]"));
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "pipeline", "invalid from reference");
	TH_NONE(&r, "invalid_state", "a");
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_embedded_graph_reaches_as_liza_does),
		cmocka_unit_test(a_cycle_never_makes_a_pair_its_own_downstream),
		cmocka_unit_test(refs_name_their_pair_as_the_resolver_reads_them),
		cmocka_unit_test(the_rule_judges_every_dependency_it_can_resolve),
		cmocka_unit_test(a_pipeline_that_does_not_read_judges_no_direction),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
