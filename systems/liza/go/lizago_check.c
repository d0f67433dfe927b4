/* lizago_check.c — today's Liza's checks over a lizago_state, at one clock
 * (ctx->now): the task invariants its validator enforces (internal/
 * statevalidate: validate.go, validate_task.go, validate_quarantined_verdict
 * .go), each broken one a CRIT invalid_state naming the rule, and the
 * anomaly checks of its watcher (internal/commands/watch.go RunChecksWithState)
 * at the watcher's severities. Statuses are judged by their category in the
 * pipeline, never by name. docs/systems/liza-go.md lists every check. */
#include "systems/liza/go/lizago_check.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_hygiene.h"
#include "systems/liza/go/lizago_integration.h"
#include "systems/liza/go/lizago_ledger.h"
#include "systems/liza/go/lizago_orch.h"
#include "systems/liza/go/lizago_ownpause.h"
#include "systems/liza/go/lizago_patterns.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_prereq.h"
#include "systems/liza/go/lizago_procs.h"
#include "systems/liza/go/lizago_providers.h"
#include "systems/liza/go/lizago_receipts.h"
#include "systems/liza/go/lizago_rule.h"
#include "systems/liza/go/lizago_runtime.h"
#include "systems/liza/go/lizago_safety.h"
#include "systems/liza/go/lizago_settings.h"
#include "systems/liza/go/lizago_shape.h"
#include "systems/liza/go/lizago_validate.h"
#include "core/util/timeparse.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "core/util/fileio.h"

#define SYS "liza"

enum {
	/* models.LeaseExpiryGracePeriod, VerdictHandoffGrace, watch.go's
	 * StallThreshold and StaleDraftThreshold: lizago_settings.c, which
	 * honours a user's liza.* value over them */
	CHECKPOINT_GRACE = 6 * 60,    /* watch.go autoResumeCheckpointGrace */
	SENTINEL_AFTER = 120,         /* watch.go StaleSentinelThreshold */
	REVIEW_LOOP_AT = 5,           /* watch.go checkReviewLoops: the literal 5, whatever the config says */
};

typedef lizago_check_ctx gk;

static lw_alert *alert(gk *c, lw_level lv, const char *code, const char *subject, const char *key, time_t since,
                       const char *fmt, ...) __attribute__((format(printf, 7, 8)));
static lw_alert *alert(gk *c, lw_level lv, const char *code, const char *subject, const char *key, time_t since,
                       const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return lw_check_emit(c->ctx, lv, SYS, code, subject, key, since, "%s", msg);
}

#define broken(c, subject, at, rule, ...) lizago_check_broken(c, subject, at, rule, NULL, __VA_ARGS__)

static int agent_cmp(const void *a, const void *b)
{
	return strcmp((*(const lg_agent *const *)a)->id, (*(const lg_agent *const *)b)->id);
}


static bool is_cat(const lg_task *t, lg_cat k) { return t->st.cat == k; }
static bool reviewing(const lg_task *t) { return is_cat(t, LGC_REVIEWING) || is_cat(t, LGC_REVIEWING2); }

static const char *const task_types[] = {
	"coding", "planning", "epic-planning", "us-writing", "integration", "architecture",
};

/* ---- invariants (statevalidate) ---- */

static void required_fields(gk *c)
{
	const lizago_state *st = c->st;
	const char *missing = st->version == 0 ? "version" : !st->goal_id ? "goal"
	                    : !doc_get_key(st->root, "tasks") ? "tasks" : !doc_get_key(st->root, "agents") ? "agents"
	                    : !st->config.integration_branch ? "config" : !st->sprint_id ? "sprint" : NULL;
	if (missing)
		broken(c, "state", st->root, "required_fields", "missing required field '%s'", missing);
}

static void pipeline_config(gk *c)
{
	if (c->st->pipeline_missing)
		broken(c, "pipeline", NULL, "pipeline_config",
		       "pipeline config not found at .liza/pipeline.yaml (liza init writes it; lanes follow the embedded default)");
	else if (c->st->pipeline_error && !c->st->pipeline_unread)   /* else the file's own alert says why */
		broken(c, "pipeline", NULL, "pipeline_config", "%s", c->st->pipeline_error);
}

static int by_id(const void *a, const void *b)
{
	const lg_task *x = *(const lg_task *const *)a, *y = *(const lg_task *const *)b;
	return strcmp(x->id, y->id);
}

static void unique_ids(gk *c)
{
	const lizago_state *st = c->st;
	const lg_task **v = malloc((st->ntasks + 1) * sizeof *v);
	if (!v)
		return;
	for (size_t i = 0; i < st->ntasks; i++)
		v[i] = &st->tasks[i];
	qsort(v, st->ntasks, sizeof *v, by_id);
	for (size_t i = 1; i < st->ntasks; i++)
		if (strcmp(v[i]->id, v[i - 1]->id) == 0 && (i < 2 || strcmp(v[i]->id, v[i - 2]->id) != 0))
			broken(c, v[i]->id, v[i]->node, "unique_task_ids", "duplicate task ID %s", v[i]->id);
	free(v);
}

