/* liza_load.h — the shell era's loader (liza_load.c). */
#ifndef LW_LIZA_LOAD_H
#define LW_LIZA_LOAD_H
#include "systems/liza/shell/liza.h"

/* From what liza_load (liza_gen.c) read: prev, the last good snapshot when
 * the shell era's (or NULL), lets an unchanged state.yaml be shared with
 * prev (in->d NULL), one edited task be parsed alone, and an appended
 * log.yaml be read from its old end. */
int liza_shell_load(const liza_read *in, lw_snapshot *prev, lw_snapshot *snap, lw_error *err);
/* Is state.yaml (sb) the very file prev (a liza_state) parsed? */
bool liza_load_unchanged(const void *prev, const struct stat *sb);

#endif
