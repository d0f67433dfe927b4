/* liza_check.c — Liza's alert checks (stub until the checks land). */
#include "core/liza.h"

void liza_check(const liza_state *st, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < snap->nproblems; i++)
		lw_alerts_add(ctx->out, LW_CRIT, "liza", "invalid_state", snap->problems[i].subject, ctx->now,
		              "%s", snap->problems[i].message);
	liza_invariants(st, ctx);
}

void liza_invariants(const liza_state *st, lw_check_ctx *ctx) { (void)st; (void)ctx; }
