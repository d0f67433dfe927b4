/* lizago_pipeline.c — see lizago_pipeline.h. The default below restates the
 * role pairs of Liza's embedded pipeline (internal/embedded/pipeline.yaml)
 * as data: per pair its roles, task slug, review quorum and one status per
 * category. */
#include "systems/liza/go/lizago_pipeline.h"
#include "core/util/fileio.h"
#include "core/util/strbuf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cat_names[LGC_COUNT] = {
	"initial", "executing", "submitted", "reviewing", "reviewing-2", "partially-approved",
	"approved", "rejected", "clean", "merged", "blocked", "abandoned", "superseded",
	"integration-failed", "legacy", "unknown",
};

const char *lizago_cat_name(lg_cat c) { return (unsigned)c < LGC_COUNT ? cat_names[c] : "unknown"; }

/* Columns: initial, executing, submitted, reviewing, reviewing-2,
 * partially-approved, approved, rejected, clean. */
#define P(name, doer, rev, slug, q, i, e, s, r, r2, pa, ap, rj, cl) \
	{ name, doer, rev, slug, q, { i, e, s, r, r2, pa, ap, rj, cl }, 0, 0 }
static const lg_pair embedded_pairs[] = {
	P("epic-planning-main-pair", "epic-planner", "epic-plan-reviewer", "epm", 2,
	  "DRAFT_EPIC_PLAN_MAIN", "EPIC_PLANNING_MAIN", "EPIC_PLAN_MAIN_TO_REVIEW", "REVIEWING_EPIC_PLAN_MAIN",
	  "REVIEWING_EPIC_PLAN_MAIN_2", "EPIC_PLAN_MAIN_PARTIALLY_APPROVED", "EPIC_PLAN_MAIN_APPROVED",
	  "EPIC_PLAN_MAIN_REJECTED", NULL),
	P("epic-planning-pair", "epic-planner", "epic-plan-reviewer", "ep", 1,
	  "DRAFT_EPIC_PLAN", "EPIC_PLANNING", "EPIC_PLAN_TO_REVIEW", "REVIEWING_EPIC_PLAN", NULL, NULL,
	  "EPIC_PLAN_APPROVED", "EPIC_PLAN_REJECTED", NULL),
	P("us-writing-pair", "us-writer", "us-reviewer", "uw", 1,
	  "DRAFT_US", "WRITING_US", "US_TO_REVIEW", "REVIEWING_US", NULL, NULL, "US_APPROVED", "US_REJECTED", NULL),
	P("code-planning-main-pair", "code-planner", "code-plan-reviewer", "cpm", 2,
	  "DRAFT_CODING_PLAN_MAIN", "CODE_PLANNING_MAIN", "CODING_PLAN_MAIN_TO_REVIEW", "REVIEWING_CODING_PLAN_MAIN",
	  "REVIEWING_CODING_PLAN_MAIN_2", "CODING_PLAN_MAIN_PARTIALLY_APPROVED", "CODING_PLAN_MAIN_APPROVED",
	  "CODING_PLAN_MAIN_REJECTED", NULL),
	P("code-planning-pair", "code-planner", "code-plan-reviewer", "cp", 1,
	  "DRAFT_CODING_PLAN", "CODE_PLANNING", "CODING_PLAN_TO_REVIEW", "REVIEWING_CODING_PLAN", NULL, NULL,
	  "CODING_PLAN_APPROVED", "CODING_PLAN_REJECTED", NULL),
	P("coding-pair", "coder", "code-reviewer", "code", 1,
	  "DRAFT_CODE", "IMPLEMENTING_CODE", "CODE_TO_REVIEW", "REVIEWING_CODE", "REVIEWING_CODE_2",
	  "CODE_PARTIALLY_APPROVED", "CODE_APPROVED", "CODE_REJECTED", NULL),
	P("architecture-main-pair", "architect", "architecture-reviewer", "arm", 2,
	  "DRAFT_ARCHITECTURE_MAIN", "ARCHITECTING_MAIN", "ARCHITECTURE_MAIN_TO_REVIEW", "REVIEWING_ARCHITECTURE_MAIN",
	  "REVIEWING_ARCHITECTURE_MAIN_2", "ARCHITECTURE_MAIN_PARTIALLY_APPROVED", "ARCHITECTURE_MAIN_APPROVED",
	  "ARCHITECTURE_MAIN_REJECTED", NULL),
	P("architecture-pair", "architect", "architecture-reviewer", "ar", 1,
	  "DRAFT_ARCHITECTURE", "ARCHITECTING", "ARCHITECTURE_TO_REVIEW", "REVIEWING_ARCHITECTURE", NULL, NULL,
	  "ARCHITECTURE_APPROVED", "ARCHITECTURE_REJECTED", NULL),
	P("slice-integration-pair", "integration-analyst", "integration-reviewer", "sia", 1,
	  "DRAFT_SLICE_INTEGRATION_ANALYSIS", "ANALYZING_SLICE_INTEGRATION", "SLICE_INTEGRATION_ANALYSIS_TO_REVIEW",
	  "REVIEWING_SLICE_INTEGRATION_ANALYSIS", NULL, NULL, "SLICE_INTEGRATION_ANALYSIS_APPROVED",
	  "SLICE_INTEGRATION_ANALYSIS_REJECTED", "SLICE_INTEGRATION_ANALYSIS_CLEAN"),
	P("integration-pair", "integration-analyst", "integration-reviewer", "ia", 1,
	  "DRAFT_INTEGRATION_ANALYSIS", "ANALYZING_INTEGRATION", "INTEGRATION_ANALYSIS_TO_REVIEW",
	  "REVIEWING_INTEGRATION_ANALYSIS", NULL, NULL, "INTEGRATION_ANALYSIS_APPROVED",
	  "INTEGRATION_ANALYSIS_REJECTED", "INTEGRATION_ANALYSIS_CLEAN"),
};
#undef P

