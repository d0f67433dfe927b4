/* lizago_patterns.c — the circuit breaker's pattern analysis of today's
 * Liza, as its watcher runs it (internal/commands/watch.go
 * checkCircuitBreakerEscalation over internal/analysis/patterns.go
 * DetectUnacknowledgedPatterns): while the system runs a sprint in progress
 * and the breaker has not tripped, the anomalies recorded since the last
 * cleared trigger are matched against Liza's patterns, in its order, with
 * its thresholds; a match is a CRIT circuit_breaker naming the pattern and
 * its severity. Grouping sorts (n log n), never compares pairs. What the
 * analysis needs that the state does not show is in docs/systems/liza-go.md. */
#include "core/util/strbuf.h"
#include "systems/liza/go/lizago_patterns.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* analysis.go thresholds */
enum {
	RETRY_LOOPS_MIN = 3,          /* checkRetryCluster: retry_loop anomalies, */
	RETRY_SAME_PATTERN = 2,       /* of which this many share an error_pattern */
	DEBT_MIN = 3,                 /* checkDebtAccumulation: trade_offs with debt_created: true */
	ASSUMPTION_SAME = 2,          /* checkAssumptionCascade */
	SPEC_GAP_SAME = 2,            /* checkSpecGapCluster */
	WORKAROUND_SAME = 2,          /* checkWorkaroundPattern */
	EXTERNAL_SAME = 2,            /* checkExternalServiceOutage */
	PROVIDER_AGENTS = 2,          /* providerAuditThreshold: distinct agents, */
	PROVIDER_RECORDS = 3,         /* or records, for one provider */
	PLANNING_REJECTIONS = 4,      /* checkPlanningReviewChurn */
};

typedef struct anomaly {
	const doc_node *m, *details;
	const char *type;
	time_t at;
} anomaly;

typedef struct pattern {
	const char *name, *severity;
} pattern;

static bool eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static const char *detail_str(const anomaly *a, const char *field)
{
	const doc_node *v = doc_get(a->details, field);
	return lizago_check_is_string(v) ? doc_str(v) : NULL;
}

/* groupByField: the largest group of anomalies of `type` (any of two types
 * when type2) sharing a non-empty string value of field (fallback tried
 * when the record has no string field). */
static size_t largest_group(const anomaly *v, size_t n, const char *type, const char *type2, const char *field,
                            const char *fallback, const char **value)
{
	const char **keys = malloc((n + 1) * sizeof *keys);
	size_t k = 0, best = 0;
	if (!keys)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!eq(v[i].type, type) && !eq(v[i].type, type2))
			continue;
		const char *s = detail_str(&v[i], field);
		if (!s && fallback)
			s = detail_str(&v[i], fallback);
		if (s && *s)
			keys[k++] = s;
	}
	qsort(keys, k, sizeof *keys, lw_strp_cmp);
	for (size_t i = 0; i < k;) {
		size_t j = i + 1;
		while (j < k && strcmp(keys[j], keys[i]) == 0)
			j++;
		if (j - i > best) {
			best = j - i;
			if (value)
				*value = keys[i];
		}
		i = j;
	}
	free(keys);
	return best;
}

static size_t count_type(const anomaly *v, size_t n, const char *type, const char *type2)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += eq(v[i].type, type) || eq(v[i].type, type2);
	return k;
}

