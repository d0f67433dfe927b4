/* lizago_validate.c — the validators today's Liza runs after its task
 * invariants (internal/statevalidate validate.go collectStateViolations):
 * agents and their claims (validate_agent.go, validate_roles.go), dependencies
 * (validate_deps.go, models/dependency_resolver.go), discoveries, anomalies
 * and handoff events (validate_entity.go, models/state.go), the sprint
 * (validate_sprint.go). Each broken rule is a CRIT invalid_state naming the
 * rule and the place, worded as Liza words it. Everything is linear in
 * tasks and agents, or n log n through the sorted indexes. */
#include "core/util/strbuf.h"
#include "systems/liza/go/lizago_validate.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define broken(c, subject, at, rule, ...) lizago_check_broken(c, subject, at, rule, NULL, __VA_ARGS__)
#define broken_k(c, subject, at, rule, key, ...) lizago_check_broken(c, subject, at, rule, key, __VA_ARGS__)

static bool is_cat(const lg_task *t, lg_cat k) { return t->st.cat == k; }

static bool eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static bool empty(const char *s) { return !s || !*s; }

/* The task's pair resolves its statuses (isActiveReviewingTask needs a role_pair). */
static bool own_pair(const lg_task *t) { return t->role_pair && t->pair && t->st.pair == t->pair; }

static bool active_review(const lg_task *t)
{
	return own_pair(t) && (is_cat(t, LGC_REVIEWING) || is_cat(t, LGC_REVIEWING2));
}

static bool executing(const lg_task *t) { return is_cat(t, LGC_EXECUTING); }

static long long agent_pid(const lg_agent *a)
{
	long long pid;
	return doc_int(doc_get(doc_deref(a->node), "pid"), &pid) == DOC_OK ? pid : 0;
}

/* ---- validate_agent.go validateAgentInvariants ---- */

static void agent_rows(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	time_t now = c->ctx->now;
	for (size_t i = 0; i < st->nagents; i++) {
		const lg_agent *a = &st->agents[i];
		/* validate_roles.go validateRoleNames: the shell era's code_reviewer */
		if (a->role && strchr(a->role, '_'))
			broken_k(c, a->id, a->node, "role_name", a->role, "agent %s has unmigrated role name \"%s\": run 'liza migrate' to fix",
			         a->id, a->role);
		if (a->lease_expires != LW_NO_TIME && a->lease_expires > now) {
			if (empty(a->role))
				broken_k(c, a->id, a->node, "agent_lease", "role", "agent %s has active lease but no role", a->id);
			if (empty(a->provider))
				broken_k(c, a->id, a->node, "agent_lease", "provider", "agent %s has active lease but no provider",
				         a->id);
			if (agent_pid(a) <= 0)
				broken_k(c, a->id, a->node, "agent_lease", "pid", "agent %s has active lease but no pid", a->id);
		}
		if (eq(a->status, "WORKING") && empty(a->current_task))
			broken_k(c, a->id, a->node, "agent_working", "current_task",
			         "agent %s has status WORKING but no current_task assigned", a->id);
		if (eq(a->status, "WORKING") && a->lease_expires == LW_NO_TIME)
			broken_k(c, a->id, a->node, "agent_working", "lease_expires",
			         "agent %s has status WORKING but no lease_expires", a->id);
	}
}

/* validateActiveReviewOwnership: a task under review and its reviewer's row agree. */
static void review_ownership(lizago_check_ctx *c, const lg_task *t)
{
	if (!active_review(t) || empty(t->reviewing_by))
		return;
	const char *s = t->status, *r = t->reviewing_by;
	const lg_agent *a = lizago_check_agent(c, r);
	if (!a) {
		broken_k(c, t->id, t->node, "review_ownership", "agent", "%s task %s reviewing_by %s has no matching agent",
		         s, t->id, r);
		return;
	}
	if (t->pair->reviewer && !eq(a->role, t->pair->reviewer))
		broken_k(c, t->id, t->node, "review_ownership", "role", "%s task %s reviewing_by %s has role \"%s\", want \"%s\"",
		         s, t->id, r, a->role ? a->role : "", t->pair->reviewer);
	if (!eq(a->status, "REVIEWING"))
		broken_k(c, t->id, t->node, "review_ownership", "status",
		         "%s task %s reviewing_by %s has agent status %s, want REVIEWING", s, t->id, r,
		         a->status ? a->status : "");
	if (!eq(a->current_task, t->id))
		broken_k(c, t->id, t->node, "review_ownership", "current_task",
		         "%s task %s reviewing_by %s has mismatched current_task", s, t->id, r);
	if (a->lease_expires == LW_NO_TIME)
		broken_k(c, t->id, t->node, "review_ownership", "lease_expires",
		         "%s task %s reviewing_by %s has agent without lease_expires", s, t->id, r);
	if (agent_pid(a) <= 0)
		broken_k(c, t->id, t->node, "review_ownership", "pid", "%s task %s reviewing_by %s has agent without pid", s,
		         t->id, r);
}

