/* lizago_tx.c — verdicts and levers on a state.yaml of today's Liza, written
 * the way its Go code writes them (internal/ops/submit_verdict.go
 * submitVerdict, ops/human_note.go AddHumanNote, models/config.go system
 * modes), through the shared transaction path: under .liza/state.yaml.lock,
 * re-read, compare with what the operator saw, edit in place, verify,
 * replace atomically (core/commit/txfile.h). Fields Go would drop (a nil
 * pointer it omits) are written null, which Go reads back as the same nil;
 * every other byte stays. */
#include "systems/liza/go/lizago_tx.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_evidence.h"
#include "systems/liza/go/lizago_head.h"
#include "systems/liza/go/lizago_levers.h"
#include "systems/liza/go/lizago_lifecycle.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_signals.h"
#include "systems/liza/go/lizago_summary.h"
#include "systems/liza/liza_log.h"
#include "core/store/store.h"
#include "core/commit/txfile.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gtx {
	const char *dir;
	const tx_request *rq;
	char ts[32];
	char from[128], to[128];  /* what the task moved between, for the message */
	bool wrote_task;
	char next[250];
	char forced[200];         /* the Liza rule a --force write breaks, for the message and the log */
	lizago_lever lever;       /* a lever's edit (lizago_levers.c): its log action */
	strbuf *report;           /* a checkpoint's sprint summary (not in g: see lizago_transition_held) */
} gtx;

static const doc_node *find_task(const doc_node *root, const char *id)
{
	for (const doc_node *i = doc_seq_first(doc_get(root, "tasks")); i; i = i->next) {
		const char *tid = doc_str(doc_get(doc_deref(i), "id"));
		if (tid && strcmp(tid, id) == 0)
			return doc_deref(i);
	}
	return NULL;
}

/* Go omits a nil pointer; null reads back as the same nil. Only keys that
 * hold something are touched. */
static int clear(editor *ed, const doc_node *m, const char *key)
{
	const doc_node *v = doc_get(m, key);
	return v && !doc_is_null(v) ? edit_set_scalar(ed, m, key, edit_null()) : 0;
}

static lg_pipeline pipeline_of(const char *dir, arena *a)
{
	lg_pipeline p;
	lw_error err;
	if (lizago_pipeline_load(dir, a, &p, &err) <= 0)
		p = lg_embedded_pipeline;
	return p;
}

/* models.State.ReleaseAgent for the acting reviewer, when it is a registered agent. */
static int release_agent(editor *ed, const doc_node *root, const char *id)
{
	const doc_node *ag = doc_get(doc_get(root, "agents"), id);
	if (!doc_is_map(ag))
		return 0;
	ag = doc_deref(ag);
	int rc = edit_set_scalar(ed, ag, "status", edit_str("IDLE"));
	rc |= clear(ed, ag, "current_task");
	rc |= clear(ed, ag, "lease_expires");
	return rc;
}

const char *lizago_next_step(const lizago_state *st, const lg_task *t, char *buf, size_t n)
{
	const lg_pair *p = t->pair;
	int q = t->quorum > 0 ? t->quorum : 1;
	switch (t->st.cat) {
	case LGC_INITIAL: snprintf(buf, n, "waits for a %s to claim it", p && p->doer ? p->doer : "doer"); break;
	case LGC_EXECUTING: snprintf(buf, n, "%s is working on it", t->assigned_to ? t->assigned_to : "its doer"); break;
	case LGC_SUBMITTED: snprintf(buf, n, "waits for a %s to claim the review", p && p->reviewer ? p->reviewer : "reviewer"); break;
	case LGC_REVIEWING: case LGC_REVIEWING2:
		snprintf(buf, n, "under review by %s (%zu/%d approvals)%s", t->reviewing_by ? t->reviewing_by : "?",
		         t->napprovals, q, lizago_evidence_needs_liza(doc_deref(t->node))
		         ? "; a clean global integration analysis: approve it with Liza's own submit-verdict (its "
		           "source is verified in git)" : "");
		break;
	case LGC_PARTIAL:
		snprintf(buf, n, "waits for another reviewer (%zu/%d approvals)", t->napprovals, q);
		break;
	case LGC_APPROVED: snprintf(buf, n, "approved: its doer merges it next (then MERGED)"); break;
	case LGC_CLEAN: snprintf(buf, n, "clean: nothing to integrate"); break;
	case LGC_REJECTED:
		/* claimTask enforces the limits on a rejected task before the rework */
		if (st && (t->review_cycles_current >= lizago_review_limit(st) || t->iteration >= lizago_iteration_limit(st, t)))
			snprintf(buf, n, "rejected at its limit: %s at the doer's next claim",
			         t->attempt >= 2 ? "Liza blocks it (final attempt)" : "Liza starts attempt 2");
		else
			snprintf(buf, n, "rejected: %s reworks it (review cycle %lld)", t->assigned_to ? t->assigned_to : "the doer",
			         t->review_cycles_current);
		break;
	case LGC_BLOCKED:
		/* an open rejection-RCA gate (RejectionRCAGateOpen) holds the task
		 * until the orchestrator records an RCA and a disposition */
		if (t->rca && strcmp(t->rca, "open") == 0)
			snprintf(buf, n, "blocked behind the rejection-RCA gate: the orchestrator records an RCA "
			         "(liza record-rejection-rca), then resume-rejection-rca");
		else if (t->rca && strcmp(t->rca, "recorded") == 0)
			snprintf(buf, n, "blocked, RCA recorded: the orchestrator decides the recovery (liza resume-rejection-rca)");
		else
			snprintf(buf, n, "blocked: the orchestrator assesses it");
		break;
	case LGC_INTEGRATION_FAILED: snprintf(buf, n, "integration failed: a doer claims the fix"); break;
	case LGC_MERGED: case LGC_ABANDONED: case LGC_SUPERSEDED: snprintf(buf, n, "done"); break;
	default: snprintf(buf, n, "unknown status: Liza's validator refuses this state"); break;
	}
	return buf;
}

