/* test_lizago_between.c — the rules today's Liza applies between the state
 * before a write and the state written (ValidateIntegrationLifecycleTransition),
 * judged as a watcher reloads: evidence is append-only, metadata and the
 * contributing set never change, a premature recovery is the one narrow
 * write that clears the cohort; the baseline stays the last state that broke
 * nothing, and a state read once (check) has nothing to compare. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago.h"
#include "core/util/fileio.h"

#define NOW "2026-11-25T10:00:00Z"

/* A state of today's Liza: goal.integration (YAML at column 4, or NULL),
 * tasks (column 2), config.mode. */
static char *state(const char *integration, const char *tasks, const char *mode)
{
	static char buf[8192];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "pipeline_version: 1\n"
	         "goal:\n"
	         "  id: g-1\n"
	         "  description: d\n"
	         "  spec_ref: s.md\n"
	         "  status: IN_PROGRESS\n"
	         "%s%s"
	         "tasks:\n%s"
	         "agents:\n"
	         "  orchestrator-1: {role: orchestrator, status: IDLE, heartbeat: 2026-11-25T09:59:00Z}\n"
	         "config: {lease_duration: 1800, integration_branch: integration, mode: %s}\n",
	         integration ? "  integration:\n" : "", integration ? integration : "", tasks ? tasks : "  []\n",
	         mode ? mode : "RUNNING");
	return buf;
}

#define SCOPES \
	"    contributing_set:\n" \
	"      scopes:\n" \
	"        - {plan_task_id: plan-a, root_task_ids: [root-1, root-2]}\n"
#define COVER(plan, commit) \
	"      - plan_task_id: " plan "\n" \
	"        kind: approval_attestation\n" \
	"        approval_attestations:\n" \
	"          - {reviewed_task_id: root-1, acceptance_criteria: ok, reviewed_commit: " commit ",\n" \
	"             approver: code-reviewer-1, validation: [go test], merge_commit: m-1}\n"
#define ANALYSIS(key, src) \
	"  - id: analysis-1\n" \
	"    type: integration\n" \
	"    role_pair: integration-pair\n" \
	"    status: MERGED\n" \
	"    integration_analysis: {key: \"" key "\", phase: global, generation: 1, source_commit: " src "}\n"

/* What a watcher does on a change: load again, standing on the good snapshot. */
static void reload(th_run *r, const char *yaml)
{
	th_write(r, "state.yaml", yaml);
	lw_snapshot *snap = lw_snapshot_new();
	snap->prev = r->snap;
	lw_error err;
	lw_error_clear(&err);
	int rc = liza_load(r->liza, r->snap, snap, &err);
	snap->prev = NULL;
	assert_int_equal(rc, 0);
	lw_snapshot_free(r->snap);
	r->snap = snap;
	th_recheck(r, NOW);
}

static void evidence_is_append_only(void **state_)
{
	(void)state_;
	th_run r;
	assert_int_equal(th_state(&r, state(SCOPES "    coverage:\n" COVER("plan-a", "c-1"), NULL, NULL), NOW), 0);
	TH_NONE(&r, "invalid_transition", NULL);
	/* appending is what Liza does: nothing to say */
	reload(&r, state(SCOPES "    coverage:\n" COVER("plan-a", "c-1") COVER("plan-b", "c-2"), NULL, NULL));
	TH_NONE(&r, "invalid_transition", NULL);
	/* rewriting a record Liza already wrote is what it refuses */
	reload(&r, state(SCOPES "    coverage:\n" COVER("plan-a", "c-9") COVER("plan-b", "c-2"), NULL, NULL));
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration.coverage",
	          "integration coverage records are append-only");
	/* the same file read once has no before: check alone says nothing of it */
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "invalid_transition", NULL);
	th_close(&r);
}