enum { VERDICT_GRACE = 120 };   /* models.VerdictHandoffGrace */

/* models.InVerdictHandoff: the last history entry is an approval or a
 * rejection, timestamped within the grace before now. */
static bool in_verdict_handoff(lizago_check_ctx *c, const lg_task *t, time_t now)
{
	const doc_node *last = NULL;
	for (const doc_node *h = doc_seq_first(doc_get(doc_deref(t->node), "history")); h; h = h->next)
		last = h;
	const char *ev = doc_str(doc_get(doc_deref(last), "event"));
	time_t at;
	bool in = ev && (strcmp(ev, "approved") == 0 || strcmp(ev, "rejected") == 0) &&
	          doc_time(doc_get(doc_deref(last), "time"), &at) == DOC_OK && at <= now && now - at <= VERDICT_GRACE;
	if (in)
		lw_check_deadline(c->ctx, at + VERDICT_GRACE + 1);   /* the grace runs out: look again */
	return in;
}

/* validateWaitingTaskReference: a WAITING doer waits on its task's verdict
 * (submitted, under review, partially approved, or the verdict just
 * given); a WAITING reviewer holds a live review claim on a task back with
 * its doer (rejected or executing). */
static void waiting_claim(lizago_check_ctx *c, const lg_agent *a, const lg_task *t)
{
	time_t now = c->ctx->now;
	if (!t->role_pair) {
		broken_k(c, a->id, a->node, "agent_claim", "role_pair", "agent %s says WAITING %s, but task has no role_pair",
		         a->id, t->id);
		return;
	}
	const lg_pair *p = lizago_pair_find(&c->st->pipeline, t->role_pair);
	if (!p || !p->doer || !p->reviewer)
		return;   /* the role_pair rule says it */
	const char *s = t->status ? t->status : "";
	if (eq(a->role, p->doer)) {
		if (!eq(t->assigned_to, a->id))
			broken_k(c, a->id, a->node, "agent_claim", "doer_assigned_to",
			         "agent %s says WAITING %s as doer, but task assigned_to is %s", a->id, t->id,
			         empty(t->assigned_to) ? "<none>" : t->assigned_to);
		bool awaiting = own_pair(t) && (is_cat(t, LGC_SUBMITTED) || active_review(t) || is_cat(t, LGC_PARTIAL));
		bool handoff = own_pair(t) && (is_cat(t, LGC_APPROVED) || is_cat(t, LGC_REJECTED)) && in_verdict_handoff(c, t, now);
		if (!awaiting && !handoff)
			broken_k(c, a->id, a->node, "agent_claim", "doer_awaiting",
			         "agent %s says WAITING %s as doer, but task status %s is not awaiting review verdict", a->id, t->id, s);
	} else if (eq(a->role, p->reviewer)) {
		if (!eq(t->reviewing_by, a->id))
			broken_k(c, a->id, a->node, "agent_claim", "reviewer_reviewing_by",
			         "agent %s says WAITING %s as reviewer, but task reviewing_by is %s", a->id, t->id,
			         empty(t->reviewing_by) ? "<none>" : t->reviewing_by);
		if (t->review_lease_expires == LW_NO_TIME || t->review_lease_expires <= now)
			broken_k(c, a->id, a->node, "agent_claim", "reviewer_lease",
			         "agent %s says WAITING %s as reviewer, but review_lease_expires is not in the future", a->id, t->id);
		else
			lw_check_deadline(c->ctx, t->review_lease_expires);   /* look again when it runs out */
		if (!(own_pair(t) && is_cat(t, LGC_REJECTED)) && !executing(t))
			broken_k(c, a->id, a->node, "agent_claim", "reviewer_awaiting",
			         "agent %s says WAITING %s as reviewer, but task status %s is not awaiting resubmission", a->id,
			         t->id, s);
	} else {
		broken_k(c, a->id, a->node, "agent_claim", "role",
		         "agent %s says WAITING %s, but agent role \"%s\" is neither doer \"%s\" nor reviewer \"%s\"", a->id,
		         t->id, a->role ? a->role : "", p->doer, p->reviewer);
	}
}

