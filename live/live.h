/* live.h — a project kept up to date: the watcher's "path X changed" mapped
 * to the sources it belongs to, and only those reloaded. Used by the HUD and
 * by `check --follow` / `status --follow`. */
#ifndef LW_LIVE_H
#define LW_LIVE_H
#include "core/model/adapter.h"
#include "watch/watch.h"
#include <poll.h>
#include <stddef.h>

typedef struct live {
	lw_project *proj;
	watch *w;
	bool pending[LW_MAX_SOURCES];   /* changed since the last reload */
	bool rescan;
	/* Systems whose state appears later are picked up: the project folder
	 * is watched (a new .liza/ shows at once) and, while some system is
	 * absent, detection runs again every few seconds (state made deeper
	 * inside a folder that already existed). */
	bool discover;
	bool network_fs;                /* inotify may miss writes: detection also polls */
	bool polling;                   /* --poll: likewise */
	long long next_detect_ms;       /* CLOCK_MONOTONIC */
	/* A file outside the project whose change counts as one of the
	 * project's (live_watch_also): "" when none. */
	char also[LW_PATH_MAX];
	bool also_changed;
} live;

int  live_open(live *l, lw_project *p, bool use_poll, int poll_ms, lw_error *err);
void live_close(live *l);
int  live_fd(const live *l);
/* The watcher's descriptor into fds[*n] (*n advanced) when it has one: a
 * stat poller has none, and poll() is given descriptors only, never an
 * entry per project (Linux refuses more entries than the descriptor limit
 * with EINVAL, so sixty polled projects at ulimit -n 64 could not wait). */
void live_pollfd(const live *l, struct pollfd *fds, size_t *n);
/* Why poll() failed (err, not EINTR) in words, naming the descriptor limit
 * when that is the cause. */
const char *live_poll_error(int err, size_t nfds, char *buf, size_t n);
int  live_timeout_ms(const live *l);
/* Watch path too (it may not exist yet, nor its folder): a change to it
 * makes live_process() report a change without reloading any source. For
 * `events --follow`, whose operator actions are in the user's journal: a
 * pause and a resume between two stat polls leave the project's files as
 * they were, and only the journal says they happened. 0, or -1 with err. */
int  live_watch_also(live *l, const char *path, lw_error *err);
/* Drain the watcher, pick up systems that appeared, and reload what changed.
 * Returns how many sources were reloaded (successfully or not, new ones
 * included), plus one when the file of live_watch_also changed: 0 means
 * nothing to redraw. */
int  live_process(live *l);

#endif
