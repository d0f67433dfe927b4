/* lizago_load.h — a state.yaml of today's Liza into a lizago_state and the neutral
 * model (lizago_load.c). */
#ifndef LW_LIZAGO_LOAD_H
#define LW_LIZAGO_LOAD_H
#include "systems/liza/go/lizago.h"

/* Fill snap from a parsed state.yaml d (already adopted by snap) of the
 * `.liza` folder dir. */
int lizago_load(const char *dir, const char *state_path, doc *d, lw_snapshot *snap, lw_error *err);

#endif