/* validateActiveDoerOwnership (models.ActiveDoerOwnershipDefects, as far
 * as its tests show it): an executing task's doer is a registered agent of
 * the pair's doer role, WORKING on it, resumable (IDLE with no task) or
 * handing it off. */
static void doer_ownership(lizago_check_ctx *c, const lg_task *t)
{
	if (!executing(t) || !own_pair(t) || empty(t->assigned_to) || t->assigned_to[0] == '$')
		return;
	const char *s = t->status, *d = t->assigned_to;
	const lg_agent *a = lizago_check_agent(c, d);
	if (!a) {
		broken_k(c, t->id, t->node, "doer_ownership", "agent", "%s task %s assigned_to %s has no matching agent", s,
		         t->id, d);
		return;
	}
	if (t->pair->doer && !eq(a->role, t->pair->doer))
		broken_k(c, t->id, t->node, "doer_ownership", "role", "%s task %s assigned_to %s has role \"%s\", want \"%s\"",
		         s, t->id, d, a->role ? a->role : "", t->pair->doer);
	bool resumable = eq(a->status, "IDLE") && empty(a->current_task);
	if (!eq(a->status, "WORKING") && !resumable && !eq(a->status, "HANDOFF") && !eq(a->status, "IDLE"))
		broken_k(c, t->id, t->node, "doer_ownership", "status",
		         "%s task %s assigned_to %s has agent status %s, want WORKING or resumable IDLE", s, t->id, d,
		         a->status ? a->status : "");
	else if (eq(a->status, "WORKING") && !empty(a->current_task) && !eq(a->current_task, t->id))
		broken_k(c, t->id, t->node, "doer_ownership", "current_task",
		         "%s task %s assigned_to %s has mismatched current_task", s, t->id, d);
}

/* validateReverseActiveOwnership: what an agent row says it does is what
 * its task says (WORKING, REVIEWING, WAITING; an orchestrator's row is its own). */
static void reverse_ownership(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	for (size_t i = 0; i < st->nagents; i++) {
		const lg_agent *a = &st->agents[i];
		if (empty(a->current_task) || lizago_check_orchestrator_role(st, a->role))
			continue;
		const char *as = a->status ? a->status : "";
		const lg_task *t = lizago_find_task(st, a->current_task);
		if (!t) {
			broken_k(c, a->id, a->node, "agent_claim", "task", "agent %s says %s %s, but task is missing", a->id, as,
			         a->current_task);
			continue;
		}
		if (strcmp(as, "WORKING") == 0) {
			if (!executing(t))
				broken_k(c, a->id, a->node, "agent_claim", "executing",
				         "agent %s says WORKING %s, but task status %s is not executing", a->id, t->id,
				         t->status ? t->status : "");
			if (!eq(t->assigned_to, a->id))
				broken_k(c, a->id, a->node, "agent_claim", "assigned_to",
				         "agent %s says WORKING %s, but task assigned_to is %s", a->id, t->id,
				         empty(t->assigned_to) ? "<none>" : t->assigned_to);
			if (t->pair && t->pair->doer && !eq(a->role, t->pair->doer))
				broken_k(c, a->id, a->node, "agent_claim", "role",
				         "agent %s says WORKING %s, but agent role \"%s\", want \"%s\"", a->id, t->id,
				         a->role ? a->role : "", t->pair->doer);
		} else if (strcmp(as, "REVIEWING") == 0) {
			if (!active_review(t))
				broken_k(c, a->id, a->node, "agent_claim", "active_review",
				         "agent %s says REVIEWING %s, but task status %s is not active review", a->id, t->id,
				         t->status ? t->status : "");
			if (!eq(t->reviewing_by, a->id))
				broken_k(c, a->id, a->node, "agent_claim", "reviewing_by",
				         "agent %s says REVIEWING %s, but task reviewing_by is %s", a->id, t->id,
				         empty(t->reviewing_by) ? "<none>" : t->reviewing_by);
			if (t->pair && t->pair->reviewer && !eq(a->role, t->pair->reviewer))
				broken_k(c, a->id, a->node, "agent_claim", "role",
				         "agent %s says REVIEWING %s, but agent role \"%s\", want \"%s\"", a->id, t->id,
				         a->role ? a->role : "", t->pair->reviewer);
		} else if (strcmp(as, "WAITING") == 0) {
			waiting_claim(c, a, t);
		}
	}
}

