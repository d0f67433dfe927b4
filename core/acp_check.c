/* acp_check.c — the "Checks (alert codes)" table of shared/formats/acp.md,
 * at one clock (ctx->now). agent_stale starts at its threshold instant and
 * registers it while it is ahead, so the event loop arms one timer. */
#include "core/acp.h"
#include "core/timeparse.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SYS "acp"

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

static bool is(const char *state, const char *name) { return state && strcmp(state, name) == 0; }

static void check_problems(const lw_snapshot *snap, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		bool parse = p->rule && strcmp(p->rule, "parse_error") == 0;
		emit(ctx, parse ? LW_CRIT : LW_WARN, parse ? "parse_error" : "invalid_state", p->subject,
		     parse ? NULL : p->message, LW_NO_TIME, "%s", p->message);
	}
}

static void check_unknown(const char *id, const char *raw, const char *state, const char *fsm, lw_check_ctx *ctx)
{
	if (state)
		return;
	if (raw)
		emit(ctx, LW_WARN, "unknown_state", id, NULL, LW_NO_TIME,
		     "state '%.80s' is neither a %s FSM state nor an upstream word the mapping knows", raw, fsm);
	else
		emit(ctx, LW_WARN, "unknown_state", id, NULL, LW_NO_TIME, "no state recorded");
}

/* Is the move last_event records a row of the agent's FSM? */
static void check_last_event(const acp_agent *a, lw_check_ctx *ctx)
{
	if (!a->has_last_event || !a->ev_event || !a->ev_from || !a->ev_to)
		return;
	const tx_table *t = acp_table(a->fsm);
	for (size_t i = 0; i < t->n; i++) {
		const tx_row *r = &t->rows[i];
		if (strcmp(r->event, a->ev_event) == 0 && strcmp(r->to, a->ev_to) == 0 &&
		    (strcmp(r->from, "*") == 0 || strcmp(r->from, a->ev_from) == 0))
			return;
	}
	emit(ctx, LW_CRIT, "illegal_transition", a->id, NULL, a->updated,
	     "last_event records %.60s --%.60s--> %.60s, which the %s FSM forbids", a->ev_from, a->ev_event,
	     a->ev_to, acp_fsm_name(a->fsm));
}

static void check_agent(const acp_agent *a, lw_check_ctx *ctx)
{
	if (!a->node)
		return;   /* an inbox without a state.json: nothing to judge */
	const char *s = a->state;
	check_unknown(a->id, a->state_raw, s, acp_fsm_name(a->fsm), ctx);
	if (is(s, "AWAITING_APPROVAL") || is(s, "REVIEW"))
		emit(ctx, LW_INFO, "awaiting_approval", a->id, NULL, a->updated, "waits in %s: approve or reject%s%s", s,
		     a->task_id ? " " : "", a->task_id ? a->task_id : "");
	if (is(s, "ERROR")) {
		if (a->retries == 0)
			emit(ctx, LW_CRIT, "error_state", a->id, NULL, a->updated, "ERROR with no retries left: reset it");
		else if (a->retries > 0)
			emit(ctx, LW_WARN, "error_state", a->id, NULL, a->updated, "ERROR, %lld retries left", a->retries);
		else
			emit(ctx, LW_WARN, "error_state", a->id, NULL, a->updated, "ERROR (retries not recorded)");
	}
	if (is(s, "BLOCKED"))
		emit(ctx, LW_WARN, "blocked", a->id, NULL, a->updated, "blocked: %.200s",
		     a->blocked_reason ? a->blocked_reason : "no reason given");
	if (is(s, "EXECUTING_TASK") && a->updated != LW_NO_TIME) {
		time_t stale = a->updated + ACP_STALE_AFTER;
		if (ctx->now < stale) {
			lw_check_deadline(ctx, stale);
		} else {
			char tb[32], ab[32];
			emit(ctx, LW_WARN, "agent_stale", a->id, NULL, stale,
			     "executing, last update %s (%s ago, stale after %dm)", lw_format_time(a->updated, tb, sizeof tb),
			     lw_format_age((long long)(ctx->now - a->updated), ab, sizeof ab), ACP_STALE_AFTER / 60);
		}
	}
	if ((is(s, "AWAITING_APPROVAL") || is(s, "REVIEW") || is(s, "DONE") || is(s, "COMPLETE")) && !a->evidence)
		emit(ctx, LW_CRIT, "evidence_missing", a->id, NULL, a->updated, "%s without evidence linked", s);
	check_last_event(a, ctx);
}

static void check_task(const acp_task *t, lw_check_ctx *ctx)
{
	check_unknown(t->id, t->state_raw, t->state, "core", ctx);
	if (is(t->state, "COMPLETE") && !t->evidence)
		emit(ctx, LW_CRIT, "evidence_missing", t->id, NULL, t->updated, "task COMPLETE (%s) without evidence",
		     t->state_raw);
}

void acp_check(const acp_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	check_problems(snap, ctx);
	for (size_t i = 0; i < st->nagents; i++)
		check_agent(&st->agents[i], ctx);
	for (size_t i = 0; i < st->ntasks; i++)
		check_task(&st->tasks[i], ctx);
}
