/* liza_invariants.c — the rules of liza-validate.sh (docs/systems/liza.md,
 * "Invariants"), each broken rule one CRIT invalid_state alert that names
 * the rule and where: `state.yaml:41:5: CLAIMED task has no worktree (rule:
 * claimed_fields)`. Unlike the script, which stops at its first failure,
 * every broken rule is reported.
 *
 * "Has a field" means what `yq` means by it: the key is present and its
 * value is not null (an empty list counts as present).
 *
 * Every rule is O(n log n) or better over tasks: ids go through a sorted
 * index, groups (an agent's active tasks, duplicate ids) through sorting,
 * and dependency cycles through one iterative depth-first search. */
#include "systems/liza/shell/liza_invariants.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_broken.h"
#include "systems/liza/shell/liza_index.h"
#include "systems/liza/shell/liza_validity.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LISTED = LIZA_IDS_LISTED, MAX_CYCLE_LISTED = 12 };   /* ids named in one message */

typedef struct iv {
	const liza_state *st;
	lw_check_ctx *ctx;
	const liza_index *tasks;  /* the loader's */
	/* Every depends_on entry looked up once, for both rules that follow
	 * them: task i's are dep[dep_first[i] …]; -1 when no task has the id. */
	long *dep;
	size_t *dep_first;
} iv;

static void resolve_dependencies(iv *v)
{
	const liza_state *st = v->st;
	size_t edges = 0;
	for (size_t i = 0; i < st->ntasks; i++)
		edges += st->tasks[i].depends_on.n;
	v->dep = malloc((edges + 1) * sizeof *v->dep);
	v->dep_first = malloc((st->ntasks + 1) * sizeof *v->dep_first);
	if (!v->dep || !v->dep_first)
		abort();
	size_t e = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		v->dep_first[i] = e;
		for (size_t k = 0; k < st->tasks[i].depends_on.n; k++)
			v->dep[e++] = liza_index_find(v->tasks, st->tasks[i].depends_on.v[k]);
	}
	v->dep_first[st->ntasks] = e;
}

/* One broken rule (liza_broken.h): keyed subject#rule, so two rules
 * broken on one task are two alerts. */
#define broken(v, subject, rule, at, ...) liza_broken((v)->st, (v)->ctx, subject, rule, NULL, at, __VA_ARGS__)

static bool has(const doc_node *map, const char *key)
{
	const doc_node *n = doc_get(map, key);
	return n && !doc_is_null(n);
}