/* ---- validate_deps.go validateDependencies ---- */

enum { DEP_UNSEEN, DEP_VISITING, DEP_SATISFIED, DEP_UNMET, DEP_INVALID };

typedef struct deps {
	lizago_check_ctx *c;
	unsigned char *res;           /* per task index: DependencyResolver.Resolve, memoized */
	lg_downstream *down;          /* the project pipeline's reach; NULL: the rule is not judged */
} deps;

static size_t index_of(const lizago_state *st, const lg_task *t) { return (size_t)(t - st->tasks); }

/* MERGED satisfies; SUPERSEDED satisfies through every task of its
 * superseded_by; a missing replacement or a loop makes the graph invalid. */
static int resolve(deps *g, const lg_task *t, int depth)
{
	const lizago_state *st = g->c->st;
	size_t i = index_of(st, t);
	if (g->res[i] == DEP_VISITING)
		return DEP_INVALID;
	if (g->res[i] != DEP_UNSEEN)
		return g->res[i];
	if (eq(t->status, "MERGED"))
		return g->res[i] = DEP_SATISFIED;
	const doc_node *by = doc_get(doc_deref(t->node), "superseded_by");
	if (!eq(t->status, "SUPERSEDED") || doc_len(by) == 0 || !doc_is_seq(by))
		return g->res[i] = DEP_UNMET;
	if (depth > 4096)
		return DEP_INVALID;
	g->res[i] = DEP_VISITING;
	int r = DEP_SATISFIED;
	for (const doc_node *e = doc_seq_first(by); e; e = e->next) {
		const lg_task *n = lizago_find_task(st, doc_str(e));
		int k = n ? resolve(g, n, depth + 1) : DEP_INVALID;
		if (k == DEP_INVALID)
			r = DEP_INVALID;
		else if (k == DEP_UNMET && r != DEP_INVALID)
			r = DEP_UNMET;
	}
	return g->res[i] = (unsigned char)r;
}

static bool trimmed(const char *s)
{
	size_t n = strlen(s);
	return n && !strchr(" \t\r\n\v\f", s[0]) && !strchr(" \t\r\n\v\f", s[n - 1]);
}

/* validate_deps.go validateDependencyDirection (03b359a): a task must not
 * depend on a task whose role pair is downstream of its own. A task or a
 * dependency without a role_pair is not judged; a role pair the pipeline
 * does not declare is the resolver's error, in its words. */
static void direction(deps *g, const lg_task *t, const lg_task *dt, const char *d)
{
	if (!g->down || empty(t->role_pair) || empty(dt->role_pair))
		return;
	const char *unknown = NULL;
	int r = lizago_downstream(g->down, t->role_pair, dt->role_pair, &unknown);
	if (r < 0)
		broken_k(g->c, t->id, t->node, "dependency_direction", d, "unknown role-pair \"%s\"", unknown);
	else if (r > 0)
		broken_k(g->c, t->id, t->node, "dependency_direction", d,
		         "task %s has downstream dependency %s: role_pair %s is downstream of %s", t->id, dt->id,
		         dt->role_pair, t->role_pair);
}

static void task_deps(deps *g, const lg_task *t)
{
	lizago_check_ctx *c = g->c;
	const lizago_state *st = c->st;
	for (size_t i = 0; i < t->ndepends_on; i++) {
		const char *d = t->depends_on[i];
		bool dup = false;
		for (size_t j = 0; j < i && !dup; j++)
			dup = strcmp(t->depends_on[j], d) == 0;
		if (!trimmed(d)) {
			broken_k(c, t->id, t->node, "depends_on", d,
			         "task %s has invalid depends_on entry \"%s\" (must be non-empty and trimmed)", t->id, d);
			continue;
		}
		if (strcmp(d, t->id) == 0) {
			broken_k(c, t->id, t->node, "depends_on", d, "task %s has depends_on referencing itself", t->id);
			continue;
		}
		if (dup) {
			broken_k(c, t->id, t->node, "depends_on", d, "task %s has duplicate depends_on entry \"%s\"", t->id, d);
			continue;
		}
		const lg_task *dt = lizago_find_task(st, d);
		if (!dt) {
			broken_k(c, t->id, t->node, "depends_on", d,
			         "task %s has depends_on referencing non-existent task '%s'", t->id, d);
			continue;
		}
		int r = resolve(g, dt, 0);
		if (r == DEP_INVALID) {
			broken_k(c, t->id, t->node, "dependency_resolution", d, "task %s has invalid dependency %s", t->id, d);
			continue;
		}
		if (!lizago_terminal(t->status) && lizago_terminal(dt->status) && !eq(dt->status, "MERGED"))
			broken_k(c, t->id, t->node, "dependency_terminal", d,
			         "non-terminal task %s depends on terminal non-merged task %s (%s)", t->id, d, dt->status);
		direction(g, t, dt, d);
		if (r != DEP_SATISFIED && executing(t))
			broken_k(c, t->id, t->node, "dependency_unmet", d, "executing task %s has unmet dependencies: %s", t->id, d);
	}
}

