/* lizago_between.c — the rules today's Liza applies between the state before
 * a write and the state the write produces (internal/statevalidate
 * integration.go ValidateIntegrationLifecycleTransition, run by every writer
 * of integration evidence): persisted evidence is never rewritten. A file
 * read once has no "before", so only the watching modes (the HUD, check and
 * status --follow) judge these: on each reload the new state is compared
 * with the last one that broke none of them, and each rule broken is kept
 * on the new state as a refusal (lizago_check.c raises it). The baseline
 * stays put while refusals last — Liza would have kept the file as it was —
 * so a rewrite stays reported until the file agrees with it again.
 *
 * Go compares decoded structs (reflect.DeepEqual); here YAML values are
 * compared as Go's decoder would fill them: a key absent, null, "" or an
 * empty list is the zero value either way, and map keys in any order. */
#include "systems/liza/go/lizago_between.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_integration.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_recovery.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bt {
	lizago_state *next;
	arena *a;
	lg_refusal *v;
	size_t n, cap;
} bt;

static void refuse(bt *b, const char *subject, const doc_node *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void refuse(bt *b, const char *subject, const doc_node *at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 8;
		lg_refusal *v = realloc(b->v, cap * sizeof *v);
		if (!v)
			return;
		b->v = v;
		b->cap = cap;
	}
	b->v[b->n++] = (lg_refusal){ arena_strdup(b->a, subject), arena_strdup(b->a, msg),
		                     at ? at : b->next->root };
}

/* Go's zero value: nil pointer, "", 0, false, an empty list or map. */
static bool zero(const doc_node *n)
{
	n = doc_deref(n);
	if (!n || doc_is_null(n))
		return true;
	if (doc_is_scalar(n)) {
		const char *s = doc_str(n);
		return !s || !*s || strcmp(s, "0") == 0 || strcmp(s, "false") == 0;
	}
	return doc_len(n) == 0;
}

/* reflect.DeepEqual of what the two values decode to; a map's key except
 * (NULL: none) is left out of the comparison. */
static bool same(const doc_node *a, const doc_node *b, const char *except)
{
	a = doc_deref(a);
	b = doc_deref(b);
	if (zero(a) || zero(b))
		return zero(a) && zero(b);
	if (doc_is_map(a) && doc_is_map(b)) {
		for (const doc_node *k = doc_map_first(a); k; k = doc_map_next(k)) {
			const char *key = doc_str(k);
			if (key && (!except || strcmp(key, except) != 0) && !same(k->next, doc_get(b, key), NULL))
				return false;
		}
		for (const doc_node *k = doc_map_first(b); k; k = doc_map_next(k)) {
			const char *key = doc_str(k);
			if (key && (!except || strcmp(key, except) != 0) && !doc_get(a, key) && !zero(k->next))
				return false;
		}
		return true;
	}
	if (doc_is_seq(a) && doc_is_seq(b)) {
		if (doc_len(a) != doc_len(b))
			return false;
		for (const doc_node *x = doc_seq_first(a), *y = doc_seq_first(b); x && y; x = x->next, y = y->next)
			if (!same(x, y, NULL))
				return false;
		return true;
	}
	if (doc_is_scalar(a) && doc_is_scalar(b))
		return strcmp(doc_str(a) ? doc_str(a) : "", doc_str(b) ? doc_str(b) : "") == 0;
	return false;
}

/* isSlicePrefix: the list before is where the list after starts. */
static bool prefix(const doc_node *before, const doc_node *after)
{
	before = zero(before) ? NULL : doc_deref(before);
	after = zero(after) ? NULL : doc_deref(after);
	if (!before)
		return true;
	if (!after || !doc_is_seq(before) || !doc_is_seq(after))
		return !after ? false : same(before, after, NULL);
	if (doc_len(after) < doc_len(before))
		return false;
	for (const doc_node *x = doc_seq_first(before), *y = doc_seq_first(after); x; x = x->next, y = y->next)
		if (!same(x, y, NULL))
			return false;
	return true;
}