/* detectPatterns(considered, false): the first pattern that matches. */
static bool anomaly_patterns(const anomaly *v, size_t n, pattern *out)
{
	if (count_type(v, n, "retry_loop", NULL) >= RETRY_LOOPS_MIN &&
	    largest_group(v, n, "retry_loop", NULL, "error_pattern", NULL, NULL) >= RETRY_SAME_PATTERN) {
		*out = (pattern){ "retry_cluster", "ARCHITECTURE_FLAW" };
		return true;
	}
	size_t debt = 0;
	for (size_t i = 0; i < n; i++) {
		bool b;
		debt += eq(v[i].type, "trade_off") && doc_bool(doc_get(v[i].details, "debt_created"), &b) == DOC_OK && b;
	}
	if (debt >= DEBT_MIN) {
		*out = (pattern){ "debt_accumulation", "SCOPE_FLAW" };
		return true;
	}
	if (largest_group(v, n, "assumption_violated", NULL, "assumption", NULL, NULL) >= ASSUMPTION_SAME) {
		*out = (pattern){ "assumption_cascade", "SPEC_FLAW" };
		return true;
	}
	if (largest_group(v, n, "spec_ambiguity", NULL, "spec_ref", NULL, NULL) >= SPEC_GAP_SAME) {
		*out = (pattern){ "spec_gap_cluster", "SPEC_FLAW" };
		return true;
	}
	/* workarounds and trade-offs grouped by root_cause, else by what; a
	 * string root_cause, even empty, is the record's key */
	size_t best = largest_group(v, n, "workaround", "trade_off", "root_cause", "what", NULL);
	if (best >= WORKAROUND_SAME) {
		*out = (pattern){ "workaround_pattern", "ARCHITECTURE_FLAW" };
		return true;
	}
	if (largest_group(v, n, "external_blocker", NULL, "blocker_service", NULL, NULL) >= EXTERNAL_SAME) {
		*out = (pattern){ "external_service_outage", "EXTERNAL_DEPENDENCY" };
		return true;
	}
	return false;
}

/* allExactProviderEpochsDegraded: every registered agent of the provider
 * (one at least) has a pid, a registration time and a degraded health
 * record of that very epoch (provider, pid, registered_at). */
static bool provider_epochs_degraded(const lizago_state *st, const char *provider)
{
	size_t matches = 0;
	const doc_node *health = doc_get(st->root, "agent_health");
	for (size_t i = 0; i < st->nagents; i++) {
		const lg_agent *a = &st->agents[i];
		if (!eq(a->provider, provider))
			continue;
		matches++;
		const doc_node *row = doc_deref(a->node), *h = doc_get(health, a->id);
		long long pid = 0, hpid = 0;
		time_t reg, hreg;
		doc_int(doc_get(row, "pid"), &pid);
		if (pid == 0 || doc_time(doc_get(row, "registered_at"), &reg) != DOC_OK || !doc_is_map(h))
			return false;
		doc_int(doc_get(h, "pid"), &hpid);
		if (!eq(doc_str(doc_get(h, "provider")), a->provider) || hpid != pid ||
		    doc_time(doc_get(h, "registered_at"), &hreg) != DOC_OK || hreg != reg ||
		    !eq(doc_str(doc_get(h, "state")), "degraded"))
			return false;
	}
	return matches > 0;
}

/* latestResolvedResponseWatermark: breaker OK with no trigger and no active
 * response; the newest history entry that tripped or whose CHECKPOINT or
 * HALT response was resolved. */
static bool resolved_watermark(const lizago_state *st, time_t *wm)
{
	const doc_node *cb = doc_get(st->root, "circuit_breaker");
	if (!eq(st->cb_status, "OK") || st->cb_trigger || !doc_is_null(doc_get(cb, "current_response")))
		return false;
	bool any = false;
	for (const doc_node *e = doc_seq_first(doc_get(cb, "history")); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		const char *resp = doc_str(doc_get(m, "response"));
		time_t at;
		bool counts = eq(doc_str(doc_get(m, "result")), "TRIGGERED") ||
		              (!doc_is_null(doc_get(m, "resolved_at")) && (eq(resp, "CHECKPOINT") || eq(resp, "HALT")));
		if (!counts || doc_time(doc_get(m, "timestamp"), &at) != DOC_OK)
			continue;
		if (!any || at > *wm)
			*wm = at;
		any = true;
	}
	return any;
}

typedef struct audit_key {
	const char *provider, *agent;
	time_t at;
	bool timed;
} audit_key;

static int audit_cmp(const void *x, const void *y)
{
	const audit_key *a = x, *b = y;
	int c = strcmp(a->provider, b->provider);
	return c ? c : strcmp(a->agent, b->agent);
}

