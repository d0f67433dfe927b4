/* liza_tx.h — the shell era's transitions (liza_tx.c). */
#ifndef LW_LIZA_TX_H
#define LW_LIZA_TX_H
#include "systems/liza/shell/liza.h"

/* The transitions an operator fires (docs/systems/liza.md), and the function that
 * applies one under .liza/state.yaml.lock. dir is the `.liza` folder. */
extern const tx_table liza_tx_table;
/* Chosen by the adapter from its last good snapshot: refuses ("look
 * again") a file today's Liza has written since. */
int liza_shell_transition(const char *dir, const tx_request *rq, tx_result *res);
/* The same, prepared before the lock on what the caller holds (liza_gen.h). */
int liza_shell_transition_held(const char *dir, const liza_held *held, const tx_request *rq, tx_result *res);
/* What follows from an event as an identity (approve as a non-reviewer: nobody merges). */
/* root: the .liza folder; the hint names its project (-C), so it works as printed from anywhere. */
void liza_advise(const char *root, const char *event, const char *subject, const char *as, char *buf, size_t n);

#endif
