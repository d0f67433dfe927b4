/* acks.h — the operator's acknowledgements of alerts. They live in the
 * user's state folder ($XDG_STATE_HOME/liza-watch/acks, else
 * ~/.local/state/liza-watch/acks), never in a project: a project's files are
 * its agents' to write, and an acknowledgement is the operator's own. One
 * line per acknowledged alert (project folder, system, code, key, when,
 * reason), written under a lock, atomically. An acknowledgement ends when
 * its alert clears: the next raise alerts again. */
#ifndef LW_ACKS_H
#define LW_ACKS_H
#include "core/model/model.h"
#include "core/util/error.h"
#include <stdbool.h>

typedef struct lw_ack {
	char *project, *system, *code, *key, *reason;
	time_t at;
} lw_ack;

typedef struct lw_acks {
	lw_ack *v;
	size_t n, cap;
	char path[4096];          /* "" when no state folder can be named (no absolute HOME) */
	/* "" or why the file could not be read (a symbolic link, which is
	 * never followed; over LW_ACKS_MAX_BYTES; unreadable): to be shown,
	 * and nothing is written over it. */
	char problem[1400];
} lw_acks;

#define LW_ACKS_MAX_BYTES (4u << 20)

/* Name the file and read it (a missing file is no acknowledgement). The
 * folder is lw_user_state_dir's (core/util/userdirs.h). */
void lw_acks_open(lw_acks *a);
void lw_acks_free(lw_acks *a);
/* Read the file again (another HUD may have written it). */
void lw_acks_reload(lw_acks *a);
/* The alert's identity without the fleet's project prefix (hud keys). */
const char *lw_acks_key(const lw_alert *al);
bool lw_acks_has(const lw_acks *a, const char *project, const lw_alert *al);
/* Set acked on every alert of al that project's acknowledgements name. */
size_t lw_acks_mark(const lw_acks *a, const char *project, lw_alerts *al);
/* Acknowledge one alert. 0, or -1 with err (nothing written). */
int lw_acks_add(lw_acks *a, const char *project, const lw_alert *al, const char *reason, time_t now, lw_error *err);
/* Forget project's acknowledgements whose alert is not in current (it
 * cleared). Writes only when one went; returns how many. */
size_t lw_acks_prune(lw_acks *a, const char *project, const lw_alerts *current);

#endif
