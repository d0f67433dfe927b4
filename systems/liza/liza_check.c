/* liza_check.c — Liza's alert checks: the "Checks (alert codes)" table of
 * docs/systems/liza.md, at one clock (ctx->now).
 *
 * Conventions every check here follows:
 * - An age-based alert starts AT its threshold instant (lease expiry + grace,
 *   approval + 10 min, …): it fires when now >= that instant, and while the
 *   instant is still ahead the check registers it with lw_check_deadline, so
 *   the event loop arms one timer instead of ticking. Escalating families
 *   register the next level's instant too.
 * - `since` is the instant the condition began when the state tells us
 *   (that threshold instant), else ctx->now.
 * - One alert per (code, key): escalating families emit one level at a time,
 *   and a last pass gives any same-key alerts (a duplicated task id) distinct
 *   keys rather than reporting the same identity twice.
 * - Nothing here scans every task per task: ids are looked up in sorted
 *   indexes (liza_index.h), so a 10,000-task state stays cheap. */
#include "systems/liza/liza.h"
#include "systems/liza/lizago.h"
#include "systems/liza/liza_index.h"
#include "systems/liza/liza_thresholds.h"
#include "core/util/timeparse.h"
#include <ctype.h>
#include "core/model/check_emit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYS "liza"

/* Fixed rules of the seed; the thresholds a config may change are Liza's
 * block of ctx->th (liza_thresholds.h) and the general warn_below. The cliffs come from state.yaml's config (the
 * loader fills Liza's defaults); these stand in for a value of 0 or less. */
enum {
	DEFAULT_MAX_ITERATIONS = 10,
	DEFAULT_MAX_REVIEW_CYCLES = 5,
	DEFAULT_HEARTBEAT = 60,
	APPROVAL_MIN_VERDICTS = 5,
	APPROVAL_MAX_PERCENT = 95,       /* above this: rubber-stamp risk */
	MAX_REASON = 200,                /* bytes of a free-text reason quoted */
};

typedef struct ck {
	const liza_state *st;
	lw_check_ctx *ctx;
	const liza_thresholds *th;
	long long warn_below;
	const liza_index *tasks;  /* the loader's */
	liza_index agents, handoffs;
	size_t approvals, rejections;
} ck;

/* One alert, its subject its identity (unique_keys tells duplicates apart). */
#define emit(c, level, code, subject, since, ...) \
	lw_check_emit((c)->ctx, level, SYS, code, subject, NULL, since, __VA_ARGS__)

static time_t plus(time_t t, long long secs) { return t == LW_NO_TIME ? LW_NO_TIME : t + (time_t)secs; }

static const char *age(const ck *c, time_t t, char *buf, size_t n)
{
	return lw_format_age((long long)(c->ctx->now - t), buf, n);
}

static const char *iso(time_t t, char *buf, size_t n) { return lw_format_time(t, buf, n); }

/* First line of a free-text field, capped (on a UTF-8 boundary), for
 * quoting in a message; more() marks that something was left out. */
static int line_len(const char *s)
{
	size_t n = strcspn(s, "\r\n");
	if (n > MAX_REASON) {
		n = MAX_REASON;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;
	}
	return (int)n;
}

static const char *more(const char *s)
{
	for (const char *p = s + line_len(s); *p; p++)
		if (!isspace((unsigned char)*p))
			return " …";
	return "";
}

static const liza_agent *agent_of(const ck *c, const char *id)
{
	long i = liza_index_find(&c->agents, id);
	return i < 0 ? NULL : &c->st->agents[i];
}

/* ---- thresholds: cliffs from the state's config, a task's max_iterations
 * wins; the warning sits warn_below under the cliff ---- */
static long long iteration_cliff(const ck *c, const liza_task *t)
{
	if (t->max_iterations > 0)
		return t->max_iterations;
	long long m = c->st->config.max_coder_iterations;
	return m > 0 ? m : DEFAULT_MAX_ITERATIONS;
}

static long long review_cliff(const ck *c)
{
	long long m = c->st->config.max_review_cycles;
	return m > 0 ? m : DEFAULT_MAX_REVIEW_CYCLES;
}