static void the_baseline_stays_until_the_file_agrees(void **state_)
{
	(void)state_;
	th_run r;
	const char *a = SCOPES "    global_generations:\n"
	                "      - {generation: 1, analysis_task_id: analysis-1, analysis_key: \"global:1\", verdict: findings, source_commit: s-1, report_commit: r-1}\n";
	assert_int_equal(th_state(&r, state(a, NULL, NULL), NOW), 0);
	reload(&r, state(SCOPES, NULL, NULL));   /* the generation erased */
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration.global_generations", "append-only");
	/* a later write that keeps the erasure is still compared with the
	 * state before it: Liza would have kept that one */
	reload(&r, state(SCOPES "    mutation_receipts: [{task_id: fix-1, before_commit: a, after_commit: b}]\n", NULL, NULL));
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration.global_generations", "append-only");
	TH_NONE(&r, "invalid_transition", "goal.integration.mutation_receipts");
	/* the evidence back: the file agrees with its baseline again */
	reload(&r, state(a, NULL, NULL));
	TH_NONE(&r, "invalid_transition", NULL);
	th_close(&r);
}

static void cohort_lifecycle_and_metadata_never_change(void **state_)
{
	(void)state_;
	th_run r;
	assert_int_equal(th_state(&r, state(SCOPES, ANALYSIS("global:1", "s-1"), NULL), NOW), 0);
	/* the roots in another order, and key order: the same to Go */
	reload(&r, state("    contributing_set:\n      scopes:\n        - {root_task_ids: [root-2, root-1], plan_task_id: plan-a}\n",
	                 ANALYSIS("global:1", "s-1"), NULL));
	TH_NONE(&r, "invalid_transition", NULL);
	reload(&r, state("    contributing_set:\n      scopes:\n        - {plan_task_id: plan-a, root_task_ids: [root-1]}\n",
	                 ANALYSIS("global:1", "s-2"), NULL));
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration.contributing_set",
	          "integration contributing set cannot change");
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "analysis-1",
	          "task analysis-1 integration analysis metadata cannot change");
	reload(&r, state(NULL, "  - {id: analysis-1, type: integration, status: MERGED}\n", NULL));
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration", "integration lifecycle cannot be cleared");
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "analysis-1", "metadata cannot be cleared");
	th_close(&r);
}

/* integration_recovery_test.go recoveryTransitionFixture: old → next. */
#define SUBMITTED_G1 \
	"  - id: integration-global-1\n" \
	"    type: integration\n" \
	"    role_pair: integration-pair\n" \
	"    status: INTEGRATION_ANALYSIS_TO_REVIEW\n" \
	"    review_commit: report\n" \
	"    integration_analysis: {key: \"global:1\", phase: global, generation: 1, source_commit: source}\n"
#define ABANDONED_G1 \
	"  - id: integration-global-1\n" \
	"    type: integration\n" \
	"    role_pair: integration-pair\n" \
	"    status: ABANDONED\n" \
	"    integration_analysis: {key: \"global:1\", phase: global, generation: 1, source_commit: source}\n"
#define RECEIPT(reason) \
	"    premature_recovery:\n" \
	"      at: 2026-11-25T09:20:00Z\n" \
	"      reason: " reason "\n" \
	"      analysis_task_id: integration-global-1\n" \
	"      source_commit: source\n" \
	"      report_commit: report\n" \
	"      preservation_ref: refs/integration-recovery/integration-global-1\n"