/* Appends ", key" to buf; count is how many came before. */
static size_t list_missing(char *buf, size_t used, size_t n, int count, const char *key)
{
	return used + (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s", count ? ", " : "", key);
}

/* Appends ", key" for each listed key that is missing; returns how many. */
static int missing(const doc_node *map, char *buf, size_t n, const char *const *keys)
{
	int count = 0;
	size_t used = strlen(buf);
	for (; *keys && used < n; keys++)
		if (!has(map, *keys))
			used = list_missing(buf, used, n, count++, *keys);
	return count;
}

/* The same over a task's fields, from the presence the loader noted (a
 * lookup per field per task would dominate the checks of a large state). */
static bool task_has(const liza_task *t, liza_field f) { return t->present & (1u << f); }

static int task_missing(const liza_task *t, char *buf, size_t n, const liza_field *fields, size_t nfields)
{
	int count = 0;
	size_t used = strlen(buf);
	for (size_t i = 0; i < nfields && used < n; i++)
		if (!task_has(t, fields[i]))
			used = list_missing(buf, used, n, count++, liza_field_name(fields[i]));
	return count;
}

#define TASK_MISSING(t, buf, fields) task_missing(t, buf, sizeof buf, fields, sizeof fields / sizeof *fields)

/* ---- top level ---- */
static void rule_required_keys(iv *v)
{
	static const char *const keys[] = { "version", "goal", "tasks", "agents", "config", "sprint", NULL };
	char buf[128] = "";
	int n = missing(v->st->root, buf, sizeof buf, keys);
	if (n)
		broken(v, "state.yaml", "required_keys", v->st->root, "missing required top-level key%s: %s",
		       n > 1 ? "s" : "", buf);
}

/* ---- per task, on its own fields ---- */
/* The fields a status requires, each list one rule of the script's. */
static const struct {
	liza_status status;
	const char *rule;
	liza_field fields[4];
	size_t n;
} required[] = {
	{ LS_CLAIMED, "claimed_fields", { LF_ASSIGNED_TO, LF_WORKTREE, LF_LEASE_EXPIRES, LF_BASE_COMMIT }, 4 },
	{ LS_READY_FOR_REVIEW, "review_fields", { LF_REVIEW_COMMIT }, 1 },
	{ LS_BLOCKED, "blocked_fields", { LF_BLOCKED_REASON, LF_BLOCKED_QUESTIONS }, 2 },
	{ LS_REJECTED, "rejected_fields", { LF_REJECTION_REASON }, 1 },
	{ LS_SUPERSEDED, "superseded_fields", { LF_SUPERSEDED_BY, LF_RESCOPE_REASON }, 2 },
};

static void rule_task_fields(iv *v, const liza_task *t)
{
	const doc_node *n = t->node;
	char buf[256] = "";
	if (t->status == LS_UNKNOWN) {
		if (t->status_raw)
			broken(v, t->id, "status_known", liza_broken_at(n, "status"), "unknown task status \"%.64s\"",
			       t->status_raw);
		else
			broken(v, t->id, "status_known", n, "task has no status");
	}
	switch (t->status) {
	case LS_DRAFT:
		if (task_has(t, LF_ASSIGNED_TO))
			broken(v, t->id, "draft_unassigned", liza_broken_at(n, "assigned_to"),
			       "DRAFT task is assigned_to %s (a draft is not claimable yet)",
			       t->assigned_to ? t->assigned_to : "someone");
		break;
	case LS_MERGED:
		if (task_has(t, LF_WORKTREE))
			broken(v, t->id, "merged_worktree", liza_broken_at(n, "worktree"),
			       "MERGED task still has a worktree (it should have been removed)");
		break;
	default: break;
	}
	for (size_t i = 0; i < sizeof required / sizeof *required; i++) {
		if (required[i].status != t->status)
			continue;
		/* integration-fix claims reuse the failed worktree: no base_commit needed */
		size_t nf = t->status == LS_CLAIMED && t->integration_fix ? 3 : required[i].n;
		if (task_missing(t, buf, sizeof buf, required[i].fields, nf))
			broken(v, t->id, required[i].rule, n, "%s task has no %s", liza_status_name(t->status), buf);
	}
	if (t->status != LS_DRAFT && t->status != LS_SUPERSEDED && t->status != LS_ABANDONED) {
		static const liza_field keys[] = { LF_DONE_WHEN, LF_SPEC_REF };
		buf[0] = '\0';
		if (TASK_MISSING(t, buf, keys))
			broken(v, t->id, "finalized_fields", n, "%s task has no %s (only DRAFT may lack them)",
			       t->status_raw ? t->status_raw : "a", buf);
	}
	if (t->failed_by.n > 1) {
		const char **s = liza_sorted_ids(&t->failed_by);
		const char *dups[MAX_LISTED];
		size_t nd = 0;
		for (size_t i = 1; i < t->failed_by.n && nd < MAX_LISTED; i++)
			if (strcmp(s[i], s[i - 1]) == 0 && (nd == 0 || strcmp(dups[nd - 1], s[i]) != 0))
				dups[nd++] = s[i];
		if (nd)
			broken(v, t->id, "failed_by_unique", t->failed_by.node, "failed_by lists %s more than once",
			       liza_join_ids(buf, sizeof buf, dups, nd));
		free(s);
	}
}

/* ---- per task, against other tasks ---- */
static void rule_dependencies(iv *v, size_t ti)
{
	const liza_task *t = &v->st->tasks[ti];
	const char *absent[MAX_LISTED], *unmerged[MAX_LISTED];
	size_t na = 0, nu = 0, more_a = 0, more_u = 0;
	char buf[512];
	for (size_t i = 0; i < t->depends_on.n; i++) {
		const char *dep = t->depends_on.v[i];
		long d = v->dep[v->dep_first[ti] + i];
		if (d < 0) {
			if (na < MAX_LISTED) absent[na++] = dep; else more_a++;
		} else if (t->status == LS_CLAIMED && v->st->tasks[d].status != LS_MERGED) {
			if (nu < MAX_LISTED) unmerged[nu++] = dep; else more_u++;
		}
	}
	if (na)
		broken(v, t->id, "depends_exist", t->depends_on.node, "depends_on names unknown task%s: %s%s",
		       na + more_a > 1 ? "s" : "", liza_join_ids(buf, sizeof buf, absent, na),
		       more_a ? " and more" : "");
	if (nu) {
		size_t used = 0;
		buf[0] = '\0';
		for (size_t i = 0; i < nu && used < sizeof buf; i++) {
			const liza_task *d = &v->st->tasks[liza_index_find(v->tasks, unmerged[i])];
			used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s (%s)", i ? ", " : "", unmerged[i],
			                         d->status_raw ? d->status_raw : "no status");
		}
		broken(v, t->id, "claimed_deps_merged", t->depends_on.node,
		       "CLAIMED task depends on unmerged task%s: %s%s", nu + more_u > 1 ? "s" : "", buf,
		       more_u ? " and more" : "");
	}
}