static long long warn_of(const ck *c, long long cliff)
{
	long long w = cliff - c->warn_below;
	return w < 1 ? 1 : w;
}

/* ---- per task ---- */
typedef struct task_history {
	time_t last_approved, last_rejected;
	const char *first_claimer;
	bool seen_claimed;
} task_history;

static void read_history(ck *c, const liza_task *t, task_history *h)
{
	h->last_approved = h->last_rejected = LW_NO_TIME;
	h->first_claimer = NULL;
	h->seen_claimed = false;
	for (size_t i = 0; i < t->nhistory; i++) {
		const liza_event *e = &t->history[i];
		if (e->kind == LE_APPROVED) {
			c->approvals++;
			if (e->time != LW_NO_TIME && (h->last_approved == LW_NO_TIME || e->time > h->last_approved))
				h->last_approved = e->time;
		} else if (e->kind == LE_REJECTED) {
			c->rejections++;
			if (e->time != LW_NO_TIME && (h->last_rejected == LW_NO_TIME || e->time > h->last_rejected))
				h->last_rejected = e->time;
		} else if (e->kind == LE_CLAIMED && !h->seen_claimed) {
			h->seen_claimed = true;
			h->first_claimer = e->agent;
		}
	}
}

/* Only advice that still applies: a BLOCKED task is already what the
 * iteration cliff advises (block or rescope), and no coder iterates on it
 * (Liza's watchers warn of iterations only for a task being worked on:
 * liza-watch.sh and watch.go checkApproachingLimits). Its review cycles and
 * failures still stand: they say why it must be rescoped. */
static void check_limits(ck *c, const liza_task *t)
{
	bool blocked = t->status == LS_BLOCKED;
	long long cliff = iteration_cliff(c, t), warn = warn_of(c, cliff);
	if (!blocked && t->iteration >= cliff)
		emit(c, LW_CRIT, "iterations_cliff", t->id, LW_NO_TIME,
		     "iteration %lld of %lld (cliff %lld): iteration limit reached, block or rescope the task",
		     t->iteration, cliff, cliff);
	else if (!blocked && t->iteration >= warn)
		emit(c, LW_WARN, "iterations_warning", t->id, LW_NO_TIME,
		     "iteration %lld of %lld: approaching the cliff", t->iteration, cliff);

	long long rcliff = review_cliff(c), rwarn = warn_of(c, rcliff), cycles = t->review_cycles_current;
	if (cycles >= rcliff)
		emit(c, LW_CRIT, "review_loop", t->id, LW_NO_TIME,
		     "%lld review cycles (cliff %lld): review deadlock, planner must intervene", cycles, rcliff);
	else if (cycles >= rwarn)
		emit(c, LW_WARN, "review_cycles_warning", t->id, LW_NO_TIME,
		     "%lld review cycles (warning %lld, cliff %lld): coder and reviewer not converging",
		     cycles, rwarn, rcliff);

	size_t failed = liza_distinct_ids(&t->failed_by);
	char ids[512];
	if (failed >= 2)
		emit(c, LW_CRIT, "hypothesis_exhaustion", t->id, LW_NO_TIME,
		     "failed by %zu coders (%s): task framing presumed wrong, mandatory rescope", failed,
		     liza_join_ids(ids, sizeof ids, t->failed_by.v, t->failed_by.n));
	else if (failed == 1 && cycles >= c->th->failure_risk_cycles)
		emit(c, LW_WARN, "failure_risk", t->id, LW_NO_TIME,
		     "failed by %s with %lld review cycles: a second coder failure means hypothesis exhaustion",
		     t->failed_by.v[0], cycles);
}

