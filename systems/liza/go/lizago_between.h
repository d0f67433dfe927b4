/* lizago_between.h — a write today's Liza would have refused: the rules between the
 * state before and the state written (lizago_between.c). */
#ifndef LW_LIZAGO_BETWEEN_H
#define LW_LIZAGO_BETWEEN_H
#include "systems/liza/go/lizago.h"

/* Compare st (loading into snap) with the state snap->prev holds, or with
 * the baseline that one kept: ValidateIntegrationLifecycleTransition. */
void lizago_between_load(lw_snapshot *snap, lizago_state *st);
/* The comparison itself, into next->refusals (allocated in a). */
void lizago_between(lizago_state *next, const lizago_state *prev, arena *a);

#endif
