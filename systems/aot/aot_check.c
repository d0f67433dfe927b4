/* aot_check.c — the "Checks (alert codes)" table of shared/formats/aot.md.
 * Nothing here depends on the clock: the AoT state carries counters, not
 * times, so no deadline is ever registered. */
#include "systems/aot/aot.h"
#include "core/model/check_emit.h"
#include "core/util/timeparse.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SYS "aot"

static bool is(const char *s, const char *want) { return s && strcmp(s, want) == 0; }

static bool filled(const char *s) { return s && *s; }

/* /enter-recursion's preconditions (check_gate.py): what is still missing. */
static void gate(const aot_state *st, lw_check_ctx *ctx)
{
	char miss[256] = "";
	size_t u = 0;
#define MISSING(cond, name) \
	if (!(cond) && u < sizeof miss) u += (size_t)snprintf(miss + u, sizeof miss - u, "%s%s", u ? ", " : "", name)
	MISSING(filled(st->goal), "goal");
	MISSING(doc_len(st->base_case) > 0, "base_case");
	MISSING(filled(st->background_intent), "background_intent");
	MISSING(filled(st->deliverables), "deliverables");
	MISSING(filled(st->definition_of_done), "definition_of_done");
	MISSING(st->natoms > 0, "at least one atom");
#undef MISSING
	if (u)
		lw_alerts_add(ctx->out, LW_INFO, SYS, "gate_not_ready", "control", ctx->now,
		              "/enter-recursion is not ready: missing %s", miss);
}

static void counters(const aot_state *st, lw_check_ctx *ctx)
{
	long long it = st->iteration, max = st->max_iterations;
	if (is(st->status, "running") && max > 0) {
		if (it >= max)
			lw_alerts_add(ctx->out, LW_CRIT, SYS, "iterations_cliff", "control", ctx->now,
			              "iteration %lld of %lld: at the limit", it, max);
		else if (it >= max - 2)
			lw_alerts_add(ctx->out, LW_WARN, SYS, "iterations_warning", "control", ctx->now,
			              "iteration %lld of %lld (limit in %lld)", it, max, max - it);
	}
	long long stall = st->stall_count, smax = st->max_stall_count;
	if (smax > 0) {
		if (stall >= smax)
			lw_alerts_add(ctx->out, LW_CRIT, SYS, "stall_cliff", "control", ctx->now,
			              "stalled %lld times in a row (max_stall_count %lld): no atom resolved", stall, smax);
		else if (stall >= smax - 1 && stall > 0)
			lw_alerts_add(ctx->out, LW_WARN, SYS, "stall_warning", "control", ctx->now,
			              "stalled %lld times in a row (stops at %lld)", stall, smax);
	}
}

static void flags(const aot_state *st, lw_check_ctx *ctx)
{
	bool over = is(st->status, "stopped") || is(st->status, "completed");
	if (st->stop_requested && !over)
		lw_alerts_add(ctx->out, LW_INFO, SYS, "stop_requested", "control", ctx->now,
		              "stop requested%s%.200s; the loop stops at its next check", st->stop_reason ? ": " : "",
		              st->stop_reason ? st->stop_reason : "");
	if (st->redirect_requested && !over)
		lw_alerts_add(ctx->out, LW_INFO, SYS, "redirect_requested", "control", ctx->now,
		              "redirect requested; the loop re-plans at its next iteration");
	if (is(st->status, "stopped"))
		lw_alerts_add(ctx->out, LW_WARN, SYS, "stopped", "control", ctx->now, "the loop stopped: %.300s",
		              st->stop_reason ? st->stop_reason : "(no stop_reason)");
}

/* Running, work left, nothing can start and nothing is under way: only
 * an operator can unblock it. */
static void deadlock(const aot_state *st, lw_check_ctx *ctx)
{
	if (!is(st->status, "running") || !st->npending || st->nexecutable || st->nin_progress)
		return;
	char ids[256] = "";
	size_t u = 0;
	for (size_t i = 0; i < st->natoms && u < sizeof ids; i++)
		if (st->atoms[i].status == AS_PENDING)
			u += (size_t)snprintf(ids + u, sizeof ids - u, "%s%s", u ? ", " : "", st->atoms[i].id);
	lw_alerts_add(ctx->out, LW_WARN, SYS, "no_executable_atoms", "atoms", ctx->now,
	              "%zu atoms pending (%s) and none executable: every one waits on an unresolved dependency",
	              st->npending, ids);
}

void aot_check(const aot_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		lw_level level;
		const char *code = lw_problem_code(p, &level);
		if (code && strcmp(code, "parse_error") != 0) {   /* unreadable, bad_limit…: shared codes */
			lw_check_emit(ctx, level, SYS, code, p->subject, p->message, LW_NO_TIME, "%s", p->message);
			continue;
		}
		lw_alert *a = lw_alerts_add(ctx->out, LW_CRIT, SYS, "invalid_state", p->subject, ctx->now, "%s (rule: %s)",
		                            p->message, p->rule ? p->rule : "types");
		a->key = arena_printf(&ctx->out->mem, "%s#%s#%s", p->subject, p->rule ? p->rule : "types", p->message);
	}
	if (!st)
		return;
	if (is(st->status, "pending"))
		gate(st, ctx);
	counters(st, ctx);
	flags(st, ctx);
	deadlock(st, ctx);
}