static const char *const embedded_orchestrators[] = { "orchestrator" };

/* The embedded pipeline's transitions (internal/embedded/pipeline.yaml at
 * 03b359a): name, task slug, source and target pair, trigger, cardinality,
 * route (`when`); the pipeline-level ones last. */
#define T(name, slug, from, to, trig, card, when, top) { name, slug, from, to, trig, card, when, top }
static const lg_transition embedded_transitions[] = {
	T("epic-decompose", "ep", "epic-planning-main-pair", "epic-planning-pair", "auto", "per-subtask", NULL, false),
	T("epic-to-us", "uw", "epic-planning-pair", "us-writing-pair", "manual", "per-subtask", NULL, false),
	T("arch-decompose", "ar", "architecture-main-pair", "architecture-pair", "auto", "per-subtask",
	  "scope-decomposition", false),
	T("code-plan-decompose", "cp", "code-planning-main-pair", "code-planning-pair", "auto", "per-subtask", NULL,
	  false),
	T("code-plan-to-coding", "code", "code-planning-pair", "coding-pair", "manual", "per-subtask", NULL, false),
	T("slice-integration-to-fix", "fix", "slice-integration-pair", "coding-pair", "auto", "per-subtask", NULL, false),
	T("integration-to-fix", "fix", "integration-pair", "coding-pair", "auto", "per-subtask", NULL, false),
	T("us-to-coding", "arm", "us-writing-pair", "architecture-main-pair", "manual", "many-to-one", NULL, true),
	T("architecture-to-code-plan", "cp", "architecture-pair", "code-planning-pair", "manual", "per-subtask",
	  "scope-decomposition", true),
	T("architecture-to-coding", "code", "architecture-pair", "coding-pair", "manual", "per-subtask",
	  "coding-allocation", true),
	T("architecture-main-to-coding", "code", "architecture-main-pair", "coding-pair", "manual", "per-subtask",
	  "coding-allocation", true),
};
#undef T

const lg_pipeline lg_embedded_pipeline = {
	embedded_pairs, sizeof embedded_pairs / sizeof *embedded_pairs, true, "embedded",
	embedded_orchestrators, 1,
	embedded_transitions, sizeof embedded_transitions / sizeof *embedded_transitions,
};

/* Statuses Liza accepts whatever the pipeline says (its fixed list and the
 * universal states), with what each means. */
static const struct { const char *status; lg_cat cat; } shared[] = {
	{ "MERGED", LGC_MERGED }, { "BLOCKED", LGC_BLOCKED }, { "ABANDONED", LGC_ABANDONED },
	{ "SUPERSEDED", LGC_SUPERSEDED }, { "INTEGRATION_FAILED", LGC_INTEGRATION_FAILED },
	{ "DRAFT", LGC_LEGACY },
};