static void task_states(gk *c, const lg_task *t)
{
	if (t->st.cat == LGC_UNKNOWN)
		broken(c, t->id, t->node, "unknown_status", "unknown task status '%s' for task %s",
		       t->status ? t->status : "", t->id);
	if (t->type) {
		bool ok = false;
		for (size_t i = 0; i < sizeof task_types / sizeof *task_types; i++)
			ok |= strcmp(task_types[i], t->type) == 0;
		if (!ok)
			broken(c, t->id, t->node, "unknown_type", "unknown task type '%s' for task %s", t->type, t->id);
	}
	if (c->st->pipeline_missing)
		return;   /* Liza stops at the missing pipeline before these */
	if (!t->role_pair)
		broken(c, t->id, t->node, "role_pair", "task %s missing role_pair (required for pipeline-configured goals)",
		       t->id);
	else if (!lizago_pair_find(&c->st->pipeline, t->role_pair))
		broken(c, t->id, t->node, "role_pair", "task %s has invalid role_pair \"%s\"", t->id, t->role_pair);
}

static void status_fields(gk *c, const lg_task *t)
{
	const char *s = t->status ? t->status : "";
	if (is_cat(t, LGC_INITIAL) && t->assigned_to)
		broken(c, t->id, t->node, "initial_fields", "%s task with assigned_to: %s", s, t->id);
	if (is_cat(t, LGC_EXECUTING)) {
		const char *miss = !t->assigned_to ? "assigned_to" : !t->worktree ? "worktree"
		                 : !t->integration_fix && !t->base_commit ? "base_commit"
		                 : t->lease_expires == LW_NO_TIME ? "lease_expires" : NULL;
		if (miss)
			broken(c, t->id, t->node, "executing_fields", "%s task without %s: %s", s, miss, t->id);
	}
	/* the executing task's worktree must be on disk (paths are the project's) */
	if (is_cat(t, LGC_EXECUTING) && t->worktree && c->st->dir) {
		char root[LW_PATH_MAX], wt[LW_PATH_MAX];
		snprintf(root, sizeof root, "%s", c->st->dir);
		char *slash = strrchr(root, '/');
		if (slash)
			*slash = '\0';
		else
			snprintf(root, sizeof root, ".");
		struct stat sb;
		if (t->worktree[0] != '/' && stat(lw_path_join(wt, sizeof wt, root, t->worktree), &sb) != 0)
			broken(c, t->id, t->node, "worktree_exists",
			       "%s task %s has worktree=%s but directory does not exist", s, t->id, t->worktree);
	}
	if (is_cat(t, LGC_SUBMITTED) && !t->review_commit)
		broken(c, t->id, t->node, "submitted_fields", "%s task without review_commit: %s", s, t->id);
	if (reviewing(t)) {
		const char *miss = !t->reviewing_by ? "reviewing_by"
		                 : t->review_lease_expires == LW_NO_TIME ? "review_lease_expires"
		                 : !t->review_commit ? "review_commit" : NULL;
		if (miss)
			broken(c, t->id, t->node, "reviewing_fields", "%s task without %s: %s", s, miss, t->id);
	}
	if (is_cat(t, LGC_APPROVED) && !t->review_commit)
		broken(c, t->id, t->node, "approved_fields", "%s task without review_commit: %s", s, t->id);
	if (t->has_integration_failure && (is_cat(t, LGC_SUBMITTED) || reviewing(t) || is_cat(t, LGC_PARTIAL) ||
	                                   is_cat(t, LGC_APPROVED)))
		broken(c, t->id, t->node, "integration_failure",
		       "%s task has stale integration_failure outside integration recovery: %s", s, t->id);
	if (is_cat(t, LGC_MERGED) && t->worktree)
		broken(c, t->id, t->node, "merged_worktree", "MERGED task still has worktree: %s", t->id);
	if (is_cat(t, LGC_BLOCKED)) {
		if (!t->blocked_reason)
			broken(c, t->id, t->node, "blocked_fields", "BLOCKED task without blocked_reason: %s", t->id);
		else if (!t->has_blocked_questions)
			broken(c, t->id, t->node, "blocked_fields", "BLOCKED task without blocked_questions: %s", t->id);
	}
	if (is_cat(t, LGC_REJECTED) && !t->rejection_reason)
		broken(c, t->id, t->node, "rejected_fields", "%s task without rejection_reason: %s", s, t->id);
	if (is_cat(t, LGC_SUPERSEDED) && !t->rescope_reason)
		broken(c, t->id, t->node, "superseded_fields", "SUPERSEDED task without rescope_reason: %s", t->id);
}

