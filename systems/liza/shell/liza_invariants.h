/* liza_invariants.h — the shell-era validator's rules (liza_invariants.c). */
#ifndef LW_LIZA_INVARIANTS_H
#define LW_LIZA_INVARIANTS_H
#include "systems/liza/shell/liza.h"

void liza_invariants(const liza_state *st, lw_check_ctx *ctx);

#endif