/* validateDependencyCycles: every depends_on edge on a cycle, one violation
 * each. An edge lies on a cycle when both ends are in one strongly connected
 * component (Tarjan, iterative; a self edge is its own cycle). A duplicated
 * id resolves to its first task, as Liza's FindTask does. */
typedef struct scc {
	size_t *index, *low, *stack, *cs_task, *cs_edge, *comp;
	bool *on;
} scc;

static const lg_task *dep_target(const lizago_state *st, const lg_task *t, size_t e)
{
	const lg_task *d = lizago_find_task(st, t->depends_on[e]);
	return d;
}

static void cycles(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	size_t n = st->ntasks, none = (size_t)-1;
	if (!n)
		return;
	scc s = { 0 };
	s.index = malloc(n * sizeof *s.index);
	s.low = malloc(n * sizeof *s.low);
	s.stack = malloc(n * sizeof *s.stack);
	s.cs_task = malloc(n * sizeof *s.cs_task);
	s.cs_edge = malloc(n * sizeof *s.cs_edge);
	s.comp = malloc(n * sizeof *s.comp);
	s.on = calloc(n, sizeof *s.on);
	if (!s.index || !s.low || !s.stack || !s.cs_task || !s.cs_edge || !s.comp || !s.on)
		goto out;
	for (size_t i = 0; i < n; i++)
		s.index[i] = s.comp[i] = none;
	size_t next = 0, sp = 0, ncomp = 0;
	for (size_t root = 0; root < n; root++) {
		if (s.index[root] != none || lizago_find_task(st, st->tasks[root].id) != &st->tasks[root])
			continue;
		size_t depth = 0;
		s.cs_task[depth] = root;
		s.cs_edge[depth] = 0;
		s.index[root] = s.low[root] = next++;
		s.stack[sp++] = root;
		s.on[root] = true;
		while (1) {
			size_t v = s.cs_task[depth];
			const lg_task *tv = &st->tasks[v];
			if (s.cs_edge[depth] < tv->ndepends_on) {
				const lg_task *w_t = dep_target(st, tv, s.cs_edge[depth]++);
				if (!w_t)
					continue;
				size_t w = index_of(st, w_t);
				if (s.index[w] == none) {
					s.index[w] = s.low[w] = next++;
					s.stack[sp++] = w;
					s.on[w] = true;
					s.cs_task[++depth] = w;
					s.cs_edge[depth] = 0;
				} else if (s.on[w] && s.index[w] < s.low[v]) {
					s.low[v] = s.index[w];
				}
				continue;
			}
			if (s.low[v] == s.index[v]) {
				size_t w;
				do {
					w = s.stack[--sp];
					s.on[w] = false;
					s.comp[w] = ncomp;
				} while (w != v);
				ncomp++;
			}
			if (depth == 0)
				break;
			size_t u = s.cs_task[--depth];
			if (s.low[v] < s.low[u])
				s.low[u] = s.low[v];
		}
	}
	for (size_t i = 0; i < n; i++) {
		const lg_task *t = &st->tasks[i];
		if (s.comp[i] == none)
			continue;
		for (size_t e = 0; e < t->ndepends_on; e++) {
			const lg_task *d = dep_target(st, t, e);
			bool dup = false;
			for (size_t j = 0; j < e && !dup; j++)
				dup = strcmp(t->depends_on[j], t->depends_on[e]) == 0;
			if (!d || dup || s.comp[index_of(st, d)] != s.comp[i])
				continue;
			/* one component of one task is a cycle only through a self edge */
			broken_k(c, t->id, t->node, "dependency_cycle", t->depends_on[e],
			         "circular dependency detected: %s eventually depends on itself (edge %s -> %s)", t->id, t->id,
			         t->depends_on[e]);
		}
	}
out:
	free(s.index);
	free(s.low);
	free(s.stack);
	free(s.cs_task);
	free(s.cs_edge);
	free(s.comp);
	free(s.on);
}