/* A pointer Go decodes as non-nil: the key is there and not null. */
static const doc_node *set(const doc_node *m, const char *key)
{
	const doc_node *v = doc_deref(doc_get(doc_deref(m), key));
	return v && !doc_is_null(v) ? v : NULL;
}

static const doc_node *lifecycle(const lizago_state *st) { return set(set(st->root, "goal"), "integration"); }
static const doc_node *analysis(const lg_task *t) { return set(t->node, "integration_analysis"); }

/* sameContributingSet: as many scopes, each plan's roots the same set
 * (the later of two scopes of one plan is the one Go's map keeps). */
static bool same_cohort(const doc_node *l, const doc_node *r)
{
	const doc_node *ls = doc_deref(doc_get(l, "scopes")), *rs = doc_deref(doc_get(r, "scopes"));
	if (doc_len(ls) != doc_len(rs))
		return false;
	for (const doc_node *x = doc_seq_first(ls); x; x = x->next) {
		const char *plan = doc_str(doc_deref(doc_get(doc_deref(x), "plan_task_id")));
		const doc_node *roots = NULL;
		bool found = false;
		for (const doc_node *y = doc_seq_first(rs); y; y = y->next) {
			const char *p = doc_str(doc_deref(doc_get(doc_deref(y), "plan_task_id")));
			if (strcmp(p ? p : "", plan ? plan : "") == 0)
				roots = doc_deref(doc_get(doc_deref(y), "root_task_ids")), found = true;
		}
		if (!found || !lizago_same_set(doc_deref(doc_get(doc_deref(x), "root_task_ids")), roots))
			return false;
	}
	return true;
}

static size_t analyses(const lizago_state *st)
{
	size_t n = 0;
	for (size_t i = 0; i < st->ntasks; i++)
		n += analysis(&st->tasks[i]) != NULL;
	return n;
}

/* validatePrematureRecoveryTransition: the one write that may clear the
 * cohort. false when it is refused (Go then stops there). */
static bool recovery_allowed(bt *b, const lizago_state *prev, const doc_node *old, const doc_node *now,
                             const doc_node *r)
{
	const char *S = "goal.integration.premature_recovery";
	/* A receipt with defects of its own: the state's check names them
	 * (invalid_state), as Go's returns them; nothing more to say here. */
	if (!lizago_recovery_valid(b->next))
		return false;
	const char *m0 = prev->config.mode ? prev->config.mode : "", *m1 = b->next->config.mode ? b->next->config.mode : "";
	const doc_node *old_set = set(old, "contributing_set");
	if (strcmp(m0, "PAUSED") != 0 || strcmp(m1, "PAUSED") != 0 || !old_set ||
	    doc_len(doc_deref(doc_get(old_set, "scopes"))) != 0 || set(now, "contributing_set") ||
	    !zero(doc_get(old, "coverage")) || !zero(doc_get(old, "global_generations")) || set(old, "closure") ||
	    !zero(doc_get(now, "coverage")) || !zero(doc_get(now, "global_generations")) || set(now, "closure")) {
		refuse(b, S, r, "premature recovery requires paused empty cohort without accepted integration evidence");
		return false;
	}
	const char *id = doc_str(doc_deref(doc_get(r, "analysis_task_id")));
	const char *report = doc_str(doc_deref(doc_get(r, "report_commit")));
	const lg_task *t = id ? lizago_find_task(prev, id) : NULL;
	if (!t || lizago_terminal(t->status) || t->reviewing_by || !t->review_commit ||
	    strcmp(t->review_commit, report ? report : "") != 0 || t->merge_commit || t->napprovals || t->approved_by) {
		refuse(b, S, r, "premature recovery requires an unreviewed submitted analysis");
		return false;
	}
	if (analyses(prev) != 1) {
		refuse(b, S, r, "premature recovery requires exactly one integration analysis");
		return false;
	}
	return true;
}