/* Pair statuses on Liza's fixed list: valid even when a project's own
 * pipeline does not declare them (they then mean what the default says). */
static const char *const fixed_list[] = {
	"DRAFT_CODE", "IMPLEMENTING_CODE", "CODE_TO_REVIEW", "REVIEWING_CODE", "CODE_REJECTED", "CODE_APPROVED",
	"DRAFT_CODING_PLAN", "CODE_PLANNING", "CODING_PLAN_TO_REVIEW", "REVIEWING_CODING_PLAN",
	"CODING_PLAN_APPROVED", "CODING_PLAN_REJECTED", "CODE_PARTIALLY_APPROVED", "REVIEWING_CODE_2",
};

static lg_status find_in(const lg_pipeline *p, const char *status)
{
	for (size_t i = 0; i < p->npairs; i++)
		for (int c = 0; c < LGC_PAIR_COUNT; c++)
			if (p->pairs[i].state[c] && strcmp(p->pairs[i].state[c], status) == 0)
				return (lg_status){ &p->pairs[i], (lg_cat)c };
	return (lg_status){ NULL, LGC_UNKNOWN };
}

lg_status lizago_resolve(const lg_pipeline *p, const char *status)
{
	if (!status)
		return (lg_status){ NULL, LGC_UNKNOWN };
	for (size_t i = 0; i < sizeof shared / sizeof *shared; i++)
		if (strcmp(shared[i].status, status) == 0)
			return (lg_status){ NULL, shared[i].cat };
	lg_status s = find_in(p, status);
	if (s.cat != LGC_UNKNOWN)
		return s;
	/* The legacy name of the coding pair's submitted status. */
	if (strcmp(status, "CODE_READY_FOR_REVIEW") == 0) {
		const lg_pair *cp = lizago_pair_find(p, "coding-pair");
		return (lg_status){ cp ? cp : lizago_pair_find(&lg_embedded_pipeline, "coding-pair"), LGC_SUBMITTED };
	}
	for (size_t i = 0; i < sizeof fixed_list / sizeof *fixed_list; i++)
		if (strcmp(fixed_list[i], status) == 0)
			return find_in(&lg_embedded_pipeline, status);
	return s;
}

const lg_pair *lizago_pair_find(const lg_pipeline *p, const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < p->npairs; i++)
		if (strcmp(p->pairs[i].name, name) == 0)
			return &p->pairs[i];
	return NULL;
}

bool lizago_pipeline_orchestrator(const lg_pipeline *p, const char *role)
{
	for (size_t i = 0; role && i < p->norchestrators; i++)
		if (strcmp(p->orchestrators[i], role) == 0)
			return true;
	return false;
}

bool lizago_terminal(const char *status)
{
	return status && (strcmp(status, "MERGED") == 0 || strcmp(status, "ABANDONED") == 0 ||
	                  strcmp(status, "SUPERSEDED") == 0);
}

/* ---- the transition graph (pipeline/resolver.go buildDownstreamRolePairCache) ---- */

/* Nodes are the declared pairs, then any name a transition names that no
 * pair declares (Go's adjacency keeps those too, so a path may pass one). */
struct lg_downstream {
	size_t npairs, n;
	const char **names;
	unsigned char *reach;     /* n x n: reach[s * n + d], d downstream of s */
};

static long node_of(const lg_downstream *d, size_t upto, const char *name)
{
	for (size_t i = 0; name && i < upto; i++)
		if (strcmp(d->names[i], name) == 0)
			return (long)i;
	return -1;
}