static void a_premature_recovery_is_narrow(void **state_)
{
	(void)state_;
	th_run r;
	const char *old = "    contributing_set: {scopes: []}\n";
	assert_int_equal(th_state(&r, state(old, SUBMITTED_G1, "PAUSED"), NOW), 0);
	reload(&r, state(RECEIPT("premature freeze"), ABANDONED_G1, "PAUSED"));
	TH_NONE(&r, "invalid_transition", NULL);
	/* the receipt, once written, stays as written */
	reload(&r, state(RECEIPT("rewritten"), ABANDONED_G1, "PAUSED"));
	TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration.premature_recovery", "receipt cannot change");
	th_close(&r);
	/* the same write from states it may not start from */
	static const struct {
		const char *why, *before, *mode, *want;
	} refused[] = {
		{ "TestIntegrationRecoveryTransitionIsNarrow running", "    contributing_set: {scopes: []}\n", "RUNNING",
		  "premature recovery requires paused empty cohort without accepted integration evidence" },
		{ "TestIntegrationRecoveryTransitionIsNarrow nonempty", SCOPES, "PAUSED", "paused empty cohort" },
		{ "no lifecycle before it", NULL, "PAUSED", "premature recovery requires a prior empty frozen cohort" },
	};
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		assert_int_equal(th_state(&r, state(refused[i].before, SUBMITTED_G1, refused[i].mode), NOW), 0);
		reload(&r, state(RECEIPT("premature freeze"), ABANDONED_G1, "PAUSED"));
		if (!th_find(&r, "invalid_transition", "goal.integration.premature_recovery"))
			print_error("%s: not refused\n", refused[i].why);
		TH_EXPECT(&r, LW_CRIT, "invalid_transition", "goal.integration.premature_recovery", refused[i].want);
		th_close(&r);
	}
}

/* integration_test.go TestIntegrationLifecycleValidation's transitionCases:
 * validIntegrationState (the conformance case's state) before, a mutation
 * of it after. Mutations are text replacements of that file. */
#define VALID_FIXTURE "../conformance/liza-go/invariant-integration-lifecycle-go-test-valid/project/.liza/state.yaml"
#define REC_SINGLE \
	"      - plan_task_id: plan-single\n" \
	"        kind: approval_attestation\n" \
	"        approval_attestations:\n" \
	"          - reviewed_task_id: coding-single\n" \
	"            acceptance_criteria: single lineage accepted\n" \
	"            reviewed_commit: reviewed-single\n" \
	"            approver: code-reviewer-1\n" \
	"            validation: [\"go test ./internal/single\"]\n" \
	"            merge_commit: merged-single\n"
#define REC_MULTI \
	"      - plan_task_id: plan-multi\n" \
	"        kind: slice_report\n" \
	"        slice_report:\n" \
	"          analysis_task_id: slice-analysis\n" \
	"          analysis_key: \"slice:plan-multi\"\n" \
	"          verdict: clean\n" \
	"          source_commit: slice-source\n" \
	"          report_commit: slice-report\n"
#define SLICE_META \
	"    integration_analysis:\n" \
	"      key: \"slice:plan-multi\"\n" \
	"      phase: slice\n" \
	"      originating_plan_task_id: plan-multi\n" \
	"      root_task_ids: [coding-a, coding-b]\n" \
	"      descendant_changes:\n" \
	"        - {task_id: coding-a, commit: coding-a-commit}\n" \
	"        - {task_id: coding-b, commit: coding-b-commit}\n" \
	"      source_commit: slice-source\n" \
	"      affected_paths: [a.go, b.go]\n" \
	"      source_snapshot_paths: [a.go, b.go]\n"

typedef struct go_case {
	const char *name;
	const char *edit[3][2];     /* find → replace, in order */
	const char *subject, *want; /* want NULL: no invalid_transition */
} go_case;

