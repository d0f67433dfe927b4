/* acp_check.c — the "Checks (alert codes)" table of docs/systems/acp.md,
 * at one clock (ctx->now). agent_stale starts at its threshold instant and
 * registers it while it is ahead, so the event loop arms one timer. */
#include "systems/acp/acp.h"
#include "core/model/check_emit.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

#define SYS "acp"

static bool is(const char *state, const char *name) { return state && strcmp(state, name) == 0; }

static void check_unknown(const char *id, const char *raw, const char *state, const char *fsm, lw_check_ctx *ctx)
{
	if (state)
		return;
	if (raw)
		lw_check_emit(ctx, LW_WARN, SYS, "unknown_state", id, NULL, LW_NO_TIME,
		              "state '%.80s' is neither a %s FSM state nor an upstream word the mapping knows", raw, fsm);
	else
		lw_check_emit(ctx, LW_WARN, SYS, "unknown_state", id, NULL, LW_NO_TIME, "no state recorded");
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
	lw_check_emit(ctx, LW_CRIT, SYS, "illegal_transition", a->id, NULL, a->updated,
	              "last_event records %.60s --%.60s--> %.60s, which the %s FSM forbids", a->ev_from, a->ev_event,
	              a->ev_to, acp_fsm_name(a->fsm));
}

static void check_error(const acp_agent *a, lw_check_ctx *ctx)
{
	if (a->retries == 0)
		lw_check_emit(ctx, LW_CRIT, SYS, "error_state", a->id, NULL, a->updated, "ERROR with no retries left: reset it");
	else if (a->retries > 0)
		lw_check_emit(ctx, LW_WARN, SYS, "error_state", a->id, NULL, a->updated, "ERROR, %lld retries left",
		              a->retries);
	else
		lw_check_emit(ctx, LW_WARN, SYS, "error_state", a->id, NULL, a->updated, "ERROR (retries not recorded)");
}

/* overnight_runner/runner.py is_stalled: an agent whose state.json is
 * missing, has no `updated`, or one strptime cannot read is stalled at once;
 * else from `updated` + the threshold (--stalled-threshold-sec, 1200 s), in
 * any state. */
static bool runner_stalled_now(const acp_agent *a, lw_check_ctx *ctx)
{
	const char *why = !a->node ? "no state.json (the runner counts a missing state as stalled)"
	                  : !a->updated_raw ? "no `updated` (the runner counts it stalled)"
	                  : !a->runner_time ? "`updated` is not %Y-%m-%dT%H:%M:%S, which the runner reads (it counts "
	                                      "the agent stalled)"
	                                    : NULL;
	if (!why)
		return false;
	lw_alert *al;
	if (a->updated_raw && a->node)
		al = lw_check_emit(ctx, LW_WARN, SYS, "agent_stale", a->id, NULL, LW_NO_TIME, "%s: \"%.40s\"", why,
		                   a->updated_raw);
	else
		al = lw_check_emit(ctx, LW_WARN, SYS, "agent_stale", a->id, NULL, LW_NO_TIME, "%s", why);
	lw_check_agent_stale(ctx, al, a->id);
	return true;
}

static void check_stale(const acp_agent *a, lw_check_ctx *ctx)
{
	if (a->shape == ACP_UPSTREAM && runner_stalled_now(a, ctx))
		return;
	if (a->updated == LW_NO_TIME)
		return;
	long long after = ((const acp_thresholds *)lw_thresholds_of(lw_check_thresholds(ctx), &lw_adapter_acp))->stale;
	time_t stale = a->updated + (time_t)after;
	if (ctx->now < stale) {
		lw_check_deadline(ctx, stale);
		return;
	}
	char tb[32], ab[32], lb[32];
	lw_alert *al = lw_check_emit(ctx, LW_WARN, SYS, "agent_stale", a->id, NULL, stale,
	                             "%s, last update %s (%s ago, stale after %s)", a->state_raw ? a->state_raw : "no state",
	                             lw_format_time(a->updated, tb, sizeof tb),
	                             lw_format_age((long long)(ctx->now - a->updated), ab, sizeof ab),
	                             lw_format_age(after, lb, sizeof lb));
	lw_check_agent_stale(ctx, al, a->id);
}

static void check_inbox(const acp_agent *a, lw_check_ctx *ctx)
{
	if (a->bad_updates)
		lw_check_emit(ctx, LW_WARN, SYS, "fsm_update_invalid", a->id, NULL, LW_NO_TIME,
		              "%zu fsm_update message%s the bridge refuses (first: %s lacks %s; task_id, state and "
		              "summary are required)", a->bad_updates, a->bad_updates == 1 ? "" : "s", a->bad_update_file,
		              a->bad_update_field);
}

static void check_agent(const acp_agent *a, lw_check_ctx *ctx)
{
	check_inbox(a, ctx);
	if (!a->node) {
		runner_stalled_now(a, ctx);   /* an inbox without a state.json */
		return;
	}
	const char *s = a->state;
	check_unknown(a->id, a->state_raw, s, acp_fsm_name(a->fsm), ctx);
	if (is(s, "AWAITING_APPROVAL") || is(s, "REVIEW"))
		lw_check_emit(ctx, LW_INFO, SYS, "awaiting_approval", a->id, NULL, a->updated,
		              "waits in %s: approve or reject%s%s", s, a->task_id ? " " : "", a->task_id ? a->task_id : "");
	if (is(s, "ERROR"))
		check_error(a, ctx);
	if (is(s, "BLOCKED"))
		lw_check_emit(ctx, LW_WARN, SYS, "blocked", a->id, NULL, a->updated, "blocked: %.200s",
		              a->blocked_reason ? a->blocked_reason : "no reason given");
	/* The runner's stall rule holds in every state of its own records; the
	 * seed's contract records are stale only while executing. */
	if (a->shape == ACP_UPSTREAM || is(s, "EXECUTING_TASK"))
		check_stale(a, ctx);
	/* The evidence_attached guard is FSM_STRUCTURE.md's: contract records
	 * answer to it; the code's own writers (listener, bridge, orchestrator)
	 * never ask for evidence, so their records are not judged by it. */
	if (a->shape == ACP_CONTRACT &&
	    (is(s, "AWAITING_APPROVAL") || is(s, "REVIEW") || is(s, "DONE") || is(s, "COMPLETE")) && !a->evidence)
		lw_check_emit(ctx, LW_CRIT, SYS, "evidence_missing", a->id, NULL, a->updated, "%s without evidence linked",
		              s);
	check_last_event(a, ctx);
}

static void check_task(const acp_task *t, lw_check_ctx *ctx)
{
	/* fsm_data tasks are the code's (fsm_bridge, fsm_orchestrator), which
	 * completes them without evidence: no evidence rule here. */
	check_unknown(t->id, t->state_raw, t->state, "core", ctx);
}

void acp_check(const acp_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	lw_check_problems(snap, SYS, ctx);
	for (size_t i = 0; i < st->nagents; i++)
		check_agent(&st->agents[i], ctx);
	for (size_t i = 0; i < st->ntasks; i++)
		check_task(&st->tasks[i], ctx);
}