lg_downstream *lizago_downstream_build(const lg_pipeline *p)
{
	size_t cap = p->npairs + 2 * p->ntransitions;
	lg_downstream *d = calloc(1, sizeof *d);
	long *from = malloc((p->ntransitions + 1) * sizeof *from), *to = malloc((p->ntransitions + 1) * sizeof *to);
	size_t *queue = malloc((cap + 1) * sizeof *queue);
	if (d)
		d->names = malloc((cap + 1) * sizeof *d->names);
	if (!d || !d->names || !from || !to || !queue)
		goto fail;
	for (size_t i = 0; i < p->npairs; i++)
		d->names[d->n++] = p->pairs[i].name;
	d->npairs = d->n;
	for (size_t i = 0; i < p->ntransitions; i++) {
		const char *ends[2] = { p->transitions[i].from, p->transitions[i].to };
		long *at[2] = { &from[i], &to[i] };
		for (int k = 0; k < 2; k++) {
			*at[k] = node_of(d, d->n, ends[k]);
			if (*at[k] < 0 && ends[k]) {
				d->names[d->n] = ends[k];
				*at[k] = (long)d->n++;
			}
		}
	}
	d->reach = calloc(d->n * d->n + 1, 1);
	if (!d->reach)
		goto fail;
	/* A breadth-first walk from each node; the source itself is never
	 * marked, even when a cycle leads back to it. */
	for (size_t s = 0; s < d->n; s++) {
		unsigned char *seen = d->reach + s * d->n;
		size_t head = 0, tail = 0;
		queue[tail++] = s;
		while (head < tail) {
			size_t cur = queue[head++];
			for (size_t i = 0; i < p->ntransitions; i++) {
				if (from[i] != (long)cur || to[i] < 0 || (size_t)to[i] == s || seen[to[i]])
					continue;
				seen[to[i]] = 1;
				queue[tail++] = (size_t)to[i];
			}
		}
	}
	free(from);
	free(to);
	free(queue);
	return d;
fail:
	free(from);
	free(to);
	free(queue);
	lizago_downstream_free(d);
	return NULL;
}

int lizago_downstream(const lg_downstream *d, const char *source, const char *dep, const char **unknown)
{
	long s = node_of(d, d->npairs, source), t = s < 0 ? -1 : node_of(d, d->npairs, dep);
	if (s < 0 || t < 0) {
		*unknown = s < 0 ? source : dep;
		return -1;
	}
	return d->reach[(size_t)s * d->n + (size_t)t];
}

void lizago_downstream_free(lg_downstream *d)
{
	if (!d)
		return;
	free(d->names);
	free(d->reach);
	free(d);
}

/* ---- review quorum by impact (ops/submit_verdict.go, pipeline/resolver.go) ---- */

const char *lizago_impact_name(lg_impact i)
{
	return i == LGI_ARCHITECTURE ? "architecture" : i == LGI_SIGNIFICANT ? "significant" : "standard";
}

int lizago_effective_quorum(const lg_pair *p, lg_impact impact)
{
	if (!p)
		return 1;
	if (impact == LGI_SIGNIFICANT && p->quorum_significant > 0)
		return p->quorum_significant;
	if (impact == LGI_ARCHITECTURE && p->quorum_architecture > 0)
		return p->quorum_architecture;
	return p->quorum;
}

int lizago_max_quorum(const lg_pair *p)
{
	if (!p)
		return 1;
	int q = p->quorum;
	if (p->quorum_significant > q)
		q = p->quorum_significant;
	if (p->quorum_architecture > q)
		q = p->quorum_architecture;
	return q;
}

/* Walks back from the newest entry: a rejection resets the cycle, so impact
 * recorded before it no longer counts. An unknown value is ignored. */
lg_impact lizago_history_impact(const doc_node *history)
{
	lg_impact best = LGI_STANDARD;
	size_t n = doc_is_seq(history) ? doc_len(history) : 0;
	if (!n)
		return best;
	const doc_node **v = malloc(n * sizeof *v);
	if (!v)
		return best;
	size_t k = 0;
	for (const doc_node *h = doc_seq_first(history); h && k < n; h = h->next)
		v[k++] = doc_deref(h);
	while (k-- > 0) {
		const char *ev = doc_str(doc_get(v[k], "event"));
		if (ev && strcmp(ev, "rejected") == 0)
			break;
		if (!ev || (strcmp(ev, "pre_execution_checkpoint") != 0 && strcmp(ev, "approved") != 0))
			continue;
		const char *im = doc_str(doc_get(v[k], "impact"));
		lg_impact i = !im ? LGI_STANDARD : strcmp(im, "architecture") == 0 ? LGI_ARCHITECTURE
		            : strcmp(im, "significant") == 0 ? LGI_SIGNIFICANT : LGI_STANDARD;
		if (i > best)
			best = i;
	}
	free(v);
	return best;
}

/* ---- a project's own pipeline.yaml ---- */

