/* lizago_recovery.c — today's Liza's premature-recovery receipt
 * (internal/statevalidate integration.go validatePrematureRecoveryInto,
 * called by validateIntegrationLifecycle). `liza recover-integration`
 * retires a global:1 analysis an operator froze too early: it abandons the
 * task, clears the (empty) contributing set and records
 * goal.integration.premature_recovery. The receipt must name what it
 * retired, and the retired task must still be there, abandoned, with the
 * metadata the receipt was cut from. Each defect is a CRIT invalid_state,
 * rule integration_lifecycle, worded as Liza words it. */
#include "core/util/timeparse.h"
#include "systems/liza/go/lizago_recovery.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <string.h>

#define RULE "integration_lifecycle"
#define SUBJECT "goal.integration.premature_recovery"
#define REF_PREFIX "refs/integration-recovery/"

static const char *str(const doc_node *m, const char *k)
{
	const char *s = doc_str(doc_deref(doc_get(m, k)));
	return s ? s : "";
}

const doc_node *lizago_premature_recovery(const lizago_state *st)
{
	const doc_node *life = doc_deref(doc_get(doc_deref(doc_get(st->root, "goal")), "integration"));
	const doc_node *r = doc_deref(doc_get(life, "premature_recovery"));
	return doc_is_map(r) ? r : NULL;
}

/* c NULL: only count (lizago_recovery_valid). */
static void defect(lizago_check_ctx *c, size_t *n, const doc_node *at, const char *key, const char *fmt, const char *arg)
{
	++*n;
	if (c)
		lizago_check_broken(c, SUBJECT, at, RULE, key, fmt, arg);
}

static size_t judge(const lizago_state *st, lizago_check_ctx *c)
{
	size_t n = 0;
	const doc_node *r = lizago_premature_recovery(st);
	if (!r)
		return 0;
	/* The receipt's own fields, in Go's order. time.Time.IsZero: never set
	 * (absent) or Go's zero instant, year 1; a time that does not parse is
	 * one Liza's decoder refuses, said here as the same defect. */
	time_t at = 0;
	const char *at_s = str(r, "at");
	const char *task_id = str(r, "analysis_task_id");
	char want_ref[256];
	snprintf(want_ref, sizeof want_ref, REF_PREFIX "%s", task_id);
	const doc_node *prev_scopes = doc_deref(doc_get(doc_deref(doc_get(r, "previous_contributing_set")), "scopes"));
	const struct {
		const char *field;
		bool broken;
	} fields[] = {
		{ "at", lw_parse_time(at_s, &at) != 0 || strncmp(at_s, "0001-01-01T00:00:00", 19) == 0 },
		{ "reason", !*str(r, "reason") },
		{ "report_commit", !*str(r, "report_commit") },
		{ "source_commit", !*str(r, "source_commit") },
		{ "preservation_ref", strcmp(str(r, "preservation_ref"), want_ref) != 0 },
		{ "previous_contributing_set", doc_len(prev_scopes) != 0 },
	};
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (fields[i].broken)
			defect(c, &n, doc_get(r, fields[i].field) ? doc_get(r, fields[i].field) : r, fields[i].field, "invalid integration premature recovery receipt: %s", fields[i].field);
	/* The retired task: still there, with its metadata (the comparison needs it). */
	const lg_task *t = *task_id ? lizago_find_task(st, task_id) : NULL;
	const doc_node *m = t ? doc_deref(doc_get(doc_deref(t->node), "integration_analysis")) : NULL;
	if (!doc_is_map(m)) {
		defect(c, &n, r, "retained", "premature recovery must retain its abandoned analysis task%s", "");
		return n;
	}
	if (!t->status || strcmp(t->status, "ABANDONED") != 0)
		defect(c, &n, r, "status", "premature recovery must retain its abandoned analysis task (status %s)",
		       t->status ? t->status : "");
	long long gen = 0;
	doc_int(doc_get(m, "generation"), &gen);
	const struct {
		const char *name;
		bool mismatch;
	} meta[] = {
		{ "key", strcmp(str(m, "key"), "global:1") != 0 },
		{ "phase", strcmp(str(m, "phase"), "global") != 0 },
		{ "generation", gen != 1 },
		{ "source commit", strcmp(str(m, "source_commit"), str(r, "source_commit")) != 0 },
		{ "descendant changes", doc_len(doc_deref(doc_get(m, "descendant_changes"))) != 0 },
	};
	for (size_t i = 0; i < sizeof meta / sizeof *meta; i++)
		if (meta[i].mismatch)
			defect(c, &n, m, meta[i].name, "premature recovery does not match retained global analysis metadata (%s)",
			       meta[i].name);
	return n;
}

void lizago_recovery(lizago_check_ctx *c) { judge(c->st, c); }

bool lizago_recovery_valid(const lizago_state *st) { return judge(st, NULL) == 0; }