/* What a rejection leads to, as ops/submit_verdict.go submitVerdict decides
 * it after counting the cycle: classifyLimitEscalation on the review-cycle
 * and iteration limits (a new attempt on attempt 1, BLOCKED on attempt 2),
 * else the rejection-RCA gate when its threshold is reached. */
typedef struct rj {
	long long cur, tot, lease, review_limit;
	bool blocked, new_attempt;
	bool gate;                 /* RejectionRCAGateDue: BLOCKED behind a new rejection_rca record */
	long long threshold, durable;
	char first_at[40];         /* firstDurableRejectionAt, as Go formats it (RFC 3339) */
	char reason[200];
	const char *question[2];
	size_t nquestions;
} rj;

static bool rejection_event(const char *ev)
{
	return ev && (strcmp(ev, "rejected") == 0 || strcmp(ev, "review_verdict_rejected") == 0);
}

/* time.Time.Format(time.RFC3339) of a history time as yaml.v3 read it: whole
 * seconds, in the offset the file wrote ("Z" for none or a zero offset). */
static const char *go_rfc3339(const char *text, time_t t, char *buf, size_t n)
{
	long off = 0;
	const char *tp = text ? strpbrk(text, "Tt ") : NULL;
	const char *z = tp ? strpbrk(tp + 1, "Zz+-") : NULL;
	if (z && (*z == '+' || *z == '-')) {
		int d[4], k = 0;
		for (const char *c = z + 1; *c && k < 4; c++)
			if (*c >= '0' && *c <= '9')
				d[k++] = *c - '0';
			else if (*c != ':' || k != 2)
				break;
		if (k == 4)
			off = ((d[0] * 10 + d[1]) * 60L + d[2] * 10 + d[3]) * 60L * (*z == '-' ? -1 : 1);
	}
	if (off == 0)
		return lw_format_time(t, buf, n);
	/* the wall time at that offset, then the offset itself */
	char wall[32];
	lw_format_time(t + off, wall, sizeof wall);
	wall[strcspn(wall, "Z")] = '\0';
	long a = off < 0 ? -off : off;
	snprintf(buf, n, "%.24s%c%02ld:%02ld", wall, off < 0 ? '-' : '+', a / 3600 % 100, a / 60 % 60);
	return buf;
}

/* models.Task.RejectionRCAGateDue after this rejection: the durable count
 * (DurableRejectionCount: review_cycles_total once positive, else the
 * rejection events in history, this one included) reaches the threshold
 * beyond the count a closed record captured; an open gate never re-fires.
 * Also finds firstDurableRejectionAt for the blocked event. */
static bool rca_gate_due(const doc_node *cfg, const doc_node *task, rj *r, const char *now_ts, time_t now)
{
	if (doc_int(doc_get(cfg, "high_churn_rejection_threshold"), &r->threshold) != DOC_OK || r->threshold <= 0)
		r->threshold = 4;   /* models.EffectiveHighChurnRejectionThreshold */
	const doc_node *rca = doc_get(task, "rejection_rca");
	long long baseline = 0;
	if (doc_is_map(rca)) {
		if (!doc_is_map(doc_get(rca, "disposition")))
			return false;   /* RejectionRCAGateOpen */
		doc_int(doc_get(rca, "rejection_count"), &baseline);
	}
	long long events = 1;   /* the rejection this verdict appends, at now */
	time_t first = now;
	snprintf(r->first_at, sizeof r->first_at, "%s", now_ts);
	for (const doc_node *h = doc_seq_first(doc_get(task, "history")); h; h = h->next) {
		const doc_node *e = doc_deref(h);
		time_t at;
		if (!rejection_event(doc_str(doc_get(e, "event"))) || doc_time(doc_get(e, "time"), &at) != DOC_OK)
			continue;   /* Go skips a zero time */
		events++;
		if (at < first) {
			first = at;
			go_rfc3339(doc_str(doc_get(e, "time")), at, r->first_at, sizeof r->first_at);
		}
	}
	r->durable = r->tot > 0 ? r->tot : events;
	return r->durable >= baseline + r->threshold;
}

