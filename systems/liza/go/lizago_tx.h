/* lizago_tx.h — the transitions of today's Liza (lizago_tx.c). */
#ifndef LW_LIZAGO_TX_H
#define LW_LIZAGO_TX_H
#include "systems/liza/go/lizago.h"

/* The transitions of one state file of today's Liza, under its lock. */
int lizago_transition(const char *dir, const tx_request *rq, tx_result *res);
/* The same, prepared before the lock on what the caller holds (liza_gen.h). */
int lizago_transition_held(const char *dir, const liza_held *held, const tx_request *rq, tx_result *res);
/* What the task needs next, in words ("waits for a second reviewer (1/2)"). */
const char *lizago_next_step(const lizago_state *st, const lg_task *t, char *buf, size_t n);

#endif