/* ---- validate_entity.go ---- */

static void discovered(lizago_check_ctx *c)
{
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(c->st->discovered); e; e = e->next, i++) {
		const char *u = doc_str(doc_get(doc_deref(e), "urgency"));
		if (!empty(u) && strcmp(u, "deferred") != 0 && strcmp(u, "immediate") != 0) {
			char k[32];
			snprintf(k, sizeof k, "%zu", i);
			broken_k(c, "discovered", e, "discovered_urgency", k,
			         "discovered item %zu has invalid urgency '%s' (must be 'deferred' or 'immediate')", i, u);
		}
	}
}

/* models/state.go Anomaly.IsValidType and anomalyRequiredDetails. */
static const struct { const char *type; const char *details[8]; } anomaly_types[] = {
	{ "retry_loop", { "count", "error_pattern" } },
	{ "trade_off", { "what", "why", "debt_created" } },
	{ "spec_ambiguity", { 0 } },
	{ "external_blocker", { "blocker_service" } },
	{ "assumption_violated", { "assumption", "reality" } },
	{ "scope_deviation", { 0 } },
	{ "workaround", { 0 } },
	{ "debt_created", { 0 } },
	{ "spec_changed", { 0 } },
	{ "hypothesis_exhaustion", { 0 } },
	{ "spec_gap", { 0 } },
	{ "review_budget_exhausted", { 0 } },
	{ "review_exhaustion", { 0 } },
	{ "reviewer_loop", { 0 } },
	{ "stale_verdict", { "attempted_verdict", "current_status" } },
	{ "system_ambiguity", { "protocol_section", "question" } },
	{ "provider_audit_degraded", { "provider", "agent_id", "message" } },
	{ "agent_degraded", { "agent_id", "role", "reason", "last_error" } },
	{ "submit_verdict_failed", { "verdict", "error" } },
	{ "reviewer_claim_circuit_open", { "role", "failure_class", "attempts", "first_failure", "last_failure", "recovery" } },
	{ "obligation_content_drifted",
	  { "path", "heading", "change", "reviewed_section", "current_section", "carriers", "obligations" } },
	{ "pending_merge_stalled", { "agent_id", "role", "rounds" } },
	{ "runtime_input_unavailable", { "task_id", "input_id", "code", "operation", "bound_instance" } },
};

static void anomalies(lizago_check_ctx *c)
{
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(c->st->anomalies); e; e = e->next, i++) {
		const doc_node *m = doc_deref(e);
		const char *type = doc_str(doc_get(m, "type"));
		char k[96];
		size_t t = 0, nt = sizeof anomaly_types / sizeof *anomaly_types;
		while (t < nt && !eq(type, anomaly_types[t].type))
			t++;
		if (t == nt) {
			snprintf(k, sizeof k, "%zu", i);
			broken_k(c, "anomalies", e, "anomaly_type", k, "unknown anomaly type '%s' at index %zu", type ? type : "",
			         i);
			continue;
		}
		const doc_node *details = doc_get(m, "details");
		for (size_t f = 0; f < 8 && anomaly_types[t].details[f]; f++) {
			const char *field = anomaly_types[t].details[f];
			/* absent once persisted: no key, or null (an empty list or map is present) */
			if (doc_is_null(doc_get(details, field)) && !doc_is_seq(doc_get(details, field)) &&
			    !doc_is_map(doc_get(details, field))) {
				snprintf(k, sizeof k, "%zu:%s", i, field);
				broken_k(c, "anomalies", e, "anomaly_details", k, "%s anomaly at index %zu missing required details (%s)",
				         type, i, field);
			}
		}
	}
}

/* isPostSubmissionStatus: Liza's fixed list of statuses a task reaches only
 * through a submission (the coding and code-planning pairs). */
static bool post_submission(const char *s)
{
	static const char *const list[] = {
		"CODE_TO_REVIEW", "CODE_READY_FOR_REVIEW", "REVIEWING_CODE", "CODE_REJECTED", "CODE_APPROVED", "MERGED",
		"INTEGRATION_FAILED", "CODE_PARTIALLY_APPROVED", "REVIEWING_CODE_2", "CODING_PLAN_TO_REVIEW",
		"REVIEWING_CODING_PLAN", "CODING_PLAN_APPROVED", "CODING_PLAN_REJECTED",
	};
	for (size_t i = 0; s && i < sizeof list / sizeof *list; i++)
		if (strcmp(list[i], s) == 0)
			return true;
	return false;
}

