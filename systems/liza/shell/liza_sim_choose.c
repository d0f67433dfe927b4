/* liza_sim_choose.c — what the simulated Liza team does next, decided from
 * the state just read under the lock (so it always acts on the present,
 * whatever the operator did a moment ago).
 *
 * Every plausible action is a candidate with a weight; one is drawn. The
 * weights keep the board moving (claims, submits, verdicts, merges) and
 * make the alert-raising moments (a block, a handoff, an immediate
 * discovery, a pause, an iteration creeping up) rare enough to notice. Rules the draw never breaks:
 * - the reviewer acts only while two or more tasks wait for review, and
 *   never on the one waiting longest, so the operator always has a task to
 *   approve or reject from the HUD;
 * - every status change is one of docs/systems/liza.md's transitions, and every
 *   invariant of liza-validate.sh still holds afterwards (claims only with
 *   merged dependencies, one active task per agent, …);
 * - the reviewer stops rejecting before a task's next claim would reach
 *   the iteration cliff, so warnings come and go but no cliff is forced. */
#include "systems/liza/shell/liza_sim.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_index.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	SUBMIT_AFTER = 3,      /* s between a claim and its submission */
	VERDICT_AFTER = 2,     /* s a review takes at least */
	FINALIZE_AFTER = 4,    /* s a draft stays a draft */
	UNBLOCK_AFTER = 10,    /* s before the planner answers a block */
	RESUME_AFTER = 5,      /* s before a handoff is picked up */
	CONVERT_AFTER = 5,     /* s before the planner converts a discovery */
	MAX_CANDIDATES = 32,
	MOMENT_GAP = 15,       /* s at least between two alert-raising moments, */
	MOMENT_SPREAD = 20,    /* plus up to this much */
};

static bool older_than(time_t t, time_t now, long long secs)
{
	return t == LW_NO_TIME || now - t >= secs;
}

static long long priority_of(const liza_task *t) { return t->priority == LIZA_UNSET ? 99 : t->priority; }

static long long iteration_cliff(const liza_state *st, const liza_task *t)
{
	if (t->max_iterations > 0)
		return t->max_iterations;
	return st->config.max_coder_iterations > 0 ? st->config.max_coder_iterations : 10;
}

/* ---- candidates ---- */

typedef struct pool {
	liza_sim_plan c[MAX_CANDIDATES + 1];   /* the last one: scratch for offers past the limit */
	unsigned w[MAX_CANDIDATES];
	size_t n;
} pool;

/* Adds a candidate; returns it so the caller can fill in more (the scratch
 * slot when the pool is full, so callers never need to check). */
static liza_sim_plan *offer(pool *p, liza_sim_kind kind, unsigned weight, const liza_task *t, const liza_agent *ag)
{
	if (p->n == MAX_CANDIDATES || weight == 0)
		return &p->c[MAX_CANDIDATES];
	p->c[p->n] = (liza_sim_plan){ .kind = kind, .task = t, .agent = ag };
	p->w[p->n] = weight;
	return &p->c[p->n++];
}

/* One task at random among those matching keep(). */
typedef bool (*task_pred)(const liza_state *st, const liza_task *t, time_t now);

static const liza_task *any_task(const liza_state *st, time_t now, sim_rng *rng, task_pred keep)
{
	size_t n = 0;
	for (size_t i = 0; i < st->ntasks; i++)
		n += keep(st, &st->tasks[i], now);
	if (!n)
		return NULL;
	size_t k = sim_below(rng, (unsigned)n);
	for (size_t i = 0; i < st->ntasks; i++)
		if (keep(st, &st->tasks[i], now) && k-- == 0)
			return &st->tasks[i];
	return NULL;
}

static bool coder_working(const liza_state *st, const liza_task *t, time_t now)
{
	(void)now;
	return t->status == LS_CLAIMED && !t->handoff_pending && liza_sim_holder(st, t, "coder");
}

static bool ready_to_submit(const liza_state *st, const liza_task *t, time_t now)
{
	return coder_working(st, t, now) && older_than(liza_sim_last_event(t, "claimed"), now, SUBMIT_AFTER);
}

