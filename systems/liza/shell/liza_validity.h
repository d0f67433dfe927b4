/* liza_validity.h — the rules beyond a task's own fields (liza_validity.c). */
#ifndef LW_LIZA_VALIDITY_H
#define LW_LIZA_VALIDITY_H
#include "systems/liza/shell/liza.h"

/* Worktree and spec files on disk, integration_fix history, anomalies,
 * sprint timeline. */
void liza_validity(const liza_state *st, lw_check_ctx *ctx);

#endif