/* validateHandoffEvents */
static void handoff_events(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *ev = doc_get(doc_deref(t->node), "handoff_events");
	bool submission = false, completion = false;
	size_t j = 0;
	for (const doc_node *e = doc_seq_first(ev); e; e = e->next, j++) {
		const doc_node *m = doc_deref(e);
		const char *trig = doc_str(doc_get(m, "trigger"));
		char k[48];
		time_t at;
		snprintf(k, sizeof k, "%zu", j);
		if (doc_time(doc_get(m, "timestamp"), &at) != DOC_OK || at == 0)
			broken_k(c, t->id, e, "handoff_events", k, "task %s: handoff_events[%zu] has zero timestamp", t->id, j);
		if (empty(doc_str(doc_get(m, "agent"))))
			broken_k(c, t->id, e, "handoff_events", k, "task %s: handoff_events[%zu] has empty agent", t->id, j);
		if (!eq(trig, "context_exhaustion") && !eq(trig, "submission") && !eq(trig, "completion"))
			broken_k(c, t->id, e, "handoff_events", k, "task %s: handoff_events[%zu] has invalid trigger \"%s\"",
			         t->id, j, trig ? trig : "");
		submission |= eq(trig, "submission");
		completion |= eq(trig, "completion");
	}
	if (post_submission(t->status) && !submission)
		broken_k(c, t->id, t->node, "handoff_events", "submission",
		         "task %s in status %s has no handoff event with trigger \"submission\"", t->id, t->status);
	if (eq(t->status, "MERGED") && !completion)
		broken_k(c, t->id, t->node, "handoff_events", "completion",
		         "task %s in status %s has no handoff event with trigger \"completion\"", t->id, t->status);
}

/* ---- validate_sprint.go validateSprint ---- */

static bool sprint_status(const char *s)
{
	return eq(s, "IN_PROGRESS") || eq(s, "CHECKPOINT") || eq(s, "COMPLETED") || eq(s, "ABORTED");
}

static void scope_refs(lizago_check_ctx *c, const doc_node *seq, const char *which)
{
	for (const doc_node *e = doc_seq_first(seq); e; e = e->next) {
		const char *id = doc_str(e);
		if (!lizago_find_task(c->st, id))
			broken_k(c, "sprint", e, "sprint_scope", id ? id : "",
			         "sprint.scope.%s references non-existent task '%s'", which, id ? id : "");
	}
}

static void sprint(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	const doc_node *sp = doc_get(st->root, "sprint");
	if (!sprint_status(st->sprint_status))
		broken_k(c, "sprint", sp, "sprint", "status", "unknown sprint status '%s'",
		         st->sprint_status ? st->sprint_status : "");
	long long number;
	if (doc_int(doc_get(sp, "number"), &number) == DOC_OK && number < 0)
		broken_k(c, "sprint", sp, "sprint", "number", "sprint.number must be non-negative (got %lld)", number);
	const char *ref = doc_str(doc_get(sp, "goal_ref"));
	if (strcmp(ref ? ref : "", st->goal_id ? st->goal_id : "") != 0)
		broken_k(c, "sprint", sp, "sprint", "goal_ref", "sprint.goal_ref (%s) does not match goal.id (%s)",
		         ref ? ref : "", st->goal_id ? st->goal_id : "");
	scope_refs(c, doc_get(doc_get(sp, "scope"), "planned"), "planned");
	scope_refs(c, doc_get(doc_get(sp, "scope"), "stretch"), "stretch");
	time_t started;
	if (doc_time(doc_get(doc_get(sp, "timeline"), "started"), &started) != DOC_OK)
		broken_k(c, "sprint", sp, "sprint", "started", "sprint.timeline.started is required");
	/* validateSprintHistory: ids unique (sorted copy), numbers >= 1, statuses valid, both times set */
	const doc_node *hist = doc_get(st->root, "sprint_history");
	size_t n = doc_len(hist), i = 0;
	const char **ids = n ? malloc(n * sizeof *ids) : NULL;
	size_t nids = 0;
	for (const doc_node *e = doc_seq_first(hist); e; e = e->next, i++) {
		const doc_node *m = doc_deref(e);
		const char *id = doc_str(doc_get(m, "id"));
		char k[48];
		snprintf(k, sizeof k, "%zu", i);
		if (empty(id))
			broken_k(c, "sprint_history", e, "sprint_history", k, "sprint_history[%zu]: missing id", i);
		else if (ids)
			ids[nids++] = id;
		long long num = 0;
		doc_int(doc_get(m, "number"), &num);
		if (num < 1)
			broken_k(c, "sprint_history", e, "sprint_history", k, "sprint_history[%zu]: number must be >= 1 (got %lld)",
			         i, num);
		const char *s = doc_str(doc_get(m, "status"));
		if (!sprint_status(s))
			broken_k(c, "sprint_history", e, "sprint_history", k, "sprint_history[%zu]: invalid status '%s'", i,
			         s ? s : "");
		time_t at;
		if (doc_time(doc_get(m, "started"), &at) != DOC_OK)
			broken_k(c, "sprint_history", e, "sprint_history", k, "sprint_history[%zu]: missing started time", i);
		if (doc_time(doc_get(m, "ended"), &at) != DOC_OK)
			broken_k(c, "sprint_history", e, "sprint_history", k, "sprint_history[%zu]: missing ended time", i);
	}
	if (ids) {
		qsort(ids, nids, sizeof *ids, lw_strp_cmp);
		for (size_t j = 1; j < nids; j++)
			if (strcmp(ids[j], ids[j - 1]) == 0)
				broken_k(c, "sprint_history", hist, "sprint_history", ids[j],
				         "sprint_history: duplicate sprint id '%s'", ids[j]);
	}
	free(ids);
}