/* review-policy.<level>.quorum (ReviewPolicyOverrideDef); 0 when absent. */
static int override_quorum(const doc *d, const doc_node *pol, const char *level, int *out, lw_error *err)
{
	*out = 0;
	const doc_node *o = doc_get(pol, level);
	if (!o || doc_is_null(o))
		return 0;
	long long q;
	if (doc_int(doc_get(o, "quorum"), &q) != DOC_OK || q < 1) {
		char msg[120];
		snprintf(msg, sizeof msg, "review-policy %s needs an integer quorum >= 1", level);
		doc_pos pos = doc_where(d, o);
		lw_error_set(err, d->path, pos.line, pos.col, "%s", msg);
		return -1;
	}
	*out = (int)q;
	return 0;
}

static const char *const state_keys[LGC_PAIR_COUNT] = {
	"initial", "executing", "submitted", "reviewing", "reviewing-2", "partially-approved",
	"approved", "rejected", "clean",
};

static int bad(lw_error *err, const doc *d, const doc_node *n, const char *what)
{
	doc_pos pos = doc_where(d, n);
	lw_error_set(err, d->path, pos.line, pos.col, "%s", what);
	return -1;
}

static const char *dup_str(arena *a, const doc_node *n)
{
	const char *s = doc_str(n);
	return s ? arena_strdup(a, s) : NULL;
}

/* pipeline.Resolver RoleType over AllRoleNames: the roles typed
 * orchestrator, sorted as Liza sorts them. */
static void orchestrator_roles(arena *a, const doc_node *roles, lg_pipeline *out)
{
	const char **v = arena_alloc(a, (doc_len(roles) + 1) * sizeof *v);
	size_t n = 0;
	for (const doc_node *k = doc_map_first(roles); k; k = doc_map_next(k)) {
		const char *type = doc_str(doc_get(k->next, "type")), *name = doc_str(doc_deref(k));
		if (name && type && strcmp(type, "orchestrator") == 0)
			v[n++] = arena_strdup(a, name);
	}
	qsort(v, n, sizeof *v, lw_strp_cmp);
	out->orchestrators = v;
	out->norchestrators = n;
}

/* The role pair a transition's ref names (transitionFromRolePair /
 * transitionToRolePair: parse3PartRef, else parseRef); NULL when neither
 * reads it. */
static const char *ref_pair(arena *a, const char *ref)
{
	if (!ref)
		return NULL;
	const char *d1 = strchr(ref, '.'), *d2 = d1 ? strchr(d1 + 1, '.') : NULL;
	if (d1 && d2 && d1 > ref && d2 > d1 + 1 && d2[1])
		return arena_strndup(a, d1 + 1, (size_t)(d2 - d1 - 1));
	if (d1 && d1 > ref && d1[1])
		return arena_strndup(a, ref, (size_t)(d1 - ref));
	return NULL;
}

/* One transition of a list; -1 (err set) when a ref names no role pair,
 * which Liza's pipeline validation refuses before any resolver reads it. */
static int read_transition(const doc *d, arena *a, const doc_node *tn, bool top, lg_transition *t, lw_error *err)
{
	t->name = dup_str(a, doc_get(tn, "name"));
	t->slug = dup_str(a, doc_get(tn, "task-slug"));
	t->trigger = dup_str(a, doc_get(tn, "trigger"));
	t->cardinality = dup_str(a, doc_get(tn, "cardinality"));
	t->when = dup_str(a, doc_get(tn, "when"));
	t->top_level = top;
	static const char *const side[2] = { "from", "to" };
	const char **pair[2] = { &t->from, &t->to };
	for (int k = 0; k < 2; k++) {
		const doc_node *r = doc_get(tn, side[k]);
		*pair[k] = ref_pair(a, doc_str(r));
		if (!*pair[k]) {
			char msg[300];
			snprintf(msg, sizeof msg, "transition \"%s\": invalid %s reference \"%s\": expected format <name>.<phase>",
			         t->name ? t->name : "", side[k], doc_str(r) ? doc_str(r) : "");
			return bad(err, d, r ? r : tn, msg);
		}
	}
	return 0;
}

/* Resolver.AllTransitions: every sub-pipeline's transitions, then the
 * pipeline-level ones. */
