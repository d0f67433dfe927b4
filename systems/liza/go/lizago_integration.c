/* lizago_integration.c — today's Liza's integration-lifecycle validator
 * (internal/statevalidate integration.go validateIntegrationLifecycle): each
 * task's integration_analysis metadata, and goal.integration's frozen
 * contributing set, coverage records, global generations, mutation receipts
 * and closure. Each defect is a CRIT invalid_state, rule
 * integration_lifecycle, worded as Liza words it. Lookups go through sorted
 * arrays: n log n in the records. The premature-recovery receipt is judged
 * by lizago_recovery.c; a lifecycle that carries one numbers its global
 * generations from 2 (FirstGlobalGeneration: global:1 was retired). */
#include "core/util/strbuf.h"
#include "systems/liza/go/lizago_integration.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_recovery.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULE "integration_lifecycle"

typedef struct ictx {
	lizago_check_ctx *c;
	unsigned seq;   /* tells apart the violations of one subject */
} ictx;

static void bad(ictx *x, const char *subject, const doc_node *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void bad(ictx *x, const char *subject, const doc_node *at, const char *fmt, ...)
{
	char msg[640], key[24];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(key, sizeof key, "%u", x->seq++);
	lizago_check_broken(x->c, subject, at, RULE, key, "%s", msg);
}

static const char *str(const doc_node *m, const char *k)
{
	const char *s = doc_str(doc_get(doc_deref(m), k));
	return s ? s : "";
}

static long long num(const doc_node *m, const char *k)
{
	long long v = 0;
	doc_int(doc_get(doc_deref(m), k), &v);
	return v;
}

/* The strings of a sequence, or of one key of each map in it. */
static const char **strings_of(const doc_node *seq, const char *key, size_t *n)
{
	*n = 0;
	const char **v = malloc((doc_len(seq) + 1) * sizeof *v);
	if (!v)
		return NULL;
	for (const doc_node *e = doc_seq_first(seq); e; e = e->next) {
		const char *s = key ? str(e, key) : doc_str(doc_deref(e));
		v[(*n)++] = s ? s : "";
	}
	return v;
}

/* validateUniqueNonEmptyStringsInto: each empty entry, each extra copy. */
static void unique_nonempty(ictx *x, const char *subject, const doc_node *at, const char *prefix, const doc_node *seq,
                            const char *key, const char *label)
{
	size_t n;
	const char **v = strings_of(seq, key, &n);
	if (!v)
		return;
	qsort(v, n, sizeof *v, lw_strp_cmp);
	for (size_t i = 0; i < n; i++) {
		if (!*v[i])
			bad(x, subject, at, "%s%s is empty", prefix, label);
		else if (i > 0 && strcmp(v[i], v[i - 1]) == 0)
			bad(x, subject, at, "%sduplicate %s \"%s\"", prefix, label, v[i]);
	}
	free(v);
}

/* sameStringSet: as long, no repeats, the same members. */
bool lizago_same_set(const doc_node *a, const doc_node *b)
{
	size_t na, nb;
	const char **va = strings_of(a, NULL, &na), **vb = strings_of(b, NULL, &nb);
	bool same = va && vb && na == nb;
	if (same) {
		qsort(va, na, sizeof *va, lw_strp_cmp);
		qsort(vb, nb, sizeof *vb, lw_strp_cmp);
		for (size_t i = 0; same && i < na; i++)
			same = strcmp(va[i], vb[i]) == 0 && (i == 0 || strcmp(va[i], va[i - 1]) != 0);
	}
	free(va);
	free(vb);
	return same;
}

static bool phase_ok(const char *p) { return !strcmp(p, "slice") || !strcmp(p, "global"); }
static bool verdict_ok(const char *v) { return !strcmp(v, "clean") || !strcmp(v, "findings"); }

static const doc_node *analysis(const lg_task *t)
{
	const doc_node *m = doc_deref(doc_get(doc_deref(t->node), "integration_analysis"));
	return doc_is_map(m) ? m : NULL;
}

/* validateIntegrationAnalysisMetadata */
static void metadata(ictx *x, const lg_task *t, const doc_node *m)
{
	const char *id = t->id ? t->id : "";
	const char *phase = str(m, "phase");
	if (!*str(m, "key"))
		bad(x, id, m, "task %s integration analysis key is empty", id);
	if (!phase_ok(phase))
		bad(x, id, m, "task %s has invalid integration analysis phase \"%s\"", id, phase);
	if (!*str(m, "source_commit"))
		bad(x, id, m, "task %s integration analysis source commit is empty", id);
	const doc_node *roots = doc_deref(doc_get(m, "root_task_ids"));
	if (!strcmp(phase, "slice")) {
		if (num(m, "generation") != 0)
			bad(x, id, m, "task %s slice analysis generation must be zero", id);
		if (!*str(m, "originating_plan_task_id"))
			bad(x, id, m, "task %s slice analysis originating plan is empty", id);
		if (doc_len(roots) == 0)
			bad(x, id, m, "task %s slice analysis roots are empty", id);
	} else if (!strcmp(phase, "global")) {
		if (num(m, "generation") <= 0)
			bad(x, id, m, "task %s global analysis generation must be positive", id);
		if (*str(m, "originating_plan_task_id"))
			bad(x, id, m, "task %s global analysis slice fields must be empty (originating plan)", id);
		if (doc_len(roots) != 0)
			bad(x, id, m, "task %s global analysis slice fields must be empty (roots)", id);
	}
	char prefix[160];
	snprintf(prefix, sizeof prefix, "task %s integration analysis: ", id);
	const doc_node *dc = doc_deref(doc_get(m, "descendant_changes"));
	unique_nonempty(x, id, m, prefix, roots, NULL, "root task");
	unique_nonempty(x, id, m, prefix, dc, "task_id", "descendant task");
	unique_nonempty(x, id, m, prefix, dc, "commit", "descendant commit");
	unique_nonempty(x, id, m, prefix, doc_deref(doc_get(m, "affected_paths")), NULL, "affected path");
	unique_nonempty(x, id, m, prefix, doc_deref(doc_get(m, "source_snapshot_paths")), NULL, "source snapshot path");
}

/* One keyed entry of a record list, in its order: sorted by key, then order. */
typedef struct ent {
	const char *key, *key2;
	size_t idx;
	const doc_node *node;
} ent;

static int ent_cmp(const void *a, const void *b)
{
	const ent *p = a, *q = b;
	int r = strcmp(p->key, q->key);
	if (!r)
		r = strcmp(p->key2 ? p->key2 : "", q->key2 ? q->key2 : "");
	return r ? r : (p->idx > q->idx) - (p->idx < q->idx);
}

/* The first entry of the run of equal keys (the entries sorted) that entry
 * j belongs to: j itself when no entry before it has its key. */
static size_t run_first(const ent *v, size_t j)
{
	size_t f = j;
	while (f > 0 && strcmp(v[f - 1].key, v[j].key) == 0)
		f--;
	return f;
}

static int ent_key(const void *k, const void *b) { return strcmp(k, ((const ent *)b)->key); }

/* The first entry of a key (the one Go's map keeps), or NULL. */
static const ent *first_of(const ent *v, size_t n, const char *key)
{
	const ent *hit = v ? bsearch(key, v, n, sizeof *v, ent_key) : NULL;
	while (hit && hit > v && strcmp(hit[-1].key, key) == 0)
		hit--;
	return hit;
}

static const lg_task *task_of(ictx *x, const char *id, const doc_node **meta)
{
	const lg_task *t = *id ? lizago_find_task(x->c->st, id) : NULL;
	*meta = t ? analysis(t) : NULL;
	return *meta ? t : NULL;
}

static bool review_commit_is(const lg_task *t, const char *commit)
{
	return t->review_commit && strcmp(t->review_commit, commit) == 0;
}

/* validateSliceReport */
static void slice_report(ictx *x, const doc_node *at, const char *plan, const doc_node *roots, bool known,
                         const doc_node *r)
{
	const char *S = "goal.integration.coverage";
	const char *task = str(r, "analysis_task_id"), *key = str(r, "analysis_key"), *v = str(r, "verdict");
	const char *src = str(r, "source_commit"), *rep = str(r, "report_commit");
	if (!*task)
		bad(x, S, at, "slice report analysis task ID is empty");
	if (!*key)
		bad(x, S, at, "slice report analysis key is empty");
	if (!verdict_ok(v))
		bad(x, S, at, "slice report has invalid verdict \"%s\"", v);
	if (!*src)
		bad(x, S, at, !strcmp(v, "clean") ? "clean slice report source commit is empty" : "slice report source commit is empty");
	if (!*rep)
		bad(x, S, at, "slice report report commit is empty");
	const doc_node *m;
	const lg_task *t = task_of(x, task, &m);
	if (!t) {
		bad(x, S, at, "slice report references missing analysis task \"%s\"", task);
		return;
	}
	if (strcmp(str(m, "phase"), "slice") != 0)
		bad(x, S, at, "slice report task %s is not a slice analysis", t->id);
	if (strcmp(str(m, "key"), key) != 0)
		bad(x, S, at, "slice report key does not match analysis metadata key for task %s", t->id);
	if (strcmp(str(m, "source_commit"), src) != 0)
		bad(x, S, at, "slice report source commit does not match analysis metadata for task %s", t->id);
	if (!review_commit_is(t, rep))
		bad(x, S, at, "slice report commit does not match task %s review commit", t->id);
	if (strcmp(str(m, "originating_plan_task_id"), plan) != 0)
		bad(x, S, at, "slice coverage plan does not match analysis metadata plan for task %s", t->id);
	if (known && !lizago_same_set(doc_deref(doc_get(m, "root_task_ids")), roots))
		bad(x, S, at, "slice analysis roots do not match frozen roots for plan %s", plan);
}

/* validateApprovalAttestations; a record written by an earlier Liza with
 * one approval_attestation map is read as a set of one. */
static void attestations(ictx *x, const doc_node *at, const char *plan, const doc_node *rec)
{
	const char *S = "goal.integration.coverage";
	const doc_node *set = doc_deref(doc_get(rec, "approval_attestations"));
	const doc_node *one = doc_deref(doc_get(rec, "approval_attestation"));
	size_t n = doc_len(set) + (doc_is_map(one) ? 1 : 0);
	if (n == 0) {
		bad(x, S, at, "plan %s: approval attestation set is empty", plan);
		return;
	}
	ent *v = calloc(n, sizeof *v);
	size_t k = 0;
	static const char *const req[][2] = { { "reviewed_task_id", "reviewed task ID" },
		{ "acceptance_criteria", "acceptance criteria" }, { "reviewed_commit", "reviewed commit" },
		{ "approver", "approver" }, { "merge_commit", "merge commit" } };
	char prefix[160];
	snprintf(prefix, sizeof prefix, "plan %s: ", plan);
	for (const doc_node *e = doc_is_map(one) ? one : doc_seq_first(set); e;
	     e = (e == one) ? doc_seq_first(set) : e->next) {
		const doc_node *a = doc_deref(e);
		for (size_t i = 0; i < sizeof req / sizeof *req; i++)
			if (!*str(a, req[i][0]))
				bad(x, S, a, "%sapproval attestation %s is empty", prefix, req[i][1]);
		const doc_node *val = doc_deref(doc_get(a, "validation"));
		if (doc_len(val) == 0)
			bad(x, S, a, "%sapproval attestation validation is empty", prefix);
		unique_nonempty(x, S, a, prefix, val, NULL, "approval validation");
		if (v)
			v[k] = (ent){ str(a, "reviewed_task_id"), NULL, k, a }, k++;
	}
	if (v) {
		qsort(v, k, sizeof *v, ent_cmp);
		for (size_t i = 1; i < k; i++)
			if (strcmp(v[i].key, v[i - 1].key) == 0)
				bad(x, S, v[i].node, "%sduplicate approval attestation reviewed task ID \"%s\"", prefix, v[i].key);
	}
	free(v);
}

/* validateContributingSet + validateIntegrationCoverage */
static void coverage(ictx *x, const doc_node *life)
{
	const char *S = "goal.integration.coverage";
	const doc_node *set = doc_deref(doc_get(life, "contributing_set"));
	const doc_node *scopes = doc_deref(doc_get(set, "scopes"));
	size_t ns = 0, nr = 0, i = 0;
	ent *sc = calloc(doc_len(scopes) + 1, sizeof *sc);
	size_t roots_total = 0;
	for (const doc_node *e = doc_seq_first(scopes); e; e = e->next)
		roots_total += doc_len(doc_deref(doc_get(doc_deref(e), "root_task_ids")));
	ent *ro = calloc(roots_total + 1, sizeof *ro);
	for (const doc_node *e = doc_seq_first(scopes); e; e = e->next, i++) {
		const doc_node *s = doc_deref(e);
		const char *plan = str(s, "plan_task_id");
		const doc_node *roots = doc_deref(doc_get(s, "root_task_ids"));
		if (!*plan)
			bad(x, "goal.integration.contributing_set", s, "integration contributing plan is empty");
		if (doc_len(roots) == 0)
			bad(x, "goal.integration.contributing_set", s, "contributing plan %s has no root tasks", plan);
		char p2[160];
		snprintf(p2, sizeof p2, "contributing plan %s: ", plan);
		unique_nonempty(x, "goal.integration.contributing_set", s, p2, roots, NULL, "root task");
		if (sc)
			sc[ns++] = (ent){ plan, NULL, i, s };
		for (const doc_node *r = doc_seq_first(roots); r && ro; r = r->next, nr++) {
			const char *rid = doc_str(doc_deref(r));
			ro[nr] = (ent){ rid ? rid : "", NULL, nr, s };
		}
	}
	if (sc) {
		qsort(sc, ns, sizeof *sc, ent_cmp);
		for (size_t j = 1; j < ns; j++)
			if (*sc[j].key && strcmp(sc[j].key, sc[j - 1].key) == 0)
				bad(x, "goal.integration.contributing_set", sc[j].node,
				    "duplicate contributing plan \"%s\"", sc[j].key);
	}
	if (ro) {
		qsort(ro, nr, sizeof *ro, ent_cmp);
		for (size_t j = 1; j < nr; j++) {
			size_t f = run_first(ro, j);
			if (f != j)
				bad(x, "goal.integration.contributing_set", ro[j].node,
				    "root task \"%s\" belongs to multiple contributing plans %s and %s", ro[j].key,
				    str(ro[f].node, "plan_task_id"), str(ro[j].node, "plan_task_id"));
		}
	}
	/* coverage records */
	const doc_node *cov = doc_deref(doc_get(life, "coverage"));
	size_t nc = doc_len(cov), np = 0, nsl = 0;
	ent *plans = calloc(nc + 1, sizeof *plans), *slices = calloc(nc + 1, sizeof *slices);
	i = 0;
	for (const doc_node *e = doc_seq_first(cov); e; e = e->next, i++) {
		const doc_node *r = doc_deref(e);
		const char *plan = str(r, "plan_task_id"), *kind = str(r, "kind");
		const ent *scope = (*plan && sc) ? first_of(sc, ns, plan) : NULL;
		if (!scope)
			bad(x, S, r, "coverage references unknown contributing plan \"%s\"", plan);
		bool kind_ok = !strcmp(kind, "approval_attestation") || !strcmp(kind, "slice_report");
		if (!kind_ok)
			bad(x, S, r, "invalid integration coverage kind \"%s\" for plan %s", kind, plan);
		const doc_node *rep = doc_deref(doc_get(r, "slice_report"));
		bool has_att = doc_len(doc_deref(doc_get(r, "approval_attestations"))) > 0 ||
		               doc_is_map(doc_deref(doc_get(r, "approval_attestation")));
		bool has_rep = doc_is_map(rep);
		if (has_att + has_rep != 1)
			bad(x, S, r, "integration coverage for plan %s must have exactly one payload", plan);
		if (plans)
			plans[np++] = (ent){ plan, NULL, i, r };
		if (!strcmp(kind, "approval_attestation")) {
			if (!has_att || has_rep)
				bad(x, S, r, "approval-attestation coverage for plan %s must have exactly one matching payload", plan);
			attestations(x, r, plan, r);
		} else if (!strcmp(kind, "slice_report")) {
			if (!has_rep || has_att)
				bad(x, S, r, "slice-report coverage for plan %s must have exactly one matching payload", plan);
			if (!has_rep)
				continue;
			if (slices)
				slices[nsl++] = (ent){ str(rep, "analysis_task_id"), str(rep, "analysis_key"), i, r };
			slice_report(x, r, plan, scope ? doc_deref(doc_get(scope->node, "root_task_ids")) : NULL, scope != NULL,
			             rep);
		}
	}
	if (plans) {
		qsort(plans, np, sizeof *plans, ent_cmp);
		for (size_t j = 1; j < np; j++)
			if (strcmp(plans[j].key, plans[j - 1].key) == 0)
				bad(x, S, plans[j].node, "duplicate integration coverage plan \"%s\"", plans[j].key);
	}
	if (slices) {
		qsort(slices, nsl, sizeof *slices, ent_cmp);
		for (size_t j = 1; j < nsl; j++) {
			size_t f = j;
			while (f > 0 && !strcmp(slices[f - 1].key, slices[j].key) && !strcmp(slices[f - 1].key2, slices[j].key2))
				f--;
			if (f != j)
				bad(x, S, slices[j].node, "slice analysis is reused by coverage plans %s and %s",
				    str(slices[f].node, "plan_task_id"), str(slices[j].node, "plan_task_id"));
		}
	}
	free(sc);
	free(ro);
	free(plans);
	free(slices);
}

/* validateGlobalGenerations */
static void generations(ictx *x, const doc_node *life)
{
	const char *S = "goal.integration.global_generations";
	long long expected = lizago_premature_recovery(x->c->st) ? 1 : 0;
	for (const doc_node *e = doc_seq_first(doc_deref(doc_get(life, "global_generations"))); e; e = e->next) {
		const doc_node *g = doc_deref(e);
		long long gen = num(g, "generation");
		expected++;
		const char *task = str(g, "analysis_task_id"), *key = str(g, "analysis_key"), *v = str(g, "verdict");
		const char *src = str(g, "source_commit"), *rep = str(g, "report_commit");
		if (gen != expected)
			bad(x, S, g, "global generation %lld, want %lld", gen, expected);
		if (!*task)
			bad(x, S, g, "global generation %lld analysis task ID is empty", expected);
		if (!*key)
			bad(x, S, g, "global generation %lld analysis key is empty", expected);
		if (!verdict_ok(v))
			bad(x, S, g, "global generation %lld has invalid verdict \"%s\"", expected, v);
		if (!*src) {
			if (!strcmp(v, "clean"))
				bad(x, S, g, "clean global generation source commit is empty");
			else
				bad(x, S, g, "global generation %lld source commit is empty", expected);
		}
		if (!*rep)
			bad(x, S, g, "global generation %lld report commit is empty", expected);
		const doc_node *m;
		const lg_task *t = task_of(x, task, &m);
		if (!t) {
			bad(x, S, g, "global generation %lld references missing analysis task \"%s\"", expected, task);
			continue;
		}
		const char *what[4] = { "phase", "generation", "key", "source commit" };
		bool off[4] = { strcmp(str(m, "phase"), "global") != 0, num(m, "generation") != gen,
			        strcmp(str(m, "key"), key) != 0, strcmp(str(m, "source_commit"), src) != 0 };
		for (int k = 0; k < 4; k++)
			if (off[k])
				bad(x, S, g, "global generation %lld does not match analysis metadata for task %s (%s)", expected,
				    t->id, what[k]);
		if (!review_commit_is(t, rep))
			bad(x, S, g, "global generation %lld report commit does not match task %s review commit", expected, t->id);
	}
}

/* validateMutationReceipts + validateIntegrationClosure */
static void receipts_closure(ictx *x, const doc_node *life)
{
	const char *S = "goal.integration.mutation_receipts";
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(doc_deref(doc_get(life, "mutation_receipts"))); e; e = e->next, i++) {
		const doc_node *r = doc_deref(e);
		const char *b = str(r, "before_commit"), *a = str(r, "after_commit");
		if (!*str(r, "task_id"))
			bad(x, S, r, "mutation receipt %zu task ID is empty", i);
		if (!*b)
			bad(x, S, r, "mutation receipt before commit is empty at index %zu", i);
		if (!*a)
			bad(x, S, r, "mutation receipt after commit is empty at index %zu", i);
		if (*b && !strcmp(a, b))
			bad(x, S, r, "mutation receipt commits must differ at index %zu", i);
	}
	const doc_node *cl = doc_deref(doc_get(life, "closure"));
	if (!doc_is_map(cl))
		return;
	S = "goal.integration.closure";
	const char *st = str(cl, "status");
	if (strcmp(st, "clean") && strcmp(st, "blocked") && strcmp(st, "exhausted"))
		bad(x, S, cl, "invalid integration closure status \"%s\"", st);
	if (!strcmp(st, "clean")) {
		long long gen = num(cl, "generation");
		if (!*str(cl, "source_commit"))
			bad(x, S, cl, "clean integration closure source commit is empty");
		const doc_node *g = NULL;
		for (const doc_node *e = doc_seq_first(doc_deref(doc_get(life, "global_generations"))); e && !g; e = e->next)
			if (num(e, "generation") == gen)
				g = doc_deref(e);
		if (!g) {
			bad(x, S, cl, "clean integration closure references missing generation %lld", gen);
			return;
		}
		if (strcmp(str(g, "verdict"), "clean") != 0)
			bad(x, S, cl, "clean integration closure references non-clean generation %lld", gen);
		if (strcmp(str(cl, "analysis_key"), str(g, "analysis_key")) != 0)
			bad(x, S, cl, "clean integration closure does not match generation %lld (analysis key)", gen);
		if (strcmp(str(cl, "source_commit"), str(g, "source_commit")) != 0)
			bad(x, S, cl, "clean integration closure does not match generation %lld (source commit)", gen);
	} else if ((!strcmp(st, "blocked") || !strcmp(st, "exhausted")) && !*str(cl, "reason")) {
		bad(x, S, cl, "%s integration closure reason is empty", st);
	}
}

void lizago_integration(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	ictx x = { c, 0 };
	ent *keys = calloc(st->ntasks + 1, sizeof *keys);
	size_t nk = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		const doc_node *m = analysis(&st->tasks[i]);
		if (!m)
			continue;
		metadata(&x, &st->tasks[i], m);
		if (keys)
			keys[nk++] = (ent){ str(m, "key"), NULL, i, m };
	}
	if (keys) {
		qsort(keys, nk, sizeof *keys, ent_cmp);
		for (size_t j = 1; j < nk; j++) {
			size_t f = run_first(keys, j);
			if (f != j) {
				const char *a = st->tasks[keys[f].idx].id, *b = st->tasks[keys[j].idx].id;
				bad(&x, b ? b : "", keys[j].node, "duplicate integration analysis key \"%s\" on tasks %s and %s",
				    keys[j].key, a ? a : "", b ? b : "");
			}
		}
	}
	free(keys);
	const doc_node *life = doc_deref(doc_get(doc_deref(doc_get(st->root, "goal")), "integration"));
	if (!doc_is_map(life))
		return;
	lizago_recovery(c);
	coverage(&x, life);
	generations(&x, life);
	receipts_closure(&x, life);
}