static void check_claimed(ck *c, const liza_task *t, const task_history *h)
{
	char tb[32], ab[32];
	const liza_agent *holder = agent_of(c, t->assigned_to);
	/* The holder's own lease (renewed by heartbeats) wins over the task's,
	 * which is set at claim time only. */
	bool agent_lease = holder && holder->lease_expires != LW_NO_TIME;
	time_t exp = agent_lease ? holder->lease_expires : t->lease_expires;
	time_t lost = plus(exp, c->th->lease_grace);
	if (lw_check_due(c->ctx, lost))
		emit(c, LW_WARN, "lease_expired", t->id, lost,
		     "%s%s lease expired at %s, %s ago (grace %llds): no live holder, the task can be reclaimed",
		     agent_lease ? holder->id : "task", agent_lease ? "'s" : "", iso(exp, tb, sizeof tb),
		     age(c, exp, ab, sizeof ab), c->th->lease_grace);

	if (t->assigned_to && h->first_claimer && strcmp(t->assigned_to, h->first_claimer) != 0)
		emit(c, LW_WARN, "reassigned", t->id, LW_NO_TIME,
		     "claimed by %s, first claimed by %s: hypothesis exhaustion risk", t->assigned_to,
		     h->first_claimer);
}

static void check_review_lease(ck *c, const liza_task *t)
{
	if (!t->reviewing_by)
		return;
	char tb[32], ab[32];
	time_t lost = plus(t->review_lease_expires, c->th->lease_grace);
	if (lw_check_due(c->ctx, lost))
		emit(c, LW_WARN, "review_lease_expired", t->id, lost,
		     "review lease of %s expired at %s, %s ago (grace %llds): the review can be reclaimed",
		     t->reviewing_by, iso(t->review_lease_expires, tb, sizeof tb),
		     age(c, t->review_lease_expires, ab, sizeof ab), c->th->lease_grace);
}

static void check_rejected(ck *c, const liza_task *t, const task_history *h)
{
	if (!t->assigned_to)
		return;
	const liza_agent *ag = agent_of(c, t->assigned_to);
	if (ag && ag->status && strcmp(ag->status, "WORKING") == 0)
		return;
	/* Orphaned since the rejection when we know it, else from now on. */
	time_t from = plus(h->last_rejected, c->th->orphan_grace);
	if (from != LW_NO_TIME && !lw_check_due(c->ctx, from))
		return;
	char why[160];
	if (!ag)
		snprintf(why, sizeof why, "which is not registered in agents");
	else
		snprintf(why, sizeof why, "which is %s, not WORKING", ag->status ? ag->status : "without status");
	emit(c, LW_CRIT, "orphaned_rejected", t->id, from,
	     "rejected and assigned to %s, %s: nobody will rework it (orphaned %llds+)", t->assigned_to, why,
	     c->th->orphan_grace);
}

static void check_approved(ck *c, const liza_task *t, const task_history *h)
{
	if (t->merge_commit)
		return;
	char ab[32];
	time_t from = plus(h->last_approved, c->th->approved_unmerged);
	if (from == LW_NO_TIME) {
		emit(c, LW_WARN, "approved_unmerged", t->id, LW_NO_TIME,
		     "APPROVED (no approval time in history) and not merged%s%s",
		     t->approved_by ? ": merge is up to " : "", t->approved_by ? t->approved_by : "");
		return;
	}
	if (lw_check_due(c->ctx, from))
		emit(c, LW_WARN, "approved_unmerged", t->id, from, "approved %s ago%s%s, not merged yet",
		     age(c, h->last_approved, ab, sizeof ab), t->approved_by ? " by " : "",
		     t->approved_by ? t->approved_by : "");
}

static void check_handoff_flag(ck *c, const liza_task *t)
{
	if (!t->handoff_pending)
		return;
	long hi = liza_index_find(&c->handoffs, t->id);
	const liza_handoff *ho = hi < 0 ? NULL : &c->st->handoffs[hi];
	if (!ho)
		emit(c, LW_WARN, "handoff_pending", t->id, LW_NO_TIME,
		     "handoff_pending is set but handoff has no entry for this task");
	else if (!ho->has_summary || !ho->has_next_action)
		emit(c, LW_WARN, "handoff_pending", t->id, LW_NO_TIME,
		     "handoff pending, and the handoff entry lacks %s%s%s", !ho->has_summary ? "summary" : "",
		     !ho->has_summary && !ho->has_next_action ? " and " : "",
		     !ho->has_next_action ? "next_action" : "");
	else
		emit(c, LW_WARN, "handoff_pending", t->id, LW_NO_TIME,
		     "handoff pending (by %s): a fresh agent must read it and resume",
		     doc_str(doc_get(ho->node, "agent")) ? doc_str(doc_get(ho->node, "agent")) : "?");
}

