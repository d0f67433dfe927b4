/* status_cache.h — `status` answers from its last result while that result
 * provably still holds: the same binary, the same command line in the same
 * folder, the clock before the next instant an alert would change, and every
 * input the last run read (core/util/inputs.h) reading the same again.
 *
 * Why: tmux runs `status --tmux` every few seconds for as long as it is open;
 * re-observing the inputs (a stat, a read and a hash of each file) costs a
 * fraction of parsing them. A result is kept only when the run was clean
 * (exit 0, nothing on stderr, every input describable). LIZA_WATCH_CACHE=0
 * turns it off; LIZA_WATCH_CACHE_TRACE=1 says on stderr what it did.
 *
 * Where: $XDG_RUNTIME_DIR/liza-watch, else $XDG_CACHE_HOME/liza-watch, else
 * ~/.cache/liza-watch; a folder (and files) of ours, closed to others, or no
 * cache at all. One file per folder and command line. */
#ifndef LW_STATUS_CACHE_H
#define LW_STATUS_CACHE_H
#include <stddef.h>
#include <time.h>

/* A still-valid result for this command line: written to stdout, and its
 * exit status returned. -1 when there is none (nothing written). */
int status_cache_replay(int argc, char **argv);
/* Record this run's inputs (after a miss, before anything is read). */
void status_cache_begin(void);
/* Keep this run's output, computed at computed_at and valid until deadline
 * (LW_NO_TIME: no clock-driven change ahead), when the run was clean. */
void status_cache_store(const char *out, size_t len, time_t computed_at, time_t deadline);
/* Stop recording without keeping anything (--follow, errors). */
void status_cache_abandon(void);

#endif