static const go_case go_cases[] = {
	{ "contributing set cleared",
	  { { "    contributing_set:\n      scopes:\n        - plan_task_id: plan-single\n          root_task_ids: [coding-single]\n"
	      "        - plan_task_id: plan-multi\n          root_task_ids: [coding-a, coding-b]\n", "" } },
	  "goal.integration.contributing_set", "contributing set cannot be cleared" },
	{ "contributing set replaced", { { "        - plan_task_id: plan-single\n", "        - plan_task_id: other-plan\n" } },
	  "goal.integration.contributing_set", "contributing set cannot change" },
	{ "coverage removed", { { REC_MULTI, "" } }, "goal.integration.coverage", "coverage records are append-only" },
	{ "coverage reordered", { { REC_SINGLE REC_MULTI, REC_MULTI REC_SINGLE } }, "goal.integration.coverage",
	  "coverage records are append-only" },
	{ "generation rewritten", { { "report_commit: global-report-1}", "report_commit: rewritten}" } },
	  "goal.integration.global_generations", "global generations are append-only" },
	{ "receipt removed", { { "      - {task_id: fix-2, before_commit: fix-1-commit, after_commit: global-source-2}\n", "" } },
	  "goal.integration.mutation_receipts", "mutation receipts are append-only" },
	{ "analysis metadata cleared", { { SLICE_META, "" } }, "slice-analysis",
	  "integration analysis metadata cannot be cleared" },
	{ "analysis metadata changed", { { "      source_commit: slice-source\n      affected_paths", "      source_commit: rewritten\n      affected_paths" } },
	  "slice-analysis", "integration analysis metadata cannot change" },
	{ "append-only transition and root set reordering are valid",
	  { { "          root_task_ids: [coding-a, coding-b]\n", "          root_task_ids: [coding-b, coding-a]\n" },
	    { "      root_task_ids: [coding-a, coding-b]\n      descendant_changes", "      root_task_ids: [coding-b, coding-a]\n      descendant_changes" },
	    { "after_commit: global-source-2}\n    closure:\n      status: clean\n      generation: 2\n      analysis_key: \"global:2\"\n      source_commit: global-source-2\n",
	      "after_commit: global-source-2}\n      - {task_id: fix-3, before_commit: global-source-2, after_commit: global-source-3}\n"
	      "    closure:\n      status: blocked\n      reason: new mutation requires another generation\n" } },
	  NULL, NULL },
};

/* text with find replaced by repl (the first occurrence, which must exist). */
static char *replaced(const char *text, const char *find, const char *repl)
{
	const char *at = strstr(text, find);
	if (!at)
		print_error("fixture lacks: %s\n", find);
	assert_non_null(at);
	size_t head = (size_t)(at - text), fl = strlen(find), rl = strlen(repl), tl = strlen(text);
	char *out = malloc(tl - fl + rl + 1);
	assert_non_null(out);
	memcpy(out, text, head);
	memcpy(out + head, repl, rl);
	memcpy(out + head + rl, at + fl, tl - head - fl + 1);
	return out;
}

static void go_transition_cases(void **state_)
{
	(void)state_;
	for (size_t i = 0; i < sizeof go_cases / sizeof *go_cases; i++) {
		const go_case *gc = &go_cases[i];
		th_run r;
		th_open(&r);
		th_copy_fixture(&r, VALID_FIXTURE, "state.yaml");
		assert_int_equal(th_load(&r, NOW), 0);
		char path[400], *buf;
		size_t len;
		snprintf(path, sizeof path, "%s/state.yaml", r.liza);
		lw_error err;
		assert_int_equal(lw_read_file(path, 1 << 20, &buf, &len, &err), LW_READ_OK);
		for (size_t k = 0; k < 3 && gc->edit[k][0]; k++) {
			char *next = replaced(buf, gc->edit[k][0], gc->edit[k][1]);
			free(buf);
			buf = next;
		}
		reload(&r, buf);
		free(buf);
		if (gc->want)
			TH_EXPECT(&r, LW_CRIT, "invalid_transition", gc->subject, gc->want);
		else
			TH_NONE(&r, "invalid_transition", NULL);
		if (th_count(&r, "invalid_transition") != (gc->want ? 1u : 0u)) {
			print_error("case %s:\n", gc->name);
			th_dump(&r);
			fail();
		}
		th_close(&r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(evidence_is_append_only),
		cmocka_unit_test(the_baseline_stays_until_the_file_agrees),
		cmocka_unit_test(cohort_lifecycle_and_metadata_never_change),
		cmocka_unit_test(a_premature_recovery_is_narrow),
		cmocka_unit_test(go_transition_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