static bool handoff_done(const liza_state *st, const liza_task *t, time_t now)
{
	return t->status == LS_CLAIMED && t->handoff_pending && liza_sim_holder(st, t, "coder") &&
	       older_than(liza_sim_last_event(t, "handoff"), now, RESUME_AFTER);
}

static bool block_answered(const liza_state *st, const liza_task *t, time_t now)
{
	(void)st;
	return t->status == LS_BLOCKED && older_than(liza_sim_last_event(t, "blocked"), now, UNBLOCK_AFTER);
}

static bool draft_ready(const liza_state *st, const liza_task *t, time_t now)
{
	(void)st;
	return t->status == LS_DRAFT && !t->assigned_to && older_than(t->created, now, FINALIZE_AFTER);
}

static bool claimable(const liza_state *st, const liza_task *t, time_t now)
{
	(void)now;
	return t->status == LS_UNCLAIMED && liza_sim_deps_merged(st, t);
}

static const liza_task *best_claimable(const liza_state *st)
{
	const liza_task *best = NULL;
	for (size_t i = 0; i < st->ntasks; i++)
		if (claimable(st, &st->tasks[i], 0) && (!best || priority_of(&st->tasks[i]) < priority_of(best)))
			best = &st->tasks[i];
	return best;
}

static const liza_agent *idle_coder(const liza_state *st, sim_rng *rng)
{
	const liza_agent *idle[64];
	size_t n = 0;
	for (size_t i = 0; i < st->nagents && n < sizeof idle / sizeof *idle; i++) {
		const liza_agent *ag = &st->agents[i];
		if (doc_is_map(ag->node) && liza_sim_is_role(ag, "coder") && !liza_sim_status_is(ag, "HANDOFF") &&
		    !liza_sim_active_task(st, ag->id))
			idle[n++] = ag;
	}
	return n ? idle[sim_below(rng, (unsigned)n)] : NULL;
}

/* A task the finalised draft may wait for: in flight, not itself, no cycle. */
static const liza_task *pick_dependency(const liza_state *st, const liza_task *t, sim_rng *rng)
{
	const liza_task *c[16];
	size_t n = 0;
	for (size_t i = 0; i < st->ntasks && n < 16; i++) {
		const liza_task *d = &st->tasks[i];
		if (d == t || d->status == LS_DRAFT || d->status == LS_BLOCKED || liza_status_terminal(d->status) ||
		    d->status == LS_UNKNOWN || liza_sim_reaches(st, d, t))
			continue;
		bool already = false;
		for (size_t k = 0; k < t->depends_on.n; k++)
			already |= strcmp(t->depends_on.v[k], d->id) == 0;
		if (!already)
			c[n++] = d;
	}
	return n ? c[sim_below(rng, (unsigned)n)] : NULL;
}

static void planner_offers(pool *p, const liza_state *st, time_t now, sim_rng *rng)
{
	const liza_agent *pl = liza_sim_first_with_role(st, "planner");
	if (!pl)
		return;
	const liza_task *t = any_task(st, now, rng, draft_ready);
	if (t) {
		liza_sim_plan *c = offer(p, LSIM_FINALIZE, 12, t, pl);
		if (sim_chance(rng, 40))
			c->dep = pick_dependency(st, t, rng);
	}
	bool drafts = false;
	for (size_t i = 0; i < st->ntasks; i++)
		drafts |= st->tasks[i].status == LS_DRAFT;
	if (!drafts && !best_claimable(st)) {
		liza_sim_plan *c = offer(p, LSIM_DRAFTS, 40, NULL, pl);
		c->count = 2 + sim_below(rng, 2);
		c->pick = sim_below(rng, (unsigned)liza_sim_n_new_tasks);
	}
	if ((t = any_task(st, now, rng, block_answered))) {
		/* Two coders failed it: hypothesis exhaustion, a rescope is mandatory. */
		bool exhausted = liza_distinct_ids(&t->failed_by) >= 2;
		liza_sim_plan *c = offer(p, exhausted ? LSIM_RESCOPE : LSIM_UNBLOCK, exhausted ? 10 : 4, t, pl);
		c->pick = sim_below(rng, (unsigned)liza_sim_n_new_tasks);
	}
	for (size_t i = 0; i < st->ndiscovered; i++) {
		const liza_discovery *d = &st->discovered[i];
		time_t created = LW_NO_TIME;
		doc_time(doc_get(d->node, "created"), &created);
		if (d->urgency && strcmp(d->urgency, "immediate") == 0 && !d->converted_to_task &&
		    older_than(created, now, CONVERT_AFTER)) {
			offer(p, LSIM_CONVERT, 15, NULL, pl)->disc = d;
			break;
		}
	}
}

