/* lizago_evidence.c — what an approval that meets its quorum adds to
 * goal.integration when the task is an integration analysis (its
 * integration_analysis metadata), as internal/ops/submit_verdict.go
 * submitVerdict does it: validateIntegrationAnalysisRolePair, then
 * appendIntegrationVerdictEvidence (a slice analysis appends a slice_report
 * coverage record for its plan; a global one a global generation), then
 * validateIntegrationLifecycleCandidate, which refuses the verdict when the
 * evidence breaks a rule the state did not break before. The rules that
 * judge the new record are lizago_integration.c's; they are asked here of
 * the record before it is written, so nothing Liza would refuse is.
 *
 * A clean global analysis is left to Liza: it verifies the analysed source
 * commit in git (verifyCleanIntegrationSource) under its integration
 * completion lock and closes the lifecycle only when that source is the
 * effective one, none of which liza-watch can establish from the file. */
#include "systems/liza/go/lizago_evidence.h"
#include "systems/liza/go/lizago_integration.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *str(const doc_node *m, const char *k)
{
	const char *s = doc_str(doc_get(doc_deref(m), k));
	return s ? s : "";
}

static const doc_node *metadata_of(const doc_node *task)
{
	const doc_node *m = doc_deref(doc_get(task, "integration_analysis"));
	return doc_is_map(m) ? m : NULL;
}

/* len(task.Output) == 0: no output key, null, or an empty list */
static bool no_output(const doc_node *task)
{
	return doc_len(doc_deref(doc_get(task, "output"))) == 0;
}

bool lizago_evidence_needs_liza(const doc_node *task)
{
	const doc_node *m = metadata_of(task);
	return m && strcmp(str(m, "phase"), "global") == 0 && no_output(task);
}

static int refuse(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return 1;
}

#define CANDIDATE "Liza refuses the evidence this approval would add (invalid integration lifecycle candidate: "

/* The slice_report coverage record, judged as validateIntegrationCoverage
 * would judge it among the records already there. */
static int slice(editor *ed, const doc_node *life, const doc_node *task, const doc_node *m, const char *verdict,
                 char *why, size_t n)
{
	const char *plan = str(m, "originating_plan_task_id"), *key = str(m, "key"), *src = str(m, "source_commit");
	const char *id = str(task, "id"), *rep = str(task, "review_commit");
	if (!*plan || !*key || !*src)
		return refuse(why, n, CANDIDATE "task %s slice analysis metadata lacks its %s)", id,
		              !*plan ? "originating plan" : !*key ? "key" : "source commit");
	const doc_node *scope = NULL;
	for (const doc_node *e = doc_seq_first(doc_deref(doc_get(doc_deref(doc_get(life, "contributing_set")), "scopes")));
	     e && !scope; e = e->next)
		if (strcmp(str(e, "plan_task_id"), plan) == 0)
			scope = doc_deref(e);
	if (!scope)
		return refuse(why, n, CANDIDATE "coverage references unknown contributing plan \"%s\")", plan);
	if (!lizago_same_set(doc_deref(doc_get(m, "root_task_ids")), doc_deref(doc_get(scope, "root_task_ids"))))
		return refuse(why, n, CANDIDATE "slice analysis roots do not match frozen roots for plan %s)", plan);
	for (const doc_node *e = doc_seq_first(doc_deref(doc_get(life, "coverage"))); e; e = e->next) {
		const doc_node *r = doc_deref(doc_get(doc_deref(e), "slice_report"));
		if (strcmp(str(e, "plan_task_id"), plan) == 0)
			return refuse(why, n, CANDIDATE "duplicate integration coverage plan \"%s\")", plan);
		if (doc_is_map(r) && strcmp(str(r, "analysis_task_id"), id) == 0 && strcmp(str(r, "analysis_key"), key) == 0)
			return refuse(why, n, CANDIDATE "slice analysis is reused by coverage plans %s and %s)",
			              str(e, "plan_task_id"), plan);
	}
	edit_pair report[] = { { "analysis_task_id", edit_str(id) }, { "analysis_key", edit_str(key) },
	                       { "verdict", edit_str(verdict) }, { "source_commit", edit_str(src) },
	                       { "report_commit", edit_str(rep) } };
	edit_pair rec[] = { { "plan_task_id", edit_str(plan) }, { "kind", edit_str("slice_report") },
	                    { "slice_report", edit_map(report, 5) } };
	return edit_append_item(ed, life, "coverage", rec, 3) ? -1 : 0;
}