static void task_invariants(gk *c, const lg_task *t)
{
	const lizago_state *st = c->st;
	/* done_when and spec_ref once a task has left its draft form */
	bool draft = is_cat(t, LGC_INITIAL) || is_cat(t, LGC_LEGACY) || is_cat(t, LGC_SUPERSEDED) ||
	             is_cat(t, LGC_ABANDONED) || is_cat(t, LGC_UNKNOWN);
	if (!draft && (!t->done_when || !*t->done_when))
		broken(c, t->id, t->node, "completion_fields", "non-DRAFT task missing done_when: %s", t->id);
	else if (!draft && (!t->spec_ref || !*t->spec_ref))
		broken(c, t->id, t->node, "completion_fields", "non-DRAFT task missing spec_ref: %s", t->id);
	if (t->integration_fix && !t->history_integration_failed)
		broken(c, t->id, t->node, "integration_fix",
		       "task %s has integration_fix:true but no INTEGRATION_FAILED event in history", t->id);
	for (size_t i = 0; i < t->nfailed_by; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(t->failed_by[i], t->failed_by[j]) == 0) {
				broken(c, t->id, t->node, "failed_by_unique", "task %s has duplicate agent IDs in failed_by",
				       t->id);
				i = t->nfailed_by;
				break;
			}
	for (size_t i = 0; i < t->nparents; i++)
		if (!lizago_find_task(st, t->parents[i]))
			broken(c, t->id, t->node, "parent_task",
			       "task %s has parent_task referencing non-existent task '%s'", t->id, t->parents[i]);
	if (t->attempt < 0 || t->attempt > 2)
		broken(c, t->id, t->node, "attempt", "task %s has invalid attempt value %lld", t->id, t->attempt);
	if (t->attempt == 2 && is_cat(t, LGC_INITIAL)) {
		if (t->iteration != 0)
			broken(c, t->id, t->node, "attempt_reset",
			       "task %s at attempt 2 in initial status has non-zero iteration %lld", t->id, t->iteration);
		else if (t->review_cycles_current != 0)
			broken(c, t->id, t->node, "attempt_reset",
			       "task %s at attempt 2 in initial status has non-zero review_cycles_current %lld", t->id,
			       t->review_cycles_current);
	}
}

/* An agent assigned to more than one executing task (sorted by agent). */
static int by_assignee(const void *a, const void *b)
{
	const lg_task *x = *(const lg_task *const *)a, *y = *(const lg_task *const *)b;
	int c = strcmp(x->assigned_to, y->assigned_to);
	return c ? c : (x < y ? -1 : x > y);
}

static void single_assignment(gk *c)
{
	const lizago_state *st = c->st;
	const lg_task **v = malloc((st->ntasks + 1) * sizeof *v);
	size_t n = 0;
	if (!v)
		return;
	for (size_t i = 0; i < st->ntasks; i++)
		if (st->tasks[i].assigned_to && is_cat(&st->tasks[i], LGC_EXECUTING))
			v[n++] = &st->tasks[i];
	qsort(v, n, sizeof *v, by_assignee);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && strcmp(v[j]->assigned_to, v[i]->assigned_to) == 0)
			j++;
		if (j - i > 1)
			broken(c, v[i]->assigned_to, v[i]->node, "single_assignment",
			       "agent %s assigned to multiple active tasks simultaneously (%zu)", v[i]->assigned_to, j - i);
		i = j;
	}
	free(v);
}

