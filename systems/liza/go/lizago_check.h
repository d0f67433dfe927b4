/* lizago_check.h — today's Liza's checks over a loaded state, at one clock
 * (lizago_check.c): the task invariants its validator enforces and its
 * watcher's anomaly checks, running every rule file. */
#ifndef LW_LIZAGO_CHECK_H
#define LW_LIZAGO_CHECK_H
#include "systems/liza/go/lizago.h"
#include "core/model/check_emit.h"

void lizago_check(const lizago_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);

#endif