static void check_task(ck *c, const liza_task *t)
{
	task_history h;
	char ab[32];
	read_history(c, t, &h);
	/* Past review the coder and the reviewer converged: an APPROVED task
	 * only waits for its merge, and no loop, limit or failure warning
	 * applies to it any more (nor to a terminal one). */
	if (!liza_status_terminal(t->status) && t->status != LS_APPROVED)
		check_limits(c, t);
	switch (t->status) {
	case LS_CLAIMED: check_claimed(c, t, &h); break;
	case LS_READY_FOR_REVIEW: check_review_lease(c, t); break;
	case LS_REJECTED: check_rejected(c, t, &h); break;
	case LS_APPROVED: check_approved(c, t, &h); break;
	case LS_BLOCKED:
		if (t->blocked_reason)
			emit(c, LW_WARN, "blocked", t->id, LW_NO_TIME, "blocked: %.*s%s", line_len(t->blocked_reason),
			     t->blocked_reason, more(t->blocked_reason));
		else
			emit(c, LW_WARN, "blocked", t->id, LW_NO_TIME, "blocked (no blocked_reason given)");
		break;
	case LS_INTEGRATION_FAILED:
		emit(c, LW_CRIT, "integration_failed", t->id, LW_NO_TIME,
		     "merge into integration failed: any coder may claim it with integration_fix: true");
		break;
	case LS_DRAFT: {
		time_t from = plus(t->created, c->th->stale_draft);
		if (lw_check_due(c->ctx, from))
			emit(c, LW_WARN, "stale_draft", t->id, from,
			     "DRAFT created %s ago, never finalized (planner crash?)",
			     age(c, t->created, ab, sizeof ab));
		break;
	}
	default: break;
	}
	check_handoff_flag(c, t);
}

/* ---- state-wide ---- */
static void check_agents(ck *c)
{
	long long hi = c->st->config.heartbeat_interval > 0 ? c->st->config.heartbeat_interval : DEFAULT_HEARTBEAT;
	long long factor = c->th->heartbeat_factor;
	char ab[32], lb[32];
	for (size_t i = 0; i < c->st->nagents; i++) {
		const liza_agent *ag = &c->st->agents[i];
		time_t from = plus(ag->heartbeat, factor * hi);
		if (lw_check_due(c->ctx, from))
			lw_check_agent_stale(c->ctx,
			                     emit(c, LW_WARN, "agent_stale", ag->id, from,
			                          "heartbeat %s old (stale after %s = %lld × heartbeat_interval %llds)",
			                          age(c, ag->heartbeat, ab, sizeof ab), lw_format_age(factor * hi, lb, sizeof lb),
			                          factor, hi),
			                     ag->id);
	}
}

static void check_handoffs(ck *c)
{
	for (size_t i = 0; i < c->st->nhandoffs; i++) {
		const liza_handoff *ho = &c->st->handoffs[i];
		if (ho->has_summary && ho->has_next_action)
			continue;
		long ti = liza_index_find(c->tasks, ho->task);
		if (ti >= 0 && c->st->tasks[ti].handoff_pending)
			continue;   /* reported with the task's flag, as one alert */
		emit(c, LW_WARN, "handoff_pending", ho->task, LW_NO_TIME,
		     "handoff entry lacks %s%s%s: a replacement agent cannot resume from it",
		     !ho->has_summary ? "summary" : "", !ho->has_summary && !ho->has_next_action ? " and " : "",
		     !ho->has_next_action ? "next_action" : "");
	}
}

