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

const lg_pipeline lg_embedded_pipeline = {
	embedded_pairs, sizeof embedded_pairs / sizeof *embedded_pairs, true, "embedded",
	embedded_orchestrators, 1,
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
	orchestrator_roles(a, doc_get(doc_get(d.root, "pipeline"), "roles"), out);
	out->embedded = false;
	out->source = arena_strdup(a, path);
	ret = 1;
done:
	doc_free(&d);
	free(buf);
	return ret;
}
