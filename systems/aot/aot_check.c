/* aot_check.c — the "Checks (alert codes)" table of docs/systems/aot.md.
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
	/* The SubagentStop hook, at the end of each iteration of a running loop:
	 * no progress (unresolved atoms not fewer than prev_pending_count; -1 is
	 * the first iteration) adds a stall, progress resets it, and the loop
	 * stops once the count reaches max_stall_count. Say what the next run of
	 * the hook will do, from the counts it reads. */
	long long smax = st->max_stall_count, prev = st->prev_pending_count;
	long long unresolved = (long long)(st->npending + st->nin_progress);
	if (!is(st->status, "running") || smax <= 0)
		return;
	long long next = prev < 0 || unresolved < prev ? 0 : st->stall_count + 1;
	if (next >= smax)
		lw_alerts_add(ctx->out, LW_CRIT, SYS, "stall_cliff", "control", ctx->now,
		              "stalled %lld times in a row, %lld at the next iteration (max_stall_count %lld): no atom "
		              "resolved since the last (%lld unresolved), the loop stops", st->stall_count, next, smax,
		              unresolved);
	else if (next > 0 && next >= smax - 1)
		lw_alerts_add(ctx->out, LW_WARN, SYS, "stall_warning", "control", ctx->now,
		              "stalled %lld times in a row, %lld at the next iteration without progress (stops at %lld)",
		              st->stall_count, next, smax);
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

/* validate_state.py's errors (valid: false) are CRIT: the sections, the
 * objective's goal and base_case, at least one atom, unique ids, no cycle.
 * Its warnings (an undefined dependency, a missing control counter) and
 * what it never checks (unknown statuses, an undefined OR group, a value of
 * the wrong type: its reader takes them as they are) are WARN, so a file the
 * loop accepts never raises a CRIT (docs/conformance/aot.md). */
static bool upstream_error(const char *rule)
{
	static const char *const errors[] = { "sections", "objective", "atoms", "duplicate_id", "cycle" };
	for (size_t i = 0; rule && i < sizeof errors / sizeof *errors; i++)
		if (strcmp(rule, errors[i]) == 0)
			return true;
	return false;
}

void aot_check(const aot_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		if (lw_check_shared_problem(ctx, SYS, p))   /* unreadable, bad_limit…: shared codes */
			continue;
		bool crit = upstream_error(p->rule);
		lw_alert *a = lw_alerts_add(ctx->out, crit ? LW_CRIT : LW_WARN, SYS, crit ? "invalid_state" : "state_warning",
		                            p->subject, ctx->now, "%s (rule: %s)", p->message, p->rule ? p->rule : "types");
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