static void reject_plan(const doc_node *root, const doc_node *task, rj *r, const char *now_ts, time_t now)
{
	memset(r, 0, sizeof *r);
	const doc_node *cfg = doc_get(root, "config");
	long long iter = 0, attempt = 0, max_iter = 0;
	doc_int(doc_get(task, "review_cycles_current"), &r->cur);
	doc_int(doc_get(task, "review_cycles_total"), &r->tot);
	doc_int(doc_get(task, "iteration"), &iter);
	doc_int(doc_get(task, "attempt"), &attempt);
	r->cur++;
	r->tot++;
	if (doc_int(doc_get(cfg, "lease_duration"), &r->lease) != DOC_OK || r->lease <= 0)
		r->lease = 1800;   /* models.DefaultLeaseDurationSeconds */
	if (doc_int(doc_get(cfg, "max_review_cycles"), &r->review_limit) != DOC_OK || r->review_limit <= 0)
		r->review_limit = 5;
	/* effectiveCoderIterationLimit: the task's own, else config, else 10 */
	if (doc_int(doc_get(task, "max_iterations"), &max_iter) != DOC_OK || max_iter <= 0)
		if (doc_int(doc_get(cfg, "max_coder_iterations"), &max_iter) != DOC_OK || max_iter <= 0)
			max_iter = 10;
	bool review_hit = r->cur >= r->review_limit, iter_hit = iter >= max_iter;
	if (review_hit || iter_hit) {
		if (review_hit && iter_hit) {
			snprintf(r->reason, sizeof r->reason, "review budget and iteration limits exhausted (review cycles "
			         "%lld/%lld, iterations %lld/%lld)", r->cur, r->review_limit, iter, max_iter);
			r->question[0] = "Should orchestrator rescope this task now that both review cycles and iterations are exhausted?";
		} else if (review_hit) {
			snprintf(r->reason, sizeof r->reason, "review budget exhausted: max review cycles reached (%lld/%lld)",
			         r->cur, r->review_limit);
			r->question[0] = "Should orchestrator rescope this task or clarify acceptance criteria to break the review cycle?";
		} else {
			snprintf(r->reason, sizeof r->reason, "max iterations reached without approval (%lld/%lld)", iter, max_iter);
			r->question[0] = "Should this task be rescoped or superseded now that max iterations were exhausted?";
		}
		r->nquestions = 1;
		/* EffectiveAttempt: a task that never rolled over is on attempt 1 */
		r->blocked = attempt >= 2;
		r->new_attempt = !r->blocked;
		return;
	}
	/* The churn gate the limits let through: seedRejectionRCAGate and
	 * blockRejectedTask with rejectionRCAGateReason/-Questions. */
	if (rca_gate_due(cfg, task, r, now_ts, now)) {
		r->gate = r->blocked = true;
		snprintf(r->reason, sizeof r->reason, "rejection_rca_required: %lld durable rejections reached the "
		         "high-churn threshold %lld; a classified RCA and a recovery disposition are required before "
		         "this task is restored", r->durable, r->threshold);
		r->question[0] = "Which cause dominated the rejections: product_defect, capability_failure, lifecycle_retry or unknown?";
		r->question[1] = "Which recovery path should resume the task: implementation_correction, capability_reroute, "
		                 "lifecycle_repair, rescope or human_override?";
		r->nquestions = 2;
	}
}

/* blockRejectedTask: the just-rejected task goes BLOCKED in the same write,
 * with the reason and questions; the doer's lease and assignment go, the
 * doer is released when it still holds the task; the blocked event carries
 * the caller's detail keys (Go writes an inline map's keys sorted). */
static int block_rejected(gtx *g, const doc_node *root, const doc_node *task, editor *ed, const rj *r,
                          const edit_pair *extra, size_t nextra)
{
	const tx_request *rq = g->rq;
	const char *doer = doc_str(doc_get(task, "assigned_to"));
	int e = edit_set_scalar(ed, task, "blocked_reason", edit_str(r->reason));
	/* task.BlockedQuestions = questions: appended to an empty list, or
	 * replacing what an earlier blocker left */
	if (doc_len(doc_get(task, "blocked_questions")) > 0) {
		edit_value q[2];
		for (size_t i = 0; i < r->nquestions; i++)
			q[i] = edit_str(r->question[i]);
		e |= edit_set_scalar(ed, task, "blocked_questions", edit_seq(q, r->nquestions));
	} else {
		for (size_t i = 0; i < r->nquestions; i++)
			e |= edit_append_scalar(ed, task, "blocked_questions", edit_str(r->question[i]));
	}
	e |= clear(ed, task, "lease_expires");
	if (doer && strcmp(doer, rq->as) != 0) {
		const char *cur_task = doc_str(doc_get(doc_get(doc_get(root, "agents"), doer), "current_task"));
		if (cur_task && strcmp(cur_task, rq->subject) == 0)
			e |= release_agent(ed, root, doer);
	}
	e |= clear(ed, task, "assigned_to");
	edit_pair b[4 + 5] = { { "time", edit_str(g->ts) }, { "event", edit_str("blocked") },
	                       { "agent", edit_str(rq->as) }, { "reason", edit_str(r->reason) } };
	for (size_t i = 0; i < nextra && i < 5; i++)
		b[4 + i] = extra[i];
	e |= edit_append_item(ed, task, "history", b, 4 + (nextra < 5 ? nextra : 5));
	return e;
}

/* NewLifecycleRequest refuses an actor its request-id pattern does not
 * match ([A-Za-z0-9._:-], at most 128 bytes). */