/* statevalidate.ValidateQuarantinedVerdicts */
static void quarantined(gk *c)
{
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(c->st->quarantined); e; e = e->next, i++) {
		const doc_node *q = doc_deref(e);
		char subj[48];
		snprintf(subj, sizeof subj, "quarantined_verdicts[%zu]", i);
		const char *id = doc_str(doc_get(q, "id")), *task = doc_str(doc_get(q, "task_id"));
		const char *verdict = doc_str(doc_get(q, "verdict")), *reason = doc_str(doc_get(q, "reason"));
		const char *commit = doc_str(doc_get(q, "review_commit"));
		time_t ts;
		bool dup = false;
		size_t j = 0;
		for (const doc_node *o = doc_seq_first(c->st->quarantined); o && o != e; o = o->next, j++) {
			const char *oid = doc_str(doc_get(doc_deref(o), "id"));
			dup |= id && oid && strcmp(id, oid) == 0;
		}
		if (!id || !*id || dup) {
			broken(c, subj, q, "quarantined_verdict", "%s requires a unique nonempty id", subj);
			continue;
		}
		if (!task || !lizago_find_task(c->st, task) || !doc_str(doc_get(q, "reviewer_id")) ||
		    doc_time(doc_get(q, "timestamp"), &ts) != DOC_OK || !(lizago_check_hex(commit, 40) || lizago_check_hex(commit, 64))) {
			broken(c, subj, q, "quarantined_verdict",
			       "%s requires an existing task, reviewer, timestamp and full review commit", subj);
			continue;
		}
		if (!verdict || (strcmp(verdict, "APPROVED") != 0 && strcmp(verdict, "REJECTED") != 0)) {
			broken(c, subj, q, "quarantined_verdict", "%s has an invalid verdict", subj);
			continue;
		}
		if (strcmp(verdict, "REJECTED") == 0 && (!reason || !reason[strspn(reason, " \t\r\n")])) {
			broken(c, subj, q, "quarantined_verdict",
			       "%s requires a bounded UTF-8 reason (nonempty for rejection)", subj);
			continue;
		}
		const doc_node *fp = doc_get(q, "generation_fingerprints");
		bool fp_ok = doc_len(fp) > 0;
		for (const doc_node *f = doc_seq_first(fp); f && fp_ok; f = f->next) {
			fp_ok = lizago_check_hex(doc_str(f), 64);
			for (const doc_node *g = doc_seq_first(fp); g != f && fp_ok; g = g->next)
				fp_ok = strcmp(doc_str(g), doc_str(f)) != 0;
		}
		if (!fp_ok) {
			broken(c, subj, q, "quarantined_verdict", "%s requires unique SHA-256 generation fingerprints", subj);
			continue;
		}
		time_t prev = ts;
		size_t k = 0;
		for (const doc_node *r = doc_seq_first(doc_get(q, "reconciliations")); r; r = r->next, k++) {
			const doc_node *m = doc_deref(r);
			const char *disp = doc_str(doc_get(m, "disposition")), *why = doc_str(doc_get(m, "reason"));
			time_t at;
			bool ok = doc_str(doc_get(m, "actor")) && doc_time(doc_get(m, "timestamp"), &at) == DOC_OK && at >= prev &&
			          disp && (!strcmp(disp, "accepted") || !strcmp(disp, "refuted") ||
			                   !strcmp(disp, "superseded") || !strcmp(disp, "escalated")) &&
			          why && why[strspn(why, " \t\r\n")];
			if (!ok) {
				broken(c, subj, m, "quarantined_verdict",
				       "%s.reconciliations[%zu] requires actor, chronological timestamp, supported disposition and "
				       "bounded nonempty UTF-8 reason", subj, k);
				break;
			}
			prev = at;
		}
	}
}

/* ---- the watcher's anomaly checks ---- */


static long long attempt_of(const lg_task *t) { return t->attempt >= 1 ? t->attempt : 1; }

static bool deps_merged(const lizago_state *st, const lg_task *t)
{
	for (size_t i = 0; i < t->ndepends_on; i++) {
		const lg_task *d = lizago_find_task(st, t->depends_on[i]);
		if (!d || !d->status || strcmp(d->status, "MERGED") != 0)
			return false;
	}
	return true;
}

static void leases(gk *c)
{
	const lizago_state *st = c->st;
	time_t now = c->ctx->now;
	long long grace = lizago_setting_lease_grace(c);
	for (size_t i = 0; i < st->nagents; i++) {
		const lg_agent *a = &st->agents[i];
		if (!a->current_task || a->lease_expires == LW_NO_TIME)
			continue;
		/* Its heartbeats renew its lease: the lease gone past its grace is
		 * today's Liza's word for an agent gone stale. */
		if (lw_check_due(c->ctx, a->lease_expires + grace + 1))
			lw_check_agent_stale(c->ctx,
			                     alert(c, LW_WARN, "lease_expired", a->id, NULL, a->lease_expires + grace,
			                           "%s on %s: lease expired", a->id, a->current_task),
			                     a->id);
	}
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		if (!reviewing(t) || !t->reviewing_by || t->review_lease_expires == LW_NO_TIME)
			continue;
		if (lw_check_due(c->ctx, t->review_lease_expires + grace + 1))
			alert(c, LW_WARN, "review_lease_expired", t->id, NULL, t->review_lease_expires + grace,
			      "%s on %s: review can be reclaimed", t->reviewing_by, t->id);
	}
	(void)now;
}

/* The time of the task's last history entry when that entry is a verdict. */
static time_t verdict_at(const lg_task *t)
{
	const doc_node *last = NULL;
	for (const doc_node *h = doc_seq_first(doc_get(doc_deref(t->node), "history")); h; h = h->next)
		last = h;
	const char *ev = doc_str(doc_get(doc_deref(last), "event"));
	time_t at;
	if (!ev || (strcmp(ev, "approved") != 0 && strcmp(ev, "rejected") != 0) ||
	    doc_time(doc_get(doc_deref(last), "time"), &at) != DOC_OK)
		return LW_NO_TIME;
	return at;
}

