/* foreman_check.c — the "Checks (alert codes)" table of
 * shared/formats/foreman.md, at one clock (ctx->now). Age-based alerts
 * start at their threshold instant and register it with lw_check_deadline
 * while it is ahead, so the event loop arms one timer. */
#include "core/foreman.h"
#include "core/timeparse.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SYS "foreman"

static lw_alert *emit(lw_check_ctx *ctx, lw_level level, const char *code, const char *subject,
                      const char *key, time_t since, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static lw_alert *emit(lw_check_ctx *ctx, lw_level level, const char *code, const char *subject,
                      const char *key, time_t since, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (since == LW_NO_TIME || since > ctx->now)
		since = ctx->now;
	lw_alert *a = lw_alerts_add(ctx->out, level, SYS, code, subject, since, "%s", msg);
	if (key)
		a->key = arena_printf(&ctx->out->mem, "%s#%s", subject, key);
	return a;
}

/* Problems found while loading: a file that did not parse, or a value of the
 * wrong type. */
static void check_problems(const lw_snapshot *snap, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		bool parse = p->rule && strcmp(p->rule, "parse_error") == 0;
		/* keyed by the message (file:line:col and what): stable across reloads */
		emit(ctx, parse ? LW_CRIT : LW_WARN, parse ? "parse_error" : "invalid_state", p->subject,
		     parse ? NULL : p->message, LW_NO_TIME, "%s", p->message);
	}
}

static void check_enums(const fm_task *t, lw_check_ctx *ctx)
{
	if (t->phase == FP_UNKNOWN)
		emit(ctx, LW_CRIT, "invalid_phase", t->id, NULL, LW_NO_TIME,
		     "%s%s%s is not a phase (backlog, ready, executing, complete, archived): %s",
		     t->phase_raw ? "phase '" : "phase missing", t->phase_raw ? t->phase_raw : "",
		     t->phase_raw ? "'" : "", t->path);
	if (t->planning == PS_UNKNOWN)
		emit(ctx, LW_CRIT, "invalid_planning_status", t->id, NULL, LW_NO_TIME,
		     "planningStatus '%s' is not running, completed, error or none: %s", t->planning_raw, t->path);
}

static void check_guards(const fm_task *t, lw_check_ctx *ctx)
{
	if ((t->phase == FP_READY || t->phase == FP_EXECUTING) && t->ncriteria == 0)
		emit(ctx, LW_CRIT, "guard_violated", t->id, "criteria", LW_NO_TIME,
		     "in %s without acceptance criteria (%s needs at least one)", t->phase_raw, t->phase_raw);
	if (t->phase == FP_EXECUTING && t->planning == PS_RUNNING && !t->has_plan)
		emit(ctx, LW_CRIT, "guard_violated", t->id, "planning", LW_NO_TIME,
		     "executing while planning is running and no plan exists");
}

static void check_history(const fm_task *t, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < t->nhistory; i++) {
		const fm_history *h = &t->history[i];
		if (!h->from || !h->to)
			continue;   /* nothing to judge */
		if (fm_move(fm_phase_parse(h->from), fm_phase_parse(h->to)))
			continue;
		char key[32], allowed[128] = "";
		snprintf(key, sizeof key, "h%zu", i);
		const tx_row *rows[FP_COUNT + 2];
		size_t n = tx_rows_from(&fm_tx, h->from, rows, sizeof rows / sizeof *rows);
		for (size_t k = 0, used = 0; k < n && used < sizeof allowed; k++)
			used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s%s", k ? ", " : "", rows[k]->to);
		emit(ctx, LW_WARN, "illegal_history", t->id, key, h->at,
		     "history[%zu]: %s -> %s is not an allowed move (from %s: %s)", i, h->from, h->to, h->from,
		     n ? allowed : "none");
	}
}

static void check_flags(const fm_task *t, lw_check_ctx *ctx)
{
	if (t->planning == PS_ERROR)
		emit(ctx, LW_WARN, "planning_error", t->id, NULL, LW_NO_TIME, "planning failed (planningStatus: error)");
	if (t->blocked)
		emit(ctx, LW_WARN, "blocked", t->id, NULL, t->blocked_since, "blocked: %.200s",
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
	emit(ctx, LW_WARN, "lease_stale", t->id, NULL, stale,
	     "execution lease heartbeat %s, %s ago (TTL %ds)%s%s: is the executor alive?",
	     lw_format_time(beat, tb, sizeof tb), lw_format_age((long long)(ctx->now - beat), ab, sizeof ab),
	     FM_LEASE_TTL, l->owner ? ", owner " : "", l->owner ? l->owner : "");
}

static void check_wip(const fm_state *st, lw_check_ctx *ctx)
{
	size_t executing = 0, ready = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		executing += st->tasks[i].phase == FP_EXECUTING;
		ready += st->tasks[i].phase == FP_READY;
	}
	if ((long long)executing > st->wip_executing)
		emit(ctx, LW_WARN, "wip_exceeded", "executing", NULL, LW_NO_TIME,
		     "%zu tasks executing, WIP limit %lld", executing, st->wip_executing);
	if ((long long)ready > st->wip_ready)
		emit(ctx, LW_WARN, "wip_exceeded", "ready", NULL, LW_NO_TIME, "%zu tasks ready, limit %lld", ready,
		     st->wip_ready);
}

void foreman_check(const fm_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	check_problems(snap, ctx);
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