/* validate_proof_reaffirmation.go validateProofReaffirmations: a record
 * names its allocation and both section identities, full object ids that
 * differ, and its time. */
static void proof_reaffirmations(lizago_check_ctx *c)
{
	static const char *const need[] = { "parent_task", "carrier_path", "heading", "reference_id", "actor", "reason" };
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(doc_deref(doc_get(c->st->root, "proof_reaffirmations"))); e;
	     e = e->next, i++) {
		const doc_node *r = doc_deref(e);
		char subj[48];
		snprintf(subj, sizeof subj, "proof_reaffirmations[%zu]", i);
		for (size_t k = 0; k < sizeof need / sizeof *need; k++) {
			const char *v = doc_str(doc_get(r, need[k]));
			if (!v || !v[strspn(v, " \t\r\n\v\f")])
				broken_k(c, subj, r, "proof_reaffirmation", need[k], "%s: %s must not be empty", subj, need[k]);
		}
		const char *rev = doc_str(doc_get(r, "reviewed_section")), *cur = doc_str(doc_get(r, "current_section"));
		bool rf = lizago_full_commit(rev), cf = lizago_full_commit(cur);
		if (!rf)
			broken_k(c, subj, r, "proof_reaffirmation", "reviewed_section",
			         "%s: reviewed_section must be a full object id", subj);
		if (!cf)
			broken_k(c, subj, r, "proof_reaffirmation", "current_section",
			         "%s: current_section must be a full object id", subj);
		if (rf && cf && strcmp(rev, cur) == 0)
			broken_k(c, subj, r, "proof_reaffirmation", "equal",
			         "%s: identities are equal, so no transition was authorized", subj);
		time_t at;
		if (doc_time(doc_get(r, "timestamp"), &at) != DOC_OK)
			broken_k(c, subj, r, "proof_reaffirmation", "timestamp", "%s: timestamp must be recorded", subj);
	}
}

void lizago_validate(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	/* Without the project's own pipeline Liza refuses the state before
	 * resolving a direction: the rule is not judged on a stand-in. */
	deps g = { c, calloc(st->ntasks + 1, 1),
	           st->pipeline_missing || st->pipeline_error ? NULL : lizago_downstream_build(&st->pipeline) };
	agent_rows(c);
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		if (t->archive_error)   /* a stub whose record did not restore: one CRIT (lizago_check.c) */
			continue;
		if (g.res)
			task_deps(&g, t);
		handoff_events(c, t);
		if (!st->pipeline_missing) {
			review_ownership(c, t);
			doer_ownership(c, t);
		}
	}
	free(g.res);
	lizago_downstream_free(g.down);
	cycles(c);
	if (!st->pipeline_missing)
		reverse_ownership(c);
	discovered(c);
	anomalies(c);
	proof_reaffirmations(c);
	sprint(c);
}