/* checkProviderAuditEvidence over every provider_audit_degraded record,
 * grouped by provider (sorted): 0 when no provider qualifies
 * (providerAuditThreshold: records from 2 agents, or 3 records), 1 when one
 * does but Liza answers with a checkpoint or a warning (the watcher stays
 * silent), 2 when one halts (evidence after the resolved-response boundary,
 * every epoch of the provider degraded); *provider names it. */
static int provider_audit(const lizago_state *st, const anomaly *v, size_t n, const char **provider)
{
	audit_key *k = malloc((n + 1) * sizeof *k);
	size_t m = 0;
	int verdict = 0;
	if (!k)
		return 0;
	for (size_t i = 0; i < n; i++) {
		const char *p = eq(v[i].type, "provider_audit_degraded") ? detail_str(&v[i], "provider") : NULL;
		if (!p || !*p)
			continue;
		const char *a = detail_str(&v[i], "agent_id");
		time_t at;
		bool timed = doc_time(doc_get(v[i].m, "timestamp"), &at) == DOC_OK;
		k[m++] = (audit_key){ p, a ? a : "", timed ? at : 0, timed };
	}
	qsort(k, m, sizeof *k, audit_cmp);
	time_t wm = 0;
	bool boundary = resolved_watermark(st, &wm);
	for (size_t i = 0; i < m && verdict < 2;) {
		size_t j = i, agents = 0;
		bool current = !boundary;
		for (; j < m && strcmp(k[j].provider, k[i].provider) == 0; j++) {
			agents += *k[j].agent && (j == i || strcmp(k[j].agent, k[j - 1].agent) != 0);
			current |= boundary && k[j].timed && k[j].at > wm;
		}
		if (agents >= PROVIDER_AGENTS || j - i >= PROVIDER_RECORDS) {
			int here = current && provider_epochs_degraded(st, k[i].provider) ? 2 : 1;
			if (here > verdict) {
				verdict = here;
				*provider = k[i].provider;
			}
		}
		i = j;
	}
	free(k);
	return verdict;
}

/* latestClearedTriggerWatermark: breaker OK with no trigger, and the newest
 * history entry whose result was TRIGGERED. */
static bool cleared_watermark(const lizago_state *st, time_t *wm)
{
	const doc_node *cb = doc_get(st->root, "circuit_breaker");
	if (!eq(st->cb_status, "OK") || st->cb_trigger)
		return false;
	bool any = false;
	for (const doc_node *e = doc_seq_first(doc_get(cb, "history")); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		time_t at;
		if (!eq(doc_str(doc_get(m, "result")), "TRIGGERED") || doc_time(doc_get(m, "timestamp"), &at) != DOC_OK)
			continue;
		if (!any || at > *wm)
			*wm = at;
		any = true;
	}
	return any;
}

/* checkPlanningReviewChurn: a planning task rejected four times or more
 * (review_cycles_total, else its rejection events), since the last cleared trigger. */
static const lg_task *planning_churn(const lizago_state *st, bool cleared, time_t wm, long long *count)
{
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		if (!eq(t->type, "planning"))
			continue;
		long long events = 0;
		time_t latest = LW_NO_TIME;
		for (const doc_node *h = doc_seq_first(doc_get(doc_deref(t->node), "history")); h; h = h->next) {
			const doc_node *m = doc_deref(h);
			const char *ev = doc_str(doc_get(m, "event"));
			time_t at;
			if (doc_time(doc_get(m, "time"), &at) != DOC_OK || !(eq(ev, "rejected") || eq(ev, "review_verdict_rejected")))
				continue;
			events++;
			if (latest == LW_NO_TIME || at > latest)
				latest = at;
		}
		long long n = t->review_cycles_total ? t->review_cycles_total : events;
		if (n < PLANNING_REJECTIONS || (cleared && (latest == LW_NO_TIME || latest <= wm)))
			continue;
		*count = n;
		return t;
	}
	return NULL;
}

/* ---- models/blocked_recovery.go: the blocked-replacement chain ---- */

enum { MAX_BLOCKED_RECOVERIES = 2 };   /* models.MaxAgentBlockedRecoveries */

/* models.BlockedRecovery: the task's last `superseded` history entry carries
 * a blocked_recovery record (it was replaced while BLOCKED). */