/* models.CurrentAwaitingHuman (awaiting_human.go, cff103b): the ask
 * (history extra awaiting_human, trimmed) of a BLOCKED task's episode. The
 * episode starts at the newest entry that is a status transition or is in
 * neither of IsStatusTransitionEvent's lists (status_age.go): a later
 * doer_claim_released or new_attempt does not end it. Its opening entry and
 * each later orchestrator_assessment set the ask, the last one decides (one
 * without an ask clears it); with no such entry, only assessments do. */
static int trimmed_len(const char *s)
{
	size_t n = strlen(s);
	while (n && strchr(" \t\r\n\v\f", s[n - 1]))
		n--;
	return n > 65536 ? 65536 : (int)n;
}

static const char *awaiting_human(const lg_task *t)
{
	if (!t->status || strcmp(t->status, "BLOCKED") != 0)
		return NULL;
	const doc_node *hist = doc_get(doc_deref(t->node), "history"), *start = NULL;
	for (const doc_node *h = doc_seq_first(hist); h; h = h->next) {
		const char *ev = doc_str(doc_get(doc_deref(h), "event"));
		if (!ev || !lizago_nonstatus_event(ev))
			start = h;
	}
	const char *ask = NULL;
	for (const doc_node *h = start ? start : doc_seq_first(hist); h; h = h->next) {
		const char *ev = doc_str(doc_get(doc_deref(h), "event"));
		if (h != start && (!ev || strcmp(ev, "orchestrator_assessment") != 0))
			continue;
		const char *a = doc_str(doc_get(doc_deref(h), "awaiting_human"));
		while (a && *a && strchr(" \t\r\n\v\f", *a))
			a++;
		ask = a && *a ? a : NULL;
	}
	return ask;
}

static void task_checks(gk *c, const lg_task *t)
{
	const lizago_state *st = c->st;
	long long rlim = lizago_review_limit(st), ilim = lizago_iteration_limit(st, t), att = attempt_of(t);
	if (is_cat(t, LGC_BLOCKED)) {
		const char *gate = !t->rca ? "" : strcmp(t->rca, "open") == 0
		                   ? " [rejection-RCA gate open: the orchestrator must record an RCA]"
		                   : strcmp(t->rca, "recorded") == 0
		                   ? " [rejection-RCA recorded: awaiting the orchestrator's disposition]"
		                   : " [rejection-RCA resumed: unblock-task restores it]";
		alert(c, LW_WARN, "blocked", t->id, NULL, LW_NO_TIME, "%s: %s%s", t->id,
		      t->blocked_reason ? t->blocked_reason : "no reason", gate);
	}
	/* checkOrphanedRejected: the doer is not reworking it, past the verdict's
	 * handoff (models.InVerdictHandoff: the last history entry is the
	 * verdict, at most 2 min old; anything else grants no grace) */
	if (is_cat(t, LGC_REJECTED) && t->assigned_to && t->assigned_to[0] != '$') {
		const lg_agent *a = lizago_check_agent(c, t->assigned_to);
		const char *as = a ? (a->status ? a->status : "?") : "MISSING";
		time_t verdict = verdict_at(t), due = c->ctx->now;
		long long vg = lizago_setting_verdict_grace(c);
		if (verdict != LW_NO_TIME && verdict <= c->ctx->now && c->ctx->now - verdict <= vg)
			due = verdict + vg + 1;
		if (strcmp(as, "WORKING") != 0 && lw_check_due(c->ctx, due))
			alert(c, LW_CRIT, "orphaned_rejected", t->id, NULL, due,
			      "%s: assigned to %s but agent is %s (no rework %dm+ after verdict)", t->id, t->assigned_to, as,
			      (int)(vg / 60));
	}
	bool terminal = lizago_terminal(t->status);   /* the watcher's limit checks skip IsTerminal tasks */
	/* Liza's watcher raises the loop at 5 cycles whatever max_review_cycles
	 * says (submit-verdict escalates at the configured limit), so the CRIT
	 * comes at 5 as Liza's does; the message names the configured limit
	 * when it is another */
	if (!terminal && t->review_cycles_current >= REVIEW_LOOP_AT) {
		char other[96] = "";
		if (rlim != REVIEW_LOOP_AT)
			snprintf(other, sizeof other, "; Liza escalates a rejection at config.max_review_cycles %lld", rlim);
		alert(c, LW_CRIT, "review_loop", t->id, NULL, LW_NO_TIME, "%s: %lld cycles (at cliff %d, Liza's watcher's "
		      "fixed limit%s)", t->id, t->review_cycles_current, REVIEW_LOOP_AT, other);
	}
	/* checkApproachingLimits (09d3f4a): the last two cycles before the
	 * enforced cap, and never at or past it; independent of the loop CRIT */
	if (!terminal && t->review_cycles_current > 0 && t->review_cycles_current >= rlim - 2 &&
	    t->review_cycles_current < rlim)
		alert(c, LW_WARN, "review_cycles_warning", t->id, NULL, LW_NO_TIME, "%s: attempt %lld%s, review cycle %lld/%lld",
		      t->id, att, att == 2 ? " (final)" : "", t->review_cycles_current, rlim);
	if (is_cat(t, LGC_EXECUTING) && t->iteration > 0 && t->iteration >= ilim - 2 && t->iteration < ilim)
		alert(c, LW_WARN, "iterations_warning", t->id, NULL, LW_NO_TIME, "%s: attempt %lld%s, iteration %lld/%lld",
		      t->id, att, att == 2 ? " (final)" : "", t->iteration, ilim);
	if (is_cat(t, LGC_INTEGRATION_FAILED))
		alert(c, LW_CRIT, "integration_failed", t->id, NULL, LW_NO_TIME, "%s: integration failed", t->id);
	if (!terminal && !is_cat(t, LGC_BLOCKED) && t->nfailed_by >= 2)
		alert(c, LW_CRIT, "hypothesis_exhaustion", t->id, NULL, LW_NO_TIME, "%s: requires rescope (%zu failed)",
		      t->id, t->nfailed_by);
	if (!terminal && att == 2)
		alert(c, LW_WARN, "final_attempt", t->id, NULL, LW_NO_TIME, "%s: attempt 2 (final attempt)", t->id);
	if (t->assigned_to && t->assigned_to[0] == '$') {
		time_t from = t->last_event != LW_NO_TIME ? t->last_event : c->ctx->now;
		if (lw_check_due(c->ctx, from + SENTINEL_AFTER + 1))
			alert(c, LW_CRIT, "stale_sentinel", t->id, NULL, from + SENTINEL_AFTER,
			      "%s stuck in transition (%s): manual repair needed", t->id, t->assigned_to);
	}
	if (t->status && strcmp(t->status, "DRAFT") == 0 && t->created != LW_NO_TIME &&
	    lw_check_due(c->ctx, t->created + lizago_setting_stale_draft(c) + 1)) {
		char age[24];   /* every duration through the one formatter: 1d03h, as the HUD shows ages */
		alert(c, LW_WARN, "stale_draft", t->id, NULL, t->created + lizago_setting_stale_draft(c),
		      "%s: created %s ago, never finalized",
		      t->id, lw_format_age((long long)(c->ctx->now - t->created), age, sizeof age));
	}
}