static int cmp_ent_key(const void *pa, const void *pb)
{
	const liza_index_ent *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);
	return c ? c : (a->i < b->i ? -1 : a->i > b->i);
}

/* No agent holds more than one CLAIMED / READY_FOR_REVIEW / REJECTED task. */
static void rule_one_active_task(iv *v)
{
	const liza_state *st = v->st;
	liza_index_ent *e = malloc((st->ntasks + 1) * sizeof *e);
	if (!e)
		abort();
	size_t n = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		if (t->assigned_to && (t->status == LS_CLAIMED || t->status == LS_READY_FOR_REVIEW ||
		                       t->status == LS_REJECTED))
			e[n++] = (liza_index_ent){ t->assigned_to, i };
	}
	qsort(e, n, sizeof *e, cmp_ent_key);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(e[j].key, e[i].key) == 0; j++)
			;
		if (j - i < 2)
			continue;
		char buf[600];
		size_t used = 0;
		buf[0] = '\0';
		for (size_t k = i; k < j && k < i + MAX_LISTED && used < sizeof buf; k++) {
			const liza_task *t = &st->tasks[e[k].i];
			used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s (%s)", k > i ? ", " : "", t->id,
			                         t->status_raw);
		}
		if (j - i > MAX_LISTED && used < sizeof buf)
			snprintf(buf + used, sizeof buf - used, " and %zu more", j - i - MAX_LISTED);
		broken(v, e[i].key, "one_active_task", st->tasks[e[i + 1].i].node,
		       "%s is assigned_to %zu active tasks: %s", e[i].key, j - i, buf);
	}
	free(e);
}

static void rule_unique_ids(iv *v)
{
	const liza_index *x = v->tasks;
	for (size_t i = 0, j; i < x->n; i = j) {
		for (j = i + 1; j < x->n && strcmp(x->v[j].key, x->v[i].key) == 0; j++)
			;
		if (j - i < 2)
			continue;
		char lines[200];
		size_t used = 0;
		lines[0] = '\0';
		for (size_t k = i; k < j && k < i + MAX_LISTED && used < sizeof lines; k++)
			used += (size_t)snprintf(lines + used, sizeof lines - used, "%s%u", k > i ? ", " : "",
			                         doc_where(v->st->state_doc, v->st->tasks[x->v[k].i].node).line);
		broken(v, x->v[i].key, "unique_ids", v->st->tasks[x->v[i + 1].i].node,
		       "task id %s is used %zu times (lines %s%s)", x->v[i].key, j - i, lines,
		       j - i > MAX_LISTED ? ", …" : "");
	}
}

/* Dependency cycles: one iterative depth-first search over depends_on
 * (O(tasks + edges) with O(log n) lookups). Every edge back onto the search
 * stack closes one cycle, reported from the task it re-enters. */
static void rule_no_cycles(iv *v)
{
	const liza_state *st = v->st;
	size_t n = st->ntasks;
	if (!n)
		return;
	unsigned char *color = calloc(n, 1);      /* 0 new, 1 on the stack, 2 done */
	size_t *pos = malloc(n * sizeof *pos);    /* stack position while on the stack */
	size_t *stack = malloc(n * sizeof *stack), *edge = malloc(n * sizeof *edge);
	if (!color || !pos || !stack || !edge)
		abort();
	for (size_t root = 0; root < n; root++) {
		if (color[root])
			continue;
		size_t top = 0;
		stack[0] = root;
		edge[0] = 0;
		pos[root] = 0;
		color[root] = 1;
		for (;;) {
			size_t u = stack[top];
			const liza_task *t = &st->tasks[u];
			if (edge[top] < t->depends_on.n) {
				long d = v->dep[v->dep_first[u] + edge[top]++];
				if (d < 0)
					continue;
				size_t w = (size_t)d;
				if (color[w] == 0) {
					top++;
					stack[top] = w;
					edge[top] = 0;
					pos[w] = top;
					color[w] = 1;
				} else if (color[w] == 1) {
					char buf[600];
					size_t used = 0, len = top - pos[w] + 1;
					buf[0] = '\0';
					for (size_t k = pos[w]; k <= top && k < pos[w] + MAX_CYCLE_LISTED && used < sizeof buf; k++)
						used += (size_t)snprintf(buf + used, sizeof buf - used, "%s → ",
						                         st->tasks[stack[k]].id);
					if (len > MAX_CYCLE_LISTED && used < sizeof buf)
						used += (size_t)snprintf(buf + used, sizeof buf - used, "… → ");
					if (used < sizeof buf)
						snprintf(buf + used, sizeof buf - used, "%s", st->tasks[w].id);
					/* keyed by the task it re-enters from: two cycles through one task */
					liza_broken(st, v->ctx, st->tasks[w].id, "no_cycles", t->id, t->depends_on.node,
					            "dependency cycle of %zu task%s: %s", len, len > 1 ? "s" : "", buf);
				}
				continue;
			}
			color[u] = 2;
			if (top == 0)
				break;
			top--;
		}
	}
	free(color);
	free(pos);
	free(stack);
	free(edge);
}

