/* liza_check.h — the shell era's checks over a loaded state (liza_check.c). */
#ifndef LW_LIZA_CHECK_H
#define LW_LIZA_CHECK_H
#include "systems/liza/shell/liza.h"

/* Alerts at ctx->now; st NULL: only the load's problems. */
void liza_check(const liza_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);

#endif