static bool transition_checkpoint(const lizago_state *st)
{
	const char *trig = doc_str(doc_get(doc_get(st->root, "sprint"), "checkpoint_trigger"));
	return trig && (strcmp(trig, "PLANNING_COMPLETE") == 0 || strcmp(trig, "MANY_TO_ONE_READY") == 0);
}

/* watch.go checkAwaitingHuman: the run parked until a human acts (PAUSED, or
 * a checkpoint auto-resume did not clear within its grace), and BLOCKED
 * tasks whose episode names a human action. */
static void awaiting(gk *c, const char *mode)
{
	const lizago_state *st = c->st;
	const doc_node *sp = doc_get(st->root, "sprint");
	time_t own;
	if (strcmp(mode, "PAUSED") == 0 && lizago_own_pause(st->dir, doc_get(st->root, "config"), &own)) {
		/* the operator's own lever, proven by their journal: said as such,
		 * with the key that answers it, and still counted */
		long long ago = c->ctx->now > own ? (long long)(c->ctx->now - own) / 60 : 0;
		lw_check_deadline(c->ctx, own + (time_t)(ago + 1) * 60);
		char when[32];
		if (ago == 0)
			snprintf(when, sizeof when, "just now");
		else if (ago < 60)
			snprintf(when, sizeof when, "%lldm ago", ago);
		else
			snprintf(when, sizeof when, "%lldh%02lldm ago", ago / 60, ago % 60);
		alert(c, LW_CRIT, "awaiting_human", "mode", NULL, own, "paused by you %s — p resumes", when);
	} else if (strcmp(mode, "PAUSED") == 0) {
		alert(c, LW_CRIT, "awaiting_human", "mode", NULL, LW_NO_TIME, "system mode is PAUSED; run 'liza resume'");
	} else if (st->sprint_status && strcmp(st->sprint_status, "CHECKPOINT") == 0) {
		bool autoresume = false;
		time_t at;
		doc_bool(doc_get(doc_get(st->root, "config"), "auto_resume"), &autoresume);
		bool fresh = autoresume && doc_time(doc_get(doc_get(sp, "timeline"), "checkpoint_at"), &at) == DOC_OK &&
		             !lw_check_due(c->ctx, at + CHECKPOINT_GRACE);
		if (!fresh)
			alert(c, LW_CRIT, "awaiting_human", "checkpoint", NULL, LW_NO_TIME, "%s",
			      transition_checkpoint(st)
			      ? "CHECKPOINT: transition gate pending; doer/reviewer work may continue; run 'liza resume' to "
			        "create downstream tasks"
			      : "CHECKPOINT: agents paused; run 'liza resume'");
	}
	for (size_t i = 0; i < st->ntasks; i++) {
		const char *ask = awaiting_human(&st->tasks[i]);
		if (ask) {
			alert(c, LW_CRIT, "awaiting_human", st->tasks[i].id, NULL, LW_NO_TIME, "%s blocked on a human action: %.*s",
			      st->tasks[i].id, trimmed_len(ask), ask);
			continue;
		}
		/* a plan the orchestrator held for a human action: nothing expands
		 * it until an operator clears the hold */
		const lg_task *t = &st->tasks[i];
		const doc_node *pc = doc_get(doc_deref(t->node), "plan_check");
		const char *verdict = doc_str(doc_get(pc, "verdict"));
		if (t->status && strcmp(t->status, "MERGED") == 0 && verdict && strcmp(verdict, "held") == 0) {
			const char *pask = doc_str(doc_get(pc, "ask"));
			alert(c, LW_CRIT, "awaiting_human", t->id, NULL, LW_NO_TIME,
			      "plan %s held before its children exist: %s; after doing it, run 'liza plan-check %s --clear'",
			      t->id, pask ? pask : "", t->id);
		}
	}
}