static bool blocked_recovery(const lg_task *t)
{
	const doc_node *last = NULL;
	for (const doc_node *h = doc_seq_first(doc_get(doc_deref(t->node), "history")); h; h = h->next)
		if (eq(doc_str(doc_get(doc_deref(h), "event")), "superseded"))
			last = h;
	return last && doc_is_map(doc_get(doc_deref(last), "blocked_recovery"));
}

typedef struct edge {
	size_t succ, pred;
} edge;

static int edge_cmp(const void *x, const void *y)
{
	const edge *a = x, *b = y;
	return a->succ != b->succ ? (a->succ < b->succ ? -1 : 1) : (a->pred < b->pred ? -1 : a->pred > b->pred);
}

typedef struct lineage {
	const lizago_state *st;
	edge *e;
	size_t ne, *first;           /* first[i]: index in e of task i's first predecessor */
	int *memo;                   /* recoveries behind task i, -1 unknown, -2 on the path */
	bool *marked;
} lineage;

/* BlockedRecoveryLineage: the most blocked-recovery predecessors on any
 * supersession path into task i (memoized; a loop is cut where it closes). */
static int recoveries(lineage *l, size_t i, int depth)
{
	if (l->memo[i] >= 0)
		return l->memo[i];
	if (l->memo[i] == -2 || depth > 4096)
		return 0;
	l->memo[i] = -2;
	int best = 0;
	for (size_t k = l->first[i]; k < l->ne && l->e[k].succ == i; k++) {
		size_t p = l->e[k].pred;
		int r = recoveries(l, p, depth + 1) + (l->marked[p] ? 1 : 0);
		best = r > best ? r : best;
	}
	return l->memo[i] = best;
}

/* BlockedRecoveryReleased: a resolved blocked_replacement_chain response
 * for this task. Liza also matches the blocked episode's start; the episode
 * is not told apart here, so any resolved response for the task releases
 * it: an alert Liza would raise may be missed, none is made up. */
static bool recovery_released(const lizago_state *st, const lg_task *t)
{
	for (const doc_node *e = doc_seq_first(doc_get(doc_get(st->root, "circuit_breaker"), "history")); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		if (eq(doc_str(doc_get(m, "pattern")), "blocked_replacement_chain") && !doc_is_null(doc_get(m, "resolved_at")) &&
		    eq(doc_str(doc_get(doc_get(m, "subject"), "task_id")), t->id))
			return true;
	}
	return false;
}

/* checkBlockedReplacementChain: the first BLOCKED task whose lineage holds
 * two blocked-recovery replacements, not released. */
static const lg_task *blocked_chain(const lizago_state *st, int *count)
{
	size_t n = st->ntasks, ne = 0;
	bool any_marked = false, any_blocked = false;
	for (size_t i = 0; i < n; i++) {
		any_blocked |= st->tasks[i].st.cat == LGC_BLOCKED;
		ne += doc_len(doc_get(doc_deref(st->tasks[i].node), "superseded_by")) + 1;
	}
	if (!any_blocked || !n)
		return NULL;
	lineage l = { st, malloc(ne * sizeof *l.e), 0, malloc(n * sizeof *l.first), malloc(n * sizeof *l.memo),
	              calloc(n, sizeof *l.marked) };
	const lg_task *hit = NULL;
	if (!l.e || !l.first || !l.memo || !l.marked)
		goto out;
	for (size_t i = 0; i < n; i++) {
		const lg_task *t = &st->tasks[i];
		l.memo[i] = -1;
		any_marked |= l.marked[i] = blocked_recovery(t);
		const doc_node *tn = doc_deref(t->node);
		for (const doc_node *e = doc_seq_first(doc_get(tn, "superseded_by")); e; e = e->next) {
			const lg_task *succ = lizago_find_task(st, doc_str(e));
			if (succ && succ != t)
				l.e[l.ne++] = (edge){ (size_t)(succ - st->tasks), i };
		}
		const lg_task *pred = lizago_find_task(st, doc_str(doc_get(tn, "supersedes")));
		if (pred && pred != t)
			l.e[l.ne++] = (edge){ i, (size_t)(pred - st->tasks) };
	}
	if (!any_marked)
		goto out;
	qsort(l.e, l.ne, sizeof *l.e, edge_cmp);
	for (size_t i = 0, k = 0; i < n; i++) {
		while (k < l.ne && l.e[k].succ < i)
			k++;
		l.first[i] = k;
	}
	for (size_t i = 0; i < n && !hit; i++) {
		const lg_task *t = &st->tasks[i];
		if (t->st.cat != LGC_BLOCKED)
			continue;
		int r = recoveries(&l, i, 0);
		if (r >= MAX_BLOCKED_RECOVERIES && !recovery_released(st, t)) {
			hit = t;
			*count = r;
		}
	}
out:
	free(l.e);
	free(l.first);
	free(l.memo);
	free(l.marked);
	return hit;
}