static bool lifecycle_actor_ok(const char *as, const char **why)
{
	size_t n = strlen(as);
	bool ok = n > 0 && n <= 128 && strspn(as, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-") == n;
	if (!ok)
		*why = "the acting agent's id is not one Liza's lifecycle accepts (letters, digits, '.', '_', ':', '-')";
	return ok;
}

/* The payload submitVerdict names its request by: encoding/json of
 * map[string]string{verdict, reason, impact, review_commit}, keys sorted
 * (no impact and no explicit review boundary from the operator). */
static void verdict_payload(strbuf *out, const char *verdict_name, const char *reason)
{
	strbuf_adds(out, "{\"impact\":\"\",\"reason\":");
	lizago_json_str(out, reason);
	strbuf_adds(out, ",\"review_commit\":\"\",\"verdict\":");
	lizago_json_str(out, verdict_name);
	strbuf_addc(out, '}');
}

static tx_rc verdict(gtx *g, const doc_node *root, const doc_node *task, editor *ed, tx_result *res)
{
	const tx_request *rq = g->rq;
	arena a;
	arena_init(&a);
	lg_pipeline p = pipeline_of(g->dir, &a);
	tx_rc rc = TX_DENIED;
	const char *status = doc_str(doc_get(task, "status"));
	const char *pair_name = doc_str(doc_get(task, "role_pair"));
	const lg_pair *pair = pair_name ? lizago_pair_find(&p, pair_name) : NULL;
	if (!pair_name) {
		tx_set(res, TX_DENIED, "task %s has no role_pair set", rq->subject);
		goto out;
	}
	if (!pair) {
		tx_set(res, TX_DENIED, "invalid role-pair \"%s\" of %s (not in %s)", pair_name, rq->subject, p.source);
		goto out;
	}
	if (!status || (strcmp(status, pair->state[LGC_REVIEWING]) != 0 &&
	                !(pair->state[LGC_REVIEWING2] && strcmp(status, pair->state[LGC_REVIEWING2]) == 0))) {
		tx_set(res, TX_DENIED, "task %s is not in a reviewing state (current status: %s); a verdict is taken "
		       "in %s%s%s", rq->subject, status ? status : "none", pair->state[LGC_REVIEWING],
		       pair->state[LGC_REVIEWING2] ? " or " : "", pair->state[LGC_REVIEWING2] ? pair->state[LGC_REVIEWING2] : "");
		goto out;
	}
	const char *commit = doc_str(doc_get(task, "review_commit"));
	if (!commit) {
		tx_set(res, TX_DENIED, "task %s has no review_commit: cannot submit verdict", rq->subject);
		goto out;
	}
	/* submitVerdict: the review commit must be the worktree's HEAD when the
	 * worktree is on disk (a worktree moved after submission) */
	char head[72], why_head[200];
	int hr = lizago_worktree_head(g->dir, rq->subject, head, sizeof head, why_head, sizeof why_head);
	if (hr > 0 && strcmp(head, commit) != 0) {
		tx_set(res, TX_DENIED, "review_commit %s does not match worktree HEAD %s — worktree was modified after "
		       "submission", commit, head);
		goto out;
	}
	if (hr < 0) {
		tx_set(res, TX_DENIED, "%s: %s, so the review commit cannot be checked against it as Liza does; submit the "
		       "verdict with Liza's own submit-verdict", rq->subject, why_head);
		goto out;
	}
	if (rq->reason && strlen(rq->reason) > 4096) {
		tx_set(res, TX_DENIED, "rejection reason exceeds 4096-byte limit");   /* validateVerdictReasonSize */
		goto out;
	}
	if (rq->expect_commit && strcmp(commit, rq->expect_commit) != 0) {
		tx_set(res, TX_DENIED, "%s was resubmitted since it was shown: review_commit is now %s, not %s; look again",
		       rq->subject, commit, rq->expect_commit);
		goto out;
	}
	/* submitVerdict: "only the assigned reviewer can submit a verdict",
	 * whether the assigned reviewer's lease is live or expired (an expired
	 * claim is Liza's clear-stale-review-claims to free, not a verdict's). */
	const char *by = doc_str(doc_get(task, "reviewing_by"));
	if (!by || strcmp(by, rq->as) != 0) {
		time_t until;
		bool has_lease = doc_time(doc_get(task, "review_lease_expires"), &until) == DOC_OK;
		if (!rq->force) {
			char tb[32], age[32], lease[200] = "";
			if (has_lease && until > rq->now)
				snprintf(lease, sizeof lease, "; %s holds the review lease until %s (%s left)", by ? by : "?",
				         lw_format_time(until, tb, sizeof tb),
				         lw_format_age((long long)(until - rq->now), age, sizeof age));
			else if (has_lease)
				snprintf(lease, sizeof lease, "; its review lease expired at %s (Liza frees a stale claim with "
				         "clear-stale-review-claims, then another reviewer claims it)", lw_format_time(until, tb, sizeof tb));
			tx_set(res, TX_ASK, "only the assigned reviewer can submit a verdict: %s is reviewed by %s, not %s%s; "
			       "override with --force (breaks that rule of Liza's)", rq->subject, by ? by : "nobody", rq->as, lease);
			rc = TX_ASK;
			goto out;
		}
		snprintf(g->forced, sizeof g->forced, "forced: breaks Liza's rule \"only the assigned reviewer can submit "
		         "a verdict\" (reviewing_by %.40s, verdict by %.40s)", by ? by : "none", rq->as);
	}
	/* the lifecycle receipt Liza stamps in the same write needs the task's
	 * boundary before and after (models.TaskTransitionID) */
	lg_boundary pre, post;
	const char *refusal = NULL;
	if (!lizago_boundary_of(task, &pre, &refusal) || !lifecycle_actor_ok(rq->as, &refusal)) {
		tx_set(res, TX_DENIED, "%s: %s; submit the verdict with Liza's own submit-verdict", rq->subject, refusal);
		goto out;
	}
	post = pre;
	post.reviewer = NULL;   /* task.ReviewingBy = nil */
	post.has_last = true;
	post.last_time = g->ts;
	post.last_agent = rq->as;
	post.last_commit = commit;
	const doc_node *approvals = doc_get(task, "approvals");
	size_t napp = doc_is_seq(approvals) ? doc_len(approvals) : 0;
	int e = 0;
	if (strcmp(rq->event, "approve") == 0) {
		for (const doc_node *i = doc_seq_first(approvals); i; i = i->next) {
			const char *ag = doc_str(doc_get(doc_deref(i), "agent"));
			if (ag && strcmp(ag, rq->as) == 0) {
				tx_set(res, TX_DENIED, "%s already approved %s: the next approval must come from another "
				       "reviewer (independent review)", rq->as, rq->subject);
				goto out;
			}
		}
		const char *provider = doc_str(doc_get(doc_get(doc_get(root, "agents"), rq->as), "provider"));
		e |= clear(ed, task, "merge_commit");
		e |= clear(ed, task, "integration_failure");
		edit_pair ap[] = { { "agent", edit_str(rq->as) }, { "provider", edit_str(provider ? provider : "") },
		                   { "timestamp", edit_str(g->ts) } };
		e |= edit_append_item(ed, task, "approvals", ap, 3);
		edit_pair h[] = { { "time", edit_str(g->ts) }, { "event", edit_str("approved") },
		                  { "agent", edit_str(rq->as) }, { "commit", edit_str(commit) } };
		e |= edit_append_item(ed, task, "history", h, 4);
		/* the quorum at the task's effective impact (ResolveEffectiveImpact;
		 * the operator's approval records none of its own) */
		lg_impact impact = lizago_history_impact(doc_get(task, "history"));
		int quorum = lizago_effective_quorum(pair, impact);
		char why[48] = "";
		if (quorum != pair->quorum)
			snprintf(why, sizeof why, " (%s impact)", lizago_impact_name(impact));
		bool met = (int)(napp + 1) >= quorum;
		const char *to;
		if (!met) {
			if (!pair->state[LGC_PARTIAL]) {
				tx_set(res, TX_DENIED, "quorum %d requires partially-approved state but none declared for \"%s\"",
				       quorum, pair->name);
				goto out;
			}
			to = pair->state[LGC_PARTIAL];
			snprintf(g->next, sizeof g->next, "%zu/%d approvals%s: Liza waits for another %s to review it "
			         "(%s, then %s)", napp + 1, quorum, why, pair->reviewer ? pair->reviewer : "reviewer",
			         pair->state[LGC_REVIEWING2] ? pair->state[LGC_REVIEWING2] : pair->state[LGC_REVIEWING],
			         pair->state[LGC_APPROVED]);
		} else if (pair->state[LGC_CLEAN] && doc_len(doc_get(task, "output")) == 0) {
			to = pair->state[LGC_CLEAN];
			snprintf(g->next, sizeof g->next, "%zu/%d approvals%s, no findings: %s is clean, nothing to integrate",
			         napp + 1, quorum, why, rq->subject);
		} else {
			to = pair->state[LGC_APPROVED];
			snprintf(g->next, sizeof g->next, "%zu/%d approvals%s: quorum met; %s's doer merges it next "
			         "(%s, then MERGED)", napp + 1, quorum, why, rq->subject, to);
		}
		if (met) {
			/* an integration analysis's evidence goes into goal.integration
			 * in the same write, or the verdict is left to Liza */
			char ev[512];
			int r = lizago_evidence_approve(ed, root, task, rq->as, ev, sizeof ev);
			if (r > 0) {
				tx_set(res, TX_DENIED, "%s: %s", rq->subject, ev);
				goto out;
			}
			e |= r;
			if (r == 0 && doc_is_map(doc_get(task, "integration_analysis"))) {
				size_t k = strlen(g->next);
				snprintf(g->next + k, sizeof g->next - k, "; its %s recorded in goal.integration",
				         strcmp(pair->name, "slice-integration-pair") == 0 ? "slice report is" : "global generation is");
			}
		}
		e |= edit_set_scalar(ed, task, "status", edit_str(to));
		post.status = to;
		post.history++;
		post.last_event = "approved";
		e |= edit_set_scalar(ed, task, "approved_by", edit_str(rq->as));
		e |= clear(ed, task, "rejection_reason");
		snprintf(g->to, sizeof g->to, "%s", to);
	} else {
		if (!rq->reason || !*rq->reason) {
			tx_set(res, TX_DENIED, "rejection reason is required for REJECTED verdict (--reason TEXT)");
			goto out;
		}
		rj r;
		reject_plan(root, task, &r, g->ts, rq->now);
		const char *to = r.blocked ? "BLOCKED" : pair->state[LGC_REJECTED];
		const char *doer = doc_str(doc_get(task, "assigned_to"));
		e |= edit_set_scalar(ed, task, "status", edit_str(to));
		e |= edit_set_scalar(ed, task, "rejection_reason", edit_str(rq->reason));
		e |= edit_set_scalar(ed, task, "review_cycles_current", edit_int(r.cur));
		e |= edit_set_scalar(ed, task, "review_cycles_total", edit_int(r.tot));
		edit_pair h[] = { { "time", edit_str(g->ts) }, { "event", edit_str("rejected") },
		                  { "agent", edit_str(rq->as) }, { "reason", edit_str(rq->reason) },
		                  { "commit", edit_str(commit) } };
		e |= edit_append_item(ed, task, "history", h, 5);
		post.status = to;
		post.review_cycles = r.cur;
		post.history++;
		post.last_event = "rejected";
		post.review_commit = NULL;
		if (r.blocked) {   /* blockRejectedTask's blocked event is the last */
			post.history++;
			post.last_event = "blocked";
			post.last_commit = NULL;
			post.assignee = NULL;
		}
		/* clearAttemptState(attemptStateReviewRejection): the submitted
		 * attempt's fields go, approvals too (every reviewer reviews again) */
		e |= clear(ed, task, "review_commit");
		e |= clear(ed, task, "approved_by");
		e |= clear(ed, task, "approvals");
		e |= clear(ed, task, "merge_commit");
		e |= clear(ed, task, "integration_failure");
		if (r.gate) {
			/* seedRejectionRCAGate: a new record for this cycle (an earlier
			 * cycle's caller fields and disposition go; history keeps them),
			 * gated on the commit this verdict rejected */
			edit_pair rec[] = { { "schema_version", edit_int(1) }, { "threshold", edit_int(r.threshold) },
			                    { "rejection_count", edit_int(r.durable) }, { "gated_at", edit_str(g->ts) },
			                    { "gating_commit", edit_str(commit) } };
			e |= edit_set_map(ed, task, "rejection_rca", rec, 5);
			edit_pair extra[] = { { "blocked_class", edit_str("rejection_rca_required") },
			                      { "first_rejection_at", edit_str(r.first_at) }, { "gated_at", edit_str(g->ts) },
			                      { "rejection_count", edit_int(r.durable) }, { "threshold", edit_int(r.threshold) } };
			e |= block_rejected(g, root, task, ed, &r, extra, 5);
			snprintf(g->next, sizeof g->next, "rejection-RCA gate: BLOCKED until the orchestrator records an RCA "
			         "(liza record-rejection-rca %.40s --rca-file FILE, then resume-rejection-rca; %lld durable "
			         "rejections, threshold %lld)", rq->subject, r.durable, r.threshold);
		} else if (r.blocked) {
			e |= block_rejected(g, root, task, ed, &r, NULL, 0);
			snprintf(g->next, sizeof g->next, "%.120s on the final attempt: BLOCKED, the orchestrator assesses it",
			         r.reason);
		} else {
			/* renewLease (ops/lease.go): the doer gets a fresh lease to
			 * address the rejection; a task nobody is assigned to gets none
			 * (assigned_to and lease_expires are valid only together), and a
			 * lease left behind is cleared */
			char lb[32];
			if (doer)
				e |= edit_set_scalar(ed, task, "lease_expires", edit_str(lw_format_time(rq->now + r.lease, lb, sizeof lb)));
			else
				e |= clear(ed, task, "lease_expires");
			if (r.new_attempt)
				snprintf(g->next, sizeof g->next, "%.100s: Liza starts attempt 2 at the doer's next claim "
				         "(counters reset, back to %.40s)", r.reason, pair->state[LGC_INITIAL]);
			else if (doer)
				snprintf(g->next, sizeof g->next, "review cycle %lld/%lld: %s reworks it and resubmits", r.cur,
				         r.review_limit, doer);
			else
				snprintf(g->next, sizeof g->next, "review cycle %lld/%lld: no doer holds it; the next %s to "
				         "claim it reworks it", r.cur, r.review_limit, pair->doer ? pair->doer : "doer");
		}
		snprintf(g->to, sizeof g->to, "%s", to);
	}
	e |= clear(ed, task, "reviewing_by");
	e |= clear(ed, task, "review_lease_expires");
	e |= release_agent(ed, root, rq->as);
	/* a forced verdict ends the assigned reviewer's claim too: left REVIEWING
	 * a task no longer under review, Liza's validator calls it agent_claim */
	if (by && strcmp(by, rq->as) != 0) {
		const char *cur = doc_str(doc_get(doc_get(doc_get(root, "agents"), by), "current_task"));
		if (cur && strcmp(cur, rq->subject) == 0)
			e |= release_agent(ed, root, by);
	}
	/* CompleteLifecycleRequest: the receipt of this submit-verdict */
	const char *verdict_name = strcmp(rq->event, "approve") == 0 ? "APPROVED" : "REJECTED";
	strbuf payload;
	strbuf_init(&payload);
	verdict_payload(&payload, verdict_name, rq->reason ? rq->reason : "");
	edit_pair proj[] = { { "verdict", edit_str(verdict_name) } };
	const edit_value *life = lizago_lifecycle_receipt(&a, task, &pre, &post, "submit-verdict", rq->as, payload.buf,
	                                                  proj, 1, &refusal);
	strbuf_free(&payload);
	if (!life) {
		tx_set(res, TX_DENIED, "%s: %s", rq->subject, refusal);
		goto out;
	}
	e |= edit_set_scalar(ed, task, "lifecycle", *life);
	if (e) {
		tx_set(res, TX_IO, "could not edit %s", rq->subject);
		rc = TX_IO;
		goto out;
	}
	snprintf(g->from, sizeof g->from, "%s", status);
	g->wrote_task = true;
	tx_set(res, TX_DONE, "%s: %s -> %s", rq->subject, status, g->to);
	rc = TX_DONE;
out:
	arena_free(&a);
	return rc;
}

static tx_rc apply(const doc *d, editor *ed, void *ctx, tx_result *res)
{
	gtx *g = ctx;
	const tx_request *rq = g->rq;
	const doc_node *root = doc_deref(d->root);
	if (liza_detect(d) != LIZA_GEN_GO) {
		tx_set(res, TX_DENIED, "state.yaml is no longer today's Liza (the shell-era scripts wrote it since); look again");
		return TX_DENIED;
	}
	const char *ev = rq->event;
	if (!rq->subject && lizago_lever_event(ev)) {
		g->lever = (lizago_lever){ .rq = rq, .ts = g->ts, .report = g->report };
		return lizago_lever_apply(&g->lever, root, ed, res);
	}
	const doc_node *task = NULL;
	if (rq->subject) {
		task = find_task(root, rq->subject);
		if (!task) {
			tx_set(res, TX_DENIED, "no task '%s' in state.yaml", rq->subject);
			return TX_DENIED;
		}
		const char *status = doc_str(doc_get(task, "status"));
		if (rq->expect_status && (!status || strcmp(status, rq->expect_status) != 0)) {
			tx_set(res, TX_DENIED, "%s changed since it was shown: it is now %s, not %s; look again and retry",
			       rq->subject, status ? status : "without a status", rq->expect_status);
			return TX_DENIED;
		}
		/* terminal archival: the record lives in .liza/archive, the row is a
		 * stub liza-watch never writes the record back into (a note goes to
		 * human_notes, not the record) */
		if (!doc_is_null(doc_get(task, "terminal_archive")) && strcmp(ev, "note") != 0) {
			tx_set(res, TX_DENIED, "task %s is archived (terminal, its record in .liza/archive): only terminal tasks "
			       "may be archived, and Liza writes no transition on one", rq->subject);
			return TX_DENIED;
		}
	}
	if (!strcmp(ev, "note")) {
		if (!rq->reason || !*rq->reason) {
			tx_set(res, TX_DENIED, "note must not be empty (--reason TEXT)");
			return TX_DENIED;
		}
		if (strlen(rq->reason) > 4096) {
			tx_set(res, TX_DENIED, "note exceeds 4096-byte limit");
			return TX_DENIED;
		}
		edit_pair n[] = { { "timestamp", edit_str(g->ts) }, { "message", edit_str(rq->reason) },
		                  { "for", edit_str(rq->subject ? rq->subject : "all") },
		                  { "operation", edit_str("add-human-note") }, { "source", edit_str("liza-watch") } };
		if (edit_append_item(ed, root, "human_notes", n, 5)) {
			tx_set(res, TX_IO, "could not append to human_notes");
			return TX_IO;
		}
		tx_set(res, TX_DONE, "note recorded for %s in human_notes (no approval or task transition)",
		       rq->subject ? rq->subject : "all");
		return TX_DONE;
	}
	if (!strcmp(ev, "approve") || !strcmp(ev, "reject")) {
		if (!task) {
			tx_set(res, TX_USAGE, "%s needs a task", ev);
			return TX_USAGE;
		}
		/* Liza finds the first copy of a duplicated id and refuses a write
		 * that adds a violation (ValidateCandidate): the verdict releases the
		 * reviewer the other copy still names (review_ownership) */
		size_t copies = 0;
		for (const doc_node *i = doc_seq_first(doc_get(root, "tasks")); i; i = i->next) {
			const char *tid = doc_str(doc_get(doc_deref(i), "id"));
			copies += tid && strcmp(tid, rq->subject) == 0;
		}
		if (copies > 1) {
			tx_set(res, TX_DENIED, "duplicate task ID %s (%zu tasks): a verdict on one would break the other's "
			       "review; Liza's validator refuses it, repair state.yaml first", rq->subject, copies);
			return TX_DENIED;
		}
		return verdict(g, root, task, ed, res);
	}
	tx_set(res, TX_DENIED, "today's Liza has no '%s' here (verdicts: approve, reject; levers: note, pause, "
	       "resume, abort = stop, checkpoint, auto-resume-on, auto-resume-off)", ev);
	return TX_DENIED;
}

static void log_entry(gtx *g, const liza_log_seen *seen, tx_result *res)
{
	const tx_request *rq = g->rq;
	const char *ev = rq->event;
	const char *action = !strcmp(ev, "approve") ? "approved" : !strcmp(ev, "reject") ? "rejected"
	                   : !strcmp(ev, "note") ? "human_note_added" : g->lever.action[0] ? g->lever.action : "stopped";
	char detail[600];
	if (!strcmp(ev, "note"))
		snprintf(detail, sizeof detail, "Operator input recorded (%zu bytes); no approval or task transition",
		         strlen(rq->reason));
	else if (g->wrote_task)
		snprintf(detail, sizeof detail, "%s -> %s by the operator from liza-watch%s%s", g->from, g->to,
		         g->forced[0] ? "; " : "", g->forced);
	else
		snprintf(detail, sizeof detail, "%s by the operator from liza-watch",
		         g->lever.detail ? g->lever.detail : "system stopped");
	edit_pair e[5] = { { "timestamp", edit_str(g->ts) }, { "agent", edit_str(rq->as) },
	                   { "action", edit_str(action) }, { "detail", edit_str(detail) } };
	size_t n = 4;
	if (rq->subject) {
		e[4] = e[3];
		e[3] = (edit_pair){ "task", edit_str(rq->subject) };
		n = 5;
	}
	lw_error err;
	lw_error_clear(&err);
	char msg[1200];
	store_lock lk;
	char sp[LW_PATH_MAX], lp[LW_PATH_MAX];
	lw_path_join(sp, sizeof sp, g->dir, "state.yaml");
	if (!store_lock_path(sp, lp, sizeof lp, &err) || store_lock_acquire(&lk, lp, store_lock_timeout_ms(), &err) != STORE_OK) {
		snprintf(res->note, sizeof res->note, "log.yaml not updated: %s", lw_error_format(&err, msg, sizeof msg));
		return;
	}
	if (liza_log_append_seen(g->dir, seen, e, n, &err) == STORE_ERR)
		snprintf(res->note, sizeof res->note, "log.yaml not updated: %s", lw_error_format(&err, msg, sizeof msg));
	store_lock_release(&lk);
}

/* ops.SprintCheckpoint renames the staged report into place under the
 * state's lock, just before the state changes; we write it (temp, fsync,
 * rename: whole or absent, never through a second name) under the same
 * lock just after, so a refused checkpoint leaves no report. */
static void summary_write(gtx *g, tx_result *res)
{
	lw_error err;
	lw_error_clear(&err);
	char msg[1200], sp[LW_PATH_MAX], lp[LW_PATH_MAX], rp[LW_PATH_MAX];
	lw_path_join(sp, sizeof sp, g->dir, "state.yaml");
	lw_path_join(rp, sizeof rp, g->dir, LIZAGO_SUMMARY_FILE);
	store_lock lk;
	int rc = STORE_ERR;
	if (store_lock_path(sp, lp, sizeof lp, &err) && store_lock_acquire(&lk, lp, store_lock_timeout_ms(), &err) == STORE_OK) {
		rc = store_write_atomic(rp, g->report->buf ? g->report->buf : "", g->report->len, &err);
		store_lock_release(&lk);
	}
	size_t used = strlen(res->note);
	if (rc == STORE_ERR)
		snprintf(res->note + used, sizeof res->note - used, "%s.liza/%s not written: %s", used ? "; " : "",
		         LIZAGO_SUMMARY_FILE, lw_error_format(&err, msg, sizeof msg));
	else
		snprintf(res->note + used, sizeof res->note - used, "%sreport: .liza/%s", used ? "; " : "", LIZAGO_SUMMARY_FILE);
}

int lizago_transition(const char *dir, const tx_request *rq, tx_result *res)
{
	liza_held none = { 0 };
	return lizago_transition_held(dir, &none, rq, res);
}

/* What the caller holds (liza_gen.h): its parse of state.yaml, on which the
 * checks and edits are made before Liza's lock is taken (under it, the file
 * compared with those bytes, nothing parsed while they match), and the
 * snapshot's view of log.yaml, from which the entry is rendered on the
 * log's first and last items while the file is the one it read. */
int lizago_transition_held(const char *dir, const liza_held *held, const tx_request *rq, tx_result *res)
{
	memset(res, 0, sizeof *res);
	gtx g = { .dir = dir, .rq = rq };
	lw_format_time(rq->now, g.ts, sizeof g.ts);
	char path[LW_PATH_MAX];
	lw_path_join(path, sizeof path, dir, "state.yaml");
	/* The log is appended to after the state: one that cannot be (a hard
	 * link, which may lie outside the project) refuses the whole
	 * transition first, so nothing changes. */
	char logp[LW_PATH_MAX];
	lw_error lerr;
	lw_error_clear(&lerr);
	lw_path_join(logp, sizeof logp, dir, "log.yaml");
	if (store_single_check(logp, "append to", &lerr) == STORE_ERR) {
		char msg[1200];
		tx_set(res, TX_IO, "%s", lw_error_format(&lerr, msg, sizeof msg));
		return res->rc = TX_IO;
	}
	/* The checkpoint's summary lives outside g, which is plain data that
	 * txfile_update_held copies and restores between runs: g holds only its
	 * address, and the run whose answer is committed rendered it last. */
	strbuf report;
	strbuf_init(&report);
	g.report = &report;
	tx_rc rc = txfile_update_held(path, held->d, "tasks", apply, &g, sizeof g, res);
	if (rc != TX_DONE) {
		strbuf_free(&report);
		return res->rc = rc;
	}
	const lizago_state *st = held->sys && liza_gen_of(held->sys)->id == LIZA_GEN_GO ? held->sys : NULL;
	log_entry(&g, st ? &st->log_seen : NULL, res);
	if (!strcmp(rq->event, "checkpoint") && !rq->subject)
		summary_write(&g, res);
	strbuf_free(&report);
	if (!strcmp(rq->event, "resume") && !rq->subject) {
		/* commands/resume.go: after ops.Resume, the provider stop signals
		 * that would stop the restarted agents at once */
		char swept[sizeof res->note];
		lizago_signals_clear(dir, rq->now, swept, sizeof swept);
		if (swept[0]) {
			char both[2 * sizeof res->note + 4];
			snprintf(both, sizeof both, "%s%s%s", res->note, res->note[0] ? "; " : "", swept);
			size_t len = strlen(both) < sizeof res->note - 1 ? strlen(both) : sizeof res->note - 1;
			memcpy(res->note, both, len);
			res->note[len] = '\0';
		}
	}
	if (g.forced[0] && !res->note[0])
		snprintf(res->note, sizeof res->note, "%.140s%s%.100s", g.forced, g.next[0] ? "; next: " : "", g.next);
	if (g.next[0] && !res->note[0])
		snprintf(res->note, sizeof res->note, "next: %s", g.next);
	return res->rc;
}