/* watch.go checkStalled: no task history entry (else no task created) for
 * 30 minutes while a task is still open and the run is not parked. */
static void stalled(gk *c, const char *mode)
{
	const lizago_state *st = c->st;
	bool open = false;
	time_t latest = LW_NO_TIME, earliest = LW_NO_TIME;
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		open |= !lizago_terminal(t->status) && !is_cat(t, LGC_CLEAN);
		if (t->last_event != LW_NO_TIME && (latest == LW_NO_TIME || t->last_event > latest))
			latest = t->last_event;
		if (t->created != LW_NO_TIME && (earliest == LW_NO_TIME || t->created < earliest))
			earliest = t->created;
	}
	bool parked = strcmp(mode, "PAUSED") == 0 ||
	              (st->sprint_status && strcmp(st->sprint_status, "CHECKPOINT") == 0 && !transition_checkpoint(st));
	time_t from = latest != LW_NO_TIME ? latest : earliest;
	if (!open || parked || from == LW_NO_TIME)
		return;
	long long after = lizago_setting_stalled(c);
	char age[24];   /* watch.go's words, the duration as every other one reads (1d03h) */
	if (lw_check_due(c->ctx, from + after + 1))
		alert(c, LW_WARN, "stalled", "progress", NULL, from + after, "no task progress for %s",
		      lw_format_age((long long)(c->ctx->now - from), age, sizeof age));
}

