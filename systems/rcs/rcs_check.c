/* rcs_check.c — the "Checks (alert codes)" table of docs/systems/rcs.md at
 * one clock (ctx->now). Age alerts start at their threshold instant and
 * register it as the next deadline while it is ahead, like Liza's. */
#include "systems/rcs/rcs.h"
#include "core/util/timeparse.h"
#include "core/model/check_emit.h"
#include <stdio.h>
#include <string.h>

#define SYS "rcs"

/* The stale ages are thresholds (ctx->th); the iteration percentages are
 * the format's own rule. */
enum {
	ITER_WARN_PCT = 70,
	ITER_CLIFF_PCT = 90,
};

typedef struct ck {
	const rcs_state *st;
	lw_check_ctx *ctx;
} ck;

/* One alert, its subject its identity. */
#define emit(c, level, code, subject, since, ...) \
	lw_check_emit((c)->ctx, level, SYS, code, subject, NULL, since, __VA_ARGS__)

static void check_overlap(ck *c)
{
	const rcs_state *st = c->st;
	if (rcs_set_approved(&st->set, st->surface))
		return;
	char subj[256] = "", words[320] = "";
	size_t u = 0, w = 0;
	for (size_t i = 0; i < st->nmembers; i++) {
		u += (size_t)snprintf(subj + u, u < sizeof subj ? sizeof subj - u : 0, "%s%s", i ? "+" : "",
		                      st->members[i].name);
		w += (size_t)snprintf(words + w, w < sizeof words ? sizeof words - w : 0, "%s%s", i ? " + " : "",
		                      st->members[i].name);
	}
	emit(c, LW_CRIT, "unsupported_overlap", subj, LW_NO_TIME,
	     "active set %s is not an approved combination (one workflow alone, team + %s, team + ultrawork; "
	     "autopilot and autoresearch stand alone); clear one via '%s state clear', %s_state.state_clear or "
	     "'liza-watch transition rcs:%s clear'",
	     words, rcs_disk_name("forge", st->surface), st->surface, st->surface,
	     st->nmembers ? st->members[st->nmembers - 1].canon : "MODE");
}

static void check_mismatch(ck *c)
{
	const rcs_state *st = c->st;
	for (size_t i = 0; i < st->nmodes; i++) {
		const rcs_mode *m = &st->modes[i];
		/* Only workflow modes: other *-state.json files may carry an
		 * `active` of their own meaning. */
		if (m->active && rcs_known(m->canon, st->surface) && !rcs_set_has(&st->set, m->canon))
			emit(c, LW_WARN, "active_set_mismatch", m->name, LW_NO_TIME,
			     "%s says active: true but skill-active-state.json does not list %s", m->path, m->name);
	}
	for (size_t i = 0; i < st->nmembers; i++) {
		const rcs_member *m = &st->members[i];
		if (!rcs_known(m->canon, st->surface))
			continue;   /* a skill without a mode of its own */
		if (!m->mode)
			emit(c, LW_WARN, "active_set_mismatch", m->name, LW_NO_TIME,
			     "%s is in the active set (%s) but there is no %s-state.json", m->name,
			     m->entry ? m->entry->file : "skill-active-state.json", m->name);
		else if (!m->mode->active)
			emit(c, LW_WARN, "active_set_mismatch", m->name, LW_NO_TIME,
			     "%s is in the active set (%s) but %s does not say active: true", m->name,
			     m->entry ? m->entry->file : "skill-active-state.json", m->mode->path);
	}
}