void lizago_patterns(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	const char *mode = st->config.mode && *st->config.mode ? st->config.mode : "RUNNING";
	if (strcmp(mode, "RUNNING") != 0 || !eq(st->sprint_status, "IN_PROGRESS"))
		return;
	/* a tripped breaker is the tripped-breaker alert's (lizago_check.c) */
	if (eq(st->cb_status, "TRIGGERED") || st->cb_trigger)
		return;
	time_t wm = 0;
	bool cleared = cleared_watermark(st, &wm);
	size_t n = doc_len(st->anomalies), k = 0;
	anomaly *v = malloc((n + 1) * sizeof *v);
	if (!v)
		return;
	for (const doc_node *e = doc_seq_first(st->anomalies); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		anomaly a = { m, doc_get(m, "details"), doc_str(doc_get(m, "type")), 0 };
		bool timed = doc_time(doc_get(m, "timestamp"), &a.at) == DOC_OK;
		/* UnacknowledgedAnomalies: only what came after the cleared trigger */
		if (!cleared || (timed && a.at > wm))
			v[k++] = a;
	}
	pattern p = { 0 };
	char evidence[256] = "";
	bool hit = anomaly_patterns(v, k, &p);
	if (!hit && n) {
		/* provider-audit evidence is read over every anomaly */
		size_t all = 0;
		for (const doc_node *e = doc_seq_first(st->anomalies); e; e = e->next) {
			const doc_node *m = doc_deref(e);
			v[all++] = (anomaly){ m, doc_get(m, "details"), doc_str(doc_get(m, "type")), 0 };
		}
		const char *provider = NULL;
		int audit = provider_audit(st, v, all, &provider);
		if (audit == 1) {
			/* a checkpoint or a warning: not an alert, and no later pattern */
			free(v);
			return;
		}
		if (audit == 2) {
			p = (pattern){ "provider_audit_degradation", "OBSERVABILITY_DEGRADED" };
			snprintf(evidence, sizeof evidence, " (every registered %s agent degraded)", provider);
			hit = true;
		}
	}
	free(v);
	if (!hit) {
		long long count = 0;
		const lg_task *t = planning_churn(st, cleared, wm, &count);
		if (t) {
			p = (pattern){ "planning_review_churn", "PLANNING_CONVERGENCE_DEGRADED" };
			snprintf(evidence, sizeof evidence, " (planning task %s with status %s has %lld durable rejection cycles)",
			         t->id, t->status ? t->status : "", count);
			hit = true;
		}
	}
	if (!hit) {
		int count = 0;
		const lg_task *t = blocked_chain(st, &count);
		if (t) {
			p = (pattern){ "blocked_replacement_chain", "RECOVERY_CONVERGENCE_DEGRADED" };
			snprintf(evidence, sizeof evidence, " (task %s is BLOCKED after %d blocked-recovery replacements)", t->id, count);
			hit = true;
		}
	}
	if (hit)
		lw_check_emit(c->ctx, LW_CRIT, "liza", "circuit_breaker", "circuit_breaker", NULL, LW_NO_TIME,
		              "pattern=%s severity=%s%s: run 'liza analyze' then 'liza sprint-checkpoint'", p.name, p.severity,
		              evidence);
}