/* ---- agents, handoffs, discoveries, sprint ---- */
static void rule_agents(iv *v)
{
	for (size_t i = 0; i < v->st->nagents; i++) {
		const liza_agent *ag = &v->st->agents[i];
		if (!ag->status || strcmp(ag->status, "WORKING") != 0 || !doc_is_map(ag->node))
			continue;
		char buf[64] = "";
		int k = 0;
		if (!ag->current_task) {
			strcat(buf, "current_task");
			k++;
		}
		if (!has(ag->node, "lease_expires")) {
			strcat(buf, k ? ", lease_expires" : "lease_expires");
			k++;
		}
		if (k)
			broken(v, ag->id, "working_fields", ag->node, "WORKING agent has no %s", buf);
	}
}

static void rule_handoffs(iv *v)
{
	for (size_t i = 0; i < v->st->nhandoffs; i++) {
		const liza_handoff *h = &v->st->handoffs[i];
		if (h->has_summary && h->has_next_action)
			continue;
		broken(v, h->task, "handoff_fields", h->node, "handoff entry has no %s%s%s",
		       !h->has_summary ? "summary" : "", !h->has_summary && !h->has_next_action ? ", " : "",
		       !h->has_next_action ? "next_action" : "");
	}
}

static void rule_discoveries(iv *v)
{
	for (size_t i = 0; i < v->st->ndiscovered; i++) {
		const liza_discovery *d = &v->st->discovered[i];
		if (!d->urgency || strcmp(d->urgency, "deferred") == 0 || strcmp(d->urgency, "immediate") == 0)
			continue;
		char subject[48];
		snprintf(subject, sizeof subject, "discovered[%zu]", i);
		broken(v, d->id ? d->id : subject, "discovery_urgency", liza_broken_at(d->node, "urgency"),
		       "urgency \"%.64s\" is not deferred or immediate", d->urgency);
	}
}

static void rule_sprint(iv *v)
{
	const liza_state *st = v->st;
	const doc_node *sp = st->sprint;
	if (!sp)
		return;
	const char *subject = st->sprint_id ? st->sprint_id : "sprint";
	const char *s = st->sprint_status;
	if (s && strcmp(s, "IN_PROGRESS") != 0 && strcmp(s, "CHECKPOINT") != 0 && strcmp(s, "COMPLETED") != 0 &&
	    strcmp(s, "ABORTED") != 0)
		broken(v, subject, "sprint_status", liza_broken_at(sp, "status"),
		       "sprint status \"%.64s\" is not IN_PROGRESS, CHECKPOINT, COMPLETED or ABORTED", s);
	if (st->sprint_goal_ref && (!st->goal_id || strcmp(st->sprint_goal_ref, st->goal_id) != 0))
		broken(v, subject, "sprint_goal_ref", liza_broken_at(sp, "goal_ref"),
		       "sprint goal_ref %.64s does not match goal.id %.64s", st->sprint_goal_ref,
		       st->goal_id ? st->goal_id : "(none)");
	const char *absent[MAX_LISTED];
	size_t na = 0, more = 0;
	const doc_node *at = NULL;
	const liza_strv *lists[] = { &st->sprint_planned, &st->sprint_stretch };
	for (size_t l = 0; l < 2; l++)
		for (size_t i = 0; i < lists[l]->n; i++)
			if (liza_index_find(v->tasks, lists[l]->v[i]) < 0) {
				if (!at)
					at = lists[l]->node;
				if (na < MAX_LISTED) absent[na++] = lists[l]->v[i]; else more++;
			}
	if (na) {
		char buf[512];
		broken(v, subject, "sprint_scope", at, "sprint scope names unknown task%s: %s%s",
		       na + more > 1 ? "s" : "", liza_join_ids(buf, sizeof buf, absent, na), more ? " and more" : "");
	}
}

void liza_invariants(const liza_state *st, lw_check_ctx *ctx)
{
	if (!st || !st->root)
		return;
	iv v = { .st = st, .ctx = ctx };
	v.tasks = &st->tasks_by_id;
	resolve_dependencies(&v);
	rule_required_keys(&v);
	for (size_t i = 0; i < st->ntasks; i++) {
		rule_task_fields(&v, &st->tasks[i]);
		rule_dependencies(&v, i);
	}
	rule_unique_ids(&v);
	rule_one_active_task(&v);
	rule_no_cycles(&v);
	rule_agents(&v);
	rule_handoffs(&v);
	rule_discoveries(&v);
	rule_sprint(&v);
	liza_validity(st, ctx);
	free(v.dep);
	free(v.dep_first);
}