static void check_mode(ck *c, const rcs_mode *m)
{
	if (m->max_iterations > 0 && m->iteration >= 0) {
		long long it = m->iteration, max = m->max_iterations;
		if (it * 100 >= max * ITER_CLIFF_PCT)
			emit(c, LW_CRIT, "iterations_cliff", m->name, LW_NO_TIME, "iteration %lld of %lld%s", it, max,
			     it >= max ? ": at the cliff" : " (cliff at 90%)");
		else if (it * 100 >= max * ITER_WARN_PCT)
			emit(c, LW_WARN, "iterations_warning", m->name, LW_NO_TIME, "iteration %lld of %lld (warning at 70%%)",
			     it, max);
	}
	if (m->error)
		emit(c, LW_CRIT, "mode_error", m->name, LW_NO_TIME, "%s while active: %.200s", m->path, m->error);
	else if (m->run_outcome && strcmp(m->run_outcome, "failed") == 0)
		emit(c, LW_CRIT, "mode_error", m->name, LW_NO_TIME, "%s says run_outcome: failed while active", m->path);
	time_t last = m->last_turn_at != LW_NO_TIME ? m->last_turn_at : m->updated_at;
	long long after = ((const rcs_thresholds *)lw_thresholds_of(lw_check_thresholds(c->ctx), &lw_adapter_rcs))->session_stale;
	if (last != LW_NO_TIME && lw_check_due(c->ctx, last + (time_t)after)) {
		char age[24], lim[24];
		emit(c, LW_WARN, "session_stale", m->name, last + (time_t)after, "%s %s old (stale after %s)",
		     m->last_turn_at != LW_NO_TIME ? "last turn" : "last update",
		     lw_format_age((long long)(c->ctx->now - last), age, sizeof age), lw_format_age(after, lim, sizeof lim));
	}
}

/* Every mode that is running: members with a mode file and modes whose
 * file says active outside the set (each checked once). */
static void check_modes(ck *c)
{
	const rcs_state *st = c->st;
	for (size_t i = 0; i < st->nmodes; i++) {
		const rcs_mode *m = &st->modes[i];
		bool member = false;
		for (size_t j = 0; j < st->nmembers; j++)
			member |= st->members[j].mode == m;
		if (member || (m->active && rcs_known(m->canon, st->surface)))
			check_mode(c, m);
	}
}

static void check_team(ck *c)
{
	const rcs_state *st = c->st;
	for (size_t i = 0; i < st->ntasks; i++) {
		const rcs_task *t = &st->tasks[i];
		const char *title = t->subject ? t->subject : "";
		if (t->status && strcmp(t->status, "failed") == 0)
			emit(c, LW_CRIT, "team_task_failed", t->id, LW_NO_TIME, "team %s task failed: %.120s", t->team, title);
		else if (t->status && strcmp(t->status, "blocked") == 0)
			emit(c, LW_WARN, "team_task_blocked", t->id, LW_NO_TIME, "team %s task blocked: %.120s", t->team,
			     title);
	}
	for (size_t i = 0; i < st->nworkers; i++) {
		const rcs_worker *w = &st->workers[i];
		if (!w->state || strcmp(w->state, "working") != 0 || w->heartbeat == LW_NO_TIME)
			continue;
		long long after = ((const rcs_thresholds *)lw_thresholds_of(lw_check_thresholds(c->ctx), &lw_adapter_rcs))->worker_stale;
		time_t at = w->heartbeat + (time_t)after;
		if (lw_check_due(c->ctx, at)) {
			char age[24], lim[24];
			lw_check_agent_stale(c->ctx,
			                     emit(c, LW_WARN, "worker_stale", w->name, at, "team %s: heartbeat %s old while "
			                          "working%s%s (stale after %s)", w->team,
			                          lw_format_age((long long)(c->ctx->now - w->heartbeat), age, sizeof age),
			                          w->task ? " on task " : "", w->task ? w->task : "",
			                          lw_format_age(after, lim, sizeof lim)),
			                     w->name);
		}
	}
}

void rcs_check(const rcs_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	/* Files skipped or values misread while loading. */
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		if (lw_check_shared_problem(ctx, SYS, p))   /* unreadable, bad_limit…: shared codes */
			continue;
		lw_alert *a = lw_alerts_add(ctx->out, LW_CRIT, SYS, "parse_error", p->subject, ctx->now, "%s", p->message);
		a->key = arena_printf(&ctx->out->mem, "%s#%s", p->subject, p->message);
	}
	if (!st)
		return;
	ck c = { st, ctx };
	if (st->bad_session_id)
		emit(&c, LW_WARN, "invalid_session_id", "session.json", LW_NO_TIME,
		     "session_id \"%.80s\" does not match ^[A-Za-z0-9_-]{1,64}$; reading the root scope only",
		     st->bad_session_id);
	check_overlap(&c);
	check_mismatch(&c);
	check_modes(&c);
	check_team(&c);
}