static bool open_immediate_discovery(const liza_state *st)
{
	for (size_t i = 0; i < st->ndiscovered; i++)
		if (st->discovered[i].urgency && strcmp(st->discovered[i].urgency, "immediate") == 0 &&
		    !st->discovered[i].converted_to_task)
			return true;
	return false;
}

/* The iteration creep: a coder's session keeps dying (exit 42, context
 * exhausted) and the supervisor restarts it; each restart re-claims the
 * task, one iteration more, until the warning threshold shows on the board.
 * Returns the creeping task, NULL when there is none (any more). */
static const liza_task *creeping(const liza_state *st, liza_sim *m)
{
	const liza_task *t = m->creep[0] ? liza_find_task(st, m->creep) : NULL;
	if (!t || t->status != LS_CLAIMED || t->handoff_pending || !liza_sim_holder(st, t, "coder") ||
	    t->iteration >= iteration_cliff(st, t) - 2) {
		m->creep[0] = '\0';
		return NULL;
	}
	return t;
}

static void coder_offers(pool *p, const liza_state *st, liza_sim *m, time_t now, sim_rng *rng, bool moments)
{
	const liza_task *creep = creeping(st, m);
	if (creep)
		offer(p, LSIM_RESTART, 40, creep, liza_sim_holder(st, creep, "coder"));
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		if (t->status != LS_REJECTED || !liza_sim_deps_merged(st, t))
			continue;
		/* Its coder picks it up again; if that coder is gone, any idle one. */
		const liza_agent *c = liza_sim_holder(st, t, "coder");
		if (!c)
			c = idle_coder(st, rng);
		if (c) {
			offer(p, LSIM_RECLAIM, 60, t, c);
			break;
		}
	}
	const liza_task *t = best_claimable(st);
	const liza_agent *c = t ? idle_coder(st, rng) : NULL;
	if (c)
		offer(p, LSIM_CLAIM, 25, t, c);
	if ((t = any_task(st, now, rng, ready_to_submit)) && t != creep)
		offer(p, LSIM_SUBMIT, 20, t, liza_sim_holder(st, t, "coder"));
	if ((t = any_task(st, now, rng, handoff_done)))
		offer(p, LSIM_RESUME, 15, t, liza_sim_holder(st, t, "coder"));
	if (moments && (t = any_task(st, now, rng, coder_working)) && t != creep) {
		const liza_agent *h = liza_sim_holder(st, t, "coder");
		if (!creep && t->iteration < iteration_cliff(st, t) - 3)
			offer(p, LSIM_RESTART, 3, t, h)->count = 1;   /* the first restart of a creep */
		offer(p, LSIM_BLOCK, 3, t, h)->pick = sim_below(rng, (unsigned)liza_sim_n_blocks);
		if (liza_sim_status_is(h, "WORKING"))
			offer(p, LSIM_HANDOFF, 3, t, h);
		if (!open_immediate_discovery(st))
			offer(p, LSIM_DISCOVER, 2, t, h)->pick = sim_below(rng, (unsigned)liza_sim_n_discoveries);
	}
}