static void check_discoveries(ck *c)
{
	for (size_t i = 0; i < c->st->ndiscovered; i++) {
		const liza_discovery *d = &c->st->discovered[i];
		if (!d->urgency || strcmp(d->urgency, "immediate") != 0 || d->converted_to_task)
			continue;
		char subject[48];
		snprintf(subject, sizeof subject, "discovered[%zu]", i);
		const char *desc = d->description ? d->description : "(no description)";
		emit(c, LW_CRIT, "immediate_discovery", d->id ? d->id : subject, LW_NO_TIME,
		     "immediate discovery not converted to a task: %.*s%s (planner should wake)", line_len(desc), desc,
		     more(desc));
	}
}

static void check_log(ck *c)
{
	const liza_state *st = c->st;
	if (!st->has_log || st->log_newest == LW_NO_TIME || !st->goal_status ||
	    strcmp(st->goal_status, "IN_PROGRESS") != 0)
		return;
	char tb[32], ab[32];
	time_t from = plus(st->log_newest, c->th->stalled);
	if (lw_check_due(c->ctx, from))
		emit(c, LW_WARN, "stalled", "log.yaml", from, "no log entry for %s (newest %s): no progress",
		     age(c, st->log_newest, ab, sizeof ab), iso(st->log_newest, tb, sizeof tb));
}

/* One level of an escalating family: the highest threshold reached fires,
 * the next one ahead is registered as a deadline. */
typedef struct level_step {
	long long after;
	lw_level level;
	const char *code, *what;
} level_step;

static void check_marker(ck *c, const char *subject, time_t t, const level_step *steps, size_t n)
{
	int reached = -1;
	for (size_t i = 0; i < n; i++) {
		if (lw_check_due(c->ctx, plus(t, steps[i].after)))
			reached = (int)i;
		else
			break;   /* the first level ahead is registered; later ones follow from it */
	}
	if (reached < 0)
		return;
	const level_step *s = &steps[reached];
	char ab[32];
	emit(c, s->level, s->code, subject, plus(t, s->after), "%s present for %s: %s", subject,
	     age(c, t, ab, sizeof ab), s->what);
}

static void check_markers(ck *c)
{
	const long long *ck_at = c->th->checkpoint, *pause_at = c->th->pause;
	const level_step checkpoint[] = {
		{ ck_at[0], LW_WARN, "checkpoint_stale", "waiting for a human" },
		{ ck_at[1], LW_CRIT, "checkpoint_stuck", "no human response, agents are idle" },
		{ ck_at[2], LW_CRIT, "checkpoint_abandoned", "no human response: abandoned?" },
	};
	const level_step pause[] = {
		{ pause_at[0], LW_WARN, "pause_stale", "forgotten? remove it to resume" },
		{ pause_at[1], LW_CRIT, "pause_forgotten", "agents are asleep; remove it to resume" },
	};
	const liza_state *st = c->st;
	if (st->checkpoint)
		check_marker(c, "CHECKPOINT", st->checkpoint_at, checkpoint, sizeof checkpoint / sizeof *checkpoint);
	if (st->paused)
		check_marker(c, "PAUSE", st->pause_since, pause, sizeof pause / sizeof *pause);
	if (st->aborted)
		emit(c, LW_CRIT, "abort_requested", "ABORT", st->abort_since,
		     "ABORT file present: agents exit at their next check");
}

static void check_sprint_and_breaker(ck *c)
{
	const liza_state *st = c->st;
	char tb[32], ab[32];
	if (st->sprint_status && strcmp(st->sprint_status, "IN_PROGRESS") == 0 && lw_check_due(c->ctx, st->sprint_deadline))
		emit(c, LW_WARN, "sprint_overdue", st->sprint_id ? st->sprint_id : "sprint", st->sprint_deadline,
		     "deadline %s passed %s ago and the sprint is still IN_PROGRESS",
		     iso(st->sprint_deadline, tb, sizeof tb), age(c, st->sprint_deadline, ab, sizeof ab));
	if (st->circuit_status && strcmp(st->circuit_status, "TRIGGERED") == 0)
		emit(c, LW_CRIT, "circuit_breaker", "circuit_breaker", LW_NO_TIME,
		     "circuit breaker TRIGGERED: agents must stop until a human reviews the trigger");
}

