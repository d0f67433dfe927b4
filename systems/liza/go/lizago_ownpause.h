/* lizago_ownpause.h — was the run's pause this user's, through liza-watch
 * (lizago_ownpause.c)? */
#ifndef LW_LIZAGO_OWNPAUSE_H
#define LW_LIZAGO_OWNPAUSE_H
#include "core/doc/doc.h"
#include <stdbool.h>
#include <time.h>

/* True, with the pause's time in *at, when the user's own journal (never a
 * file of the project: core/model/journal.h) proves that config (a PAUSED
 * config mapping) was written by liza-watch for this user: the journal's
 * last Liza lever on this project is a pause, done, at the very second
 * of config.mode_changed_at and by config.mode_changed_by. */
bool lizago_own_pause(const char *liza_dir, const doc_node *config, time_t *at);

#endif