/* The global generation, numbered as validateGlobalGenerations numbers
 * them (from 2 after a premature recovery retired global:1). */
static int global(editor *ed, const doc_node *root, const doc_node *life, const doc_node *task, const doc_node *m,
                  char *why, size_t n)
{
	const char *key = str(m, "key"), *src = str(m, "source_commit");
	const char *id = str(task, "id"), *rep = str(task, "review_commit");
	long long gen = 0;
	doc_int(doc_get(m, "generation"), &gen);
	long long want = (long long)doc_len(doc_deref(doc_get(life, "global_generations"))) + 1 +
	                 (doc_is_map(doc_deref(doc_get(life, "premature_recovery"))) ? 1 : 0);
	if (!*key || !*src)
		return refuse(why, n, CANDIDATE "task %s global analysis metadata lacks its %s)", id, !*key ? "key" : "source commit");
	if (gen != want)
		return refuse(why, n, CANDIDATE "global generation %lld, want %lld)", gen, want);
	edit_pair g[] = { { "generation", edit_int(gen) }, { "analysis_task_id", edit_str(id) },
	                  { "analysis_key", edit_str(key) }, { "verdict", edit_str("findings") },
	                  { "source_commit", edit_str(src) }, { "report_commit", edit_str(rep) } };
	if (life)
		return edit_append_item(ed, life, "global_generations", g, 6) ? -1 : 0;
	/* state.Goal.Integration = &models.IntegrationLifecycle{}: a first
	 * lifecycle holding this one generation */
	const doc_node *goal = doc_deref(doc_get(root, "goal"));
	if (!doc_is_map(goal))
		return refuse(why, n, "state.yaml has no goal mapping to hold goal.integration");
	edit_value items[] = { edit_map(g, 6) };
	edit_pair lp[] = { { "global_generations", edit_seq(items, 1) } };
	return edit_set_map(ed, goal, "integration", lp, 1) ? -1 : 0;
}

int lizago_evidence_approve(editor *ed, const doc_node *root, const doc_node *task, const char *as, char *why,
                            size_t n)
{
	const doc_node *m = metadata_of(task);
	if (!m)
		return 0;   /* task.IntegrationAnalysis == nil: an approval like any other */
	const char *id = str(task, "id"), *phase = str(m, "phase"), *pair = str(task, "role_pair");
	/* validateIntegrationAnalysisRolePair (analysisRolePair) */
	const char *want = !strcmp(phase, "slice") ? "slice-integration-pair" : !strcmp(phase, "global") ? "integration-pair" : NULL;
	if (!want)
		return refuse(why, n, "task %s has invalid integration analysis phase \"%s\"", id, phase);
	if (strcmp(pair, want) != 0)
		return refuse(why, n, "task %s integration analysis phase \"%s\" requires role_pair \"%s\", got \"%s\"", id,
		              phase, want, pair);
	if (lizago_evidence_needs_liza(task))
		return refuse(why, n, "a clean global integration analysis is approved only after Liza verifies its source "
		              "commit %s in git (verifyCleanIntegrationSource) and decides the lifecycle's closure, which "
		              "liza-watch cannot do; submit the verdict with Liza's own `liza submit-verdict`", str(m, "source_commit"));
	const doc_node *life = doc_deref(doc_get(doc_deref(doc_get(root, "goal")), "integration"));
	if (!doc_is_map(life))
		life = NULL;
	int rc;
	if (!strcmp(phase, "slice")) {
		if (!life)
			return refuse(why, n, CANDIDATE "coverage references unknown contributing plan \"%s\")",
			              str(m, "originating_plan_task_id"));
		rc = slice(ed, life, task, m, no_output(task) ? "clean" : "findings", why, n);
	} else {
		rc = global(ed, root, life, task, m, why, n);
	}
	if (rc)
		return rc;
	/* A completed task is no longer a valid current task of a doer the
	 * await command keeps WAITING on it. */
	const char *doer = doc_str(doc_get(task, "assigned_to"));
	const doc_node *ag = doer && strcmp(doer, as) != 0 ? doc_deref(doc_get(doc_get(root, "agents"), doer)) : NULL;
	if (doc_is_map(ag) && strcmp(str(ag, "status"), "WAITING") == 0 && strcmp(str(ag, "current_task"), id) == 0)
		return edit_set_scalar(ed, ag, "current_task", edit_null()) ? -1 : 0;
	return 0;
}
