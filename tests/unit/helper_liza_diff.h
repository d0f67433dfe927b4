/* helper_liza_diff.h — the differential check of a Liza transition's fast
 * path (the edit prepared on the caller's snapshot, verified on the edited
 * task alone, the log entry rendered from the log's first and last items)
 * against the full path (no snapshot: one parse under the lock, every
 * verify on a full parse, the whole log parsed). Shared by the unit test
 * and the fuzz target, so no cmocka here: a difference is a message. The
 * path without a snapshot (liza_transition: its own one parse, prepared
 * before the lock) is checked against the same reference. */
#ifndef LW_HELPER_LIZA_DIFF_H
#define LW_HELPER_LIZA_DIFF_H
#include <stddef.h>
#include "core/model/tx.h"

typedef struct liza_diff_case {
	const char *state, *log;  /* log NULL: no log.yaml */
	size_t slen, llen;
	tx_request rq;
	/* Between the fast path's load and its transition (and before the
	 * full path's): state.yaml replaced by these bytes, and this appended
	 * to the log, as an agent would (NULL: not done). */
	const char *state_now;
	size_t state_now_len;
	const char *log_append;
	/* The fast path's snapshot is then loaded again from the first (as the
	 * HUD reloads: one edited task is re-parsed alone, a patched parse). */
	bool reload;
} liza_diff_case;

/* Run both paths, each in a fresh project under a temp folder: NULL when
 * they answered alike (rc, message, note) and left state.yaml and log.yaml
 * byte for byte alike, else what differs (a static buffer). */
const char *liza_diff_run(const liza_diff_case *c);

/* Logs of odd shapes (one item, document markers, no line break at the
 * end, a key twice, aliases, …): each must take the short way to the same
 * bytes as the full one, or the full way. */
extern const char *const liza_diff_odd_logs[];
extern const size_t liza_diff_nodd_logs;

#endif