void lizago_between(lizago_state *next, const lizago_state *prev, arena *a)
{
	bt b = { .next = next, .a = a };
	const doc_node *old = lifecycle(prev), *now = lifecycle(next);
	const doc_node *old_r = old ? set(old, "premature_recovery") : NULL;
	const doc_node *new_r = now ? set(now, "premature_recovery") : NULL;
	if (!old && new_r)
		refuse(&b, "goal.integration.premature_recovery", new_r, "premature recovery requires a prior empty frozen cohort");
	bool recovering = old && !old_r && new_r;
	if (recovering && !recovery_allowed(&b, prev, old, now, new_r))
		goto done;
	if (old && !now) {
		refuse(&b, "goal.integration", set(next->root, "goal"), "integration lifecycle cannot be cleared");
	} else if (old) {
		if (old_r && !same(old_r, new_r, NULL))
			refuse(&b, "goal.integration.premature_recovery", new_r ? new_r : now,
			       "integration premature recovery receipt cannot change");
		const doc_node *old_set = set(old, "contributing_set"), *new_set = set(now, "contributing_set");
		if (old_set && !recovering) {
			if (!new_set)
				refuse(&b, "goal.integration.contributing_set", now, "integration contributing set cannot be cleared");
			else if (!same_cohort(old_set, new_set))
				refuse(&b, "goal.integration.contributing_set", new_set, "integration contributing set cannot change");
		}
		static const char *const lists[][2] = { { "coverage", "integration coverage records are append-only" },
			{ "global_generations", "integration global generations are append-only" },
			{ "mutation_receipts", "integration mutation receipts are append-only" } };
		for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
			if (!prefix(doc_get(old, lists[i][0]), doc_get(now, lists[i][0]))) {
				char subject[64];
				snprintf(subject, sizeof subject, "goal.integration.%s", lists[i][0]);
				refuse(&b, subject, set(now, lists[i][0]) ? set(now, lists[i][0]) : now, "%s", lists[i][1]);
			}
	}
	/* Analysis metadata, once written, stays (roots compared as a set). */
	for (size_t i = 0; i < prev->ntasks; i++) {
		const lg_task *was = &prev->tasks[i];
		const doc_node *m0 = analysis(was);
		if (!m0 || !was->id)
			continue;
		const lg_task *is = lizago_find_task(next, was->id);
		const doc_node *m1 = is ? analysis(is) : NULL;
		if (!m1)
			refuse(&b, was->id, is ? is->node : NULL, "task %s integration analysis metadata cannot be cleared", was->id);
		else if (!lizago_same_set(doc_deref(doc_get(m0, "root_task_ids")), doc_deref(doc_get(m1, "root_task_ids"))) ||
		         !same(m0, m1, "root_task_ids"))
			refuse(&b, was->id, m1, "task %s integration analysis metadata cannot change", was->id);
	}
done:
	next->refusals = b.n ? arena_alloc(a, b.n * sizeof *b.v) : NULL;
	if (next->refusals)
		memcpy(next->refusals, b.v, b.n * sizeof *b.v);
	next->nrefusals = next->refusals ? b.n : 0;
	free(b.v);
}

void lizago_between_load(lw_snapshot *snap, lizago_state *st)
{
	lw_snapshot *prev = (lw_snapshot *)snap->prev;   /* only its reference count changes */
	const liza_generation *pg = prev ? liza_gen_of(prev->sys) : NULL;
	if (!pg || pg->id != LIZA_GEN_GO)   /* nothing before, or the shell era's */
		return;
	const lizago_state *ps = prev->sys;
	/* The last state that broke nothing: prev, or the baseline prev kept. */
	const lizago_state *base = ps->baseline ? ps->baseline : ps;
	lw_snapshot *base_snap = ps->baseline ? prev->base : prev;
	if (!base_snap)
		return;
	lizago_between(st, base, &snap->mem);
	if (st->nrefusals) {
		st->baseline = base;
		lw_snapshot_set_base(snap, base_snap);
	}
}