static int read_transitions(const doc *d, arena *a, const doc_node *pl, lg_pipeline *out, lw_error *err)
{
	const doc_node *subs = doc_get(pl, "sub-pipelines"), *top = doc_get(pl, "pipeline-transitions");
	size_t cap = doc_is_seq(top) ? doc_len(top) : 0;
	for (const doc_node *k = doc_is_map(subs) ? doc_map_first(subs) : NULL; k; k = doc_map_next(k)) {
		const doc_node *ts = doc_get(k->next, "transitions");
		cap += doc_is_seq(ts) ? doc_len(ts) : 0;
	}
	lg_transition *v = arena_alloc(a, (cap + 1) * sizeof *v);
	size_t n = 0;
	for (const doc_node *k = doc_is_map(subs) ? doc_map_first(subs) : NULL; k; k = doc_map_next(k)) {
		const doc_node *ts = doc_get(k->next, "transitions");
		for (const doc_node *e = doc_is_seq(ts) ? doc_seq_first(ts) : NULL; e && n < cap; e = e->next)
			if (read_transition(d, a, doc_deref(e), false, &v[n++], err) < 0)
				return -1;
	}
	for (const doc_node *e = doc_is_seq(top) ? doc_seq_first(top) : NULL; e && n < cap; e = e->next)
		if (read_transition(d, a, doc_deref(e), true, &v[n++], err) < 0)
			return -1;
	out->transitions = v;
	out->ntransitions = n;
	return 0;
}

int lizago_pipeline_load(const char *liza_dir, arena *a, lg_pipeline *out, lw_error *err)
{
	char path[LW_PATH_MAX];
	char *buf;
	size_t len;
	lw_path_join(path, sizeof path, liza_dir, "pipeline.yaml");
	int rc = lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, err);
	if (rc == LW_READ_MISSING)
		return 0;
	if (rc != LW_READ_OK)
		return -1;
	doc d;
	if (doc_parse(&d, buf, len, path, NULL, err) < 0) {
		free(buf);
		return -1;
	}
	int ret = -1;
	const doc_node *pairs = doc_get(doc_get(d.root, "pipeline"), "role-pairs");
	if (!doc_is_map(pairs) || doc_len(pairs) == 0) {
		bad(err, &d, pairs ? pairs : d.root, "pipeline must define at least one role-pair (pipeline.role-pairs)");
		goto done;
	}
	lg_pair *v = arena_alloc(a, doc_len(pairs) * sizeof *v);
	size_t n = 0;
	for (const doc_node *k = doc_map_first(pairs); k; k = doc_map_next(k)) {
		const doc_node *rp = k->next;
		lg_pair *p = &v[n];
		p->name = dup_str(a, doc_deref(k));
		p->doer = dup_str(a, doc_get(rp, "doer"));
		p->reviewer = dup_str(a, doc_get(rp, "reviewer"));
		p->slug = dup_str(a, doc_get(rp, "task-slug"));
		long long q = 1;
		const doc_node *pol = doc_get(rp, "review-policy");
		if (pol && doc_int(doc_get(pol, "quorum"), &q) != DOC_OK) {
			bad(err, &d, pol, "review-policy needs an integer quorum");
			goto done;
		}
		if (q < 1) {
			bad(err, &d, pol, "review-policy quorum must be >= 1");
			goto done;
		}
		p->quorum = (int)q;
		if (pol && (override_quorum(&d, pol, "significant-change", &p->quorum_significant, err) < 0 ||
		            override_quorum(&d, pol, "architecture-impact", &p->quorum_architecture, err) < 0))
			goto done;
		const doc_node *states = doc_get(rp, "states");
		for (int c = 0; c < LGC_PAIR_COUNT; c++)
			p->state[c] = dup_str(a, doc_get(states, state_keys[c]));
		for (int c = LGC_INITIAL; c <= LGC_REJECTED; c++)
			if (c != LGC_REVIEWING2 && c != LGC_PARTIAL && !p->state[c]) {
				char msg[160];
				snprintf(msg, sizeof msg, "role-pair %s: %s state is empty", p->name ? p->name : "?",
				         state_keys[c]);
				bad(err, &d, rp, msg);
				goto done;
			}
		if (!p->name) {
			bad(err, &d, k, "a role-pair needs a name");
			goto done;
		}
		n++;
	}
	out->pairs = v;
	out->npairs = n;
	if (read_transitions(&d, a, doc_get(d.root, "pipeline"), out, err) < 0)
		goto done;
	orchestrator_roles(a, doc_get(doc_get(d.root, "pipeline"), "roles"), out);
	out->embedded = false;
	out->source = arena_strdup(a, path);
	ret = 1;
done:
	doc_free(&d);
	free(buf);
	return ret;
}