static void reviewer_offers(pool *p, const liza_state *st, time_t now, sim_rng *rng)
{
	size_t waiting;
	const liza_task *oldest = liza_sim_oldest_review(st, &waiting);
	for (size_t i = 0; i < st->nagents; i++) {
		const liza_agent *r = &st->agents[i];
		if (!doc_is_map(r->node) || !liza_sim_is_role(r, "code-reviewer"))
			continue;
		const liza_task *mine = NULL;
		for (size_t k = 0; k < st->ntasks && !mine; k++)
			if (st->tasks[k].status == LS_READY_FOR_REVIEW && st->tasks[k].reviewing_by &&
			    strcmp(st->tasks[k].reviewing_by, r->id) == 0)
				mine = &st->tasks[k];
		if (mine && waiting < 2) {
			/* The last task waiting belongs to the operator: hand it back. */
			offer(p, LSIM_RELEASE, 60, mine, r);
		} else if (mine && older_than(liza_sim_last_event(mine, "review_claimed"), now, VERDICT_AFTER)) {
			long long cycles = mine->review_cycles_current;
			unsigned reject = cycles < 2 ? 40 : cycles == 2 ? 35 : 0;
			if (mine->iteration + 1 >= iteration_cliff(st, mine))
				reject = 0;
			offer(p, sim_chance(rng, reject) ? LSIM_REJECT : LSIM_APPROVE, 30, mine, r)->pick =
				sim_below(rng, (unsigned)liza_sim_n_rejections);
		} else if (!mine && waiting >= 2) {
			const liza_task *c[16];
			size_t n = 0;
			for (size_t k = 0; k < st->ntasks && n < 16; k++) {
				const liza_task *t = &st->tasks[k];
				if (t->status == LS_READY_FOR_REVIEW && t != oldest && !t->reviewing_by)
					c[n++] = t;
			}
			if (n)
				offer(p, LSIM_REVIEW, 20, c[sim_below(rng, (unsigned)n)], r);
		}
	}
	/* Approved work is merged by a reviewer: the approver if it is one of
	 * ours, else the first (the operator's --as is usually not a reviewer). */
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		if (t->status != LS_APPROVED)
			continue;
		const liza_agent *m = t->approved_by ? liza_find_agent(st, t->approved_by) : NULL;
		if (!m || !doc_is_map(m->node) || !liza_sim_is_role(m, "code-reviewer"))
			m = liza_sim_first_with_role(st, "code-reviewer");
		if (m)
			offer(p, LSIM_MERGE, 25, t, m);
		break;
	}
}

void liza_sim_choose(const liza_state *st, liza_sim *m, bool paused, time_t now, sim_rng *rng, liza_sim_plan *out)
{
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < st->nagents; i++)
		if (liza_sim_needs_repair(st, &st->agents[i])) {
			out->kind = LSIM_REPAIR;
			return;
		}
	if (paused) {
		/* Agents sleep while PAUSE exists; only our own pause ends by itself. */
		if (m->our_pause && now >= m->pause_until) {
			out->kind = LSIM_UNPAUSE;
			out->agent = liza_sim_first_with_role(st, "planner");
		}
		return;
	}
	pool p = { .n = 0 };
	bool moments = now >= m->moment_ok_after;
	coder_offers(&p, st, m, now, rng, moments);
	reviewer_offers(&p, st, now, rng);
	planner_offers(&p, st, now, rng);
	const liza_agent *pl = liza_sim_first_with_role(st, "planner");
	if (pl && moments && now >= m->pause_ok_after)
		offer(&p, LSIM_PAUSE, 2, NULL, pl);
	offer(&p, LSIM_IDLE, 6, NULL, NULL);
	unsigned total = 0;
	for (size_t i = 0; i < p.n; i++)
		total += p.w[i];
	unsigned roll = sim_below(rng, total);
	for (size_t i = 0; i < p.n; i++) {
		if (roll < p.w[i]) {
			*out = p.c[i];
			liza_sim_kind k = out->kind;
			bool creep_starts = k == LSIM_RESTART && out->count == 1;
			if (creep_starts)
				snprintf(m->creep, sizeof m->creep, "%s", out->task->id);
			if (k == LSIM_BLOCK || k == LSIM_HANDOFF || k == LSIM_DISCOVER || k == LSIM_PAUSE || creep_starts)
				m->moment_ok_after = now + MOMENT_GAP + (time_t)sim_below(rng, MOMENT_SPREAD);
			return;
		}
		roll -= p.w[i];
	}
}