static void project_checks(gk *c)
{
	const lizago_state *st = c->st;
	const char *mode0 = st->config.mode && *st->config.mode ? st->config.mode : "RUNNING";
	awaiting(c, mode0);
	stalled(c, mode0);
	for (const doc_node *e = doc_seq_first(st->discovered); e; e = e->next) {
		const doc_node *m = doc_deref(e);
		const char *u = doc_str(doc_get(m, "urgency")), *id = doc_str(doc_get(m, "id"));
		if (u && strcmp(u, "immediate") == 0 && doc_is_null(doc_get(m, "converted_to_task")))
			alert(c, LW_CRIT, "immediate_discovery", id ? id : "discovered", NULL, LW_NO_TIME,
			      "%s: %s (Orchestrator should wake)", id ? id : "?", doc_str(doc_get(m, "description"))
			      ? doc_str(doc_get(m, "description")) : "");
	}
	const char *mode = st->config.mode ? st->config.mode : "RUNNING";
	bool tripped = (st->cb_status && strcmp(st->cb_status, "TRIGGERED") == 0) || st->cb_trigger ||
	               strcmp(mode, "CIRCUIT_BREAKER_TRIPPED") == 0;
	if (tripped)
		alert(c, LW_CRIT, "circuit_breaker", "circuit_breaker", NULL, LW_NO_TIME,
		      "circuit breaker tripped%s%s%s%s: run 'liza analyze' then 'liza sprint-checkpoint'",
		      st->cb_pattern ? " pattern=" : "", st->cb_pattern ? st->cb_pattern : "",
		      st->cb_severity ? " severity=" : "", st->cb_severity ? st->cb_severity : "");
	/* State.SprintStalled: every non-terminal planned task BLOCKED. */
	if (strcmp(mode, "RUNNING") == 0 && st->sprint_status && strcmp(st->sprint_status, "IN_PROGRESS") == 0) {
		size_t live = 0, blocked = 0;
		for (size_t i = 0; i < st->nsprint_planned; i++) {
			const lg_task *t = lizago_find_task(st, st->sprint_planned[i]);
			if (!t || lizago_terminal(t->status))
				continue;
			live++;
			blocked += is_cat(t, LGC_BLOCKED);
		}
		if (live && live == blocked)
			alert(c, LW_CRIT, "sprint_stalled", st->sprint_id, NULL, LW_NO_TIME,
			      blocked == 1 ? "the %zu non-terminal planned task is BLOCKED"
			                   : "all %zu non-terminal planned tasks are BLOCKED", blocked);
	}
	/* watch.go checkMissingRoles: claimable work no registered role can take. */
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		if (!t->role_pair || lizago_terminal(t->status) || !t->pair || (t->assigned_to && t->assigned_to[0] == '$'))
			continue;
		const char *roles[2] = { t->pair->doer, t->pair->reviewer };
		bool claim[2];
		claim[0] = (is_cat(t, LGC_INITIAL) || is_cat(t, LGC_REJECTED) || is_cat(t, LGC_INTEGRATION_FAILED));
		claim[1] = t->review_commit && (is_cat(t, LGC_SUBMITTED) || is_cat(t, LGC_PARTIAL)) &&
		           (!t->reviewing_by || (t->review_lease_expires != LW_NO_TIME && t->review_lease_expires <= c->ctx->now));
		for (int k = 0; k < 2; k++) {
			if (!claim[k] || !roles[k] || !deps_merged(st, t))
				continue;
			bool have = false;
			for (size_t j = 0; j < st->nagents; j++)
				have |= st->agents[j].role && strcmp(st->agents[j].role, roles[k]) == 0;
			if (!have)
				alert(c, LW_WARN, "missing_role", roles[k], t->id, LW_NO_TIME,
				      "no registered agent for role %s: %s waiting", roles[k], t->id);
		}
	}
}

/* A write Liza's write path would have refused (lizago_between.c): seen
 * only by a watcher, which has the state before it. */
static void refusals(gk *c)
{
	for (size_t i = 0; i < c->st->nrefusals; i++) {
		const lg_refusal *r = &c->st->refusals[i];
		doc_pos p = c->d ? doc_where(c->d, r->at) : (doc_pos){ 0 };
		lw_check_emit(c->ctx, LW_CRIT, SYS, "invalid_transition", r->subject, r->message, LW_NO_TIME,
		              "%s:%u:%u: %s (rule: integration_lifecycle_transition; Liza refuses such a write)",
		              c->st->state_path, p.line, p.col, r->message);
	}
}

void lizago_check(const lizago_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	gk c = { .st = st, .ctx = ctx };
	c.agents = malloc((st->nagents + 1) * sizeof *c.agents);
	if (c.agents) {
		for (size_t i = 0; i < st->nagents; i++)
			c.agents[i] = &st->agents[i];
		qsort(c.agents, st->nagents, sizeof *c.agents, agent_cmp);
		c.nagents = st->nagents;
	}
	/* positions: the state doc is the first the snapshot adopted */
	for (size_t i = 0; i < snap->ndocs; i++)
		if (snap->docs[i]->root && doc_deref(snap->docs[i]->root) == st->root)
			c.d = snap->docs[i];
	lw_check_problems(snap, SYS, ctx);
	lizago_hygiene(&c);
	required_fields(&c);
	pipeline_config(&c);
	unique_ids(&c);
	lizago_integration(&c);
	single_assignment(&c);
	for (size_t i = 0; i < st->ntasks; i++) {
		if (st->tasks[i].archive_error) {
			/* Liza refuses to read past it: its one error, nothing guessed */
			lw_check_emit(ctx, LW_CRIT, SYS, "invalid_state", st->tasks[i].id, "terminal_archive", LW_NO_TIME,
			              "%s (rule: terminal_archive)", st->tasks[i].archive_error);
			continue;
		}
		task_states(&c, &st->tasks[i]);
		status_fields(&c, &st->tasks[i]);
		task_invariants(&c, &st->tasks[i]);
		lizago_shape(&c, &st->tasks[i]);
		lizago_receipts(&c, &st->tasks[i]);
		lizago_prereq(&c, &st->tasks[i]);
		lizago_safety(&c, &st->tasks[i]);
		lizago_runtime(&c, &st->tasks[i]);
		task_checks(&c, &st->tasks[i]);
	}
	quarantined(&c);
	lizago_validate(&c);
	lizago_providers(&c);
	lizago_ledger(&c);
	leases(&c);
	lizago_procs(&c);
	lizago_orch(&c);
	project_checks(&c);
	lizago_patterns(&c);
	lizago_settings(&c);
	refusals(&c);
	free(c.agents);
}