static void check_approval_rate(ck *c)
{
	size_t verdicts = c->approvals + c->rejections;
	if (verdicts < APPROVAL_MIN_VERDICTS || c->approvals * 100 <= verdicts * APPROVAL_MAX_PERCENT)
		return;
	emit(c, LW_INFO, "approval_rate", "reviews", LW_NO_TIME,
	     "%zu of %zu verdicts approved (%zu%%, above %d%%): rubber-stamp risk", c->approvals, verdicts,
	     c->approvals * 100 / verdicts, APPROVAL_MAX_PERCENT);
}

/* ---- identity: one alert per (code, key) ---- */
typedef struct keyed {
	lw_alert *a;
	size_t order;
} keyed;

static int cmp_keyed(const void *pa, const void *pb)
{
	const keyed *a = pa, *b = pb;
	int r = strcmp(a->a->code, b->a->code);
	if (!r)
		r = strcmp(a->a->key, b->a->key);
	if (!r)
		r = a->order < b->order ? -1 : a->order > b->order;
	return r;
}

/* Alerts that would share an identity (a task id used twice) get distinct
 * keys, in file order, so neither hides the other and both stay stable. */
static void unique_keys(lw_alerts *out, size_t base)
{
	size_t n = out->n - base;
	if (n < 2)
		return;
	keyed *v = malloc(n * sizeof *v);
	if (!v)
		abort();
	for (size_t i = 0; i < n; i++) {
		v[i].a = &out->v[base + i];
		v[i].order = i;
	}
	qsort(v, n, sizeof *v, cmp_keyed);
	for (size_t i = 1, first = 0; i < n; i++) {
		const lw_alert *f = v[first].a;   /* keeps its key; the others get #2, #3, … */
		if (strcmp(v[i].a->code, f->code) == 0 && strcmp(v[i].a->key, f->key) == 0)
			v[i].a->key = arena_printf(&out->mem, "%s#%zu", f->key, i - first + 1);
		else
			first = i;
	}
	free(v);
}

void liza_check(const liza_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	/* A snapshot of today's Liza has its own checks (lizago_check.c). */
	if (lizago_is(st)) {
		lizago_check((const lizago_state *)st, snap, ctx);
		return;
	}
	size_t base = ctx->out->n;
	/* Load problems (wrong types, unreadable CHECKPOINT line): each its own alert. */
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		const char *what = strstr(p->message, ": ");
		if (lw_check_shared_problem(ctx, SYS, p))   /* unreadable, bad_limit…: shared codes */
			continue;
		if (p->rule && strcmp(p->rule, "parse_error") == 0) {   /* a log that did not parse */
			lw_check_emit(ctx, LW_CRIT, SYS, "parse_error", p->subject, p->message, LW_NO_TIME, "%s", p->message);
			continue;
		}
		lw_alert *a = lw_alerts_add(ctx->out, LW_CRIT, SYS, "invalid_state", p->subject, ctx->now,
		                            "%s (rule: %s)", p->message, p->rule ? p->rule : "types");
		a->key = arena_printf(&ctx->out->mem, "%s#%s#%s", a->subject, p->rule ? p->rule : "types",
		                      what ? what + 2 : p->message);
	}
	if (!st)
		return;

	ck c = { .st = st, .ctx = ctx, .th = lw_thresholds_of(lw_check_thresholds(ctx), &lw_adapter_liza),
	        .warn_below = lw_check_thresholds(ctx)->warn_below };
	c.tasks = &st->tasks_by_id;
	liza_index_agents(&c.agents, st);
	liza_index_handoffs(&c.handoffs, st);
	for (size_t i = 0; i < st->ntasks; i++)
		check_task(&c, &st->tasks[i]);
	check_agents(&c);
	check_handoffs(&c);
	check_discoveries(&c);
	check_log(&c);
	check_markers(&c);
	check_sprint_and_breaker(&c);
	check_approval_rate(&c);
	liza_index_free(&c.agents);
	liza_index_free(&c.handoffs);

	liza_invariants(st, ctx);
	unique_keys(ctx->out, base);
}
