/* foreman_check.c — the "Checks (alert codes)" table of
 * docs/systems/foreman.md, at one clock (ctx->now). Age-based alerts
 * start at their threshold instant and register it with lw_check_deadline
 * while it is ahead, so the event loop arms one timer. */
#include "systems/foreman/foreman.h"
#include "core/model/check_emit.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

#define SYS "foreman"

/* An unknown phase is CRIT: canMoveToPhase has no row for it and throws,
 * so upstream can move the task nowhere. An unknown planningStatus is only
 * WARN: upstream takes it as "not running" and carries on. */
static void check_enums(const fm_task *t, lw_check_ctx *ctx)
{
	if (t->phase == FP_UNKNOWN)
		lw_check_emit(ctx, LW_CRIT, SYS, "invalid_phase", t->id, NULL, LW_NO_TIME,
		              "phase '%s' is not a phase (backlog, ready, executing, complete, archived)%s: %s", t->phase_raw,
		              strcmp(t->phase_raw, "planning") == 0 ? "; the legacy 'planning' is not migrated by Task "
		              "Factory's reader, which cannot move the task" : "", t->path);
	if (t->planning == PS_UNKNOWN)
		lw_check_emit(ctx, LW_WARN, SYS, "invalid_planning_status", t->id, NULL, LW_NO_TIME,
		              "planningStatus '%s' is not running, completed, error or none: %s", t->planning_raw,
		              t->path);
}

/* States no move of canMoveToPhase leads to. Upstream reads such a file
 * without complaint (its guards apply only to moves), so these are WARN:
 * ready without acceptance criteria when they were required, executing
 * while planning still runs without a plan. Executing without criteria is
 * reachable (complete -> executing has no criteria guard): no alert. */
static void check_guards(const fm_task *t, lw_check_ctx *ctx)
{
	if (t->phase == FP_READY && t->facts.criteria == 0 && foreman_needs_criteria(&t->facts))
		lw_check_emit(ctx, LW_WARN, SYS, "guard_violated", t->id, "criteria", LW_NO_TIME,
		              "in ready without acceptance criteria (ready needs at least one unless planning was skipped "
		              "or completed without a plan)");
	if (t->phase == FP_EXECUTING && t->planning == PS_RUNNING && !t->has_plan)
		lw_check_emit(ctx, LW_WARN, SYS, "guard_violated", t->id, "planning", LW_NO_TIME,
		              "executing while planning is running and no plan exists");
}

static void check_history(const fm_task *t, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < t->nhistory; i++) {
		const fm_history *h = &t->history[i];
		if (!h->from || !h->to)
			continue;   /* nothing to judge */
		if (foreman_move(foreman_phase_parse(h->from), foreman_phase_parse(h->to)))
			continue;
		char key[32], allowed[128] = "";
		snprintf(key, sizeof key, "h%zu", i);
		const tx_row *rows[FP_COUNT + 2];
		size_t n = tx_rows_from(&fm_tx, h->from, rows, sizeof rows / sizeof *rows);
		for (size_t k = 0, used = 0; k < n && used < sizeof allowed; k++)
			used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s%s", k ? ", " : "", rows[k]->to);
		lw_check_emit(ctx, LW_WARN, SYS, "illegal_history", t->id, key, h->at,
		              "history[%zu]: %s -> %s is not an allowed move (from %s: %s)", i, h->from, h->to,
		              h->from, n ? allowed : "none");
	}
}

static void check_flags(const fm_task *t, lw_check_ctx *ctx)
{
	if (t->planning == PS_ERROR)
		lw_check_emit(ctx, LW_WARN, SYS, "planning_error", t->id, NULL, LW_NO_TIME,
		              "planning failed (planningStatus: error)");
	if (t->blocked)
		lw_check_emit(ctx, LW_WARN, SYS, "blocked", t->id, NULL, t->blocked_since, "blocked: %.200s",
		              t->blocked_reason ? t->blocked_reason : "no reason given");
}

static void check_lease(const fm_task *t, lw_check_ctx *ctx)
{
	const fm_lease *l = t->lease;
	if (t->phase != FP_EXECUTING || !l)
		return;
	time_t beat = l->heartbeat != LW_NO_TIME ? l->heartbeat : l->started;
	if (beat == LW_NO_TIME)
		return;
	time_t stale = beat + FM_LEASE_TTL;
	if (ctx->now < stale) {
		lw_check_deadline(ctx, stale);
		return;
	}
	char tb[32], ab[32];
	lw_alert *al = lw_check_emit(ctx, LW_WARN, SYS, "lease_stale", t->id, NULL, stale,
	                             "execution lease heartbeat %s, %s ago (TTL %ds)%s%s: is the executor alive?",
	                             lw_format_time(beat, tb, sizeof tb),
	                             lw_format_age((long long)(ctx->now - beat), ab, sizeof ab), FM_LEASE_TTL,
	                             l->owner ? ", owner " : "", l->owner ? l->owner : "");
	/* The agents pane's row of this lease is named as foreman_activity.c names it. */
	lw_check_agent_stale(ctx, al, l->owner ? l->owner : l->task_id);
}

static void check_wip(const fm_state *st, lw_check_ctx *ctx)
{
	size_t executing = 0, ready = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		executing += st->tasks[i].phase == FP_EXECUTING;
		ready += st->tasks[i].phase == FP_READY;
	}
	if ((long long)executing > st->wip_executing)
		lw_check_emit(ctx, LW_WARN, SYS, "wip_exceeded", "executing", NULL, LW_NO_TIME,
		              "%zu task%s executing, WIP limit %lld", executing, executing == 1 ? "" : "s",
		              st->wip_executing);
	if ((long long)ready > st->wip_ready)
		lw_check_emit(ctx, LW_WARN, SYS, "wip_exceeded", "ready", NULL, LW_NO_TIME,
		              "%zu task%s ready, limit %lld", ready, ready == 1 ? "" : "s", st->wip_ready);
}

void foreman_check(const fm_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	lw_check_problems(snap, SYS, ctx);
	for (size_t i = 0; i < st->ntasks; i++) {
		const fm_task *t = &st->tasks[i];
		check_enums(t, ctx);
		check_guards(t, ctx);
		check_history(t, ctx);
		check_flags(t, ctx);
		check_lease(t, ctx);
	}
	check_wip(st, ctx);
}
